"""A connection to a table server, run on a worker thread so that no loop ever waits on it.

``TableClient(url, name)`` connects, says hello, takes its place (``host``, ``join``,
``watch``) and puts every message the server sends on ``inbox``, with its own notes about
the link among them (type ``link``: ``lost``, ``back``, ``failed``, ``gone``). The window
drains the inbox each frame, the terminal waits on it. ``send`` may be called from any
thread.

A connection that drops is taken up again by itself: the client reconnects for as long as
the server holds its seat, with the resume token the server gave it, and the game goes on
where it was; when the server's machine refuses the connection (nothing listens there any
more: the program that ran the server ended, and its tables with it) the link ends at once
instead. A client given a seat kept on disk (tcf_gui.net.kept_seats: this person's
window or terminal crashed at that table) asks for it first, and joins as asked when the
server no longer holds it. A server that refuses (``refused``) or cannot be reached is one
note with a reason, never an exception.
"""
from __future__ import annotations

import asyncio
import json
import queue
import socket
import threading
from typing import Any, Callable, Iterator

from websockets.asyncio.client import ClientConnection, connect
from websockets.exceptions import ConnectionClosed, InvalidHandshake, InvalidURI

from tcf_gui import __version__
from tcf_gui.i18n import _
from tcf_gui.net import checks
from tcf_gui.net.kept_seats import KeptSeat
from tcf_gui.net.messages import ClientMessage, Place, Received, hello, resume
from tcf_gui.net.protocol import MAX_MESSAGE_BYTES, PROTOCOL, dump
from tcf_gui.net.seat import HOLD_S

#: Seconds to open a connection.
OPEN_S = 8.0
#: Seconds the server has to seat a client (or refuse it) once it said hello: more than the
#: longest wait it makes for a wrong code (tcf_gui.net.server.Attempts, 32 s).
PLACE_S = 45.0
#: The most messages waiting on the inbox. An honest server sends a few a turn, and a window
#: takes none while a menu covers its table; a server that sends more is flooding it (a
#: hostile one can send tens of thousands a second), and the link ends.
MAX_INBOX = 20_000
#: The waits between attempts to reconnect, in seconds (until the hold is over).
RETRY_S = (0.2, 0.5, 1.0, 2.0, 3.0, 5.0)

# The notes a client adds to its inbox about its link (type "link", field "state").
LOST, BACK, FAILED, GONE = "lost", "back", "failed", "gone"
# Why a link failed or ended (field "reason"), beside the server's own refusals.
UNREACHABLE, SERVER_GONE, FLOODED = "unreachable", "server-gone", "flooded"


class Flooded(Exception):
    """The server sent more than the inbox holds (MAX_INBOX)."""


class StaleSeat(Exception):
    """The seat kept on disk was refused: the client takes its place as asked instead."""


class TableClient:
    """One person's (or spectator's) connection to a table, on a thread of its own."""

    def __init__(self, url: str, name: str, place: Place, *,
                 reconnect_s: float = HOLD_S, kept: KeptSeat | None = None,
                 protocol: int | None = None) -> None:
        self.url = url
        self.protocol = protocol or PROTOCOL
        """The protocol said in ``hello`` (SEALED_PROTOCOL: it may sit at a sealed table)."""
        self.name = name
        self.place = place
        """The message that takes a place: host, join or watch."""
        self.kept = kept
        """The seat at this table kept on disk: its token is asked for first, and each
        token the server gives is kept there."""
        self._resuming = kept is not None and kept.token is not None
        self.reconnect_s = reconnect_s
        self.inbox: queue.Queue[Received] = queue.Queue()
        self.token: str | None = None
        self.finished = False
        """True once the link has ended for good (left, refused, gone)."""
        self._loop: asyncio.AbstractEventLoop | None = None
        self._connection: ClientConnection | None = None
        self._main_task: asyncio.Task[None] | None = None
        self._closing = False
        self._ready = threading.Event()
        self._thread = threading.Thread(target=self._run, daemon=True, name="table client")
        self._thread.start()
        self._ready.wait(5)

    # -- the caller's side ---------------------------------------------------------------------
    def send(self, message: ClientMessage) -> None:
        """Send ``message`` when connected (a move sent while away is dropped: the server
        asks again when the connection is back)."""
        if not self.finished:
            self._call(self._send_now, message)
        if message["type"] == "leave" and self.kept is not None:
            self.kept.forget()  # (a seat given up is not asked for again)

    def close(self, timeout: float = 3.0) -> None:
        """Say goodbye (a game in progress counts as lost: send ``leave`` first for that)
        and end the thread."""
        self._closing = True
        if self._thread.is_alive():
            self._call(self._close_now)
            self._thread.join(timeout)

    def drop(self) -> None:
        """Cut the connection as a network fault would (tests): the client reconnects."""
        self._call(self._abort)

    def _call(self, callback: Callable[..., None], *args: Any) -> None:
        """Run ``callback`` on the client's loop while it runs: it closes as the link ends,
        which may happen between any look at the client and this call."""
        loop = self._loop
        if loop is not None:
            try:
                loop.call_soon_threadsafe(callback, *args)
            except RuntimeError:  # the loop has closed: the link has ended, nothing to do
                pass

    def messages(self) -> list[Received]:
        """Everything that came since the last call, without waiting."""
        out = []
        while True:
            try:
                out.append(self.inbox.get_nowait())
            except queue.Empty:
                return out

    # -- the thread ----------------------------------------------------------------------------
    def _run(self) -> None:
        try:
            asyncio.run(self._main())
        except asyncio.CancelledError:  # closed while the connection was still opening
            self.finished = True

    async def _main(self) -> None:
        self._main_task = asyncio.current_task()
        self._loop = asyncio.get_running_loop()
        self._wake = asyncio.Event()
        self._ready.set()
        first = True
        gave_up_at: float | None = None
        delays: Iterator[float] = iter(())
        while not self._closing:
            try:
                async with connect(self.url, open_timeout=OPEN_S, max_size=MAX_MESSAGE_BYTES,
                                   compression=None, close_timeout=2, proxy=None,
                                   user_agent_header=None) as connection:
                    self._connection = connection
                    await self._greet(connection, first)
                    await asyncio.wait_for(self._placed(connection), PLACE_S)
                    first, gave_up_at = False, None
                    async for raw in connection:
                        self._take(raw)
                    self._connection = None
            except (OSError, InvalidHandshake, InvalidURI, asyncio.TimeoutError, TimeoutError) as error:
                self._connection = None
                if first:
                    self._end(FAILED, UNREACHABLE, _why(error))
                    return
                if isinstance(error, ConnectionRefusedError):  # nothing listens there now:
                    self._end(GONE, SERVER_GONE)  # its tables ended with it (a host killed)
                    return
            except ConnectionClosed:
                self._connection = None
            except StaleSeat:
                self._connection = None
                continue  # (first still: the place as asked, at once)
            except Flooded:
                self._connection = None
                self._end(GONE, FLOODED)
                return
            if self.finished or self._closing:
                break
            if self.token is None:  # nothing to come back to
                self._end(GONE, SERVER_GONE)
                return
            now = self._loop.time()
            if gave_up_at is None:
                gave_up_at = now + self.reconnect_s
                delays = iter(RETRY_S)
                self.inbox.put({"type": "link", "state": LOST})
            if now >= gave_up_at:
                self._end(GONE, SERVER_GONE)
                return
            wait = min(next(delays, RETRY_S[-1]), max(0.0, gave_up_at - now))
            try:
                await asyncio.wait_for(self._wake.wait(), wait)
            except asyncio.TimeoutError:
                pass
        self.finished = True

    async def _greet(self, connection: ClientConnection, first: bool) -> None:
        await connection.send(dump(hello(self.protocol, self.name, f"tcf-gui {__version__}")))
        if first and self._resuming and self.kept is not None and self.kept.token is not None:
            await connection.send(dump(resume(self.kept.token)))
        elif first:
            await connection.send(dump(self.place))
        else:
            assert self.token is not None  # (_main comes back only with a token)
            await connection.send(dump(resume(self.token)))
            self.inbox.put({"type": "link", "state": BACK})

    async def _placed(self, connection: ClientConnection) -> None:
        """Read what the server says until it seats this client or refuses it (a server that
        never does is given PLACE_S)."""
        while True:
            raw = await connection.recv()
            if self._resuming and _refusal(raw):
                self._resuming = False  # the seat kept is gone: join as asked
                raise StaleSeat
            if self._take(raw) in ("seated", "refused"):
                self._resuming = False
                return

    def _take(self, raw: str | bytes) -> str | None:
        """Put a message on the inbox; its type (None for nonsense, passed over). Flooded
        when the inbox is full."""
        if self.inbox.qsize() >= MAX_INBOX:
            raise Flooded
        try:
            message = json.loads(raw)
        except (ValueError, RecursionError):  # (JSON nested past Python's recursion limit)
            return None  # a server that talks nonsense: its messages are passed over
        if not isinstance(message, dict) or not isinstance(message.get("type"), str):
            return None
        if message["type"] == "seated" and checks.token(message.get("token")):
            self.token = message["token"]
            if self.kept is not None:
                self.kept.keep(self.token)
        if message["type"] == "refused":
            self.finished = True
        self.inbox.put(message)
        return message["type"]

    def _send_now(self, message: ClientMessage) -> None:
        connection = self._connection
        if connection is not None:
            asyncio.ensure_future(_quietly(connection.send(dump(message))))

    def _close_now(self) -> None:
        self._wake.set()
        connection = self._connection
        if connection is not None:
            asyncio.ensure_future(_quietly(connection.close()))
        elif self._main_task is not None:  # still opening (up to OPEN_S): stop at once
            self._main_task.cancel()

    def _abort(self) -> None:
        connection = self._connection
        if connection is not None and connection.transport is not None:
            connection.transport.abort()

    def _end(self, state: str, reason: str, detail: str = "") -> None:
        self.finished = True
        self.inbox.put({"type": "link", "state": state, "reason": reason, "detail": detail})


async def _quietly(work: Any) -> None:
    try:
        await work
    except (ConnectionClosed, OSError):
        pass


def _refusal(raw: str | bytes) -> bool:
    """Whether ``raw`` is a server's ``refused``."""
    try:
        message = json.loads(raw)
    except (ValueError, RecursionError):
        return False
    return isinstance(message, dict) and message.get("type") == "refused"


def _why(error: BaseException) -> str:
    """A failure to connect in a few words."""
    if isinstance(error, socket.gaierror):
        return _("no such host")
    if isinstance(error, ConnectionRefusedError):
        return _("connection refused: no server listens there")
    if isinstance(error, (asyncio.TimeoutError, TimeoutError)):
        return _("no answer")
    if isinstance(error, InvalidHandshake):
        return _("not a table server")
    return str(error) or type(error).__name__
