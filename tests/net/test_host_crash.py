"""A host whose window or terminal was killed: at a server it joined (``tcf-gui server``) it
gets its seat back by hosting there again, as a friend who joined does; with a server in its
own process the table ends with it, the friend is told at once, and the host's next start
says the table was lost. On the loopback, each wait bounded."""
from __future__ import annotations

import time

from tcf_gui.net import messages
from tcf_gui.net.start import open_link
from tcf_gui.net.words import link_line

from netplay import WAIT_S, Player, start_server


def hosting() -> messages.Host:
    return messages.host(0, False, open_hands=False)


def test_a_host_killed_at_a_server_it_joined_gets_its_seat_back_by_hosting_there_again():
    """The friend's seat was kept on disk and taken back; the host's was not: its window
    killed, hosting again opened another table, and the game was lost after the hold."""
    thread, url = start_server(seed=4)
    address = url.removeprefix("ws://")
    try:
        ann = Player(url, "Ann", {}, client=open_link(address, "Ann", hosting()).client)
        code = ann.until_type("seated")["code"]
        bob = Player(url, "Bob", {"type": "join", "code": code})
        bob.until_type("ask")
        ann.until_type("ask")
        ann.move(1)
        ann.close()  # killed: no leave, the connection just ends
        assert bob.until_type("friend")["present"] is False
        again = Player(url, "Ann", {}, client=open_link(address, "Ann", hosting()).client)
        seated = again.until_type("seated")
        assert (seated["seat"], seated["code"], seated["names"]) == (1, code, ["Ann", "Bob"])
        assert bob.until_type("friend")["present"] is True
        bob.move(0)  # the host's move, committed before the crash, is opened from the disk
        assert again.until_type("turn")["slots"] == [1, 0]
        again.client.send(messages.leave())
        again.close()
        bob.close()
    finally:
        thread.stop()


def test_a_host_whose_own_server_ends_tells_its_friend_at_once_and_says_so_next_time(
        monkeypatch):
    """With the server in the host's process, the table cannot outlive it: the friend
    retried for the whole hold (a minute) before it was told; it is now told as soon as
    its reconnect is refused, the game not finished (kept so, never as a loss). The host's
    next start says its last table was lost; a table closed properly is not."""
    # a free port of its own: the usual one may be another test's (or program's) server,
    # which the friend's reconnect would then reach
    monkeypatch.setattr("tcf_gui.net.start.DEFAULT_PORT", 0)
    link = open_link(None, "Ann", hosting())
    assert link.server is not None and not link.lost
    ann = Player("", "Ann", {}, client=link.client)
    code = ann.until_type("seated")["code"]
    bob = Player(link.client.url, "Bob", {"type": "join", "code": code}, reconnect_s=WAIT_S)
    bob.until_type("deal")  # (the server's own secret: a flush dealt may end the game at once)
    killed = time.monotonic()
    link.server.kill()  # the host's process killed: its server goes with it
    gone = bob.until(lambda m: m["type"] == "link" and m["state"] == "gone")
    assert time.monotonic() - killed < WAIT_S / 2  # not the whole hold
    line = link_line(gone, "127.0.0.1:1")
    assert "went away" in line and "not finished" in line and "\n" not in line
    ann.close()
    bob.close()
    for lost in (True, False):  # the next start, then one after a table closed properly
        again = open_link(None, "Ann", hosting())
        assert again.lost is lost
        player = Player("", "Ann", {}, client=again.client)
        player.until_type("seated")
        player.close()
        again.close()
