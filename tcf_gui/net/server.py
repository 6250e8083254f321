"""The table server: one asyncio process, any number of independent tables.

Each connection's messages are taken as they come (tcf_gui.net.inbox; its own task waits
for its hello and its place, then for its end), and it is written at once by whatever sends
to it (the socket's transport keeps what the socket does not take yet): a client that sends
too much (bigger than MAX_MESSAGE_BYTES, faster than the rate limit, bad JSON, an unknown
type) or reads too little (more than WRITE_LIMIT bytes unread) is closed with a reason, and
nothing else notices. Tables never share state; one ticker looks at the clocks
of the tables whose next deadline has come (turn timers, seats held for a dropped
connection), kept in a heap, so that a message costs the same with one table or thousands.

Joining needs the table's code. An address that gives wrong codes is answered more and more
slowly after FREE_TRIES, and refused for BLOCK_S after MOST_TRIES (``Attempts``). Wrong codes
from every address together are held to WRONG_PER_S (``Bucket``): past it, each wrong one is
answered FLOOD_WAIT_S late, its connection held meanwhile, so that guesses from many
addresses are slowed as well, while a right code is answered at once. An "address" is an IPv4 address or an IPv6 /64 (``address_key``):
one household or host on the internet holds a whole /64.

Strangers are held from the first byte: a connection is counted when it is accepted
(``Counted``), per address and in all, and has from half of HANDSHAKE_S to all of it (drawn
for each) to finish its opening handshake; one past a limit is cut at once. A table nobody
plays at for ``idle_s`` is closed, and one address opens at most ``tables_per_address``
tables. A resume is rate-limited per seat
(RESUME_BURST, then one each RESUME_EVERY_S), a wrong token counts as a wrong code, and the
connection a resume replaces is told (``displaced``) and closed. A refusal for cause (a
rate, a block, a full server, a broken message) is told only after Limits.refusal_hold_s,
the connection held meanwhile: a stranger's loop that retries at once costs the server a
handshake a hold, not as many as its CPU allows. An error in serving one
connection ends that connection with one line in the log, never a traceback.
"""
from __future__ import annotations

import asyncio
import errno
import heapq
import ipaddress
import itertools
import logging
import random
import socket
import threading
import time
from typing import Any, Callable, cast

from websockets.asyncio.server import Server, ServerConnection, serve
from websockets.exceptions import ConnectionClosed
from websockets.frames import DATA_OPCODES, Frame
from websockets.protocol import Event, State
from websockets.server import ServerProtocol

from tcf_gui.net import discovery
from tcf_gui.net.accept import Acceptor
from tcf_gui.net.address import host_port
from tcf_gui.net.collector import Collector
from tcf_gui.net.codes import new_code, normal
from tcf_gui.net.inbox import Inbox
from tcf_gui.net.limits import Limits
from tcf_gui.net.messages import (PLACE_KINDS, SEALED_KINDS, ClientMessage, Host, Place,
                                  SealedPart, ServerMessage, parse, refused, welcome)
from tcf_gui.net.protocol import (BAD_MESSAGE, BLOCKED, DISPLACED, FULL, IDLE, MAX_MESSAGE_BYTES,
                                  PROTOCOL, RATE, SEALED_PROTOCOL, SERVER_FULL, SHUTDOWN, SLOW_DOWN,
                                  TOKEN, TRY_LATER, VERSION, WRONG_CODE, ProtocolError,
                                  dump)
from tcf_gui.net.sealed.table import SealedNetTable
from tcf_gui.net.table import NetTable
from tcf_gui.words.names import clean_name

#: Seconds a connection has from its accept to the end of its opening (HTTP) handshake, at
#: most: each has a time drawn between half of it and all of it, so that connections a
#: stranger opened together are not all cut together (and opened again together).
HANDSHAKE_S = 10.0
#: Seconds a new connection has to say hello, and then again to take a place (host, join,
#: watch, resume): a client sends both at once, and one that says no more holds a connection
#: for nothing.
HELLO_S = 10.0
#: Bytes waiting to be written to one client before it counts as not reading (a turn's
#: message is a few hundred).
WRITE_LIMIT = 65536
#: Seconds a shutdown waits for the connections to close.
SHUTDOWN_S = 5.0
#: Wrong codes from one address: free, slowed (doubling from Limits.slow_s), then blocked.
FREE_TRIES = 3
MOST_TRIES = 10
BLOCK_S = 600.0
#: Wrong codes (and tokens) from all addresses together: a burst, then so many a second;
#: past them each wrong code is answered FLOOD_WAIT_S late.
WRONG_BURST = 60
WRONG_PER_S = 5.0
FLOOD_WAIT_S = 5.0
#: Resumes of one seat: a burst, then one each RESUME_EVERY_S (an honest client resumes once
#: per lost connection).
RESUME_BURST = 6
RESUME_EVERY_S = 10.0
#: Each connection's websockets options (a ping every 20 s, few messages queued unread).
CONNECTION: dict[str, Any] = {"max_queue": 4, "write_limit": 16384, "ping_interval": 20,
                              "ping_timeout": 20, "close_timeout": 2}
#: Refusals for cause, told only after Limits.refusal_hold_s: none of them comes to an
#: honest client in play, and a stranger's loop that retries at once is slowed to one try a
#: hold (its connections held meanwhile count against its address's share).
HELD_REFUSALS = frozenset({RATE, BLOCKED, SERVER_FULL, BAD_MESSAGE})
#: A table: one the server deals (protocol 2), or a sealed one it relays (protocol 3).
Table = NetTable | SealedNetTable

class OneLine(logging.Filter):
    """Keeps a record to its one line: a traceback becomes the name of its exception (what
    strangers send must not fill a log, nor reach a terminal raw)."""

    def filter(self, record: logging.LogRecord) -> bool:
        if record.exc_info:
            error = record.exc_info[1]
            record.msg = f"{record.getMessage()} ({type(error).__name__})"
            record.args, record.exc_info, record.exc_text = (), None, None
        return True


log = logging.getLogger("tcf_gui.net.server")
_WEBSOCKETS_LOG = logging.getLogger("tcf_gui.net.websockets")
for _logger in (log, _WEBSOCKETS_LOG):
    _logger.addFilter(OneLine())


class Attempts:
    """Wrong join codes per address within BLOCK_S: how long to make the next one wait.
    Addresses whose tries are older are forgotten, each time the addresses kept have
    doubled (from SWEEP_FROM): one that never comes back is not kept for ever."""

    SWEEP_FROM = 1024

    def __init__(self, clock: Callable[[], float] = time.monotonic) -> None:
        self.clock = clock
        self._wrong: dict[str, list[float]] = {}
        self._sweep_at = self.SWEEP_FROM

    def _recent(self, address: str) -> list[float]:
        now = self.clock()
        times = [t for t in self._wrong.get(address, []) if now - t < BLOCK_S]
        if times:
            self._wrong[address] = times
        else:
            self._wrong.pop(address, None)
        return times

    def blocked(self, address: str) -> bool:
        return len(self._recent(address)) >= MOST_TRIES

    def delay(self, address: str, slow_s: float) -> float:
        """Seconds to wait before answering this address's next code."""
        tries = len(self._recent(address))
        return 0.0 if tries < FREE_TRIES else slow_s * 2 ** (tries - FREE_TRIES)

    def wrong(self, address: str) -> None:
        self._wrong.setdefault(address, []).append(self.clock())
        if len(self._wrong) >= self._sweep_at:
            for old in list(self._wrong):
                self._recent(old)
            self._sweep_at = max(self.SWEEP_FROM, 2 * len(self._wrong))

    def __len__(self) -> int:
        """The addresses kept."""
        return len(self._wrong)


class Bucket:
    """A token bucket: the rate limit of one connection."""

    def __init__(self, clock: Callable[[], float], per_s: float, burst: int) -> None:
        self.clock, self.per_s, self.burst = clock, per_s, burst
        self.tokens = float(burst)
        self.at = clock()

    def take(self) -> bool:
        if self.empty():
            return False
        self.tokens -= 1
        return True

    def empty(self) -> bool:
        """Whether no token is left now (takes none)."""
        now = self.clock()
        self.tokens = min(self.burst, self.tokens + (now - self.at) * self.per_s)
        self.at = now
        return self.tokens < 1


class Client:
    """One connection as a table sees it: ``send`` writes a message at once, never waits."""

    def __init__(self, connection: ServerConnection) -> None:
        self.connection = connection
        self.name = ""
        self.protocol = PROTOCOL
        """The protocol the client said it speaks (PROTOCOL or SEALED_PROTOCOL)."""
        self.table: Table | None = None
        self.overflowed = False
        self.ended = ""
        """The reason this connection is being closed by the server (``end``), or ""."""
        self.closing: asyncio.Task[None] | None = None
        """The closing handshake the server began (``close``)."""

    def send(self, message: ServerMessage) -> None:
        """Frame ``message`` and hand it to the socket's transport, which keeps what the
        socket does not take yet (no task or queue a message: a turn is a few of them at each
        of a thousand connections). A client with more than WRITE_LIMIT bytes unread does not
        read: it is closed."""
        connection = self.connection
        if self.overflowed or self.ended or connection.protocol.state is not State.OPEN:
            return
        if connection.transport.get_write_buffer_size() > WRITE_LIMIT:
            self.overflowed = True
            self.close(1008, "not reading")
            return
        connection.protocol.send_text(dump(message).encode())
        connection.send_data()

    def end(self, reason: str) -> None:
        """Tell the client why (``refused``) and close its connection."""
        if not self.ended:
            self.send(refused(reason))
            self.ended = reason
            self.close(1008, reason)

    def close(self, code: int, reason: str) -> None:
        """Begin the closing handshake (once); the connection's handler waits for it."""
        if self.closing is None and self.connection.protocol.state is not State.CLOSED:
            self.closing = asyncio.ensure_future(self.connection.close(code, reason))


class Counted(ServerConnection):
    """A connection counted from its accept, before any byte is read: one past the server's
    limits (in all, or from its address) is cut at once, by tcf_gui.net.accept before this is
    made, or here under asyncio's own accept. ``tables`` is set on a subclass made for each
    server (TableServer.start)."""

    tables: "TableServer"
    counted_as: str | None = None
    admitted: str | None = None
    """The key it was counted under when accepted (tcf_gui.net.accept); None: it counts itself
    in connection_made (asyncio's own accept)."""
    _late: asyncio.TimerHandle | None = None
    taker: Callable[[Frame], None] | None = None
    """Once set (tcf_gui.net.inbox), each message's frame is handed to it as it comes."""

    def process_event(self, event: Event) -> None:
        """A message's frame to the taker once there is one; the rest as websockets does."""
        if self.taker is not None and isinstance(event, Frame) and event.opcode in DATA_OPCODES:
            self.taker(event)
        else:
            super().process_event(event)

    def connection_made(self, transport: asyncio.BaseTransport) -> None:
        self.counted_as = self.admitted
        if self.counted_as is None:
            self.counted_as = self.tables.accept(transport.get_extra_info("peername"))
        if self.counted_as is None:
            assert isinstance(transport, asyncio.Transport)  # (a TCP one, as serve makes)
            transport.abort()  # (asyncio calls connection_lost next)
            _untie(transport)
            return
        super().connection_made(transport)
        self._late = asyncio.get_running_loop().call_later(
            self.tables.handshake_s(), self._handshake_late)

    def _handshake_late(self) -> None:
        """Cut the connection if its opening handshake is not done yet."""
        self._late = None
        if self.protocol.state is State.CONNECTING:
            self.transport.abort()

    def connection_lost(self, exc: Exception | None) -> None:
        if self.counted_as is None:
            return  # cut at the accept: websockets never saw it
        if self._late is not None:
            self._late.cancel()
            self._late = None
        self.tables.release(self.counted_as)
        self.counted_as = None
        super().connection_lost(exc)
        # websockets' protocol and its parser (a generator whose frame holds the protocol)
        # are a reference cycle, as is the parser's error (a handshake cut before its
        # request, a message too large), whose traceback holds them: broken here, as
        # nothing parses after the connection is lost (the error is only ever the cause
        # chained to the ConnectionClosed the handler sees).
        _untie(self.transport)
        self.protocol.handshake_exc = self.protocol.parser_exc = None
        self.protocol.parser = None  # type: ignore[assignment]


def _untie(transport: asyncio.BaseTransport) -> None:
    """Break the reference cycle of a closed asyncio socket transport (it keeps a bound
    method of its own), so that it and its socket are freed at once: Collector leaves the
    cycles among frozen objects to its rare whole passes, and a cut connection is one."""
    if getattr(transport, "_read_ready_cb", None) is not None:
        transport._read_ready_cb = None  # type: ignore[attr-defined]


class TableServer:
    """The tables and the connections; ``handle`` serves one connection."""

    def __init__(self, limits: Limits | None = None, *,
                 clock: Callable[[], float] = time.monotonic, seed: int | None = None) -> None:
        self.limits = limits or Limits()
        self.clock = clock
        self.seed = seed
        """A run seed for every table (tests, the benchmark); None: each a fresh secret one."""
        self._jitter = random.Random(seed)
        """Draws the handshakes' deadlines (not secret: a stranger gains nothing by them)."""
        self.tables: dict[str, Table] = {}
        self.attempts = Attempts(clock)
        self.wrong_codes = Bucket(clock, WRONG_PER_S, WRONG_BURST)
        """Wrong codes and tokens from all addresses together."""
        self.clients: set[Client] = set()
        self.by_address: dict[str, int] = {}
        """Connections open per address key (counted from the accept; behind a proxy, per
        forwarded address once its handshake is done)."""
        self.connections = 0
        self.resumes: dict[str, Bucket] = {}
        """Each seat's rate of resumes, by its token."""
        self.seats: dict[str, Table] = {}
        """Each seat's table, by its resume token: a resume looks at one table, not all."""
        self.opened_by: dict[Table, str] = {}
        self.opened_from: dict[str, int] = {}
        """Tables open per address key (``opened_by`` counted, for ``tables_per_address``)."""
        self.active: dict[Table, float] = {}
        """When a player last said something at each table (for ``idle_s``)."""
        self._wake = asyncio.Event()
        self._deadlines: list[tuple[float, int, Table]] = []
        """(when, order, table): a heap of the times to look at a table's clocks again."""
        self._scheduled: dict[Table, float] = {}
        """Each table's entry in the heap that stands (the soonest pushed)."""
        self._order = itertools.count()
        self._sleeping_to: float | None = None

    # -- counting connections ------------------------------------------------------------------
    def accept(self, peer: Any) -> str | None:
        """A connection accepted from ``peer`` (the socket's peer name): the key it is counted
        under, or None when the server is full or its address has its share."""
        key = "" if self.limits.behind_proxy else address_key(
            str(peer[0]) if isinstance(peer, tuple) and peer else "?")
        if self.connections >= self.limits.max_connections or (
                key and self.by_address.get(key, 0) >= self.limits.per_address):
            return None
        self.connections += 1
        self._count(key, 1)
        return key

    def release(self, key: str) -> None:
        self.connections -= 1
        self._count(key, -1)

    def _count(self, key: str, step: int) -> None:
        if key:
            left = self.by_address.get(key, 0) + step
            if left > 0:
                self.by_address[key] = left
            else:
                self.by_address.pop(key, None)

    def handshake_s(self) -> float:
        """The time a new connection has for its opening handshake (HANDSHAKE_S at most)."""
        return HANDSHAKE_S * self._jitter.uniform(0.5, 1.0)

    # -- one connection ------------------------------------------------------------------------
    async def handle(self, connection: ServerConnection) -> None:
        address = _address(connection, self.limits.behind_proxy)
        key = address_key(address)
        if self.limits.behind_proxy:  # (the proxy's connections were not counted by address)
            if self.by_address.get(key, 0) >= self.limits.per_address:
                await self._refuse(connection, SERVER_FULL)
                return
            self._count(key, 1)
        client = Client(connection)
        self.clients.add(client)
        try:
            await self._serve(client, address, key)
        except ProtocolError as error:
            if error.reason in HELD_REFUSALS:
                await asyncio.sleep(self.limits.refusal_hold_s)
            client.send(refused(error.reason))
            client.close(1008 if error.reason != BAD_MESSAGE else 1002, error.reason)
        except ConnectionClosed:
            pass
        except Exception as error:  # a fault of ours: that connection ends, one line, no traceback
            log.warning("tcf-gui server: a connection ended on an error (%s)",
                        type(error).__name__)
        finally:
            self.clients.discard(client)
            if self.limits.behind_proxy:
                self._count(key, -1)
            if client.table is not None:
                client.table.dropped(client)
                self._settle(client.table)
            if client.closing is not None:
                await _finish(client.closing)

    async def _refuse(self, connection: ServerConnection, reason: str) -> None:
        try:
            await connection.send(dump(refused(reason)))
            await connection.close(1008, reason)
        except ConnectionClosed:
            pass

    async def _serve(self, client: Client, address: str, key: str) -> None:
        bucket = Bucket(self.clock, self.limits.rate_per_s, self.limits.burst)
        connection = cast(Counted, client.connection)
        inbox = Inbox(bucket.take)
        connection.taker = inbox.take
        closed = asyncio.ensure_future(connection.wait_closed())
        try:
            raw = await inbox.next(HELLO_S, closed)
            if raw is None:
                return
            hello = parse(raw)
            if hello["type"] != "hello":
                raise ProtocolError(BAD_MESSAGE, "hello first")
            if hello["protocol"] not in (PROTOCOL, SEALED_PROTOCOL):
                raise ProtocolError(VERSION)
            client.protocol = hello["protocol"]
            client.name = clean_name(hello["name"])  # what a name may hold: tcf_gui.words.names
            client.send(welcome("tcf-gui"))
            raw = await inbox.next(HELLO_S, closed)
            if raw is None:
                return
            await self._dispatch(client, parse(raw), address, key)

            def at_table(text: str | bytes) -> None:
                if not client.ended and not client.overflowed:
                    self._at_table(client, parse(text))

            inbox.seat(at_table)
            await asyncio.wait([inbox.stopped, closed], return_when=asyncio.FIRST_COMPLETED)
        finally:
            connection.taker = None
            closed.cancel()
        if inbox.stopped.done():
            raise inbox.failure()  # (what ended the connection)

    async def _dispatch(self, client: Client, message: ClientMessage, address: str,
                        key: str) -> None:
        """A client's second message: its place (anything else is refused)."""
        if message["type"] in PLACE_KINDS:
            await self._take_place(client, cast(Place, message), address, key)
            return
        self._at_table(client, message)

    def _at_table(self, client: Client, message: ClientMessage) -> None:
        """A message from a client at a table (or one that should be)."""
        table = client.table
        if message["type"] == "hello":
            raise ProtocolError(BAD_MESSAGE, "hello twice")
        if message["type"] in PLACE_KINDS:
            raise ProtocolError(BAD_MESSAGE, "already at a table")
        if table is None:
            raise ProtocolError(BAD_MESSAGE, f"{message['type']} before a table")
        if message["type"] in SEALED_KINDS:
            if isinstance(table, SealedNetTable):
                table.relay(client, cast(SealedPart, message))
        elif (message["type"] == "commit" or message["type"] == "seed"
                or message["type"] == "move"):
            table.play(client, message)
        elif message["type"] == "rematch":
            table.rematch(client)
        elif message["type"] == "leave":
            table.leave(client)
        if any(place.peer is client for place in table.places.values()):
            self.active[table] = self.clock()  # (a spectator keeps no table open)
        self._settle(table)

    async def _take_place(self, client: Client, message: Place, address: str, key: str) -> None:
        if message["type"] == "host":
            table = self._open_table(client, message, address, key)
        elif message["type"] == "resume":
            table = self._resume(client, message["token"], key)
        else:
            table = await self._table_for(message["code"], key)
            _speaks_for(client, table)
            if message["type"] == "join":
                if table.full:
                    raise ProtocolError(FULL)
                client.table = table
                table.join(client.name, client)
                self.seats[table.places[2].token] = table
                self.active[table] = self.clock()
            elif not table.spectators:
                raise ProtocolError(FULL)
            else:
                client.table = table
                table.watch(client)
        self._settle(table)

    def _resume(self, client: Client, token: str, key: str) -> Table:
        """The seat ``token`` names, back to ``client``; the connection that held it (a
        window of the same player) is told and closed. Rate-limited per seat; a wrong token
        counts as a wrong code."""
        if self.attempts.blocked(key):
            raise ProtocolError(BLOCKED)
        table = self.seats.get(token)
        place = None if table is None else table.place_of(token)
        if table is None or place is None or table.closed or place.seat.gone:
            self._wrong(key)
            raise ProtocolError(TOKEN)
        rate = self.resumes.setdefault(token, Bucket(self.clock, 1 / RESUME_EVERY_S,
                                                     RESUME_BURST))
        if not rate.take():
            raise ProtocolError(RATE)
        _speaks_for(client, table)
        if isinstance(place.peer, Client) and place.peer is not client:
            place.peer.end(DISPLACED)
        client.table = table
        table.resume(place, client)  # type: ignore[arg-type]  # (each table's own place)
        return table

    def _wrong(self, key: str) -> None:
        """A wrong code or token from ``key``: counted for it and for all addresses."""
        self.attempts.wrong(key)
        self.wrong_codes.take()

    def _open_table(self, client: Client, message: Host, address: str, key: str) -> Table:
        """A new table with ``client`` as its host, on the terms ``message`` asks."""
        if (len(self.tables) >= self.limits.max_tables
                or self.opened_from.get(key, 0) >= self.limits.tables_per_address
                or (self.limits.local_tables and not on_this_machine(address))):
            raise ProtocolError(SERVER_FULL)
        code = next(c for c in iter(new_code, None) if c not in self.tables)
        table: Table
        if message.get("sealed"):
            if client.protocol != SEALED_PROTOCOL:
                raise ProtocolError(VERSION)
            table = SealedNetTable(code, client.name, client, timer_s=message["timer"],
                                   hold_s=self.limits.hold_s, clock=self.clock)
        else:
            table = NetTable(code, client.name, client, timer_s=message["timer"],
                             spectators=message["spectators"], open_hands=message["open"],
                             hold_s=self.limits.hold_s, clock=self.clock, seed=self.seed)
        self.tables[code] = table
        self.opened_by[table] = key
        self.opened_from[key] = self.opened_from.get(key, 0) + 1
        self.seats[table.places[1].token] = table
        self.active[table] = self.clock()
        client.table = table
        log.info("table opened (%d open)", len(self.tables))
        return table

    async def _table_for(self, text: str, key: str) -> Table:
        """The table a code names; wrong codes are slowed, then refused, per address. When
        too many come from all addresses together (a guessing flood), a wrong one is answered
        only after FLOOD_WAIT_S, its connection held all the while (an address holds at
        most ``per_address``): a right code is answered at once, whatever others guess."""
        if self.attempts.blocked(key):
            raise ProtocolError(BLOCKED)
        delay = self.attempts.delay(key, self.limits.slow_s)
        if delay:
            await asyncio.sleep(delay)
        code = normal(text)
        table = self.tables.get(code) if code is not None else None
        if table is None or table.closed:
            flood = self.wrong_codes.empty()
            self._wrong(key)
            if flood:
                await asyncio.sleep(FLOOD_WAIT_S)
                raise ProtocolError(TRY_LATER)
            raise ProtocolError(SLOW_DOWN if delay else WRONG_CODE)
        return table

    def _settle(self, table: Table) -> None:
        """Forget a table nobody will play at again; else mind its clocks."""
        if table.closed and self.tables.get(table.code) is table:
            del self.tables[table.code]
            opener = self.opened_by.pop(table)
            if self.opened_from[opener] > 1:
                self.opened_from[opener] -= 1
            else:
                del self.opened_from[opener]
            self.active.pop(table, None)
            for place in table.places.values():
                self.resumes.pop(place.token, None)
                self.seats.pop(place.token, None)
            log.info("table closed (%d open)", len(self.tables))
        self._schedule(table)

    def _expire(self, table: Table) -> None:
        """Close a table nobody played at for ``idle_s``: each still there is told why."""
        peers = [place.peer for place in table.places.values()] + list(table.watchers)
        for peer in peers:
            if isinstance(peer, Client):
                peer.table = None  # (its seat goes with the table: nothing to drop)
                peer.end(IDLE)
        table.closed = True
        log.info("an idle table closed")
        self._settle(table)

    def _next_time(self, table: Table) -> float | None:
        """When to look at ``table`` again: its clocks, or the end of its idle time."""
        if table.closed:
            return None
        idle = self.active.get(table)
        times = [t for t in (table.deadline(),
                             None if idle is None else idle + self.limits.idle_s) if t is not None]
        return min(times) if times else None

    # -- the clocks ----------------------------------------------------------------------------
    def _schedule(self, table: Table) -> None:
        """Look at ``table`` again at its next deadline (a turn timer, a seat held). A table
        is in the heap once, at the soonest time it may need looking at: a deadline that moved
        later is found when that time comes, and pushed again then; only a sooner one is
        pushed now, and wakes the ticker if it sleeps longer."""
        deadline = self._next_time(table)
        if deadline is None:
            return
        scheduled = self._scheduled.get(table)
        if scheduled is not None and scheduled <= deadline:
            return
        self._scheduled[table] = deadline
        heapq.heappush(self._deadlines, (deadline, next(self._order), table))
        if self._sleeping_to is None or deadline < self._sleeping_to:
            self._wake.set()

    async def tick_forever(self) -> None:
        """Tick the tables whose deadline came, soonest first; sleep until the next one."""
        while True:
            now = self.clock()
            while self._deadlines and self._deadlines[0][0] <= now:
                when, _, table = heapq.heappop(self._deadlines)
                if self._scheduled.get(table) != when:
                    continue  # pushed again sooner since: that entry stands
                del self._scheduled[table]
                if table.closed:
                    continue
                idle = self.active.get(table)
                if idle is not None and now >= idle + self.limits.idle_s:
                    self._expire(table)
                    continue
                deadline = table.deadline()
                if deadline is not None and deadline <= now:
                    table.tick()
                self._settle(table)  # (schedules its next deadline, if any)
            self._sleeping_to = self._deadlines[0][0] if self._deadlines else None
            self._wake.clear()
            wait = None if self._sleeping_to is None else max(0.0, self._sleeping_to - now)
            try:
                await asyncio.wait_for(self._wake.wait(), wait)
            except asyncio.TimeoutError:
                pass

    # -- running -------------------------------------------------------------------------------
    async def start(self, host: str | None, port: int) -> Server:
        """Listen on ``host``:``port`` (port 0: a free one; host None: every interface, IPv4
        and IPv6 on the one port); OSError if it cannot."""
        where: dict[str, Any] = {"host": host, "port": port}
        if host is None:  # one socket: asyncio's one per family would get two free ports
            where = {"sock": every_interface(port)}
        counted = type("CountedHere", (Counted,), {"tables": self})
        server = await serve(self.handle, **where, max_size=MAX_MESSAGE_BYTES,
                             create_connection=counted, open_timeout=None, compression=None,
                             logger=_WEBSOCKETS_LOG, **CONNECTION)

        def connection(key: str) -> Counted:
            """What websockets' serve makes for a connection, counted under ``key``."""
            made = counted(ServerProtocol(max_size=MAX_MESSAGE_BYTES, logger=_WEBSOCKETS_LOG),
                           server, **CONNECTION)
            made.admitted = key
            return made

        Acceptor(server.sockets, self.accept, self.release, connection).start()
        self._ticker = asyncio.create_task(self.tick_forever())
        return server

    async def shutdown(self, server: Server) -> None:
        """Tell every client the server is going, and close."""
        for client in list(self.clients):
            client.send(refused(SHUTDOWN))
        self._ticker.cancel()
        server.close()
        try:  # a client that does not answer the closing handshake is not waited for long
            await asyncio.wait_for(server.wait_closed(), SHUTDOWN_S)
        except asyncio.TimeoutError:
            log.warning("tcf-gui server: %d connections did not close in time", len(self.clients))


def _speaks_for(client: Client, table: Table) -> None:
    """A client of protocol 2 sits at no sealed table (it could not play there)."""
    if isinstance(table, SealedNetTable) and client.protocol != SEALED_PROTOCOL:
        raise ProtocolError(VERSION)


def _address(connection: ServerConnection, behind_proxy: bool) -> str:
    """The client's address: the socket's peer, or behind a proxy the last address the
    proxy put in X-Forwarded-For (the one it saw; earlier ones the client may have forged)."""
    request = connection.request
    if behind_proxy and request is not None:
        forwarded = request.headers.get("X-Forwarded-For", "")
        if forwarded.strip():
            return forwarded.split(",")[-1].strip()
    remote = connection.remote_address
    return str(remote[0]) if remote else "?"


def address_key(address: str) -> str:
    """What one address counts as: an IPv4 address, or an IPv6 address's /64 (one host or
    household on the internet holds a whole /64); an IPv4 address in IPv6 clothes
    (::ffff:192.0.2.7) is the IPv4 address."""
    try:
        ip = ipaddress.ip_address(address)
    except ValueError:
        return address[:64] or "?"
    if isinstance(ip, ipaddress.IPv6Address):
        if ip.ipv4_mapped is not None:
            return str(ip.ipv4_mapped)
        return str(ipaddress.IPv6Network((ip, 64), strict=False))
    return str(ip)


def on_this_machine(address: str) -> bool:
    """Whether a client's address is this machine's loopback (IPv4, IPv6, or IPv4 as a
    dual-stack socket sees it: ::ffff:127.0.0.1)."""
    try:
        ip = ipaddress.ip_address(address)
    except ValueError:
        return False
    mapped = ip.ipv4_mapped if isinstance(ip, ipaddress.IPv6Address) else None
    return (mapped or ip).is_loopback


async def _finish(task: asyncio.Task[None]) -> None:
    try:
        await asyncio.wait_for(task, 2.0)
    except (asyncio.TimeoutError, ConnectionClosed, OSError):
        task.cancel()


async def _unannounce(announcing: "asyncio.Task[discovery.Announcer | None]") -> None:
    """Take back an announcement made, or stop the one still being made."""
    if not announcing.done():
        announcing.cancel()
        return
    announcer = announcing.result()
    if announcer is not None:
        await announcer.close()


def every_interface(port: int) -> socket.socket:
    """A socket listening on ``port`` of every interface: IPv6 and IPv4 on one socket where
    the system can, else IPv4 alone. OSError when the port is taken."""
    dual = socket.has_dualstack_ipv6()
    return socket.create_server(("", port), family=socket.AF_INET6 if dual else socket.AF_INET,
                                dualstack_ipv6=dual, backlog=1024)


def bound_port(server: Server) -> int:
    """The port the server listens on: IPv4's where a host name gave it a socket per family
    (each with a free port of its own for port 0; on every interface it has one socket)."""
    sockets = sorted(server.sockets, key=lambda sock: sock.family != socket.AF_INET)
    return int(sockets[0].getsockname()[1])


def port_in_use(error: OSError) -> bool:
    return error.errno == errno.EADDRINUSE


class ServerThread:
    """A table server on a worker thread of this process (the window that hosts, the
    terminal that hosts, the tests): ``start()`` returns the port once it listens."""

    def __init__(self, host: str | None = "127.0.0.1", port: int = 0,
                 limits: Limits | None = None, clock: Callable[[], float] = time.monotonic,
                 seed: int | None = None, announce_as: str | None = None) -> None:
        self.host, self.port = host, port
        self.limits, self.clock, self.seed = limits, clock, seed
        self.announce_as = announce_as
        """The label to announce the server by on the local network ([lan]), or None."""
        self.tables: TableServer | None = None
        self._loop: asyncio.AbstractEventLoop | None = None
        self._stop: asyncio.Event | None = None
        self._ready = threading.Event()
        self._error: OSError | None = None
        self._thread = threading.Thread(target=self._run, daemon=True, name="table server")

    def start(self, timeout: float = 10.0) -> int:
        self._thread.start()
        if not self._ready.wait(timeout):
            raise OSError("the table server did not start")
        if self._error is not None:
            raise self._error
        return self.port

    def _run(self) -> None:
        asyncio.run(self._main())

    async def _main(self) -> None:
        self._loop = asyncio.get_running_loop()
        self._stop = asyncio.Event()
        self.tables = TableServer(self.limits, clock=self.clock, seed=self.seed)
        try:
            server = await self.tables.start(self.host, self.port)
        except OSError as error:
            self._error = error
            self._ready.set()
            return
        self.port = bound_port(server)
        self._listening = server
        self._killed = False
        self._ready.set()
        announcing = None
        if self.announce_as is not None:  # after ready: registering takes a second or two
            announcing = asyncio.create_task(discovery.announce(self.port, self.announce_as))
        await self._stop.wait()
        if announcing is not None:
            await _unannounce(announcing)
        if not self._killed:
            await self.tables.shutdown(server)

    def call(self, work: Callable[[], Any]) -> None:
        """Run ``work`` on the server's loop (tests: kill, inspect)."""
        assert self._loop is not None
        self._loop.call_soon_threadsafe(work)

    def kill(self) -> None:
        """End as a killed process would (tests): every connection cut with no word, the
        port closed, the thread ended."""
        def cut() -> None:
            assert self.tables is not None and self._stop is not None
            self._listening.close()
            for client in list(self.tables.clients):
                if client.connection.transport is not None:
                    client.connection.transport.abort()
            self._killed = True
            self._stop.set()

        self.call(cut)
        self._thread.join(5)

    def stop(self, timeout: float = 5.0) -> None:
        """Close every connection and end the thread."""
        if self._loop is not None and self._stop is not None and self._thread.is_alive():
            self._loop.call_soon_threadsafe(self._stop.set)
            self._thread.join(timeout)



async def serve_until_stopped(host: str | None, port: int, limits: Limits, *, lan: bool = True,
                              signals: tuple[int, ...] = ()) -> None:
    """Run a table server until one of ``signals`` (``tcf-gui server``); it logs one line
    when it listens and one per table opened and closed."""
    import signal as signal_module

    tables = TableServer(limits)
    server = await tables.start(host, port)
    collector = Collector()
    collector.start()
    sweeping = asyncio.create_task(collector.run())
    stop = asyncio.Event()
    loop = asyncio.get_running_loop()
    for number in signals:
        loop.add_signal_handler(signal_module.Signals(number), stop.set)
    where = host_port(host, bound_port(server))
    announcer = None
    if lan:
        announcer = await discovery.announce(bound_port(server), "server")
    log.warning("tcf-gui server: listening on %s (ws://); %s", where,
                "announced on the local network" if announcer else "not announced on the local network")
    try:
        await stop.wait()
    finally:
        sweeping.cancel()
        if announcer is not None:
            await announcer.close()
        await tables.shutdown(server)
