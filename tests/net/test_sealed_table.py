"""Sealed tables on the loopback (tcf_gui.net.sealed.table and .client): two terminals play a
whole sealed game; what the host's process receives never opens the friend's hand before the
end, and the friend's discard comes only after the host's commitment; a friend killed
mid-game comes back with the same command; hostile sealed messages are refused in one line."""
from __future__ import annotations

import json
from typing import Any

import pytest
from websockets.sync.client import connect

from tcf_gui.history.kinds import FRIEND
from tcf_gui.history.store import History, history_path
from tcf_gui.net.messages import parse
from tcf_gui.net.mirror import ServerError
from tcf_gui.net.play_text import play_friend
from tcf_gui.net.protocol import PROTOCOL, SEALED_PROTOCOL, ProtocolError
from tcf_gui.net.sealed.client import SealedFriendTable, read_points
from tcf_gui.net.sealed.group import CARD_OF_POINT, invert, multiply, times
from tcf_gui.net.sealed.keys import SeatKeys
from tcf_gui.net.sealed.seat import drawn_position
from tcf_gui.net.sealed.table import SealedNetTable
from tcf_gui.net.transcript import folder as transcript_folder, verify

from netplay import NASTY, WAIT_S, start_server
from test_play_text_friend import (Screen, Typed, args, assert_kept_by_both, kill_and_join_again,
                                   run_in_thread)

#: Each seat's seed (its whole deal follows from it): a game of four turns when both
#: discard slot 1 each turn, won by Ann's flush, Bob's last hand never shown.
SEEDS = {1: "1" * 64, 2: "2" * 64}


@pytest.fixture(autouse=True)
def known_seat_seeds(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr("tcf_gui.net.sealed.client.draw_seat_seed", lambda seat: SEEDS[seat])


def play_two(url: str, moves: str = "1\n" * 23 + "q\n",
             friend_moves: str | None = None) -> tuple[Screen, Screen, list, list]:
    """Ann hosts a sealed table at ``url`` ("": a server in this process), Bob joins; both
    type ``moves`` (Bob ``friend_moves`` when given); their screens and exit codes once both
    ended."""
    ann, bob = Screen(), Screen()
    host, host_code = run_in_thread(lambda: play_friend(
        args(host=url, name="Ann", sealed=True), Typed(moves), ann))
    port = ann.wait_for(r"^Table open on .*:(\d+)\.$").group(1)
    code = ann.wait_for(r"^join code: (\w{3}-\w{3}-\w{3})$").group(1)
    friend, friend_code = run_in_thread(lambda: play_friend(
        args(join=[f"127.0.0.1:{port}", code], name="Bob"), Typed(friend_moves or moves), bob))
    host.join(WAIT_S)
    friend.join(WAIT_S)
    return ann, bob, host_code, friend_code


@pytest.mark.parametrize("own_server", [False, True])
def test_two_terminals_play_a_whole_sealed_game_and_both_verify_it(own_server):
    thread, url = (None, "") if own_server else start_server()
    try:
        ann, bob, host_code, friend_code = play_two(url)
    finally:
        if thread is not None:
            thread.stop()
    assert host_code == [0] and friend_code == [0]
    for screen, winner in ((ann, "You win against Bob"), (bob, "Ann wins")):
        text = screen.getvalue()
        assert "=== Game over after 4 turns." in text and winner in text, text
        assert "deal verified" in text and "Traceback" not in text
    kept = sorted(transcript_folder().glob("*.json"))
    assert len(kept) == 2 and all(verify(path)[0] for path in kept)
    history = History(history_path())
    games = history.games((FRIEND,))
    history.close()
    assert sorted(game.p2 for game in games) == ["Ann", "Bob"]
    assert all(game.seed is None and game.turns == 4 for game in games)


def test_the_hosts_process_never_holds_what_opens_the_friends_hand_before_the_end(monkeypatch):
    """Every sealed message the host's process received (its server's, from both clients)
    up to the friend's seed: no key there, alone or with any key of the host's seat, opens
    a card of Bob's last hand; and each turn Bob's discard came after Ann's commitment."""
    received: list[tuple[int, dict[str, Any]]] = []
    real_relay = SealedNetTable.relay

    def recording(table: SealedNetTable, peer: Any, message: Any) -> None:
        sender = next(p.player for p in table.places.values() if p.peer is peer)
        received.append((sender, dict(message)))
        real_relay(table, peer, message)

    monkeypatch.setattr(SealedNetTable, "relay", recording)
    ann, bob, *_ = play_two("")
    assert "deal verified" in ann.getvalue() and "deal verified" in bob.getvalue()
    end = next(i for i, (_p, m) in enumerate(received) if m["type"] == "sealed_seed")
    before = received[:end]
    sealed = read_points(next(m["points"] for _p, m in before if m["type"] == "sealed_pass"
                              and m["step"] == 3))
    ann_keys, bob_keys = SeatKeys(SEEDS[1], 1), SeatKeys(SEEDS[2], 1)
    hand = [2 * slot + 1 for slot in range(3)]  # Bob's last hand: dealt, then his draws
    bob_moves = [m for p, m in before if p == 2 and m["type"] == "sealed_move"]
    for move in bob_moves:
        hand[move["slot"]] = drawn_position(move["turn"], 2)
    assert len(bob_moves) == 4 and not any(p == 2 and m["type"] == "sealed_shown" and m["keys"]
                                           for p, m in before)
    held = {bytes.fromhex(key) for _p, m in before for _position, key in m.get("keys", [])}
    held |= set(ann_keys.position_keys) | {ann_keys.global_key}
    for position in hand:
        assert bob_keys.position_keys[position] not in held
        for key in held:
            for both in (key, multiply(key, ann_keys.position_keys[position])):
                assert times(invert(both), sealed[position]) not in CARD_OF_POINT
    for move in bob_moves:
        ann_commit = next(i for i, (p, m) in enumerate(received) if p == 1
                          and m["type"] == "sealed_commit" and m["turn"] == move["turn"])
        assert ann_commit < next(i for i, (p, m) in enumerate(received) if m is move)


SEALED_SEEDED = ("import sys, tcf_gui.net.sealed.client as sealed; from tcf_gui.cli import main; "
                 "sealed.draw_seat_seed = lambda seat: {seed!r}; sys.exit(main())")


def test_a_friend_killed_mid_game_comes_back_with_the_same_command_and_both_keep_the_game(
        tmp_path):
    """Bob's terminal is killed (SIGKILL) in turn 2; the same join, drawing another seed
    now, takes his seat back with the seed kept on disk, and the game ends verified on both
    sides and in both histories."""
    thread, url = start_server()
    try:
        kill_and_join_again(tmp_path, url, "1", SEEDS[2], sealed=True, program=SEALED_SEEDED)
    finally:
        thread.stop()
    assert_kept_by_both(tmp_path, lambda turns: turns == 4)


def _hello(protocol: int = SEALED_PROTOCOL) -> str:
    return json.dumps({"type": "hello", "protocol": protocol, "name": "Eve", "client": "test"})


GOOD = {"sealed_pass": {"type": "sealed_pass", "game": 1, "step": 1, "points": "A" * 2216 + "AAA="},
        "sealed_keys": {"type": "sealed_keys", "game": 1, "keys": [[0, "0" * 64]] * 3},
        "sealed_commit": {"type": "sealed_commit", "game": 1, "turn": 1, "commitment": "0" * 64},
        "sealed_move": {"type": "sealed_move", "game": 1, "turn": 1, "slot": 0, "nonce": "0" * 32,
                        "keys": [[0, "0" * 64]] * 2},
        "sealed_shown": {"type": "sealed_shown", "game": 1, "turn": 0, "keys": []},
        "sealed_seed": {"type": "sealed_seed", "game": 1, "seed": "0" * 64}}


def test_every_sealed_kind_is_read_field_by_field():
    """Any value in any field: read, or a ProtocolError (never another exception); a value
    of no field's kind (None, a long string, an object) always refused."""
    for kind, message in GOOD.items():
        assert parse(json.dumps(message))["type"] == kind
        for field in set(message) - {"type"}:
            for value in NASTY + ["A" * 2220, [[0, "0" * 64]] * 4, [[52, "0" * 64]]]:
                try:
                    parse(json.dumps({**message, field: value}))
                except ProtocolError:
                    pass
            for value in (None, "x" * 3000, {}, [[[]]]):
                with pytest.raises(ProtocolError):
                    parse(json.dumps({**message, field: value}))
        with pytest.raises(ProtocolError):
            parse(json.dumps({**message, "by": 1}))  # (the server says who sent it)


@pytest.mark.parametrize("kind", sorted(GOOD))
def test_a_hostile_sealed_message_closes_that_connection_with_one_reason(kind):
    thread, url = start_server()
    try:
        with connect(url, compression=None, proxy=None) as ws:
            ws.send(_hello())
            assert json.loads(ws.recv(timeout=WAIT_S))["type"] == "welcome"
            ws.send(json.dumps({"type": "host", "timer": 0, "spectators": False, "open": False,
                                "sealed": True}))
            seated = json.loads(ws.recv(timeout=WAIT_S))
            assert seated["sealed"] is True and seated["timer"] == 0
            ws.send(json.dumps({**GOOD[kind], "game": "1; rm -rf"}))
            assert json.loads(ws.recv(timeout=WAIT_S)) == {"type": "refused",
                                                           "reason": "bad-message"}
    finally:
        thread.stop()


def test_a_window_of_protocol_2_is_refused_at_a_sealed_table_and_cannot_open_one():
    thread, url = start_server()
    try:
        with connect(url, compression=None, proxy=None) as host:
            host.send(_hello())
            host.recv(timeout=WAIT_S)
            host.send(json.dumps({"type": "host", "timer": 0, "spectators": False,
                                  "open": False, "sealed": True}))
            code = json.loads(host.recv(timeout=WAIT_S))["code"]
            with connect(url, compression=None, proxy=None) as old:
                old.send(_hello(PROTOCOL))
                old.recv(timeout=WAIT_S)
                old.send(json.dumps({"type": "join", "code": code}))
                assert json.loads(old.recv(timeout=WAIT_S))["reason"] == "version"
            with connect(url, compression=None, proxy=None) as old:
                old.send(_hello(PROTOCOL))
                old.recv(timeout=WAIT_S)
                old.send(json.dumps({"type": "host", "timer": 0, "spectators": False,
                                     "open": False, "sealed": True}))
                assert json.loads(old.recv(timeout=WAIT_S))["reason"] == "version"
    finally:
        thread.stop()


def _seated_table() -> SealedFriendTable:
    table = SealedFriendTable()
    table.take({"type": "seated", "code": "7KQ-M4X-PDR", "seat": 2, "token": "t" * 32,
                "timer": 0, "spectators": False, "open": False, "names": ["Ann", "Bob"],
                "sealed": True})
    table.take({"type": "sealed_game", "game": 1})
    return table


@pytest.mark.parametrize("kind", sorted(GOOD))
def test_a_lying_server_s_sealed_message_is_one_server_error(kind):
    """Any value in any field of a relayed sealed message: a ServerError (one line), never
    another exception."""
    message = {**GOOD[kind], "by": 1}
    for field in message:
        for value in NASTY + ["A" * 2216 + "AAA="]:
            table = _seated_table()
            try:
                table.take({**message, field: value})
            except ServerError as error:
                assert "\n" not in str(error)
    table = _seated_table()
    with pytest.raises(ServerError, match="cannot be"):  # 52 copies of one point: no deck
        table.take({**GOOD["sealed_pass"], "by": 1})


class Wire:
    """A sealed table and its two players' tables in this process, with no sockets: each
    message the server sends goes to that player's table, each the table answers is read
    as the server reads a client's (``parse``) and relayed; time moves by hand."""

    def __init__(self, timer_s: int = 15, bob: type[SealedFriendTable] = SealedFriendTable) -> None:
        self.now = 0.0
        self.deaf: set[int] = set()
        """Players who neither take nor answer (a client that ignores what it is told)."""
        self.lost: set[int] = set()
        """Players whose answers are lost (a connection that drops as they go)."""
        self.tables = {1: SealedFriendTable(), 2: bob()}
        self.inbox: list[tuple[int, dict[str, Any]]] = []
        self.peers = {player: _Peer(self, player) for player in (1, 2)}
        self.server = SealedNetTable("7KQ-M4X-PDR", "Ann", self.peers[1], timer_s=timer_s,
                                     clock=lambda: self.now)
        self.server.join("Bob", self.peers[2])
        self.run()

    def run(self) -> None:
        self._answer()
        while self.inbox:
            player, message = self.inbox.pop(0)
            if player not in self.deaf:
                self.tables[player].take(json.loads(json.dumps(message)))
            self._answer()

    def _answer(self) -> None:
        for player, table in self.tables.items():
            for answer in table.outgoing():
                if player not in self.deaf | self.lost:
                    self.server.relay(self.peers[player], parse(json.dumps(answer)))

    def play_out(self) -> None:
        """Both discard their first card each turn until the game is over (at most 23)."""
        for _turn in range(23):
            if self.tables[1].ending is not None:
                return
            self.tables[1].moved(0)
            self.tables[2].moved(0)
            self.run()

    def later(self, seconds: float) -> None:
        self.run()
        self.now += seconds
        self.server.tick()
        self.run()


class _Peer:
    def __init__(self, wire: Wire, player: int) -> None:
        self.wire, self.player = wire, player

    def send(self, message: dict[str, Any]) -> None:
        self.wire.inbox.append((self.player, message))


def test_a_turn_timer_run_out_plays_the_slow_players_lowest_card_from_its_own_client():
    wire = Wire(timer_s=15)
    ann, bob = wire.tables[1], wire.tables[2]
    assert ann.turn == bob.turn == 1 and len(ann.hand) == len(bob.hand) == 3
    lowest = min(bob.hand)
    ann.moved(0)
    wire.later(14.9)
    assert ann.moves == []
    wire.later(0.2)
    assert ann.moves == bob.moves and len(ann.moves) == 1
    assert ann.timed_out == bob.timed_out == [False, True]
    assert ann.discards[-1] == (2, lowest)
    wire.play_out()
    assert ann.ending.verdict.verified and bob.ending is not None


def test_a_client_that_ignores_its_time_running_out_abandons_the_game():
    wire = Wire(timer_s=15)
    wire.deaf.add(2)
    wire.tables[1].moved(0)
    wire.later(15.1)
    assert wire.tables[1].abandoned_by == 0
    with pytest.raises(ServerError, match="Bob left the table without showing their seed"):
        wire.later(15)  # (his program showed no seed: Ann's table ends in one line)
    assert wire.tables[1].abandoned_by == 2 and wire.server.closed


def test_the_timer_stands_still_while_the_friend_is_away():
    wire = Wire(timer_s=15)
    wire.later(10)
    wire.server.dropped(wire.peers[2])
    wire.later(30)  # (within the hold)
    assert wire.tables[1].moves == [] and not wire.tables[1].timeouts
    wire.server.resume(wire.server.places[2], wire.peers[2])
    wire.run()
    wire.later(5.1)
    assert wire.tables[1].timeouts == {(1, 1), (1, 2)}


class LateAndLying(SealedFriendTable):
    """A client that, told its time ran out, plays its next card up, not its lowest."""

    def moved(self, slot: int) -> None:
        super().moved((slot + 1) % 3 if self.timeouts else slot)


def test_a_card_played_for_a_time_run_out_that_is_not_the_lowest_is_caught_at_the_end():
    wire = Wire(timer_s=15, bob=LateAndLying)
    ann = wire.tables[1]
    ann.moved(0)
    wire.later(15.1)
    assert ann.timed_out == [False, True]
    with pytest.raises(ServerError, match="the timer did not play the lowest card"):
        wire.play_out()


def test_a_player_back_on_a_new_connection_takes_the_game_again_and_it_ends_verified():
    """Bob's opening of his turn 2 discard is lost with his connection; back (the same
    program), the server sends the game again, his table takes it again whole (the same
    passes, keys and draws from his seed) and sends what the game is waiting for: the turn
    is played and the game goes on to a verified end."""
    wire = Wire(timer_s=0)
    ann, bob = wire.tables[1], wire.tables[2]
    ann.moved(0)
    bob.moved(0)
    wire.run()
    hand = list(bob.hand)
    bob.moved(1)
    wire.run()
    wire.lost.add(2)
    ann.moved(0)
    wire.run()  # (Bob took Ann's commitment: his opening went, and was lost)
    assert ann.moves == bob.moves == [(0, 0)]
    wire.server.dropped(wire.peers[2])
    wire.lost.clear()
    shown: list[str] = []
    take = bob.take

    def taking(message: dict[str, Any]) -> Any:
        events = take(message)
        if events is not None and bob.news(message) in ("deal", "turn"):
            shown.append(bob.news(message))
        return events

    bob.take = taking  # type: ignore[method-assign]
    wire.server.resume(wire.server.places[2], wire.peers[2])
    wire.run()
    assert ann.moves == bob.moves == [(0, 0), (0, 1)] and bob.discards[-1] == (2, hand[1])
    assert shown == ["turn"]  # turn 2 only: the deal and turn 1 were shown before
    wire.play_out()
    assert ann.ending.verdict.verified and bob.ending.verdict.verified
    assert ann.ending.game.events == bob.ending.game.events


def test_a_server_that_tells_a_player_another_commitment_as_its_own_is_caught():
    wire = Wire(timer_s=0)
    bob = wire.tables[2]
    bob.moved(0)  # (its commitment not yet relayed)
    with pytest.raises(ServerError, match="my commitment is not the one I sent"):
        bob.take({"type": "sealed_commit", "game": 1, "turn": 1, "commitment": "0" * 64,
                  "by": 2})


def _leave(wire: Wire, player: int) -> None:
    """``player`` leaves as the terminal and the window do: its seed, then ``leave``."""
    for message in wire.tables[player].leaving():
        wire.server.relay(wire.peers[player], parse(json.dumps(message)))
    wire.server.leave(wire.peers[player])
    wire.run()


def test_a_friend_who_leaves_mid_game_shows_their_seed_and_the_game_is_a_verified_win():
    wire = Wire(timer_s=0)
    ann, bob = wire.tables[1], wire.tables[2]
    ann.moved(0)
    bob.moved(0)
    wire.run()
    _leave(wire, 2)
    ending = ann.ending
    assert ending is not None and ending.verdict.verified and ending.abandoned_by == 2
    assert ending.winner == 1 and ending.game.turns == 1 and not ending.game.over
    assert list(ending.game.hand2) == [bob.hand[slot] for slot in range(3)]
    assert bob.ending is None and wire.server.closed


def test_a_friend_gone_for_good_without_their_seed_ends_the_table_in_one_line():
    """Bob's program ends (no seed shown) and his seat's hold runs out: the deal cannot be
    checked, so Ann's table ends with one line and counts nothing."""
    wire = Wire(timer_s=0)
    wire.server.dropped(wire.peers[2])
    wire.now += 61
    with pytest.raises(ServerError, match="Bob left the table without showing their seed"):
        wire.later(0)
    assert wire.tables[1].ending is None and wire.tables[1].abandoned_by == 2


def test_a_seed_shown_before_the_end_still_ends_the_game_verified_for_both():
    wire = Wire(timer_s=0)
    ann, bob = wire.tables[1], wire.tables[2]
    for message in bob.leaving():  # (sent, but Bob plays on)
        wire.server.relay(wire.peers[2], parse(json.dumps(message)))
    wire.run()
    assert ann.their_seed == SEEDS[2] and ann.ending is None
    wire.play_out()
    assert ann.ending.verdict.verified and bob.ending.verdict.verified
    assert ann.ending.game.turns == bob.ending.game.turns == 4


def test_a_friend_who_types_q_mid_game_is_a_verified_win_in_the_host_s_terminal():
    thread, url = start_server()
    try:
        ann, bob, host_code, friend_code = play_two(url, friend_moves="1\nq\n")
    finally:
        thread.stop()
    assert host_code == friend_code == [0]
    text = ann.getvalue()
    assert "Bob left the table: the game counts as a win for you" in text, text
    assert "deal verified" in text and "Traceback" not in text + bob.getvalue()
    assert "You left the table: the game counts as your loss" in bob.getvalue()
    history = History(history_path())
    games = history.games((FRIEND,))
    history.close()
    assert sorted((game.p2, game.winner, game.quit) for game in games) == [
        ("Ann", 2, True), ("Bob", 1, False)]
