"""A connection's messages on the server, taken as they come (``Counted.taker``): no future
set and no task woken a message, as websockets' ``recv`` would (a thousand connections send a
few each a turn).

Before the client is at a table its messages wait here, in order, for ``next`` (its hello,
then its place, each within a deadline); once it is seated each goes straight to the table
(``seat``), the ones that came early first. Set when the connection's handler starts, before
any message can come (a client speaks only once its handshake is answered), so that none is
left unread in websockets' own queue."""
from __future__ import annotations

import asyncio
from collections import deque
from typing import Any, Callable

from websockets.frames import Frame, Opcode

from tcf_gui.net.protocol import BAD_MESSAGE, RATE, TIMEOUT, ProtocolError

#: Messages a client may send before its place is answered (its hello and its place, and a
#: few it sent without waiting, taken once it is seated).
EARLY = 8


class Inbox:
    """One connection's messages. ``stopped`` is set once a message ended the connection, and
    ``failure`` gives what did (kept apart from the future: an error a future holds is held
    with its traceback, which holds whoever raised it, and them the future: a reference
    cycle, and one never retrieved is logged)."""

    def __init__(self, allowed: Callable[[], bool]) -> None:
        self.allowed = allowed
        """Takes a message from the connection's rate limit: False past it."""
        self.early: deque[str | bytes] = deque()
        self.at_table: Callable[[str | bytes], None] | None = None
        self.arrived = asyncio.Event()
        self.stopped: asyncio.Future[None] = asyncio.get_running_loop().create_future()
        self._error: Exception | None = None

    def take(self, frame: Frame) -> None:
        """A message's frame as it comes, in order."""
        if self.stopped.done():
            return
        try:
            if not self.allowed():
                raise ProtocolError(RATE)
            text = _text(frame)
            if self.at_table is not None:
                self.at_table(text)
            elif len(self.early) >= EARLY:
                raise ProtocolError(BAD_MESSAGE, "too many messages before a place")
            else:
                self.early.append(text)
                self.arrived.set()
        except Exception as error:
            self._stop(error)

    def _stop(self, error: Exception) -> None:
        self._error = error.with_traceback(None)  # (the traceback holds this frame)
        self.stopped.set_result(None)

    def failure(self) -> Exception:
        """What stopped the connection (once: raised, it is the raiser's alone)."""
        error, self._error = self._error, None
        return error if error is not None else ProtocolError(BAD_MESSAGE)

    async def next(self, seconds: float, closed: asyncio.Future[None]) -> str | bytes | None:
        """The next message before the client is seated; None once the connection closed,
        ProtocolError (timeout) when none comes in ``seconds``, or what stopped it."""
        if not self.early:
            self.arrived.clear()
            arrival = asyncio.ensure_future(self.arrived.wait())
            awaited: list[asyncio.Future[Any]] = [arrival, self.stopped, closed]
            await asyncio.wait(awaited, timeout=seconds, return_when=asyncio.FIRST_COMPLETED)
            arrival.cancel()
        if self.stopped.done():
            raise self.failure()
        if self.early:
            return self.early.popleft()
        if closed.done():
            return None
        raise ProtocolError(TIMEOUT)

    def seat(self, at_table: Callable[[str | bytes], None]) -> None:
        """From now on each message goes to ``at_table``: first those that came early."""
        while self.early and not self.stopped.done():
            text = self.early.popleft()
            try:
                at_table(text)
            except Exception as error:
                self._stop(error)
        self.at_table = at_table


def _text(frame: Frame) -> str | bytes:
    """A whole message's text (bytes for a binary one, which tcf_gui.net.messages.parse
    refuses); ProtocolError for one in fragments, or not UTF-8."""
    if not frame.fin or frame.opcode is Opcode.CONT:
        raise ProtocolError(BAD_MESSAGE, "a message in fragments")
    data = bytes(frame.data)
    if frame.opcode is not Opcode.TEXT:
        return data
    try:
        return data.decode()
    except UnicodeDecodeError:
        raise ProtocolError(BAD_MESSAGE, "not UTF-8") from None
