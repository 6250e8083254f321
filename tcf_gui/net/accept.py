"""The server's own accept: a connection past the server's limits is closed the moment it is
accepted, before asyncio makes a task, a transport and websockets a connection for it.

asyncio's accept made all of these for every connection: 85 µs of the server's CPU for one
cut at once, about 55 µs with this module. A stranger holding more sockets than its address
may open comes back in waves of a thousand, and each wave's tasks queued in front of the
tables' moves (docs/benchmarks.md). A connection within the limits is handed to asyncio as
an accepted socket and served as before.

Where the event loop cannot watch a socket (Windows' proactor loop), ``Acceptor.start`` says
so and asyncio's own accept serves; the connection then counts itself (server.Counted).
"""
from __future__ import annotations

import asyncio
import errno
import logging
import socket
from typing import Any, Callable, Iterable

log = logging.getLogger(__name__)

#: Connections accepted at most in one wake-up (asyncio's own number).
ACCEPT_BATCH = 100
#: Seconds before accepting again once the system could not accept (no file or memory left).
RETRY_S = 1.0
#: A connection gone before it was accepted: the next one is taken.
_ABORTED = {errno.ECONNABORTED, errno.EPROTO}


class Acceptor:
    """Accepts on ``sockets`` (listening, non-blocking): ``admit`` gives a peer's key, or None
    for one to cut; each admitted connection is served by the asyncio protocol
    ``connection(key)`` makes, which releases the key once its connection is lost; when no
    protocol could be made, ``release(key)`` is called here."""

    def __init__(self, sockets: Iterable[Any], admit: Callable[[Any], str | None],
                 release: Callable[[str], None],
                 connection: Callable[[str], asyncio.Protocol]) -> None:
        # asyncio's servers show their sockets wrapped (no accept): the socket inside is
        # taken where there is one (a private attribute, so looked for with care).
        self.sockets = [getattr(sock, "_sock", sock) for sock in sockets]
        self.admit, self.release, self.connection = admit, release, connection
        self.loop = asyncio.get_running_loop()
        self._opening: set[asyncio.Task[None]] = set()

    def start(self) -> bool:
        """Watch every socket in asyncio's stead (the server serving: its socket's reader is
        replaced, and removed when the server closes); False where this loop cannot watch a
        socket (asyncio's accept goes on then)."""
        if not all(isinstance(sock, socket.socket) for sock in self.sockets):
            return False
        try:
            for sock in self.sockets:
                self.loop.add_reader(sock.fileno(), self._ready, sock)
        except NotImplementedError:
            return False
        return True

    def _ready(self, sock: socket.socket) -> None:
        for _ in range(ACCEPT_BATCH):
            try:
                conn, peer = sock.accept()
            except (BlockingIOError, InterruptedError):
                return
            except OSError as error:
                if error.errno in _ABORTED:
                    continue
                # (out of files or memory, say: the connections wait in the listen queue)
                log.warning("tcf-gui server: cannot accept a connection (%s); trying again "
                            "in %g s", error.strerror, RETRY_S)
                self.loop.remove_reader(sock.fileno())
                self.loop.call_later(RETRY_S, self._again, sock)
                return
            key = self.admit(peer)
            if key is None:
                conn.close()
                continue
            task = self.loop.create_task(self._open(conn, key))
            self._opening.add(task)
            task.add_done_callback(self._opening.discard)

    def _again(self, sock: socket.socket) -> None:
        if sock.fileno() != -1:  # (not closed with the server meanwhile)
            self.loop.add_reader(sock.fileno(), self._ready, sock)

    async def _open(self, conn: socket.socket, key: str) -> None:
        made: list[asyncio.Protocol] = []

        def protocol() -> asyncio.Protocol:
            made.append(self.connection(key))
            return made[0]

        try:
            await self.loop.connect_accepted_socket(protocol, conn)
        except (OSError, RuntimeError):  # (a protocol made has its transport: it releases)
            conn.close()
            if not made:
                self.release(key)

