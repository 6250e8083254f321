"""Strength at a size the suite can afford: the heuristic and the expert against the peers'
rule (tests/strategies/peers.py), and the rules that make the difference.

Duels on paired decks (tcf_gui.lab.batch.paired): both seatings play the same decks, so
only the decks where the strategies choose differently count, and the z-test on the mean
score per deck is several times more precise than independent runs. A one-sided test at
z > 2.33 (p < 0.01) claims "A is stronger". The deck counts give each claim a margin: at
200,000 decks the heuristic's lead over the peers' rule (about +0.15 points, standard error
0.043) puts z near 3.5-4.5; the rule "high" (about +0.25 points in games that differ three
times as often) needs 400,000 decks for z near 4.
"""
from __future__ import annotations

from functools import cache
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tcf_gui.engine.cards import CARDS
from tcf_gui.engine.strategies.registry import make_strategy, strategy_info
from tcf_gui.engine.view import Strategy, View
from tcf_gui.lab.batch.paired import paired_duel

PEERS_FILE = Path(__file__).resolve().parents[2] / "strategies" / "peers.py"
#: The peers' rule in batch form: keep a suited pair, else the lowest card goes.
PEERS = "heuristic:counting=off"
DECKS = 200_000
Z_STRONGER = 2.33  # one-sided, p < 0.01


@st.composite
def any_view(draw: st.DrawFn) -> View:
    order = [CARDS[i] for i in draw(st.permutations(range(52)))]
    turn = draw(st.integers(1, 21))
    discards = tuple(order[3:3 + 2 * (turn - 1)])
    return View(2, tuple(order[:3]), discards, discards[0::2], 46 - 2 * (turn - 1), turn)


@cache
def players() -> tuple[Strategy, Strategy]:
    return make_strategy(str(PEERS_FILE)), make_strategy(PEERS)


@settings(max_examples=300, deadline=None, derandomize=True)
@given(view=any_view())
def test_the_peers_file_chooses_as_the_heuristic_without_counting(view):
    from_file, from_rules = players()
    assert from_file(view) == from_rules(view)


@pytest.mark.parametrize("strategy", ["heuristic", "expert"])
def test_stronger_than_the_peers_rule(strategy):
    assert paired_duel(strategy, PEERS, DECKS, seed=81).z > Z_STRONGER


#: Decks enough for each rule's worth to show (see the module): "pair" is worth 67 points.
RULE_DECKS = {"pair": 5_000, "counting": 200_000, "high": 400_000}


def test_every_rule_has_a_deck_count():
    assert set(RULE_DECKS) == set(strategy_info("heuristic").params)


@pytest.mark.parametrize("rule", sorted(RULE_DECKS))
def test_every_rule_of_the_heuristic_adds_strength(rule):
    """Switching any rule off makes the heuristic significantly weaker."""
    assert paired_duel("heuristic", f"heuristic:{rule}=off", RULE_DECKS[rule], seed=82).z > Z_STRONGER


def test_the_expert_is_at_least_even_with_the_heuristic():
    assert paired_duel("expert", "heuristic", 50_000, seed=83).z > -Z_STRONGER


def test_a_paired_duel_counts_deck_by_deck():
    duel = paired_duel("lazy:slot=0", "random", 3000, seed=5)
    assert duel.games == 6000 and duel.wins_a + duel.wins_b <= 6000
    assert duel.difference == pytest.approx((duel.wins_a - duel.wins_b) / 6000)
    # lazy against random: far weaker, measured the same way a duel does.
    assert duel.z < -10 and duel.p_value < 1e-12


def test_a_paired_duel_of_a_strategy_with_itself_is_even_to_the_game():
    duel = paired_duel("heuristic", "heuristic", 2000, seed=6)
    assert duel.wins_a == duel.wins_b and duel.score_squares == 0 and duel.p_value == 1.0
