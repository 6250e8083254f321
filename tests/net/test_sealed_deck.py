"""The sealed deck (tcf_gui.net.sealed): the group arithmetic through PyNaCl, a seat's
secrets from its seed, the passes and openings, the end check, and what a host's process or
a server between two clients holds before the end: neither lets it open the friend's hand."""
from __future__ import annotations

import hashlib
import json
import random

import pytest
from nacl import bindings
from scipy.stats import chi2

from tcf_gui.engine.analysis import is_flush
from tcf_gui.engine.cards import make_deck
from tcf_gui.net.sealed import group
from tcf_gui.net.sealed.audit import check_sealed_deal
from tcf_gui.net.sealed.group import CARD_OF_POINT, DECK_POINTS, SealedError
from tcf_gui.net.sealed.keys import SeatKeys, permutation
from tcf_gui.net.sealed.local import SealedGame, from_hex
from tcf_gui.net.sealed.seat import SealedSeat, owner

L = 2**252 + 27742317777372353535851937790883648493
IDENTITY = bytes([1]) + bytes(31)
ORDER_TWO = bytes.fromhex("ec" + "ff" * 30 + "7f")


def seed(rng: random.Random) -> str:
    return "%064x" % rng.getrandbits(256)


def keyed(rng: random.Random) -> bytes:
    return group.scalar(rng.randbytes(64))


def passes(first: SealedSeat, second: SealedSeat) -> list[list[bytes]]:
    one = first.first_pass()
    two = second.second_pass(one)
    three = first.third_pass(two)
    second.take_sealed(three)
    return [one, two, three]


def test_card_points_are_52_distinct_points_of_the_prime_order_group():
    assert len(set(DECK_POINTS)) == 52 == len(CARD_OF_POINT)
    assert all(bindings.crypto_core_ed25519_is_valid_point(p) for p in DECK_POINTS)
    minus_one = (L - 1).to_bytes(32, "little")
    for point in DECK_POINTS[:4]:  # of order L: (L - 1) P + P is the identity
        assert bindings.crypto_core_ed25519_add(group.times(minus_one, point), point) == IDENTITY
    with pytest.raises(SealedError):  # a zero key gives the identity, which is refused
        group.times(bytes(32), DECK_POINTS[0])


def test_keys_commute_and_inverse_keys_open():
    rng = random.Random(3)
    for point in DECK_POINTS[:8]:
        a, b = keyed(rng), keyed(rng)
        both = group.times(a, group.times(b, point))
        assert both == group.times(b, group.times(a, point)) != point
        assert group.times(group.invert(a), both) == group.times(b, point)
        assert group.times(group.invert(group.multiply(a, b)), both) == point


def test_points_a_peer_sends_that_are_not_in_the_main_subgroup_are_refused():
    with_torsion = bindings.crypto_core_ed25519_add(DECK_POINTS[0], ORDER_TWO)
    off_curve = next(c for c in (hashlib.sha256(bytes([i])).digest() for i in range(64))
                     if not bindings.crypto_core_ed25519_is_valid_point(c))
    for bad in (IDENTITY, ORDER_TWO, with_torsion, off_curve, DECK_POINTS[0][:31],
                DECK_POINTS[0] + b"\0", "ab" * 32, None):
        with pytest.raises(SealedError):
            group.check_point(bad)
    assert group.check_point(DECK_POINTS[5]) == DECK_POINTS[5]


def test_keys_a_peer_sends_must_be_canonical_and_nonzero():
    for bad in (bytes(32), L.to_bytes(32, "little"), (L + 1).to_bytes(32, "little"),
                b"\1" * 31, "01" * 32, 7):
        with pytest.raises(SealedError):
            group.check_scalar(bad)
    assert group.check_scalar((L - 1).to_bytes(32, "little"))
    for bad in ("zz", None, 5):
        with pytest.raises(SealedError):
            from_hex(bad)


def test_a_seed_gives_the_same_secrets_and_another_seed_others():
    first, again, other = SeatKeys("ab" * 32, 1), SeatKeys("ab" * 32, 1), SeatKeys("ab" * 32, 2)
    assert first == again
    assert sorted(first.order) == list(range(52))
    assert first.order != other.order and first.global_key != other.global_key
    assert len(set(first.position_keys)) == 52


def test_a_seats_shuffle_is_uniform():
    """Where card 0 lands over 5,200 seeds: 100 expected in each of 52 places; the
    chi-squared statistic stays below its 1 - 1e-6 quantile (51 degrees of freedom)."""
    rng = random.Random(11)
    counts = [0] * 52
    for _ in range(5200):
        counts[permutation(seed(rng), 1).index(0)] += 1
    statistic = sum((c - 100) ** 2 / 100 for c in counts)
    assert statistic < chi2.ppf(1 - 1e-6, 51)


def test_each_player_opens_its_own_cards_and_the_end_check_gives_one_deck():
    rng = random.Random(5)
    seeds = seed(rng), seed(rng)
    first, second = SealedSeat(1, seeds[0], 9), SealedSeat(2, seeds[1], 9)
    dealt = passes(first, second)
    for seat, other in ((first, second), (second, first)):
        for position, key in other.deal_keys().items():
            assert owner(position) == seat.player
            seat.open(position, key)
    deck = check_sealed_deal(9, seeds, dealt, first.received, first.opened, 1)
    assert deck == check_sealed_deal(9, seeds, dealt, second.received, second.opened, 2)
    assert sorted(deck) == sorted(make_deck())
    assert [first.opened[p] for p in (0, 2, 4)] == deck[0:6:2]
    assert [second.opened[p] for p in (1, 3, 5)] == deck[1:6:2]


def test_a_seat_gives_no_key_ahead_of_the_game_and_none_of_its_hand():
    first, second = SealedSeat(1, "01" * 32, 1), SealedSeat(2, "02" * 32, 1)
    passes(first, second)
    with pytest.raises(SealedError):
        second.draw_key(1)  # before the deal keys
    second.deal_keys()
    with pytest.raises(SealedError):
        second.draw_key(2)  # a turn ahead
    assert second.draw_key(1) == second.draw_key(1)  # asked again after a reconnect
    with pytest.raises(SealedError):
        second.own_key(1)  # not yet opened for it
    with pytest.raises(SealedError):
        second.own_key(0)  # the other player's
    with pytest.raises(SealedError):
        second.first_pass()


def test_what_a_hostile_peer_sends_is_refused_with_a_clear_error():
    first, second = SealedSeat(1, "01" * 32, 1), SealedSeat(2, "02" * 32, 1)
    one = first.first_pass()
    for bad in (one[:51], one[:51] + [one[0]], one[:51] + [IDENTITY]):
        with pytest.raises(SealedError):
            second.second_pass(bad)
    second.take_sealed(first.third_pass(second.second_pass(one)))
    keys = first.deal_keys()
    with pytest.raises(SealedError):
        second.open(1, keys[3])  # another position's key opens no card
    with pytest.raises(SealedError):
        second.open(60, keys[1])
    assert second.open(1, keys[1]) == second.open(1, keys[1])
    with pytest.raises(SealedError):
        second.open(1, keys[5])  # a second key for an opened position


HOSTILE = [None, True, 3, -1, 2**70, 1.5, "", "00", "zz" * 32, [], {}, [[]], b"", b"\0" * 32,
           DECK_POINTS[0], list(DECK_POINTS[:3])]


def test_any_value_a_peer_sends_is_refused_with_a_sealed_error_only():
    first, second = SealedSeat(1, "01" * 32, 1), SealedSeat(2, "02" * 32, 1)
    good = first.first_pass()
    third = first.third_pass(second.second_pass(good))
    not_points = [value for value in HOSTILE if value is not DECK_POINTS[0]]
    for value in HOSTILE + [good[:51] + [value] for value in not_points]:
        for call in (second.second_pass, first.third_pass, second.take_sealed):
            with pytest.raises(SealedError):
                call(value)
    second.take_sealed(third)
    second.deal_keys()
    for value in HOSTILE:
        for call in (lambda v: second.open(v, first.keys.position_keys[1]),
                     lambda v: second.open(1, v), second.own_key, second.draw_key,
                     lambda v: second.open(1, from_hex(v))):
            with pytest.raises(SealedError):
                call(value)


def test_a_tampered_deck_or_seed_fails_the_end_check():
    rng = random.Random(8)
    seeds = seed(rng), seed(rng)
    first, second = SealedSeat(1, seeds[0], 1), SealedSeat(2, seeds[1], 1)
    dealt = passes(first, second)
    forged = [list(p) for p in dealt]
    forged[2][7] = group.times(keyed(rng), DECK_POINTS[0])
    with pytest.raises(SealedError):
        check_sealed_deal(1, seeds, forged, {}, {}, 2)
    with pytest.raises(SealedError):
        check_sealed_deal(1, (seeds[0], seed(rng)), dealt, {}, {}, 2)
    card = check_sealed_deal(1, seeds, dealt, {}, {}, 2)[1]
    other = next(c for c in make_deck() if c != card)
    with pytest.raises(SealedError):
        check_sealed_deal(1, seeds, dealt, {}, {1: other}, 2)
    with pytest.raises(SealedError):
        check_sealed_deal(1, seeds, dealt, {1: keyed(rng)}, {}, 2)


def played(number: int, choosers=(lambda hand: 0, lambda hand: 2)) -> SealedGame:
    rng = random.Random(number)
    game = SealedGame(number, (seed(rng), seed(rng)), choosers)
    game.play()
    return game


def keys_in(texts: list[str]) -> set[bytes]:
    """Every key in the messages ``texts``."""
    return {bytes.fromhex(key) for text in texts for _, key in json.loads(text).get("keys", [])}


@pytest.mark.parametrize("number", [1, 2, 3, 4])
def test_whole_games_end_checked_by_both_sides(number):
    game = played(number)
    replays = game.reveal()
    assert replays[0].outcome == replays[1].outcome
    assert replays[0].hand1 == game.sides[0].cards()
    assert replays[1].hand2 == game.sides[1].cards()
    assert replays[0].moves == game.moves


def test_the_hosts_process_cannot_open_the_friends_hand_before_the_end():
    """Player 1's process (the host, and the server) holds every byte the friend sent
    before the seeds: none of its keys for the friend's hand, and no key it holds, alone or
    with its own, opens one of those cards."""
    game = next(g for g in map(played, range(20, 60)) if not g.sides[1].shown)
    host, friend = game.sides
    captured = keys_in(host.got)
    hand = friend.hand
    assert not captured & {friend.seat.keys.position_keys[p] for p in hand}
    tries = [None, *captured]
    for position in hand:
        for key in tries:
            mine = host.seat.keys.position_keys[position]
            both = mine if key is None else group.multiply(mine, key)
            assert group.times(group.invert(both), host.seat.sealed[position]) not in CARD_OF_POINT
    # the friend's own discards were opened for the host, as the rules show them
    assert all(host.seat.opened[p] == friend.seat.opened[p]
               for p in friend.seat.opened if owner(p) == 2 and p not in hand)
    game.reveal()  # and the deal checks out at the end


def test_a_server_between_two_clients_sees_neither_hand():
    """A relay sees every message both ways: for no card still in a hand does it hold both
    keys, and no key it saw opens one alone."""
    game = next(g for g in map(played, range(60, 100)) if not any(s.shown for s in g.sides))
    one, two = game.sides
    seen = keys_in(one.got) | keys_in(two.got)
    sealed = one.seat.sealed
    for side, other in ((one, two), (two, one)):
        for position in side.hand:
            keys = {side.seat.keys.position_keys[position], other.seat.keys.position_keys[position]}
            assert len(keys & seen) <= 1
            for key in seen:
                assert group.times(group.invert(key), sealed[position]) not in CARD_OF_POINT


class Hiding(SealedGame):
    """Player 2 never shows a flush."""

    def show_flushes(self) -> None:
        saved = self.sides[1].shown
        self.sides[1].shown = True
        super().show_flushes()
        self.sides[1].shown = saved


def hidden_flush(number: int) -> Hiding | None:
    """Game ``number`` played one turn past a flush player 2 did not show (None when it
    had no flush before the last turn)."""
    rng = random.Random(number)
    game = Hiding(number, (seed(rng), seed(rng)), (lambda hand: 0, lambda hand: 2))
    game.deal()
    while not game.over:
        hid = is_flush(game.sides[1].cards())
        game.turn()
        if hid:
            return game
    return None


def test_a_flush_not_shown_is_caught_at_the_end():
    game = next(g for g in map(hidden_flush, range(100, 200)) if g is not None)
    with pytest.raises(SealedError, match="hidden"):
        game.reveal()


def test_a_hand_shown_as_a_flush_that_is_not_one_is_refused():
    game = next(g for g in map(played, range(200, 240)) if not g.sides[0].shown)
    with pytest.raises(SealedError, match="not one"):
        game.show(1)


def test_a_seat_rebuilt_from_its_seed_goes_on_with_the_same_keys():
    """What a kept seat needs after a crash: its seed, the sealed deck and the keys it was
    given; the rebuilt seat opens the same cards and gives the same keys."""
    game = played(7)
    two = game.sides[1]
    again = SealedSeat(2, two.seed, 7)
    again.take_sealed(two.seat.sealed)
    for position, key in two.seat.received.items():
        assert again.open(position, key) == two.seat.opened[position]
    again.deal_keys()
    turns = len(game.moves)
    for turn in range(1, turns + 1):
        assert again.draw_key(turn) == two.seat.draw_key(turn)
