"""The table server: one asyncio process, any number of independent tables.

Each connection is read by its own task and written by another, through a bounded queue:
a client that sends too much (bigger than MAX_MESSAGE_BYTES, faster than the rate limit,
bad JSON, an unknown type) or reads too little (its queue overflows) is closed with a
reason, and nothing else notices. Tables never share state; one ticker looks at the clocks
of the tables whose next deadline has come (turn timers, seats held for a dropped
connection), kept in a heap, so that a message costs the same with one table or thousands.

Joining needs the table's code. An address that gives wrong codes is answered more and more
slowly after FREE_TRIES, and refused for BLOCK_S after MOST_TRIES (``Attempts``).
"""
from __future__ import annotations

import asyncio
import errno
import gc
import heapq
import ipaddress
import itertools
import logging
import socket
import threading
import time
from dataclasses import dataclass
from typing import Any, Callable

from websockets.asyncio.server import Server, ServerConnection, serve
from websockets.exceptions import ConnectionClosed

from tcf_gui.net import discovery
from tcf_gui.net.address import host_port
from tcf_gui.net.codes import new_code, normal
from tcf_gui.net.messages import (ClientMessage, Host, Place, ServerMessage, parse, refused,
                                  welcome)
from tcf_gui.net.protocol import (BAD_MESSAGE, BLOCKED, FULL, MAX_MESSAGE_BYTES, PROTOCOL, RATE,
                                  SERVER_FULL, SHUTDOWN, SLOW_DOWN, TIMEOUT, TOKEN, VERSION,
                                  WRONG_CODE, ProtocolError, dump)
from tcf_gui.net.seat import HOLD_S
from tcf_gui.net.table import NetTable

#: Seconds a new connection has to say hello, and then again to take a place (host, join,
#: watch, resume): a client sends both at once, and one that says no more holds a connection
#: for nothing.
HELLO_S = 10.0
#: The rate limit: a burst of RATE_BURST messages, then RATE_PER_S a second (a person
#: sends two a turn, its commitment and its move, and two for a deal; a whole game is at
#: most 50 messages).
RATE_BURST = 80
RATE_PER_S = 20.0
#: Messages waiting to be written to one client before it counts as not reading.
QUEUE_LIMIT = 256
#: Seconds a shutdown waits for the connections to close.
SHUTDOWN_S = 5.0
#: Wrong codes from one address: free, slowed (doubling from SLOW_S), then blocked.
FREE_TRIES = 3
MOST_TRIES = 10
SLOW_S = 0.5
BLOCK_S = 600.0
#: Objects made (and not yet freed) between two passes of the garbage collector over the
#: young ones in ``tcf-gui server`` (Python's default: 700). What a turn makes is freed by its
#: reference counts long before, so the passes come rarely and promote next to nothing to
#: the older generations, whose passes over every connection were the longest pauses. In
#: a run of benchmarks/bench_server.py (500 tables) the server spent 3.7-4.3 s of CPU in the
#: collector at the default, 0.3 s at this (docs/benchmarks.md: "What one server holds").
YOUNG_OBJECTS = 50_000

log = logging.getLogger("tcf_gui.net.server")


@dataclass
class Limits:
    """What one server holds and how it treats strangers (the defaults suit a public one)."""

    max_tables: int = 2000
    max_connections: int = 5000
    per_address: int = 64
    """Connections from one address at once (a household shares one behind its router)."""
    hold_s: float = HOLD_S
    slow_s: float = SLOW_S
    rate_per_s: float = RATE_PER_S
    burst: int = RATE_BURST
    behind_proxy: bool = False
    """Take a client's address from X-Forwarded-For (set by a reverse proxy on this machine)."""
    local_tables: bool = False
    """Open tables for clients on this machine only: a server of one's own, where the friend
    joins but strangers open no tables of their own."""


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
        now = self.clock()
        self.tokens = min(self.burst, self.tokens + (now - self.at) * self.per_s)
        self.at = now
        if self.tokens < 1:
            return False
        self.tokens -= 1
        return True


class Client:
    """One connection as a table sees it: ``send`` queues a message, never waits."""

    def __init__(self, connection: ServerConnection) -> None:
        self.connection = connection
        self.queue: asyncio.Queue[str | None] = asyncio.Queue()
        self.name = ""
        self.table: NetTable | None = None
        self.overflowed = False

    def send(self, message: ServerMessage) -> None:
        if self.overflowed:
            return
        if self.queue.qsize() >= QUEUE_LIMIT:
            self.overflowed = True  # it does not read: the writer closes it
            self.queue.put_nowait(None)
            return
        self.queue.put_nowait(dump(message))

    async def write(self) -> None:
        """Send what the tables queued, in order, until told to stop (None)."""
        while (text := await self.queue.get()) is not None:
            await self.connection.send(text)
        if self.overflowed:
            await self.connection.close(1008, "not reading")


class TableServer:
    """The tables and the connections; ``handle`` serves one connection."""

    def __init__(self, limits: Limits | None = None, *,
                 clock: Callable[[], float] = time.monotonic, seed: int | None = None) -> None:
        self.limits = limits or Limits()
        self.clock = clock
        self.seed = seed
        """A run seed for every table (tests, the benchmark); None: each a fresh secret one."""
        self.tables: dict[str, NetTable] = {}
        self.attempts = Attempts(clock)
        self.clients: set[Client] = set()
        self.by_address: dict[str, int] = {}
        self._wake = asyncio.Event()
        self._deadlines: list[tuple[float, int, NetTable]] = []
        """(when, order, table): a heap of the times to look at a table's clocks again."""
        self._scheduled: dict[NetTable, float] = {}
        """Each table's entry in the heap that stands (the soonest pushed)."""
        self._order = itertools.count()
        self._sleeping_to: float | None = None

    # -- one connection ------------------------------------------------------------------------
    async def handle(self, connection: ServerConnection) -> None:
        address = _address(connection, self.limits.behind_proxy)
        if len(self.clients) >= self.limits.max_connections:
            await self._refuse(connection, SERVER_FULL)
            return
        if self.by_address.get(address, 0) >= self.limits.per_address:
            await self._refuse(connection, SERVER_FULL)
            return
        client = Client(connection)
        self.clients.add(client)
        self.by_address[address] = self.by_address.get(address, 0) + 1
        writer = asyncio.create_task(client.write())
        try:
            await self._serve(client, address)
        except ProtocolError as error:
            client.send(refused(error.reason))
            client.queue.put_nowait(None)
            await _finish(writer)
            await connection.close(1008 if error.reason != BAD_MESSAGE else 1002, error.reason)
        except ConnectionClosed:
            pass
        finally:
            self.clients.discard(client)
            self.by_address[address] -= 1
            if not self.by_address[address]:
                del self.by_address[address]
            if client.table is not None:
                client.table.dropped(client)
                self._settle(client.table)
            client.queue.put_nowait(None)
            await _finish(writer)

    async def _refuse(self, connection: ServerConnection, reason: str) -> None:
        try:
            await connection.send(dump(refused(reason)))
            await connection.close(1008, reason)
        except ConnectionClosed:
            pass

    async def _serve(self, client: Client, address: str) -> None:
        bucket = Bucket(self.clock, self.limits.rate_per_s, self.limits.burst)
        hello = parse(await _within(client.connection, HELLO_S))
        if hello["type"] != "hello":
            raise ProtocolError(BAD_MESSAGE, "hello first")
        if hello["protocol"] != PROTOCOL:
            raise ProtocolError(VERSION)
        client.name = hello["name"].strip()
        client.send(welcome("tcf-gui"))
        await self._dispatch(client, parse(await _within(client.connection, HELLO_S)), address)
        async for raw in client.connection:
            if not bucket.take():
                raise ProtocolError(RATE)
            await self._dispatch(client, parse(raw), address)
            if client.overflowed:
                return

    async def _dispatch(self, client: Client, message: ClientMessage, address: str) -> None:
        table = client.table
        if message["type"] == "hello":
            raise ProtocolError(BAD_MESSAGE, "hello twice")
        if (message["type"] == "host" or message["type"] == "join"
                or message["type"] == "watch" or message["type"] == "resume"):
            if table is not None:
                raise ProtocolError(BAD_MESSAGE, "already at a table")
            await self._take_place(client, message, address)
            return
        if table is None:
            raise ProtocolError(BAD_MESSAGE, f"{message['type']} before a table")
        if (message["type"] == "commit" or message["type"] == "seed"
                or message["type"] == "move"):
            table.play(client, message)
        elif message["type"] == "rematch":
            table.rematch(client)
        elif message["type"] == "leave":
            table.leave(client)
        self._settle(table)

    async def _take_place(self, client: Client, message: Place, address: str) -> None:
        if message["type"] == "host":
            table = self._open_table(client, message, address)
        elif message["type"] == "resume":
            for table in self.tables.values():
                place = table.place_of(message["token"])
                if place is not None and not table.closed:
                    client.table = table
                    table.resume(place, client)
                    break
            else:
                raise ProtocolError(TOKEN)
        else:
            table = await self._table_for(message["code"], address)
            if message["type"] == "join":
                if table.full:
                    raise ProtocolError(FULL)
                client.table = table
                table.join(client.name, client)
            elif not table.spectators:
                raise ProtocolError(FULL)
            else:
                client.table = table
                table.watch(client)
        self._settle(table)

    def _open_table(self, client: Client, message: Host, address: str) -> NetTable:
        """A new table with ``client`` as its host, on the terms ``message`` asks."""
        if len(self.tables) >= self.limits.max_tables or (
                self.limits.local_tables and not on_this_machine(address)):
            raise ProtocolError(SERVER_FULL)
        code = next(c for c in iter(new_code, None) if c not in self.tables)
        table = NetTable(code, client.name, client, timer_s=message["timer"],
                         spectators=message["spectators"], open_hands=message["open"],
                         hold_s=self.limits.hold_s, clock=self.clock, seed=self.seed)
        self.tables[code] = table
        client.table = table
        log.info("table opened (%d open)", len(self.tables))
        return table

    async def _table_for(self, text: str, address: str) -> NetTable:
        """The table a code names; wrong codes are slowed, then refused, per address."""
        if self.attempts.blocked(address):
            raise ProtocolError(BLOCKED)
        delay = self.attempts.delay(address, self.limits.slow_s)
        if delay:
            await asyncio.sleep(delay)
        code = normal(text)
        table = self.tables.get(code) if code is not None else None
        if table is None or table.closed:
            self.attempts.wrong(address)
            raise ProtocolError(SLOW_DOWN if delay else WRONG_CODE)
        return table

    def _settle(self, table: NetTable) -> None:
        """Forget a table nobody will play at again; else mind its clocks."""
        if table.closed and self.tables.get(table.code) is table:
            del self.tables[table.code]
            log.info("table closed (%d open)", len(self.tables))
        self._schedule(table)

    # -- the clocks ----------------------------------------------------------------------------
    def _schedule(self, table: NetTable) -> None:
        """Look at ``table`` again at its next deadline (a turn timer, a seat held). A table
        is in the heap once, at the soonest time it may need looking at: a deadline that moved
        later is found when that time comes, and pushed again then; only a sooner one is
        pushed now, and wakes the ticker if it sleeps longer."""
        deadline = table.deadline()
        if deadline is None or table.closed:
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
        server = await serve(self.handle, **where, max_size=MAX_MESSAGE_BYTES,
                             compression=None, max_queue=4, write_limit=16384,
                             ping_interval=20, ping_timeout=20, close_timeout=2,
                             logger=logging.getLogger("tcf_gui.net.websockets"))
        self._ticker = asyncio.create_task(self.tick_forever())
        return server

    async def shutdown(self, server: Server) -> None:
        """Tell every client the server is going, and close."""
        for client in list(self.clients):
            client.send(refused(SHUTDOWN))
            client.queue.put_nowait(None)
        self._ticker.cancel()
        server.close()
        try:  # a client that does not answer the closing handshake is not waited for long
            await asyncio.wait_for(server.wait_closed(), SHUTDOWN_S)
        except asyncio.TimeoutError:
            log.warning("tcf-gui server: %d connections did not close in time", len(self.clients))


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


def on_this_machine(address: str) -> bool:
    """Whether a client's address is this machine's loopback (IPv4, IPv6, or IPv4 as a
    dual-stack socket sees it: ::ffff:127.0.0.1)."""
    try:
        ip = ipaddress.ip_address(address)
    except ValueError:
        return False
    mapped = ip.ipv4_mapped if isinstance(ip, ipaddress.IPv6Address) else None
    return (mapped or ip).is_loopback


async def _within(connection: ServerConnection, seconds: float) -> str | bytes:
    """The client's next message; ProtocolError (timeout) when none comes in ``seconds``."""
    try:
        return await asyncio.wait_for(connection.recv(), seconds)
    except asyncio.TimeoutError:
        raise ProtocolError(TIMEOUT) from None


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
    # Everything loaded so far lives as long as the server: the garbage collector need not
    # look at it again (its full passes then cost in proportion to the tables, not the
    # program; measured with benchmarks/bench_server.py).
    gc.collect()
    gc.freeze()
    gc.set_threshold(YOUNG_OBJECTS, *gc.get_threshold()[1:])
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
        if announcer is not None:
            await announcer.close()
        await tables.shutdown(server)
