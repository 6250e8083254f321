"""One table's logic without sockets, with a hand-moved clock: what each peer is told, the
verifiable deal, the turn timer, the seat held for a dropped connection, spectators."""
from __future__ import annotations

import copy
import io
import json
import random

from tcf_gui.engine.cards import make_deck, parse_card
from tcf_gui.engine.game import Game
from tcf_gui.net.kept_seats import KeptSeat
from tcf_gui.net.mirror import FriendTable
from tcf_gui.net.seat import lowest_slot
from tcf_gui.net.table import NetTable
from tcf_gui.net.terminal import TerminalFriend
from tcf_gui.net.words import timer_line

from netplay import Unplugged, dealt_seed, dispatch, game_length, seed_lasting

CODE = "7KQ-M4X-PDR"


class Clock:
    def __init__(self) -> None:
        self.now = 1000.0

    def __call__(self) -> float:
        return self.now


class Peer:
    """A client as the table sees it: every message kept, its knowledge of the table, and
    what it is to send (``out``: its commitments and openings; ``deliver`` sends them)."""

    def __init__(self) -> None:
        self.sent: list[dict] = []
        self.table = FriendTable()
        self.out: list[dict] = []

    def send(self, message: dict) -> None:
        self.sent.append(json.loads(json.dumps(message)))  # as it would cross the wire
        self.table.take(message)
        self.out += self.table.outgoing()

    def of(self, kind: str) -> list[dict]:
        return [m for m in self.sent if m["type"] == kind]


def deliver(table: NetTable, *peers: Peer) -> None:
    """Send what the players at ``table`` (and ``peers``) have to send, until none has more."""
    seated = [place.peer for place in table.places.values() if isinstance(place.peer, Peer)]
    peers = tuple(dict.fromkeys([*seated, *peers]))
    for peer in peers:
        peer.out += peer.table.outgoing()
    while any(peer.out for peer in peers):
        for peer in peers:
            while peer.out:
                dispatch(table, peer, peer.out.pop(0))


def seated_table(clock: Clock, seed: int | None = 5, **options) -> tuple[NetTable, Peer, Peer]:
    """A table seeded with ``seed`` (the players' seeds are the tests' own): its first game
    is ``dealt_seed(seed)``'s."""
    host, friend = Peer(), Peer()
    table = NetTable(CODE, "Ann", host, clock=clock, seed=seed, **options)
    table.join("Bob", friend)
    deliver(table, host, friend)
    return table, host, friend


def choose(table: NetTable, peer: Peer, slot: int) -> None:
    """``peer`` chooses ``slot``: its commitment goes, and everything that follows."""
    peer.table.moved(slot)
    deliver(table, peer)


def rematch(table: NetTable, host: Peer, friend: Peer) -> None:
    table.rematch(host)
    table.rematch(friend)
    deliver(table, host, friend)


def play_out(table: NetTable, host: Peer, friend: Peer, slots=(0, 2)) -> None:
    while host.table.ending is None:
        for peer, slot in ((host, slots[0]), (friend, slots[1])):
            peer.table.moved(slot)
        deliver(table, host, friend)


def test_a_seeded_game_ends_as_the_one_game_engine_plays_it():
    seed = seed_lasting(5)
    table, host, friend = seated_table(Clock(), seed)
    play_out(table, host, friend)
    engine = Game.replay(dealt_seed(seed), host.table.moves)
    assert engine.over and host.table.ending.game.events == engine.events
    over = host.of("over")[0]
    assert over["result"] == int(engine.outcome.case) and over["winner"] == engine.outcome.winner
    for peer in (host, friend):
        assert peer.table.ending.verdict.verified, peer.table.ending.verdict.problem
        assert peer.table.ending.game.moves == engine.moves


def cards_in(message: dict) -> set[str]:
    """Every card code anywhere in a message (the commitment and tokens are no cards)."""
    found: set[str] = set()

    def walk(value: object) -> None:
        if isinstance(value, dict):
            for key, item in value.items():
                if key not in ("commitment", "token", "code", "secret", "seeds", "nonces"):
                    walk(item)
        elif isinstance(value, list):
            for item in value:
                walk(item)
        elif isinstance(value, str) and len(value) == 2:
            try:
                found.add(parse_card(value).code)
            except ValueError:
                pass

    walk(message)
    return found


def test_no_message_holds_a_card_its_player_may_not_see_before_the_end():
    """Everything sent to the friend (Player 2), message by message: before ``over`` no card
    but their own hand as it was then and the discards so far, which lie face up."""
    seed = seed_lasting(6)
    table, host, friend = seated_table(Clock(), seed)
    play_out(table, host, friend)
    game = Game.replay(dealt_seed(seed), friend.table.moves)
    hands = [set(hand2) for _, hand2 in game.hand_history()]
    discards = [card.code for _, card in game.discards]
    turn = 0
    for message in friend.sent:
        if message["type"] == "over":
            break
        if message["type"] == "turn":
            turn = message["turn"]
        allowed = {card.code for card in hands[turn]} | set(discards[:2 * turn])
        assert cards_in(message) <= allowed, message
    assert turn == game.turns
    player1_only = {c.code for h1, _ in game.hand_history() for c in h1} - set(discards)
    assert player1_only and not player1_only & set().union(
        *(cards_in(m) for m in friend.sent[:friend.sent.index(friend.of("over")[0])]))


def test_a_server_that_changes_a_card_mid_game_is_caught():
    """The friend's last draw is told as another card (one the deck holds elsewhere): the
    game then does not replay from the deck committed, and the check says so."""
    table, host, friend = seated_table(Clock(), seed_lasting(5))
    play_out(table, host, friend)
    assert friend.table.ending.verdict.verified
    forged = FriendTable()
    last_turn = friend.of("turn")[-1]
    seen = set().union(*(cards_in(m) for m in friend.sent if m["type"] != "over"))
    for message in friend.sent:
        message = copy.deepcopy(message)
        if message == last_turn:
            message["draws"][1] = next(card.code for card in make_deck() if card.code not in seen)
        forged.take(message)
    assert forged.ending is not None and not forged.ending.verdict.verified
    assert forged.ending.verdict.problem == (
        f"turn {last_turn['turn']} as shown is not turn {last_turn['turn']} of the deck revealed")


def test_a_tampered_deck_at_the_end_fails_the_check():
    table, host, friend = seated_table(Clock(), seed_lasting(4))
    choose(table, host, 0)
    choose(table, friend, 1)
    checker = FriendTable()
    for message in friend.sent:
        checker.take(copy.deepcopy(message))
    play_out(table, host, friend)
    over = copy.deepcopy(friend.of("over")[0])
    over["deck"][40], over["deck"][41] = over["deck"][41], over["deck"][40]
    for message in friend.of("turn")[1:]:
        checker.take(copy.deepcopy(message))
    checker.take(over)
    assert not checker.ending.verdict.verified
    assert "does not shuffle the deck revealed" in checker.ending.verdict.problem


def test_the_turn_timer_plays_the_lowest_card_and_says_so():
    clock = Clock()
    table, host, friend = seated_table(clock, seed_lasting(3), timer_s=60)
    assert host.of("ask")[-1]["seconds"] == 60
    choose(table, host, 2)
    hand = list(friend.table.hand)
    clock.now += 59.9
    table.tick()
    assert not friend.of("turn")
    clock.now += 0.2
    assert table.deadline() <= clock.now
    table.tick()
    assert host.of("committed")[-1]["commitment"] is None  # the timer played for Bob
    deliver(table)  # Ann opens her move
    turn = friend.of("turn")[0]
    assert turn["timed_out"] == [False, True]
    assert turn["slots"][1] == lowest_slot(tuple(hand))
    assert turn["discards"][1] == min(hand).code
    # and both are told so, in words
    assert timer_line(friend.table, ("Ann", "you")) == (
        "Time ran out: your lowest card was played for you")
    assert timer_line(host.table, ("you", "Bob")) == (
        "Bob's time ran out: their lowest card was played")


def test_a_dropped_player_keeps_the_seat_then_loses_by_abandonment():
    clock = Clock()
    table, host, friend = seated_table(clock, seed_lasting(4), timer_s=0, hold_s=60)
    choose(table, host, 0)
    table.dropped(friend)
    assert host.of("friend")[-1]["present"] is False
    clock.now += 59
    table.tick()
    assert not host.of("over")
    # back in time: the game goes on where it was
    back = Peer()
    table.resume(table.place_of(friend.of("seated")[-1]["token"]), back)
    assert back.table.number == 1 and back.table.hand == friend.table.hand
    back.out.clear()  # its seed, told again: the server has it
    choose(table, back, 1)
    assert host.of("turn") and back.of("turn")
    table.dropped(back)
    clock.now += 60
    table.tick()
    over = host.of("over")[0]
    assert over["abandoned_by"] == 2 and over["winner"] == 1 and over["result"] is None
    assert host.table.ending.verdict.verified
    assert table.closed


def test_leaving_mid_game_counts_for_the_other_at_once():
    table, host, friend = seated_table(Clock(), seed_lasting(4))
    table.leave(host)
    over = friend.of("over")[0]
    assert over["abandoned_by"] == 1 and over["winner"] == 2


def test_spectators_see_no_hand_until_the_end():
    seed = seed_lasting(5)
    host = Peer()
    table = NetTable(CODE, "Ann", host, clock=Clock(), seed=seed, spectators=True)
    early = Peer()
    table.watch(early)
    friend = Peer()
    table.join("Bob", friend)
    deliver(table, host, friend)
    choose(table, host, 0)
    choose(table, friend, 1)
    late = Peer()
    table.watch(late)
    play_out(table, host, friend)
    for watcher in (early, late):
        before = watcher.sent[:watcher.sent.index(watcher.of("over")[0])]
        assert all(m["hand"] is None for m in watcher.of("deal"))
        assert all(m["draws"] == [None, None] for m in watcher.of("turn"))
        shown = {code for m in before for code in m.get("discards", [])}
        assert shown == {card.code for _, card in host.table.ending.game.discards}
        assert watcher.table.ending.verdict.verified
    assert len(late.of("turn")) == len(early.of("turn"))


def test_a_flush_dealt_ends_the_game_at_once_and_verifies():
    seed = next(seed for seed in range(1000) if Game.replay(dealt_seed(seed), []).over)
    table, host, friend = seated_table(Clock(), seed)
    for peer in (host, friend):
        assert [m["type"] for m in peer.sent][-2:] == ["deal", "over"]
        assert peer.table.ending.verdict.verified and peer.table.ending.game.turns == 0
    assert not host.of("ask")


def test_a_rematch_deals_the_next_game_once_both_ask():
    table, host, friend = seated_table(Clock(), seed_lasting(3))
    play_out(table, host, friend)
    table.rematch(host)
    assert friend.of("rematch")[-1]["by"] == 1 and host.table.number == 1
    table.rematch(friend)
    deliver(table, host, friend)
    assert host.table.number == friend.table.number == 2
    assert host.of("deal")[-1]["commitment"] != host.of("deal")[0]["commitment"]


def test_nothing_is_asked_in_a_new_game_until_the_server_asks():
    """Between a rematch's deal and its first question nothing is asked: the mirror kept the
    last game's question, so after a game of one turn the new deal read as turn 1 asked, a
    move made then was made again once the question came (the question resets a move that
    'did not arrive'), and the turn played the first: 'my discard is not the card I chose'
    (the monkey test's random friend met it)."""
    seed = next(seed for seed in range(1000)
                if not Game.replay(dealt_seed(seed), []).over
                and game_length(dealt_seed(seed), (0, 2)) == 1)
    table, host, friend = seated_table(Clock(), seed)
    play_out(table, host, friend)
    rematch(table, host, friend)
    assert friend.table.number == 2 and friend.table.in_game
    mirror = FriendTable()
    for message in friend.sent[:friend.sent.index(friend.of("deal")[-1]) + 1]:
        mirror.take(copy.deepcopy(message))
    assert mirror.number == 2 and mirror.asked_turn != mirror.turn  # dealt, not yet asked
    mirror.take(copy.deepcopy(friend.of("ask")[-1]))
    assert mirror.asked_turn == mirror.turn == 1


def test_a_move_for_another_turn_is_passed_over():
    table, host, friend = seated_table(Clock(), seed_lasting(3))
    table.commit(host, 1, 5, "0" * 64)
    table.commit(host, 2, 1, "0" * 64)
    assert not host.of("waiting")
    choose(table, host, 0)
    assert not host.of("waiting")  # the one who chose knows it; the other is told
    assert friend.of("waiting")[-1] == {"type": "waiting", "game": 1, "turn": 1, "you": False,
                                        "friend": True}


def test_lowest_slot_is_the_lowest_card_in_the_linear_order():
    hand = tuple(parse_card(code) for code in ("5S", "5C", "KD"))
    assert lowest_slot(hand) == 1



def test_the_first_to_ask_for_a_rematch_stays_the_one_who_asked():
    """The window marks its own ask; the friend's that follows (the deal comes right after
    it) must not turn the banner into "Bob asks for a rematch" for the one who asked first.
    The friend's ask, with none of ours, is told."""
    table = FriendTable()
    table.number, table.rematch_asked_by = 1, 1  # we asked, as the window marks it
    table.take({"type": "rematch", "game": 1, "by": 2})
    assert table.rematch_asked_by == 1
    table.rematch_asked_by = 0
    table.take({"type": "rematch", "game": 1, "by": 2})
    assert table.rematch_asked_by == 2


class Watchful(Peer):
    """A peer that also checks, after each message, that it holds no card its seat may not
    see yet: only its own hands so far and the discards, until the game is over."""

    def __init__(self) -> None:
        super().__init__()
        self.seen: set[str] = set()

    def send(self, message: dict) -> None:
        super().send(message)  # the honest client believes it, or ServerError
        if message["type"] != "over":
            self.seen |= {card.code for card in self.table.hand}
            self.seen |= {card.code for _, card in self.table.discards}
            assert cards_in(message) <= self.seen, message


def random_actions(seed: int, steps: int = 300) -> NetTable:
    """Clients doing anything the server lets through, in any order: joining, watching,
    moving for any game and turn (their own, one off, another's), asking rematches, leaving,
    dropping and coming back with a token, while the clock runs past timers and holds."""
    rng, clock = random.Random(seed), Clock()
    host = Watchful()
    table = NetTable(CODE, "Ann", host, timer_s=rng.choice([0, 15, 60]), hold_s=60,
                     spectators=rng.random() < 0.5, clock=clock, seed=rng.randrange(1 << 30))
    peers, tokens = [host], [host.sent[0]["token"]]
    for _ in range(steps):
        peer, action = rng.choice(peers), rng.random()
        if action < 0.06 and not table.full and not table.closed:
            peers.append(Watchful())
            table.join("Bob", peers[-1])
            tokens.append(peers[-1].of("seated")[0]["token"])
        elif action < 0.1 and table.spectators and not table.closed:
            peers.append(Watchful())
            table.watch(peers[-1])
        elif action < 0.45:  # an honest choice, made whenever (it is passed over if early)
            peer.table.moved(rng.randrange(3))
            for message in peer.table.outgoing():
                dispatch(table, peer, message)
        elif action < 0.55:  # a commitment or an opening for any game and turn
            game = max(1, peer.table.number + rng.choice([0, 0, 0, -1, 1]))
            turn = max(0, min(23, peer.table.turn + rng.choice([0, 0, 0, -1, 1])))
            dispatch(table, peer, rng.choice([
                {"type": "commit", "game": game, "turn": turn, "commitment": "%064x" % rng.getrandbits(256)},
                {"type": "seed", "game": game, "seed": "%064x" % rng.getrandbits(256)},
                {"type": "move", "game": game, "turn": max(1, turn), "slot": rng.randrange(3),
                 "nonce": "%032x" % rng.getrandbits(128)}]))
        elif action < 0.62:
            table.rematch(peer)
        elif action < 0.66:
            table.leave(peer)
        elif action < 0.74:
            table.dropped(peer)
        elif action < 0.82:
            place = table.place_of(rng.choice(tokens))
            if place is not None and not table.closed:
                peers.append(Watchful())
                table.resume(place, peers[-1])
        else:
            clock.now += rng.choice([0.5, 5, 14, 16, 59, 61, 70])
            table.tick()
    return table


def test_random_client_actions_never_break_the_table_nor_show_a_hidden_card():
    """400 tables under random actions: the table never raises, every message it sends is
    one an honest client believes, and no one is sent a card their seat may not see."""
    finished = sum(random_actions(seed).closed for seed in range(400))
    assert finished > 300  # most end with a leave or an abandoned seat: the ends are reached


def test_a_rematch_asked_again_and_again_is_told_once():
    """A friend who sends rematch twenty times a second (the rate limit's pace) had each
    one relayed, and tcf-gui play --text printed 'Bob asks for a rematch' for every one of
    them: the server tells the first, and a client takes one told again as no news."""
    table, host, friend = seated_table(Clock(), seed_lasting(3))
    play_out(table, host, friend)
    out = io.StringIO()
    terminal = TerminalFriend(Unplugged(), "127.0.0.1:1", io.StringIO(), out)  # type: ignore[arg-type]
    for message in host.sent:
        terminal.told(message)
    for _ in range(30):
        table.rematch(friend)
    assert len(host.of("rematch")) == 1 and host.table.number == 1
    for _ in range(30):
        terminal.told(host.of("rematch")[0])  # a server that relays them all
    assert out.getvalue().count("asks for a rematch") == 1


def test_a_spectator_who_comes_after_the_end_sees_how_the_game_ended():
    """One who came between two games was told the deal and the turns, not the end: the
    window showed the last game as if it went on, waiting for moves that never came."""
    table, host, friend = seated_table(Clock(), seed_lasting(3), spectators=True)
    play_out(table, host, friend)
    late = Peer()
    table.watch(late)
    assert late.sent[-1] == host.of("over")[-1]
    assert not late.table.in_game and late.table.ending.verdict.verified
    rematch(table, host, friend)
    assert late.table.in_game and late.table.number == 2
    later = Peer()
    table.watch(later)
    assert not later.of("over") and later.table.in_game


def test_your_turn_timer_stands_still_while_your_friend_is_away():
    """While the friend was disconnected, the host's timer ran out and played the host's
    lowest card. It stops while the friend is away, runs on from there when they are back,
    and the host's client is told the seconds left."""
    clock = Clock()
    table, host, friend = seated_table(clock, seed_lasting(4), timer_s=30, hold_s=60)
    clock.now += 10
    table.dropped(friend)
    clock.now += 45  # longer than the timer had left: nothing is played for the host
    table.tick()
    assert not host.of("turn") and not host.of("over")
    assert table.deadline() == clock.now - 45 + 60  # the hold alone
    table.resume(table.place_of(friend.of("seated")[-1]["token"]), back := Peer())
    assert host.of("ask")[-1]["seconds"] == 20.0  # asked again: 20 s were left
    clock.now += 19
    table.tick()
    assert not host.of("turn")
    clock.now += 1.5  # the host's 30 s are over (the friend's too): both timed out
    table.tick()
    assert host.of("turn")[0]["timed_out"] == [True, True] and back.of("turn")
    assert host.table.timed_out_turns == back.table.timed_out_turns == frozenset({1})
    assert host.table.timer_plays == back.table.timer_plays == {(1, 1), (1, 2)}


def test_a_friend_told_twice_the_same_is_told_once():
    """Each resume pushed the other player "away" and "back" and "waiting" again."""
    clock = Clock()
    table, host, friend = seated_table(clock, seed_lasting(4), timer_s=0)
    choose(table, friend, 0)  # its commitment: the host is told "waiting"
    token = friend.of("seated")[-1]["token"]
    told = len(host.of("friend")) + len(host.of("waiting"))
    assert host.of("waiting")  # the commitment was told once
    for _ in range(20):
        table.resume(table.place_of(token), Peer())  # the seat taken over and over
    assert len(host.of("friend")) + len(host.of("waiting")) == told


def kept_friend_table(clock: Clock, path, **options) -> tuple[NetTable, Peer, Peer, str]:
    """A table whose friend keeps its seat on disk at ``path`` as a client does; its token."""
    host, friend = Peer(), Peer()
    friend.table.kept = KeptSeat("ws://t:1", CODE, path)
    table = NetTable(CODE, "Ann", host, clock=clock, seed=seed_lasting(3), **options)
    table.join("Bob", friend)
    token = friend.of("seated")[-1]["token"]
    friend.table.kept.keep(token)  # (as the client keeps each token the server gives)
    deliver(table, host, friend)
    return table, host, friend, token


def come_back(table: NetTable, token: str, path) -> Peer:
    """The friend's process starts again after a crash: a fresh table (and another seed
    drawn), the seat kept on disk."""
    back = Peer()
    back.table.draw_seed = lambda: "6" * 64
    back.table.kept = KeptSeat("ws://t:1", CODE, path)
    table.resume(table.place_of(token), back)
    deliver(table, back)
    return back


def test_a_player_back_from_a_crash_opens_the_move_it_committed_and_its_deal_checks(tmp_path):
    """A client that crashed after committing its discard, before opening it, came back
    with a fresh table: its move could not be opened (the turn stalled) and its seed was
    another (the check at the end failed). The seat kept on disk keeps both."""
    path = tmp_path / "seats.json"
    table, host, friend, token = kept_friend_table(Clock(), path, timer_s=60)
    choose(table, friend, 2)  # committed; the host has not: nothing opened yet
    table.dropped(friend)  # the process is killed
    back = come_back(table, token, path)
    choose(table, host, 0)  # both committed: each opens, the friend from what was kept
    assert [move[1] for move in back.table.moves] == [2]
    assert not back.table.timed_out[1]
    while back.table.ending is None:
        choose(table, host, 0)
        choose(table, back, 2)
    assert back.table.ending.verdict.verified, back.table.ending.verdict.problem
    assert host.table.ending is not None and host.table.ending.verdict.verified
    assert KeptSeat("ws://t:1", CODE, path).secrets is None  # revealed: not kept any more


def test_your_timer_stands_still_while_a_friend_who_committed_is_away(tmp_path):
    """The pause holds when the friend had committed to their discard before they dropped:
    the host's timer stops, runs on when they are back, and then plays for the host."""
    clock, path = Clock(), tmp_path / "seats.json"
    table, host, friend, token = kept_friend_table(clock, path, timer_s=30, hold_s=60)
    choose(table, friend, 2)
    clock.now += 10
    table.dropped(friend)
    clock.now += 45  # longer than the host's timer had left
    table.tick()
    assert not host.of("turn") and not host.of("over")
    back = come_back(table, token, path)
    assert host.of("ask")[-1]["seconds"] == 20.0
    clock.now += 21
    table.tick()
    deliver(table, back)
    assert host.of("turn")[0]["timed_out"] == [True, False]
    assert host.of("turn")[0]["slots"][1] == 2 and back.table.moves[0][1] == 2


class Silent(Peer):
    """A client that takes everything and sends nothing of its own (its seed, commitments
    and openings are never sent): one that would hold the table."""

    def send(self, message: dict) -> None:
        super().send(message)
        self.out.clear()


def test_a_player_who_never_sends_a_seed_leaves_the_table_and_no_game_counts():
    """Before a deal nothing stopped a client that never committed to its seed: the table
    waited for ever. The step now has the table's time (the hold with no timer); past it,
    that player leaves, the friend is told, no game is dealt and the table closes."""
    clock = Clock()
    host, friend = Silent(), Peer()
    table = NetTable(CODE, "Ann", host, clock=clock, seed=5, timer_s=0, hold_s=60)
    table.join("Bob", friend)
    deliver(table, friend)
    assert table.deadline() == 1060.0
    clock.now += 59.9
    table.tick()
    assert not table.closed and friend.of("friend")[-1]["left"] is False
    clock.now += 0.2
    table.tick()
    assert friend.of("friend")[-1]["left"] is True and table.closed
    assert not friend.of("deal") and not friend.of("over") and not host.of("over")
    assert table.deadline() is None  # nothing more to look at


def test_a_move_committed_and_never_opened_is_an_abandonment_once_the_timer_passes():
    """A client could commit to its discard and never open it: the turn stalled for ever.
    It has the turn timer's time to open; past it, it abandoned the game and the other
    wins (never the other's loss)."""
    clock = Clock()
    table, host, friend = seated_table(clock, seed_lasting(3), timer_s=30)
    friend.sent_raw: list[dict] = []
    friend.send = friend.sent_raw.append  # (its own client's checks are not this test's)
    choose(table, host, 0)
    friend.table.moved(1)
    for message in friend.table.outgoing():  # its commitment goes, its opening never will
        dispatch(table, friend, message)
    friend.out.clear()
    deliver(table, host)
    assert host.of("committed") and not host.of("turn")
    clock.now += 29.9
    table.tick()
    assert not host.of("over")
    clock.now += 0.2
    table.tick()
    over = host.of("over")[0]
    assert over["abandoned_by"] == 2 and over["winner"] == 1
    assert host.table.ending is not None and host.table.ending.verdict.verified
    assert friend.sent_raw[-1]["type"] == "over"  # it is told too
    assert table.closed and table.deadline() is None


def test_a_player_back_during_the_seeds_has_a_little_time_once():
    """A player away while the step's time ran out is the hold's business; back, its client
    sends what is missing at once, and has RESUME_GRACE_S for it (once a round)."""
    clock = Clock()
    host, friend = Peer(), Silent()
    table = NetTable(CODE, "Ann", host, clock=clock, seed=5, timer_s=0, hold_s=60)
    table.join("Bob", friend)
    deliver(table, host)
    clock.now += 50
    table.dropped(friend)
    clock.now += 15  # the step's time is over, the hold is not
    table.tick()
    assert not table.closed
    back = Silent()
    table.resume(table.place_of(friend.of("seated")[-1]["token"]), back)
    assert table.deadline() == clock.now + 10
    clock.now += 10.1
    table.tick()
    assert host.of("friend")[-1]["left"] is True and table.closed
