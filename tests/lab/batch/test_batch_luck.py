"""Each game's luck on the batch engine (tcf_gui/lab/batch/luck.py): exact expectations over
the cards that could come, luck that averages to zero whatever the players do, a smaller
variance once it is subtracted, and games that do not change when it is measured."""
from __future__ import annotations

import math
from itertools import permutations

import numpy as np
import pytest

from tcf_gui.lab.batch.chunk import make_player
from tcf_gui.lab.batch.engine import GivenDecks, play_batch
from tcf_gui.lab.batch.judging import WINNER
from tcf_gui.lab.batch.luck import (
    EVEN, WIN1, WIN2, LuckMeter, expected_over_draws, live_cell, table,
)
from tcf_gui.lab.batch.paired import PARALLEL_DECKS, paired_duel, shuffled_decks
from tcf_gui.lab.batch.tables import CARD_BIT
from tcf_gui.engine.cards import CARDS
from tcf_gui.engine.game import Game

Z = 4.0  # two-sided false alarm about 6e-5


def _decks(games: int, seed: int) -> np.ndarray:
    return shuffled_decks(games, np.random.default_rng(seed))


def _lucks(p1: str, p2: str, games: int, seed: int) -> tuple[np.ndarray, np.ndarray]:
    """Each game's luck and Player 1's result."""
    meter = LuckMeter(games)
    s1, s2 = np.random.SeedSequence(seed).spawn(2)
    cases = play_batch(make_player(p1, s1), make_player(p2, s2), GivenDecks(_decks(games, seed)),
                       games, luck=meter).cases
    return meter.luck, np.array([0.5, 1.0, 0.0])[WINNER[cases]]


@pytest.mark.parametrize("p1, p2", [("expert", "heuristic"), ("random", "lazy:slot=2")])
def test_luck_averages_to_zero_whatever_the_players_do(p1, p2):
    # Each chance event's term has mean zero given what came before, so the game's sum does:
    # its mean over n games lies within Z standard errors of 0.
    luck, _result = _lucks(p1, p2, 10_000, seed=11)
    assert luck.std() > 0.05  # there is luck to measure
    assert abs(luck.mean()) < Z * luck.std() / math.sqrt(len(luck))


def test_the_luck_follows_the_result():
    # The luck of a game won is mostly positive, of a game lost mostly negative.
    luck, result = _lucks("heuristic", "heuristic", 5000, seed=3)
    assert np.corrcoef(luck, result)[0, 1] > 0.8


def test_measuring_luck_changes_no_game():
    decks = _decks(3000, 5)
    s1, s2 = np.random.SeedSequence(5).spawn(2)
    plain = play_batch(make_player("expert", s1), make_player("random", s2), GivenDecks(decks),
                       3000)
    s1, s2 = np.random.SeedSequence(5).spawn(2)
    measured = play_batch(make_player("expert", s1), make_player("random", s2),
                          GivenDecks(decks), 3000, luck=LuckMeter(3000))
    assert (plain.cases == measured.cases).all() and (plain.turns == measured.turns).all()


def _value_by_hand(turn: int, hand1: list[int], hand2: list[int], deck: list[int]) -> float:
    """V after the draws, worked out card by card: the table's cell, or the result when both
    hands are flushes."""
    def pair_suit(hand: list[int]) -> int:
        suits = [c & 3 for c in hand]
        pair = [s for s in set(suits) if suits.count(s) == 2]
        return pair[0] if pair else -1

    def outs(hand: list[int]) -> int:
        return sum(1 for c in deck if c & 3 == pair_suit(hand)) if pair_suit(hand) >= 0 else -1

    flush1 = len({c & 3 for c in hand1}) == 1
    flush2 = len({c & 3 for c in hand2}) == 1
    if flush1 and flush2:
        game = Game(deck=[CARDS[c] for c in _deal(hand1, hand2)])
        game.deal()
        assert game.outcome is not None and game.outcome.case is not None
        return {1: 1.0, 2: 0.0}[game.outcome.case.winner]
    if flush1 or flush2:
        return table()[WIN1 if flush1 else WIN2]
    if not deck:
        return table()[EVEN]
    same = int(pair_suit(hand1) == pair_suit(hand2) != -1)
    return table()[int(live_cell(turn, np.int32(outs(hand1)), np.int32(outs(hand2)),
                                 np.int32(same)))]


def _deal(hand1: list[int], hand2: list[int]) -> list[int]:
    """A deck that deals these two hands."""
    rest = [c for c in range(52) if c not in hand1 + hand2]
    return [c for pair in zip(hand1, hand2) for c in pair] + rest


@pytest.mark.parametrize("seed", range(8))
def test_a_turns_expectation_is_the_mean_over_every_pair_of_cards_that_could_come(seed):
    rng = np.random.default_rng(seed)
    turn = int(rng.integers(1, 24)) if seed else 23  # the last turn empties the deck
    cards = rng.permutation(52)
    if seed % 2:
        turn = seed  # early: many cards of the suits left
    gone = 6 + 2 * (turn - 1)  # dealt and drawn before this turn's draws
    hand1, hand2 = [int(c) for c in cards[:3]], [int(c) for c in cards[3:6]]
    if seed % 2:  # both wait on flushes, of one suit or two: the ranks decide a tie
        suit2 = seed % 4 // 2
        hand1 = [c for c in range(52) if c & 3 == 1][:3]
        hand2 = [c for c in range(52) if c & 3 == suit2][4:7] if suit2 != 1 else \
            [c for c in range(52) if c & 3 == 1][5:8]
        rest = [int(c) for c in cards if c not in hand1 + hand2]
        cards = np.array(hand1 + hand2 + rest)
    deck = [int(c) for c in cards[gone:]]
    s1, s2 = int(rng.integers(0, 3)), int(rng.integers(0, 3))
    brute = np.mean([
        _value_by_hand(turn, [c1 if k == s1 else c for k, c in enumerate(hand1)],
                       [c2 if k == s2 else c for k, c in enumerate(hand2)],
                       [c for c in deck if c not in (c1, c2)])
        for c1, c2 in permutations(deck, 2)])
    c1, c2 = deck[0], deck[1]
    after1 = np.array([[c1 if k == s1 else c for k, c in enumerate(hand1)]], dtype=np.uint8)
    after2 = np.array([[c2 if k == s2 else c for k, c in enumerate(hand2)]], dtype=np.uint8)
    drawn = np.array([CARD_BIT[[int(c) for c in cards[:gone + 2]]].sum(dtype=np.uint64)])
    _grid, deck_suits = LuckMeter.grid(turn, after1, after2, np.array([s1]), np.array([s2]),
                                       drawn)
    assert expected_over_draws(np.ones((1, 4, 4)), deck_suits)[0] == pytest.approx(1.0)
    realized, expected = LuckMeter.values(turn, after1, after2, np.array([s1]),
                                          np.array([s2]), drawn)
    assert expected[0] == pytest.approx(brute, abs=1e-12)
    assert realized[0] == _value_by_hand(turn, after1[0].tolist(), after2[0].tolist(), deck[2:])


def test_luck_adjusted_duel_is_the_same_duel_with_a_tighter_interval():
    adjusted = paired_duel("expert", "heuristic", 10_000, seed=9, luck_adjusted=True)
    plain = adjusted.unadjusted  # the same games (test_measuring_luck_changes_no_game)
    assert plain is not None
    assert (adjusted.wins_a, adjusted.wins_b) == (plain.wins_a, plain.wins_b)
    # The bar: half the interval, the same confidence from a quarter of the decks.
    assert adjusted.standard_error < 0.5 * plain.standard_error
    # Both estimate the same difference: they agree within their intervals.
    assert abs(adjusted.difference - plain.difference) < Z * plain.standard_error


@pytest.mark.xdist_group("whole_core")  # a pool of two
def test_workers_do_not_change_a_paired_duel():
    here = paired_duel("heuristic", "random", PARALLEL_DECKS, seed=4, luck_adjusted=True)
    shared = paired_duel("heuristic", "random", PARALLEL_DECKS, seed=4, luck_adjusted=True,
                         workers=2)
    assert here == shared
