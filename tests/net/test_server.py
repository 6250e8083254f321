"""The table server on the loopback: whole games, bad clients, wrong codes, dropped and
abandoned connections, a killed server. Every wait reads a message (with a time limit);
none sleeps."""
from __future__ import annotations

import asyncio
import json
import socket
from types import SimpleNamespace

import pytest
from websockets.exceptions import ConnectionClosed
from websockets.sync.client import connect

from tcf_gui.engine.game import Game
from tcf_gui.net.client import TableClient
from tcf_gui.net.protocol import MAX_MESSAGE_BYTES, PROTOCOL, SEALED_PROTOCOL
from tcf_gui.net.server import ServerThread
from tcf_gui.net.start import own_server
from tcf_gui.net.words import link_line, refusal_line

from netplay import (WAIT_S, Player, dealt_seed, host_place, play_out, play_turn, sit_two,
                     start_server)

SEED = 4  # a game of several turns when Player 1 keeps slot 0 and Player 2 slot 2


@pytest.fixture
def server():
    thread, url = start_server(seed=SEED)
    yield url
    thread.stop()


def test_two_clients_play_a_seeded_game_as_the_engine_plays_it(server):
    host, friend = sit_two(server)
    play_out(host, friend)
    engine = Game.replay(dealt_seed(SEED), host.table.moves)
    assert engine.over and engine.turns >= 2
    for player in (host, friend):
        ending = player.table.ending
        assert ending.verdict.verified, ending.verdict.problem
        assert ending.game.events == engine.events
        assert ending.winner == engine.outcome.winner
    host.close()
    friend.close()


def hello(name: str = "Eve") -> str:
    return json.dumps({"type": "hello", "protocol": PROTOCOL, "name": name, "client": "test"})


def bad_wrong_code(ws) -> None:
    ws.send(json.dumps({"type": "join", "code": "000-000-000"}))


def bad_oversized(ws) -> None:
    ws.send(json.dumps({"type": "join", "code": "x" * (2 * MAX_MESSAGE_BYTES)}))


def bad_json(ws) -> None:
    ws.send("{this is not json")


def bad_unknown_type(ws) -> None:
    ws.send(json.dumps({"type": "deal-me-aces"}))


def bad_flood(ws) -> None:
    for _ in range(200):
        ws.send(json.dumps({"type": "rematch"}))


def bad_not_utf8(ws) -> None:
    ws.send(b'{"type": "leave"\xff}', text=True)


def bad_fragments(ws) -> None:
    ws.send(['{"type": ', '"leave"}'])


def bad_binary(ws) -> None:
    ws.send(b'{"type": "leave"}')


#: Misbehaviours of a client at a table (its messages taken as they come: Counted.taker).
AT_A_TABLE = (bad_flood, bad_not_utf8, bad_fragments, bad_binary)


@pytest.mark.parametrize("misbehave", [bad_wrong_code, bad_oversized, bad_json,
                                       bad_unknown_type, *AT_A_TABLE])
def test_a_bad_client_loses_its_connection_and_the_other_table_goes_on(server, misbehave):
    host, friend = sit_two(server)
    play_turn(host, friend)
    with connect(server, compression=None, max_size=None, proxy=None) as ws:
        ws.send(hello())
        assert json.loads(ws.recv(timeout=WAIT_S))["type"] == "welcome"
        if misbehave in AT_A_TABLE:
            ws.send(json.dumps(host_place()))
            ws.recv(timeout=WAIT_S)
        try:
            misbehave(ws)
        except ConnectionClosed:
            pass
        with pytest.raises(ConnectionClosed):
            while True:
                ws.recv(timeout=WAIT_S)
        assert ws.close_code in (1002, 1008, 1009)
    play_turn(host, friend)  # the table goes on
    assert len(host.table.moves) == 2 and len(friend.table.moves) == 2


def test_wrong_codes_are_refused_then_slowed_then_blocked():
    thread, url = start_server(slow_s=0.001)
    reasons = []
    try:
        for _ in range(12):
            player = Player(url, "Mallory", {"type": "join", "code": "000-000-000"})
            reasons.append(player.until_type("refused")["reason"])
            player.close()
    finally:
        thread.stop()
    assert reasons[:3] == ["wrong-code"] * 3
    assert set(reasons[3:10]) == {"slow-down"}
    assert reasons[10:] == ["blocked"] * 2
    assert "No table" in refusal_line("wrong-code", "x") and "ten minutes" in refusal_line(
        "blocked", "x")


def test_a_dropped_client_reconnects_and_the_game_goes_on(server):
    host, friend = sit_two(server)
    play_turn(host, friend)
    friend.client.drop()
    friend.until(lambda m: m["type"] == "link" and m["state"] == "lost")
    friend.until(lambda m: m["type"] == "link" and m["state"] == "back")
    friend.until_type("ask")
    host.until(lambda m: m["type"] == "friend" and m["present"])  # (after "away", if seen)
    play_turn(host, friend)
    assert friend.table.moves == host.table.moves and len(host.table.moves) == 2


def test_a_client_gone_longer_than_the_hold_loses():
    thread, url = start_server(seed=SEED, hold_s=0.3)
    try:
        host, friend = sit_two(url, reconnect_s=0.0)
        friend.client.close()
        over = host.until_type("over")
        assert over["abandoned_by"] == 2 and over["winner"] == 1
        assert host.table.ending.verdict.verified
    finally:
        thread.stop()


def test_a_killed_server_is_one_line_on_the_client():
    thread, url = start_server(seed=SEED)
    host, friend = sit_two(url, reconnect_s=0.5)
    thread.kill()
    gone = host.until(lambda m: m["type"] == "link" and m["state"] == "gone")
    line = link_line(gone, "127.0.0.1")
    assert "\n" not in line and "went away" in line and "not finished" in line
    assert host.table.in_game  # the window records it as unfinished


def test_an_unreachable_address_is_one_line():
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port = probe.getsockname()[1]
    player = Player(f"ws://127.0.0.1:{port}", "Ann", host_place())
    failed = player.until_type("link")
    assert failed["state"] == "failed"
    assert link_line(failed, f"127.0.0.1:{port}") == (
        f"Cannot reach 127.0.0.1:{port}: connection refused: no server listens there")


def test_a_client_whose_link_ended_closes_quietly_whenever_it_is_told():
    """The link ends (here: nobody listens), and the client's loop closes while its thread
    is still winding down: close, send and drop at that moment say nothing, raise nothing."""
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port = probe.getsockname()[1]
    client = TableClient(f"ws://127.0.0.1:{port}", "Ann", host_place())
    assert client.inbox.get(timeout=WAIT_S)["state"] == "failed"
    client._thread.join(WAIT_S)
    closed = asyncio.new_event_loop()
    closed.close()
    client._loop = closed  # the moment between the loop closing and the thread ending
    client._thread = SimpleNamespace(is_alive=lambda: True, join=lambda timeout: None)
    client.finished = False
    client.send({"type": "leave"})
    client.drop()
    client.close()


def test_a_port_in_use_is_an_error_with_its_errno():
    with socket.socket() as taken:
        taken.bind(("127.0.0.1", 0))
        taken.listen()
        with pytest.raises(OSError) as error:
            own_server(taken.getsockname()[1])
    from tcf_gui.net.server import port_in_use
    assert port_in_use(error.value)


def test_a_spectator_watches_only_where_the_host_allows(server):
    host = Player(server, "Ann", host_place(spectators=False))
    host.until_type("seated")
    watcher = Player(server, "Eve", {"type": "watch", "code": host.table.code})
    assert watcher.until_type("refused")["reason"] == "table-full"
    open_host = Player(server, "Cy", host_place(spectators=True))
    open_host.until_type("seated")
    watcher = Player(server, "Eve", {"type": "watch", "code": open_host.table.code})
    assert watcher.until_type("seated")["seat"] == 0
    friend = Player(server, "Dee", {"type": "join", "code": open_host.table.code})
    friend.until_type("ask")
    deal = watcher.until_type("deal")
    assert deal["hand"] is None and deal["opponent_hand"] is None
    third = Player(server, "Fay", {"type": "join", "code": open_host.table.code})
    assert third.until_type("refused")["reason"] == "table-full"


def test_a_server_of_ones_own_on_any_free_port_answers_on_the_loopback(monkeypatch):
    """With the usual port taken the server listens on any free port: the port it gives
    is the one the loopback answers on (on every interface: the test after the next)."""
    import tcf_gui.net.start as start

    with socket.socket() as taken:
        taken.bind(("127.0.0.1", 0))
        taken.listen()
        monkeypatch.setattr(start, "DEFAULT_PORT", taken.getsockname()[1])
        server, port = start.own_server()
        try:
            assert port != taken.getsockname()[1]
            socket.create_connection(("127.0.0.1", port), timeout=5).close()
        finally:
            server.stop()


def test_a_server_of_ones_own_is_announced_by_the_host_s_name(monkeypatch):
    """With the [lan] extra, a window or terminal that hosts announces its server by the
    player's name, and takes the announcement back when it stops (zeroconf stands in here:
    the tests stay on the loopback)."""
    import threading

    said: list[object] = []
    announced = threading.Event()

    class Announcement:
        async def close(self) -> None:
            said.append("taken back")

    async def announce(port: int, label: str) -> Announcement:
        said.append((port, label))
        announced.set()
        return Announcement()

    monkeypatch.setattr("tcf_gui.net.discovery.announce", announce)
    server, port = own_server(label="Ann")
    assert announced.wait(WAIT_S)
    server.stop()
    assert said == [(port, "Ann"), "taken back"]


def test_a_server_heard_on_the_network_is_shown_by_its_name_without_the_port():
    """The Join menu shows "Ann on kitchen (10.0.0.5:8765)", not the port twice; a name
    zeroconf had to change to keep it apart keeps its change."""
    from tcf_gui.net.discovery import SERVICE, heard_label

    assert heard_label(f"Ann on kitchen (8765).{SERVICE}", 8765) == "Ann on kitchen"
    assert heard_label(f"Ann on kitchen (8765) (2).{SERVICE}", 8765) == "Ann on kitchen (8765) (2)"
    assert heard_label(f"Ann on kitchen (8765).{SERVICE}", None) == "Ann on kitchen (8765)"
    assert heard_label(f" (8765).{SERVICE}", 8765) == " (8765)"


def test_a_server_on_every_interface_answers_on_its_one_port_over_ipv4_and_ipv6():
    """Listening on every interface on a free port is one socket and one port (asyncio's
    socket per family would each get a free port of their own, and a friend given the
    IPv4 one could find nobody there). Only the loopback is used to reach it."""
    thread = ServerThread(host=None, port=0)
    port = thread.start()
    try:
        for where in (f"127.0.0.1:{port}", f"[::1]:{port}"):
            player = Player(f"ws://{where}", "Ann", host_place())
            assert player.until_type("seated")["seat"] == 1
            player.close()
    finally:
        thread.stop()


def test_another_protocol_version_is_refused_in_one_clear_line(server, monkeypatch):
    monkeypatch.setattr("tcf_gui.net.client.PROTOCOL", SEALED_PROTOCOL + 1)  # a newer client than this server
    player = Player(server, "Ann", host_place())
    refused = player.until_type("refused")
    assert refused["reason"] == "version"
    line = refusal_line(refused["reason"], "127.0.0.1:8765")
    assert line == ("The server at 127.0.0.1:8765 speaks another version of the game: update "
                    "one of the two")
    player.close()


def test_a_client_that_says_hello_and_takes_no_place_is_not_kept(monkeypatch):
    """Hello, then nothing: the connection was held for ever (the keepalive pings answered
    by the client's library), so a few addresses could fill the server's connections with
    clients that never play. The place must come as the hello did, within HELLO_S."""
    monkeypatch.setattr("tcf_gui.net.server.HELLO_S", 0.5)
    thread, url = start_server()
    try:
        with connect(url, compression=None, proxy=None) as ws:
            ws.send(hello())
            assert json.loads(ws.recv(timeout=WAIT_S))["type"] == "welcome"
            assert json.loads(ws.recv(timeout=10)) == {"type": "refused", "reason": "timeout"}
        host = Player(url, "Ann", host_place())  # one that takes its place at once is seated
        assert host.until_type("seated", "refused")["type"] == "seated"
        host.close()
    finally:
        thread.stop()


def test_a_server_of_ones_own_opens_no_tables_for_strangers():
    """The window's server (and play --text --host's) listens on every interface for the
    friend to join; anyone who reached it could also open tables there, up to the 2000 of a
    public server, in the host's game. It opens tables for this machine only."""
    from tcf_gui.net.limits import Limits
    from tcf_gui.net.server import on_this_machine

    assert all(map(on_this_machine, ["127.0.0.1", "::1", "::ffff:127.0.0.1", "127.3.4.5"]))
    assert not any(map(on_this_machine, ["192.0.2.7", "::ffff:192.0.2.7", "2001:db8::1", "?"]))
    server, port = own_server()
    try:
        assert server.tables is not None and server.tables.limits.local_tables
    finally:
        server.stop()
    thread = ServerThread(limits=Limits(local_tables=True, behind_proxy=True))
    url = f"ws://127.0.0.1:{thread.start()}"
    try:
        host = Player(url, "Ann", host_place())
        code = host.until_type("seated")["code"]
        for forwarded, wanted in (("192.0.2.7", "server-full"), ("127.0.0.1", "seated")):
            with connect(url, compression=None, proxy=None,
                         additional_headers={"X-Forwarded-For": forwarded}) as ws:
                ws.send(hello())
                ws.send(json.dumps(host_place()))
                answers = [json.loads(ws.recv(timeout=WAIT_S)) for _ in range(2)]
                assert answers[1].get("reason", answers[1]["type"]) == wanted
        friend = Player(url, "Bob", {"type": "join", "code": code})  # the friend joins
        friend.until_type("deal")  # (not "ask": a dealt flush ends the game before any)
        host.close()
        friend.close()
    finally:
        thread.stop()


def test_addresses_that_gave_wrong_codes_long_ago_are_forgotten():
    """Each address that gave a wrong code was kept until it came back, so one that never
    did stayed for good: a server up for months, or a client with many addresses (IPv6
    gives each household billions), grew it without end. Old ones are now forgotten."""
    from tcf_gui.net.server import BLOCK_S, Attempts

    now = [0.0]
    attempts = Attempts(lambda: now[0])
    for day in range(5):
        for number in range(3000):
            attempts.wrong(f"2001:db8:{day:x}::{number:x}")
        now[0] += BLOCK_S
    assert len(attempts) < 2 * 3000
    attempts.wrong("192.0.2.7")
    assert attempts.delay("192.0.2.7", 1.0) == 0.0 and not attempts.blocked("192.0.2.7")
    for _ in range(9):
        attempts.wrong("192.0.2.7")
    assert attempts.blocked("192.0.2.7")
