"""Strength at a size the suite can afford: the heuristic and the expert against the peers'
rule (tests/strategies/peers.py), and the rules that make the difference.

Both seatings play the same decks, so a game in which the two strategies make the same
choices throughout is won once by each and cancels out; only the games where they differ
count. Each deck gives A's wins minus B's wins over its two games, a score in -2..2; the
mean over independent decks is 2 * (pA - pB), and its standard error is the sample's
standard deviation / sqrt(decks) (central limit theorem: thousands of decks, a bounded
score). A one-sided test at z > 2.33 (p < 0.01) claims "A is stronger". The deck counts
give each claim a margin: at 200,000 decks the heuristic's lead over the peers' rule (about
+0.2 points, standard error 0.043) puts z near 4.5; the rule "high" (about +0.2 points in
games that differ three times as often) needs 400,000 decks for z near 4.
"""
from __future__ import annotations

from pathlib import Path

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tcf_gui.engine import CARDS, View, make_strategy
from tcf_gui.engine.batch import GivenDecks, make_player, play_batch
from tcf_gui.engine.batch.engine import _WINNER
from tcf_gui.engine.strategies import strategy_info

PEERS_FILE = Path(__file__).resolve().parents[2] / "strategies" / "peers.py"
#: The peers' rule in batch form: keep a suited pair, else the lowest card goes.
PEERS = "heuristic:counting=off"
DECKS = 200_000
Z_STRONGER = 2.33  # one-sided, p < 0.01


def deck_scores(a: str, b: str, decks: int, seed: int) -> np.ndarray:
    """Per deck: A's wins minus B's wins over the two seatings played on that deck."""
    rng = np.random.default_rng(seed)
    rows = np.argsort(rng.random((decks, 52)), axis=1)
    players = np.random.SeedSequence(seed)
    first = _WINNER[play_batch(make_player(a, players), make_player(b, players),
                               GivenDecks(rows), decks).cases]
    second = _WINNER[play_batch(make_player(b, players), make_player(a, players),
                                GivenDecks(rows), decks).cases]
    return ((first == 1).astype(np.int8) + (second == 2) - (first == 2) - (second == 1))


def z_score(scores: np.ndarray) -> float:
    return float(scores.mean() / (scores.std(ddof=1) / np.sqrt(len(scores))))


@st.composite
def any_view(draw: st.DrawFn) -> View:
    order = [CARDS[i] for i in draw(st.permutations(range(52)))]
    turn = draw(st.integers(1, 21))
    discards = tuple(order[3:3 + 2 * (turn - 1)])
    return View(2, tuple(order[:3]), discards, discards[0::2], 46 - 2 * (turn - 1), turn)


@settings(max_examples=300, deadline=None, derandomize=True)
@given(view=any_view())
def test_the_peers_file_chooses_as_the_heuristic_without_counting(view):
    assert make_strategy(str(PEERS_FILE))(view) == make_strategy(PEERS)(view)


@pytest.mark.parametrize("strategy", ["heuristic", "expert"])
def test_stronger_than_the_peers_rule(strategy):
    assert z_score(deck_scores(strategy, PEERS, DECKS, seed=81)) > Z_STRONGER


#: Decks enough for each rule's worth to show (see the module): "pair" is worth 67 points.
RULE_DECKS = {"pair": 5_000, "counting": 200_000, "high": 400_000}


def test_every_rule_has_a_deck_count():
    assert set(RULE_DECKS) == set(strategy_info("heuristic").params)


@pytest.mark.parametrize("rule", sorted(RULE_DECKS))
def test_every_rule_of_the_heuristic_adds_strength(rule):
    """Switching any rule off makes the heuristic significantly weaker."""
    scores = deck_scores("heuristic", f"heuristic:{rule}=off", RULE_DECKS[rule], seed=82)
    assert z_score(scores) > Z_STRONGER


def test_the_expert_is_at_least_even_with_the_heuristic():
    scores = deck_scores("expert", "heuristic", 50_000, seed=83)
    # The same choices everywhere give all-zero scores: even, and no spread to test.
    assert not scores.any() or z_score(scores) > -Z_STRONGER
