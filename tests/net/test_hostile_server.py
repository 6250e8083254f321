"""A lying server: every message the client reads may be anything JSON allows. The table
takes what can be true and refuses the rest in one line (ServerError), never raising
anything else."""
from __future__ import annotations

import copy
import io
import json
import random
import threading
from contextlib import contextmanager
from typing import Any, Iterator

import pytest
from websockets.exceptions import ConnectionClosed

from tcf_gui.history import History
from tcf_gui.history.kinds import pool_kinds
from tcf_gui.net.client import TableClient
from tcf_gui.net.mirror import FriendTable, ServerError
from tcf_gui.net.terminal import TerminalFriend
from tcf_gui.net.words import refusal_line

from netplay import PLAYER_SEED, WAIT_S, Unplugged, honest_streams, mutated


@contextmanager
def client_of(handler) -> Iterator[TableClient]:
    """A TableClient joining a websockets server on the loopback that answers it with
    ``handler`` (called with each connection); both closed after."""
    from websockets.sync.server import serve

    with serve(handler, "127.0.0.1", 0) as server:
        threading.Thread(target=server.serve_forever, daemon=True).start()
        client = TableClient(f"ws://127.0.0.1:{server.socket.getsockname()[1]}", "Bob",
                             {"type": "join", "code": "7KQ-M4X-PDR"})
        try:
            yield client
        finally:
            client.close()
            server.shutdown()


@pytest.fixture(scope="module")
def streams() -> list[list[dict[str, Any]]]:
    return honest_streams()


@pytest.mark.parametrize("seed", range(6))
def test_the_table_takes_a_lying_message_or_refuses_it_in_one_line(streams, seed):
    rng = random.Random(seed)
    for _ in range(400):
        table = FriendTable()
        for message in mutated(rng.choice(streams), rng):
            try:
                table.take(message)
            except ServerError:
                break
        table.friend_name, table.in_game, table.turn, table.hand_history()


@pytest.mark.parametrize("seed", range(3))
def test_the_terminal_at_a_lying_servers_table_says_one_line_and_ends(streams, seed):
    """tcf-gui play --text at such a table: each message is taken or ends the table with
    one line and exit code 1; nothing raises."""
    rng = random.Random(seed)
    for _ in range(150):
        out = io.StringIO()
        friend = TerminalFriend(Unplugged(), "127.0.0.1:1", io.StringIO(), out)  # type: ignore[arg-type]
        for message in mutated(rng.choice(streams), rng):
            code = friend.told(message)
            if "cannot be" in out.getvalue():
                assert code == 1 and friend.client.finished
                break


def test_a_refusal_for_no_reason_the_protocol_knows_is_shown_short_and_printable():
    line = refusal_line("please run\x1b[2J " + "x" * 500, "127.0.0.1:1")
    assert line == "The server refused: please run[2J " + "x" * 49
    assert refusal_line(["not", "a", "word"], "a:1") == "The server refused: ['not', 'a', 'word']"


def test_a_game_told_again_after_a_reconnect_is_printed_once(streams):
    """On a resume an honest server tells the game so far again (its end too): the terminal
    says nothing of it twice."""
    out = io.StringIO()
    friend = TerminalFriend(Unplugged(), "127.0.0.1:1", io.StringIO(), out)  # type: ignore[arg-type]
    game_one = [m for m in streams[0] if m.get("game", 1) == 1 and m["type"] != "rematch"]
    for message in game_one:
        friend.told(message)
    said = out.getvalue()
    assert said.count("Game over") == 1 and "Turn 1:" in said
    for message in game_one[1:]:
        friend.told(message)
    assert out.getvalue()[len(said):].count("Turn") == 0 and out.getvalue().count("Game over") == 1


def test_json_nested_past_pythons_limit_is_passed_over_by_the_client():
    """Nesting deep enough for Python's JSON reader to give up (RecursionError) fits in a
    message of 4 KiB; the client passes it over as any other nonsense and reads on."""
    def lie(connection) -> None:
        connection.recv(timeout=WAIT_S)  # hello
        connection.send('{"type": "turn", "x": ' + "[" * 1500 + "]" * 1500 + "}")
        connection.send('{"type": "welcome", "protocol": 1, "server": "x"}')
        for _ in connection:  # what the client says next (its join), until it closes
            pass

    with client_of(lie) as client:
        message = client.inbox.get(timeout=WAIT_S)
        assert message["type"] == "welcome" and not client.finished


#: The friend's seed in the games told_game tells (the host's is netplay.PLAYER_SEED).
FRIEND_SEED = "6" * 64


def told_seed(n: int) -> int:
    """The seed of the game told_game(n) deals honestly."""
    from tcf_gui.net.proof import game_seed, seeded_secret

    return game_seed(seeded_secret(n, 1), [PLAYER_SEED, FRIEND_SEED], 1)


def told_game(n: int, seed: int | None = None) -> list[dict[str, Any]]:
    """What a server tells its host (seat 1) of a game dealt from its secret number ``n``
    and both players' seeds (or, lying, from ``seed``), played with slot 0 on both sides,
    from its seating to its end, everything revealed."""
    from tcf_gui.engine.game import Game, shuffled_deck
    from tcf_gui.net.proof import SEED, commitment, secret_commitment, seeded_secret
    from tcf_gui.net.protocol import card_codes
    from tcf_gui.net.table import deal_message, turn_message

    secret = seeded_secret(n, 1)
    committed = secret_commitment(1, secret)
    seed = told_seed(n) if seed is None else seed
    deck = shuffled_deck(random.Random(seed))
    game = Game(seed, deck=deck)
    game.deal()
    told = [{"type": "seated", "code": "7KQ-M4X-PDR", "seat": 1, "token": "t" * 32, "timer": 0,
             "spectators": False, "open": False, "names": ["Ann", None]},
            {"type": "friend", "name": "Bob", "present": True, "left": False},
            {"type": "shuffle", "game": 1, "commitment": committed},
            {"type": "committed", "game": 1, "turn": 0,
             "commitment": commitment(1, 0, SEED, FRIEND_SEED)},
            deal_message(game, 1, committed, 1)]
    while not game.over:
        told.append(turn_message(game, 1, game.play_turn(0, 0), [False, False], 1,
                                 [None, None]))
    case = game.outcome.case
    told.append({"type": "over", "game": 1, "result": int(case), "winner": case.winner,
                 "abandoned_by": 0, "turns": game.turns, "moves": [list(m) for m in game.moves],
                 "hands": [card_codes(game.hand1), card_codes(game.hand2)],
                 "deck": card_codes(deck), "secret": secret,
                 "seeds": [PLAYER_SEED, FRIEND_SEED], "seed": seed})
    return told


def test_a_seed_past_what_the_history_holds_is_a_lie_not_a_crash(tmp_path):
    """Game seeds lie below 2**63 (SQLite's integers). A server that dealt its host's game
    from a larger seed, committed to and revealed honestly, had it verified, and the
    history then raised OverflowError at the end of the game (the window's traceback), and
    again for every game after, the record stuck in its pending list."""
    from tcf_gui.history import History
    from tcf_gui.net.history import friend_record

    history = History(tmp_path / "history.sqlite")
    for n in (12345, 2):
        table = FriendTable()
        for message in told_game(n):
            table.take(message)
        assert table.ending.verdict.verified and history.add(friend_record(table)) is None
    table = FriendTable()
    *before, over = told_game(3, seed=1 << 63)
    for message in before:
        table.take(message)
    with pytest.raises(ServerError):
        table.take(over)


@pytest.mark.parametrize("field, lie", [("code", "\x1b]0;owned\x07\x1b[2J"),
                                        ("code", "7kq-m4x-pdr"),
                                        ("commitment", "\x1b[31m" + "0" * 59),
                                        ("commitment", "A" * 64)])
def test_what_the_terminal_prints_of_a_server_s_words_holds_no_control_characters(field, lie):
    """The join code and the commitment are printed (tcf-gui play --text): a server that
    put terminal escapes in them cleared the screen or retitled the terminal. Only a code
    as codes.shown makes it and a SHA-256 in hex are taken; anything else ends the table."""
    out = io.StringIO()
    friend = TerminalFriend(Unplugged(), "127.0.0.1:1", io.StringIO(), out)  # type: ignore[arg-type]
    for message in told_game(12345):
        if field in message:
            message[field] = lie
        if friend.told(message) is not None:
            break
    assert "\x1b" not in out.getvalue() and "cannot be" in out.getvalue()


def test_a_server_that_never_seats_the_client_is_given_up_in_a_bounded_time(monkeypatch):
    """A server that takes the connection and says nothing (or anything but a seat) kept
    the client waiting for ever: ``play --text --join`` printed nothing and read no key
    until Ctrl-C. Now it is one line, 'no answer', once PLACE_S has passed."""
    from tcf_gui.net import client as client_module
    from tcf_gui.net.words import link_line

    monkeypatch.setattr(client_module, "PLACE_S", 0.5, raising=False)

    def silent(connection) -> None:
        connection.send('{"type": "welcome", "protocol": 1, "server": "x"}')
        for _ in connection:  # reads all the client says, answers nothing
            pass

    with client_of(silent) as client:
        assert client.inbox.get(timeout=WAIT_S)["type"] == "welcome"
        note = client.inbox.get(timeout=10)
        assert note["type"] == "link" and client.finished
        assert link_line(note, "x:1") == "Cannot reach x:1: no answer"


def test_a_server_that_plays_another_card_for_the_player_is_caught():
    """A server (the host's window, most often) could discard for the friend a card they
    did not choose: the turn showed the card it played, still one held, and the deal
    verified. The turn must play the slot sent, or with the timer the lowest card."""
    from tcf_gui.engine.game import Game
    from tcf_gui.net.seat import lowest_slot

    def first_turn(seed: int) -> tuple[FriendTable, dict[str, Any]]:
        """Seat 1's table at the first question, and the turn that plays slot 0 for it."""
        table, stream = FriendTable(), told_game(seed)
        for message in stream[:5]:
            table.take(message)
        return table, stream[5]

    seed = next(n for n in range(1000) if not Game.replay(told_seed(n), []).over
                and lowest_slot(Game.replay(told_seed(n), []).hand1) != 0)
    table, turn = first_turn(seed)
    table.moved(0)
    table.take(turn)  # as sent
    table, turn = first_turn(seed)
    table.moved(1)
    with pytest.raises(ServerError):
        table.take(turn)  # not the card sent
    table, turn = first_turn(seed)
    turn["timed_out"] = [True, False]
    with pytest.raises(ServerError):
        table.take(turn)  # the timer plays the lowest card, not slot 0's


def test_a_server_that_floods_the_client_ends_the_link_before_memory_runs_out(monkeypatch):
    """The client's inbox had no bound: while a menu covered the friend's table (the window
    takes no message then) a server sending as fast as it could grew it by some 30 MB a
    second. Past MAX_INBOX messages waiting, the link ends with one line."""
    import time

    from tcf_gui.net import client as client_module
    from tcf_gui.net.words import link_line

    monkeypatch.setattr(client_module, "MAX_INBOX", 200, raising=False)
    seated, *_ = told_game(12345)

    def flood(connection) -> None:
        connection.recv(timeout=WAIT_S)  # hello
        connection.send(json.dumps(seated))
        try:
            while True:
                connection.send('{"type": "welcome", "protocol": 1, "server": "x"}')
        except ConnectionClosed:
            pass

    with client_of(flood) as client:
        deadline = time.monotonic() + 10
        while not client.finished and time.monotonic() < deadline:
            time.sleep(0.05)
        got = client.messages()
        assert client.finished and len(got) <= 201
        assert link_line(got[-1], "x:1") == ("The server sent more messages than a game "
                                             "needs; the table is closed")


def test_a_game_left_is_won_by_the_one_who_stayed():
    """A server could say the friend left and name the friend the winner: the table said
    'Bob left the table: the game counts as a win for you', the deal verified, and the
    history kept a loss."""
    *game, over = told_game(12345)
    for winner, true in ((1, True), (2, False), (0, False)):
        table = FriendTable()
        for message in game[:6]:
            table.take(message)
        lie = {**over, "abandoned_by": 2, "winner": winner, "result": None, "turns": 1,
               "moves": over["moves"][:1]}
        if true:
            table.take(lie)
            assert table.ending.winner_from(1) == 1 and table.ending.verdict.verified
        else:
            with pytest.raises(ServerError):
                table.take(lie)


def test_a_deal_not_verified_ends_the_terminals_table_and_is_never_counted(streams, tmp_path):
    """The terminal printed the result the server claimed beside DEAL NOT VERIFIED and
    offered a rematch. It now says the one line, keeps the game as not verified and ends."""
    history = History(tmp_path / "history.sqlite")
    out = io.StringIO()
    client = Unplugged()
    friend = TerminalFriend(client, "127.0.0.1:1", io.StringIO(), out,  # type: ignore[arg-type]
                            history=history)
    end = next(at for at, m in enumerate(streams[0]) if m["type"] == "over")
    told = copy.deepcopy(streams[0][:end + 1])
    told[-1]["winner"] = (told[-1]["winner"] + 1) % 3
    codes = [friend.told(message) for message in told]
    said = out.getvalue()
    assert codes[-1] == 1 and client.finished
    assert "DEAL NOT VERIFIED: the result announced" in said
    assert "won" not in said.split("DEAL NOT VERIFIED")[1] and "rematch" not in said.lower()
    assert history.games(pool_kinds("friends")) == [] and history.unfinished_count() == 1


def test_a_friends_seed_commitment_changed_after_a_reconnect_is_caught(streams):
    """After a reconnect the server tells the game again; a friend's commitment to their seed
    it told otherwise than before was taken (and then checked against itself)."""
    table = FriendTable()
    committed = next(m for m in streams[1] if m["type"] == "committed" and m["turn"] == 0)
    for message in streams[1][:streams[1].index(committed) + 3]:
        table.take(message)
    assert table.take(dict(committed)) is None  # the same, told again: no news
    with pytest.raises(ServerError, match="seed changed after a reconnect"):
        table.take(dict(committed, commitment="e" * 64))


def test_a_client_closed_while_its_connection_is_still_opening_ends_at_once():
    """A server that takes the TCP connection and never answers the opening handshake held
    ``close`` for its whole timeout (3 s, the window's Back or Quit waiting), then left the
    thread opening for up to OPEN_S. Now close stops the opening."""
    import socket

    from tcf_gui.net import client as client_module

    with socket.create_server(("127.0.0.1", 0)) as listener:
        client = TableClient(f"ws://127.0.0.1:{listener.getsockname()[1]}", "Bob",
                             {"type": "host", "timer": 0, "spectators": False, "open": False})
        accepted, _ = listener.accept()  # the handshake's request waits, unanswered
        with accepted:
            client.close(timeout=client_module.OPEN_S / 2)
            assert not client._thread.is_alive() and client.finished
