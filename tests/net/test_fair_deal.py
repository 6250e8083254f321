"""The fair deal and the committed moves against hostile hosts: a host (the server on its
machine) cannot choose the deck, cannot change its discard once it has seen the friend's,
and every lie the friend's client can check ends the table or fails the check."""
from __future__ import annotations

import copy
import json
import random

import pytest

from tcf_gui.engine.analysis import is_flush
from tcf_gui.engine.game import Game
from tcf_gui.history import History
from tcf_gui.history.kinds import pool_kinds
from tcf_gui.i18n import use_language
from tcf_gui.net.history import keep_ended
from tcf_gui.net.mirror import FriendTable, ServerError
from tcf_gui.net.proof import game_seed, new_secret
from tcf_gui.net.table import NetTable

from netplay import PLAYER_SEED, seed_lasting
from test_table import CODE, Clock, Peer, deliver, play_out, seated_table


def fresh_table(seed: int, rng: random.Random) -> tuple[NetTable, Peer, Peer]:
    """A table seeded with ``seed`` whose friend draws its seed from ``rng``."""
    host, friend = Peer(), Peer()
    friend.table.draw_seed = lambda: "%064x" % rng.getrandbits(256)
    table = NetTable(CODE, "Ann", host, clock=Clock(), seed=seed)
    table.join("Bob", friend)
    deliver(table, host, friend)
    return table, host, friend


def test_two_runs_of_a_server_given_the_same_seed_deal_different_decks_once_the_guest_contributes():
    rng = random.Random(7)
    decks = set()
    for _ in range(2):
        table, host, friend = fresh_table(5, rng)
        assert table.session is not None and table.session.game is not None
        decks.add(tuple(table.session.game.hand1 + table.session.game.hand2))
    assert len(decks) == 2
    # the same friend's seed gives the same deal: the friend's seed is what changed it
    same = [fresh_table(5, random.Random(3))[0].session.game.seed for _ in range(2)]
    assert same[0] == same[1]


class GrindingHost(NetTable):
    """A host that tries TRIES secrets before committing, keeping the first that deals it a
    flush with its own player's seed and the friend's seed it guesses: all it can do
    before the friend's seed is open."""

    TRIES = 20

    def _new_secret(self, number: int) -> str:
        guess = new_secret()
        for _ in range(self.TRIES):
            secret = new_secret()
            game = Game(game_seed(secret, [PLAYER_SEED, guess], number))
            game.deal()
            if is_flush(game.hand1):
                break
        return secret


def test_a_host_that_tries_secrets_cannot_pick_the_deck():
    """Without the friend's seed a host's search finds a flush for its guess and not for the
    deal: over 200 deals its flushes at the deal stay near the 5.2 % of a fair deck
    (4 * C(13,3) / C(52,3)); it would have had one in 1 - 0.948**20 = 66 % of them had it
    chosen the deck. Bound: the mean 10.4 plus 5 standard deviations (3.1), 26."""
    rng, flushes = random.Random(11), 0
    for _ in range(200):
        host, friend = Peer(), Peer()
        friend.table.draw_seed = lambda: "%064x" % rng.getrandbits(256)
        table = GrindingHost(CODE, "Ann", host, clock=Clock())
        table.join("Bob", friend)
        deliver(table, host, friend)
        game = table.session.game
        assert game is not None and friend.table.number == 1
        flushes += bool(is_flush(game.hand1))
    assert flushes <= 26


def test_a_host_that_changes_its_secret_after_the_friend_s_seed_is_caught():
    """A host that, once both seeds are open, deals from another secret (one that gives it
    a better hand) cannot open the commitment it made: the friend's check fails."""
    class Cheat(NetTable):
        def _dealt(self, seeds: list[str]) -> None:
            self.secret = new_secret()
            super()._dealt(seeds)

    host, friend = Peer(), Peer()
    table = Cheat(CODE, "Ann", host, clock=Clock(), seed=seed_lasting(3))
    table.join("Bob", friend)
    deliver(table, host, friend)
    play_out(table, host, friend)
    verdict = friend.table.ending.verdict
    assert not verdict.verified and "secret" in verdict.problem


def test_nothing_of_a_discard_leaves_the_client_before_the_other_commitment_is_in():
    """What the friend's client sends after choosing: a commitment (64 hex characters over
    the slot and a 128-bit nonce, no slot); the slot goes only once the host's commitment
    came. Captured: everything the host's table receives from the friend, in order."""
    table, host, friend = seated_table(Clock(), seed_lasting(4))
    received: list[tuple[str, dict]] = []
    for name in ("commit", "move"):
        method = getattr(table, name)

        def spy(peer, *args, _name=name, _method=method):
            received.append((_name, {"from": "host" if peer is host else "friend",
                                     "args": args}))
            return _method(peer, *args)
        setattr(table, name, spy)
    for turn in (1, 2, 3):
        friend.table.moved(2)  # the friend chooses first
        deliver(table, friend)
        sent = [what for what in received if what[1]["from"] == "friend"]
        assert [name for name, _ in sent][-1] == "commit"
        assert len(sent[-1][1]["args"][2]) == 64 and "move" not in [n for n, _ in sent[-1:]]
        assert not any(name == "move" and what["args"][1] == turn for name, what in sent)
        host.table.moved(0)
        deliver(table, host, friend)
        order = [(name, what["from"]) for name, what in received
                 if what["args"][1] == turn]
        assert order.index(("commit", "host")) < order.index(("move", "friend"))
        assert friend.table.turn == turn + 1 or friend.table.ending is not None


def test_a_host_that_plays_another_card_than_its_commitment_is_caught():
    """A host that changes its own discard once the friend's is open: the turn's slot does
    not open the commitment the friend was told, and the friend's table ends in one line."""
    table, host, friend = seated_table(Clock(), seed_lasting(4))
    host.table.moved(0)
    friend.table.moved(2)
    told: list[dict] = []
    friend_send = friend.send

    def lying(message: dict) -> None:
        if message["type"] == "turn":
            message = copy.deepcopy(message)
            message["slots"][0] = 1
            message["discards"][0] = host.table.hand[1].code
            told.append(message)
        friend_send(message)

    friend.send = lying  # type: ignore[method-assign]
    with pytest.raises(ServerError, match="not the one committed to"):
        deliver(table, host, friend)
    assert told


def test_a_timer_on_a_table_without_one_and_an_abandonment_not_made_are_lies():
    table, host, friend = seated_table(Clock(), seed_lasting(4), timer_s=0)
    host.table.moved(0)
    friend.table.moved(2)
    deliver(table, host, friend)
    turn = copy.deepcopy(friend.of("turn")[0])
    mirror = FriendTable()
    for message in friend.sent[:friend.sent.index(friend.of("turn")[0])]:
        mirror.take(copy.deepcopy(message))
    mirror.moved(2)
    turn["timed_out"] = [False, True]
    with pytest.raises(ServerError, match="a timer played on a table that has none"):
        mirror.take(turn)
    table.leave(host)
    over = copy.deepcopy(friend.of("over")[0])
    assert over["abandoned_by"] == 1 and friend.table.ending.winner_from(2) == 1
    over.update(abandoned_by=2, winner=1)
    for language, words in (("en", "I left the table, and I did not"),
                            ("de", "ich hätte den Tisch verlassen, und das habe ich nicht")):
        use_language(language)  # (the line a player reads is whole in their language)
        try:
            mirror = FriendTable()
            for message in friend.sent[:friend.sent.index(friend.of("over")[0])]:
                mirror.take(copy.deepcopy(message))
            with pytest.raises(ServerError, match=words):
                mirror.take(over)
        finally:
            use_language("en")


def test_a_result_the_replay_contradicts_is_kept_unverified_never_as_a_loss(tmp_path):
    table, host, friend = seated_table(Clock(), seed_lasting(3))
    play_out(table, host, friend)
    over = copy.deepcopy(friend.of("over")[0])
    over["winner"] = (over["winner"] + 1) % 3  # another result than the game's
    mirror = FriendTable()
    for message in friend.sent[:friend.sent.index(friend.of("over")[0])]:
        mirror.take(copy.deepcopy(message))
    mirror.take(over)
    assert not mirror.ending.verdict.verified
    history = History(tmp_path / "history.sqlite")
    record, problem = keep_ended(history, mirror)
    assert record is None and problem is None
    assert history.games(pool_kinds("friends")) == [] and history.unfinished_count() == 1
    record, problem = keep_ended(history, friend.table)  # the honest end is a game
    assert record is not None and len(history.games(pool_kinds("friends"))) == 1


def test_a_kept_transcript_verifies_offline_and_a_changed_one_does_not(tmp_path):
    from tcf_gui.net.transcript import transcript_of, verify

    table, host, friend = seated_table(Clock(), seed_lasting(4))
    play_out(table, host, friend)
    for peer in (host, friend):
        path = tmp_path / f"seat{peer.table.seat}.json"
        path.write_text(json.dumps(transcript_of(peer.table)))
        verified, line = verify(path)
        assert verified and line.startswith("deal verified: game 1"), line
    document = transcript_of(friend.table)
    lies = {
        "another seed of mine": lambda d: d.update(seed="7" * 64),
        "a card drawn changed": lambda d: next(e for e in d["entries"] if e["type"] == "turn")
        ["draws"].__setitem__(1, "AS" if "AS" not in json.dumps(d["entries"]) else "2C"),
        "a choice changed": lambda d: next(e for e in d["entries"] if e["type"] == "chose")
        .__setitem__("slot", 0),
        "the end cut off": lambda d: d["entries"].pop(),
    }
    for name, lie in lies.items():
        changed = copy.deepcopy(document)
        lie(changed)
        path = tmp_path / "changed.json"
        path.write_text(json.dumps(changed))
        verified, line = verify(path)
        assert not verified and line.startswith("NOT VERIFIED"), (name, line)


@pytest.mark.parametrize("content", [b"", b"\xff\xfe", b"[" * 5000, b"{}", b'{"format": 1}',
                                     json.dumps({"format": "tcf-gui friend game", "version": 1,
                                                 "seat": 2, "seed": "5" * 64,
                                                 "entries": [{"type": "chose", "slot": 9}]}
                                                ).encode(),
                                     b" " * (300 * 1024)])
def test_a_file_that_is_no_transcript_is_one_line(tmp_path, content):
    from tcf_gui.cli import main
    from tcf_gui.net.transcript import verify

    path = tmp_path / "game.json"
    path.write_bytes(content)
    verified, line = verify(path)
    assert not verified and "\n" not in line and str(path) in line
    assert main(["verify", str(path)]) == 1
