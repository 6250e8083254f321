"""Hostile strangers on the loopback against a public server: bad resume tokens, a resume
flood, tables hogged from many addresses, handshakes that never finish, join codes guessed
from many addresses. Each attack is refused or bounded, and an honest table plays on.

"Many addresses" are 127.0.0.x: every one of them is this machine's loopback on Linux, and
a client binds its socket to one (``source_address``)."""
from __future__ import annotations

import asyncio
import contextlib
import gc
import json
import logging
import socket
import time
from contextlib import ExitStack
from types import SimpleNamespace

import pytest
from websockets.exceptions import ConnectionClosed
from websockets.protocol import State
from websockets.sync.client import connect

from tcf_gui.net.limits import Limits
from tcf_gui.net.protocol import PROTOCOL, SERVER_FULL, TOKEN, ProtocolError
from tcf_gui.net.server import WRITE_LIMIT, Client, TableServer, address_key

from netplay import WAIT_S, Player, host_place, play_out, play_turn, sit_two, start_server


def hello(name: str = "Eve") -> str:
    return json.dumps({"type": "hello", "protocol": PROTOCOL, "name": name, "client": "test"})


def answers(url: str, *messages: object, source: str = "127.0.0.1") -> list[dict]:
    """What the server says to a stranger from ``source`` that sends ``messages`` (after its
    hello), until it closes the connection."""
    told = []
    with connect(url, compression=None, proxy=None, max_size=None, open_timeout=WAIT_S,
                 source_address=(source, 0)) as ws:
        ws.send(hello())
        for message in messages:
            ws.send(message if isinstance(message, str) else json.dumps(message))
        try:
            while True:
                told.append(json.loads(ws.recv(timeout=WAIT_S)))
        except ConnectionClosed:
            pass
    return told


def reasons(told: list[dict]) -> list[str]:
    return [message["reason"] for message in told if message["type"] == "refused"]


@pytest.fixture
def quiet_log(caplog):
    """Everything the server logs, to check that no traceback is in it."""
    caplog.set_level(logging.DEBUG, logger="tcf_gui.net")
    yield caplog
    for record in caplog.records:
        assert record.exc_info is None and "Traceback" not in record.getMessage(), record


@pytest.mark.parametrize("token", ["é" * 32, "x" * 5000, 12345, None, ["t" * 32], "t" * 8,
                                   "\x00" * 32, "t" * 31 + "\u202e"])
def test_a_bad_resume_token_is_refused_by_its_shape_with_no_traceback(token, quiet_log):
    """A non-ASCII token reached secrets.compare_digest, whose TypeError was a 17-line
    traceback per connection in the server's log (and the host's terminal)."""
    thread, url = start_server(seed=4)
    try:
        host, friend = sit_two(url)
        told = answers(url, {"type": "resume", "token": token})
        # (one past the frame size is closed by websockets before it is read: no word)
        assert reasons(told) == (["bad-message"] if token != "x" * 5000 else [])
        play_turn(host, friend)  # the table goes on
        host.close()
        friend.close()
    finally:
        thread.stop()


def test_a_well_formed_token_no_seat_has_is_refused_and_counted_as_a_wrong_code(quiet_log):
    thread, url = start_server()
    try:
        told = [reasons(answers(url, {"type": "resume", "token": "A" * 32}))[0]
                for _ in range(11)]
    finally:
        thread.stop()
    assert told[:10] == ["bad-token"] * 10 and told[10] == "blocked"


def test_messages_sent_before_the_place_is_answered_are_taken_once_it_is(quiet_log):
    """A client that sends its hello, its place and more at once, without waiting: the
    messages after the place wait for it to be taken, in order, and none is left unread."""
    thread, url = start_server(seed=4)
    try:
        host = Player(url, "Ann", host_place())
        host.until_type("seated")
        with connect(url, compression=None, proxy=None, max_size=None) as ws:
            for message in (json.loads(hello("Bob")), {"type": "join", "code": host.table.code},
                            {"type": "leave"}):
                ws.send(json.dumps(message))
            told = host.until(lambda m: m["type"] == "friend" and m["left"])
            assert told["name"] == "Bob"
        host.close()
    finally:
        thread.stop()


def test_a_resume_flood_is_limited_and_tells_the_other_player_nothing_new(quiet_log):
    """About 900 resumes a second each pushed "away", "back" and "waiting" to the other
    player, whose window overflowed; and the connection displaced stayed open and silent."""
    thread, url = start_server(seed=4)
    flood = []
    stack = ExitStack()
    try:
        host, friend = sit_two(url)
        host.move(0)  # the friend is still choosing: they are told "waiting" once
        friend.until_type("waiting")
        token = friend.client.token
        for _ in range(12):
            ws = stack.enter_context(connect(url, compression=None, proxy=None, max_size=None))
            ws.send(hello())
            ws.send(json.dumps({"type": "resume", "token": token}))
            ws.recv(timeout=WAIT_S)  # welcome
            flood.append((ws, json.loads(ws.recv(timeout=WAIT_S))))
        firsts = [answer.get("reason", answer["type"]) for _, answer in flood]
        assert firsts == ["seated"] * 6 + ["rate-limit"] * 6, firsts  # RESUME_BURST
        note = friend.until(lambda m: m["type"] == "refused")
        assert note["reason"] == "displaced"  # the first connection is told, then closed
        for ws, _answer in flood[:5]:  # and each that a later resume displaced
            told = []
            try:
                while True:
                    told.append(json.loads(ws.recv(timeout=WAIT_S)))
            except ConnectionClosed:
                pass
            assert reasons(told) == ["displaced"]
        host.client.send({"type": "leave"})  # a message the host must see answered last
        flood[5][0].recv(timeout=WAIT_S)
        pushed = [m for m in host.got + host.client.messages()
                  if m["type"] in ("friend", "waiting")]
        assert len(pushed) <= 1, pushed  # the friend never seemed away: nothing to tell
    finally:
        stack.close()
        thread.stop()


def test_a_refusal_for_cause_is_told_after_the_hold_and_a_wrong_code_at_once(quiet_log):
    """A stranger whose loop retried each refusal at once got as many as the server's CPU
    allowed (700 resumes a second from one address, 77% of a core): a refusal for cause now
    comes after the hold, its connection held meanwhile, while a mistyped code (an honest
    friend's) is answered at once and the honest table plays through the hold."""
    hold = 0.6
    thread, url = start_server(seed=4, tables_per_address=1, refusal_hold_s=hold)
    try:
        host, friend = sit_two(url)
        for place, why in (({"type": "make-me-win"}, "bad-message"),
                           (host_place(), "server-full")):  # (one table from this address)
            started = time.perf_counter()
            assert reasons(answers(url, place)) == [why]
            assert time.perf_counter() - started >= hold
        started = time.perf_counter()
        assert reasons(answers(url, {"type": "join", "code": "000-000-000"},
                               source="127.0.0.3")) == ["wrong-code"]
        assert time.perf_counter() - started < hold
        with connect(url, compression=None, proxy=None, max_size=None,
                     source_address=("127.0.0.4", 0)) as stranger:
            stranger.send(hello())
            stranger.send(json.dumps({"type": "make-me-win"}))
            started = time.perf_counter()
            play_turn(host, friend)  # the table is not held by the stranger's refusal
            assert time.perf_counter() - started < hold
            stranger.recv(timeout=WAIT_S)  # welcome
            assert json.loads(stranger.recv(timeout=WAIT_S))["reason"] == "bad-message"
        host.close()
        friend.close()
    finally:
        thread.stop()


def test_tables_hogged_from_many_addresses_are_capped_and_expire_when_idle(quiet_log):
    """From 32 addresses, 64 idle hosts each took every table, and idle tables never
    expired. One address (or /64) now opens so many tables, and a table nobody plays at
    closes after ``idle_s`` (3 s: the 18 connections must be open before the first table
    expires, and on a loaded machine they took more than 1 s)."""
    thread, url = start_server(seed=4, max_tables=12, tables_per_address=2, idle_s=3.0)
    held = []
    stack = ExitStack()
    try:
        for number in range(2, 8):  # six addresses, three tables asked from each
            for _ in range(3):
                ws = stack.enter_context(connect(url, compression=None, proxy=None,
                                                 source_address=(f"127.0.0.{number}", 0)))
                ws.send(hello())
                ws.send(json.dumps(host_place()))
                ws.recv(timeout=WAIT_S)  # welcome
                held.append((ws, json.loads(ws.recv(timeout=WAIT_S))))
        seated = [ws for ws, answer in held if answer["type"] == "seated"]
        assert len(seated) == 12  # two from each address; the third refused
        assert [a.get("reason") for _, a in held if a["type"] != "seated"] == ["server-full"] * 6
        late = Player(url, "Ann", host_place())
        assert late.until_type("seated", "refused").get("reason") == "server-full"
        late.close()
        # the idle tables close, each hog told why; an honest table then opens and plays
        for ws in seated:
            assert json.loads(ws.recv(timeout=WAIT_S)) == {"type": "refused", "reason": "idle"}
        host, friend = sit_two(url)
        play_out(host, friend)
        assert host.table.ending is not None and friend.table.ending is not None
        host.close()
        friend.close()
    finally:
        stack.close()
        thread.stop()


def test_handshakes_that_never_finish_are_counted_from_the_accept_and_cut(monkeypatch,
                                                                       quiet_log):
    """1,500 connections from one address that never finished the handshake were not
    counted by the per-address limit, and filled a server with the common 1,024 files."""
    monkeypatch.setattr("tcf_gui.net.server.HANDSHAKE_S", 0.5)
    thread, url = start_server(seed=4, per_address=5)
    port = int(url.rsplit(":", 1)[1])
    sockets = []
    try:
        host, friend = sit_two(url)
        for _ in range(40):
            sock = socket.socket()
            sock.bind(("127.0.0.9", 0))
            sock.connect(("127.0.0.1", port))
            with contextlib.suppress(ConnectionResetError, BrokenPipeError):  # (if cut)
                sock.sendall(b"GET / HTTP/1.1\r\nHost: x\r\n")  # and never the rest
            sockets.append(sock)
        assert thread.tables is not None
        assert thread.tables.by_address.get("127.0.0.9", 0) <= 5
        for sock in sockets:  # every one is closed: past the cap at once, the rest in time
            sock.settimeout(WAIT_S)
            try:
                while sock.recv(4096):
                    pass
            except ConnectionResetError:
                pass
        play_out(host, friend)  # the honest table played on meanwhile
        assert host.table.ending is not None
        assert "127.0.0.9" not in thread.tables.by_address
        host.close()
        friend.close()
    finally:
        for sock in sockets:
            sock.close()
        thread.stop()


def test_handshakes_opened_together_are_not_all_cut_together(monkeypatch, quiet_log):
    """512 unfinished handshakes opened at once were all cut at the same moment, and opened
    again at once: a burst of work every HANDSHAKE_S that held every table's turns. Each
    connection's deadline is drawn from the second half of HANDSHAKE_S."""
    monkeypatch.setattr("tcf_gui.net.server.HANDSHAKE_S", 1.0)
    thread, url = start_server(seed=4)
    port = int(url.rsplit(":", 1)[1])
    cut: list[float] = []
    try:
        started = time.perf_counter()
        with ExitStack() as stack:
            sockets = [stack.enter_context(socket.create_connection(("127.0.0.1", port)))
                       for _ in range(20)]
            for sock in sockets:
                sock.sendall(b"GET / HTTP/1.1\r\nHost: x\r\n")  # and never the rest
                sock.settimeout(WAIT_S)
            for sock in sockets:
                try:
                    while sock.recv(4096):
                        pass
                except ConnectionResetError:
                    pass
                cut.append(time.perf_counter() - started)
    finally:
        thread.stop()
    # (the sockets are read in turn: each time is the latest cut so far)
    assert min(cut) >= 0.5 and max(cut) <= WAIT_S
    assert max(cut) - min(cut) >= 0.2, cut


def test_a_closed_stranger_s_connection_leaves_no_reference_cycle(monkeypatch):
    """Each connection a stranger opened and the server closed left a reference cycle (the
    socket transport, websockets' parser and its error, a task's error): in a loaded server
    such cycles sat among the objects tcf_gui.net.collector froze until its whole pass,
    a quarter of a second that held every table, once or twice a minute."""
    monkeypatch.setattr("tcf_gui.net.server.HANDSHAKE_S", 0.2)
    thread, url = start_server(seed=4, per_address=3)
    port = int(url.rsplit(":", 1)[1])
    gc.collect()
    gc.disable()
    gc.set_debug(gc.DEBUG_SAVEALL)
    try:
        for message in ({"type": "make-me-win"}, {"type": "join", "code": "x" * 9000},
                        {"type": "join", "code": "000-000-000"}):
            answers(url, message)
        for _ in range(3):  # at a table, then a broken message (ended by the inbox)
            answers(url, host_place(), {"type": "make-me-win"})
        with ExitStack() as stack:  # one cut at the accept (past 3), three at the handshake
            for _ in range(4):
                sock = stack.enter_context(socket.create_connection(("127.0.0.1", port)))
                with contextlib.suppress(ConnectionResetError, BrokenPipeError):  # (if cut)
                    sock.sendall(b"GET / HTTP/1.1\r\n")
            time.sleep(0.4)
        deadline = time.monotonic() + WAIT_S  # (until the server counts none open)
        while thread.tables is not None and thread.tables.connections and (
                time.monotonic() < deadline):
            time.sleep(0.05)
        gc.collect()
        left = [type(o).__name__ for o in gc.garbage
                if type(o).__name__ in ("_SelectorSocketTransport", "ServerProtocol", "Client")]
    finally:
        gc.garbage.clear()
        gc.set_debug(0)
        gc.enable()
        thread.stop()
    assert left == []


def test_join_codes_guessed_from_many_addresses_are_slowed_and_a_right_code_is_not(
        monkeypatch, quiet_log):
    """Guesses from rotating addresses were never slowed (686 a second): past a budget for
    the wrong codes of all addresses together, each wrong one is answered late (its
    connection held), while the friend with the right code joins at once."""
    monkeypatch.setattr("tcf_gui.net.server.WRONG_BURST", 6)
    monkeypatch.setattr("tcf_gui.net.server.WRONG_PER_S", 0.01)
    monkeypatch.setattr("tcf_gui.net.server.FLOOD_WAIT_S", 0.3)
    thread, url = start_server(seed=4)
    try:
        host, friend = sit_two(url)
        told, took = [], []
        for number in range(1, 11):
            started = time.perf_counter()
            told += reasons(answers(url, {"type": "join", "code": "000-000-000"},
                                    source=f"127.0.1.{number}"))
            took.append(time.perf_counter() - started)
        assert told == ["wrong-code"] * 6 + ["try-later"] * 4, told
        assert min(took[6:]) >= 0.3
        late = Player(url, "Cy", host_place())  # a new table, joined during the flood
        code = late.until_type("seated")["code"]
        joiner = Player(url, "Di", {"type": "join", "code": code})
        assert joiner.until_type("seated", "refused")["type"] == "seated"
        play_out(host, friend)  # and the table that was already playing goes on
        assert host.table.ending is not None
        for player in (host, friend, late, joiner):
            player.close()
    finally:
        thread.stop()


def test_an_ipv6_address_counts_by_its_64():
    assert address_key("2001:db8:1:2::1") == address_key("2001:db8:1:2:ffff::7") == \
        "2001:db8:1:2::/64"
    assert address_key("2001:db8:1:3::1") != address_key("2001:db8:1:2::1")
    assert address_key("::ffff:192.0.2.7") == "192.0.2.7" == address_key("192.0.2.7")
    assert address_key("not an address") == "not an address"


class NoConnection:
    """What a Client wraps, where nothing is sent over a socket (the server's bookkeeping):
    a connection already closed."""

    protocol = SimpleNamespace(state=State.CLOSED)


class Unread:
    """A connection whose client reads nothing: its transport holds ``unread`` bytes."""

    def __init__(self, unread: int) -> None:
        self.sent: list[bytes] = []
        self.protocol = SimpleNamespace(state=State.OPEN, send_text=self.sent.append)
        self.transport = SimpleNamespace(get_write_buffer_size=lambda: unread)
        self.closed: list[tuple[int, str]] = []

    def send_data(self) -> None:
        pass

    async def close(self, code: int, reason: str) -> None:
        self.closed.append((code, reason))


def test_a_client_that_does_not_read_is_closed_once_its_unread_bytes_pass_the_limit():
    async def send_twice(unread: int) -> Unread:
        connection = Unread(unread)
        client = Client(connection)  # type: ignore[arg-type]
        for _ in range(2):
            client.send({"type": "rematch", "game": 1, "you": False, "friend": True})
        if client.closing is not None:
            await client.closing
        return connection

    reading = asyncio.run(send_twice(WRITE_LIMIT))
    assert len(reading.sent) == 2 and reading.closed == []
    stuck = asyncio.run(send_twice(WRITE_LIMIT + 1))
    assert stuck.sent == [] and stuck.closed == [(1008, "not reading")]


def test_tables_and_seats_are_counted_as_they_open_and_close(quiet_log):
    """The server keeps per address the tables it opened and per token the seat's table
    (a resume or a host costs the same with thousands of tables): a closed table frees its
    address's share and its seats' tokens."""
    server = TableServer(Limits(tables_per_address=2), seed=3)
    host = {"type": "host", "timer": 0, "spectators": False, "open": False}
    first, second = (server._open_table(Client(NoConnection()), host, "127.0.0.9", "127.0.0.9")
                     for _ in range(2))
    with pytest.raises(ProtocolError) as full:
        server._open_table(Client(NoConnection()), host, "127.0.0.9", "127.0.0.9")
    assert full.value.reason == SERVER_FULL
    server._open_table(Client(NoConnection()), host, "127.0.0.8", "127.0.0.8")  # its own share
    token = first.places[1].token
    assert server._resume(Client(NoConnection()), token, "127.0.0.7") is first
    first.closed = True
    server._settle(first)
    with pytest.raises(ProtocolError) as gone:
        server._resume(Client(NoConnection()), token, "127.0.0.7")
    assert gone.value.reason == TOKEN
    assert server._open_table(Client(NoConnection()), host, "127.0.0.9", "127.0.0.9") not in (
        first, second)
    assert server.opened_from == {"127.0.0.9": 2, "127.0.0.8": 1}
