"""The server's own accept (tcf_gui.net.accept): a connection past the limits is cut before
anything is made for it; where the loop cannot watch a socket, asyncio's accept serves."""
from __future__ import annotations

import asyncio
import errno
import logging
import os
import socket
import time
from asyncio.selector_events import BaseSelectorEventLoop

import pytest

from tcf_gui.net import accept
from tcf_gui.net.accept import Acceptor
from tcf_gui.net.server import Counted

from netplay import WAIT_S, play_out, sit_two, start_server


def closed_by_the_server(sock: socket.socket) -> bool:
    """Whether the server closed ``sock`` (reset or ended) within WAIT_S."""
    sock.settimeout(WAIT_S)
    try:
        return sock.recv(4096) == b""
    except ConnectionResetError:
        return True
    except socket.timeout:
        return False


def made_for_strangers_past_the_cap(monkeypatch) -> int:
    """Seven sockets from one address against a server's cap of 2 per address, the honest
    table playing meanwhile: each of the five past the cap is closed; how many websockets
    connections the server made for the seven."""
    made = []
    original = Counted.__init__

    def counting(self, *args, **kwargs):
        made.append(self)
        original(self, *args, **kwargs)

    monkeypatch.setattr(Counted, "__init__", counting)
    thread, url = start_server(seed=4, per_address=2)
    port = int(url.rsplit(":", 1)[1])
    sockets: list[socket.socket] = []
    players: list = []
    try:
        players[:] = host, friend = sit_two(url)
        made.clear()
        for _ in range(7):
            sock = socket.socket()
            sock.bind(("127.0.0.9", 0))
            sock.connect(("127.0.0.1", port))
            sockets.append(sock)
            time.sleep(0.05)  # (accepted in this order)
        cut = [closed_by_the_server(sock) for sock in sockets[2:]]
        play_out(host, friend)  # (the honest table plays to its end meanwhile)
    finally:
        for one in [*players, *sockets]:
            one.close()
        thread.stop()
    assert cut == [True] * 5
    return len(made)


def test_a_connection_past_the_cap_is_cut_before_a_connection_is_made(monkeypatch):
    # (asyncio's accept made all 7, and cut 5 once made)
    assert made_for_strangers_past_the_cap(monkeypatch) == 2


def test_where_the_loop_cannot_watch_a_socket_asyncio_accepts_and_the_cap_holds(monkeypatch):
    """Windows' proactor loop has no add_reader: each connection counts itself."""
    add_reader = BaseSelectorEventLoop.add_reader

    def no_acceptor(self, fd, callback, *args):
        if isinstance(getattr(callback, "__self__", None), Acceptor):
            raise NotImplementedError
        return add_reader(self, fd, callback, *args)

    monkeypatch.setattr(BaseSelectorEventLoop, "add_reader", no_acceptor)
    assert made_for_strangers_past_the_cap(monkeypatch) == 7


class FailsOnce(socket.socket):
    """A listening socket whose first accept fails with ``failure``."""

    failure = 0

    def accept(self):  # type: ignore[override]
        if self.failure:
            failure, self.failure = self.failure, 0
            raise OSError(failure, os.strerror(failure))
        return super().accept()


@pytest.mark.parametrize("failure", [errno.EMFILE, errno.ECONNABORTED])
def test_when_an_accept_fails_the_next_connection_is_still_served(failure, monkeypatch,
                                                                  caplog):
    """Out of files, it waits RETRY_S and accepts again, as asyncio does (the connection
    waits in the listen queue meanwhile); a connection gone before it was accepted is passed
    over at once, with no word."""
    monkeypatch.setattr(accept, "RETRY_S", 0.1)
    admitted: list[object] = []

    async def main() -> float:
        listening = FailsOnce()
        listening.failure = failure
        listening.bind(("127.0.0.1", 0))
        listening.listen()
        listening.setblocking(False)
        loop = asyncio.get_running_loop()
        made = loop.create_future()

        def connection(key: str) -> asyncio.Protocol:
            made.set_result(key)
            return asyncio.Protocol()

        def admit(peer: object) -> str:
            admitted.append(peer)
            return "127.0.0.1"

        assert Acceptor([listening], admit, lambda key: None, connection).start()
        started = time.perf_counter()
        _, writer = await asyncio.open_connection(*listening.getsockname())
        assert await asyncio.wait_for(made, WAIT_S) == "127.0.0.1"
        waited = time.perf_counter() - started
        writer.close()
        loop.remove_reader(listening.fileno())
        listening.close()
        return waited

    with caplog.at_level(logging.WARNING, logger="tcf_gui.net.accept"):
        waited = asyncio.run(main())
    assert len(admitted) == 1
    out_of_files = failure == errno.EMFILE
    assert waited >= 0.1 or not out_of_files
    assert ("cannot accept a connection" in caplog.text) == out_of_files  # (paused or not)
