"""majority and mix, decided with chosen members (lazy:slot=k always throws slot k)."""
from __future__ import annotations

import math
import random

import pytest

from tcf_gui.engine.game import Game
from tcf_gui.engine.match import Match
from tcf_gui.engine.strategies.registry import make_strategy


def any_view():
    game = Game(17)
    game.deal()
    return game.view(2)


def members(*slots: int) -> str:
    return ",".join(f"(lazy:slot={slot})" for slot in slots)


@pytest.mark.parametrize("slots, chosen", [
    ((2, 1, 2), 2),          # a clear majority
    ((0, 1, 1), 1),
    ((1, 0, 2), 1),          # three different answers: the first member's choice
    ((2, 0), 2),             # a tie of two: the first member's choice
    ((0, 1, 1, 0), 0),       # 2-2: the tied slot chosen first
    ((2, 1, 1, 0, 0), 1),    # 1 and 0 tie with two votes each; 1 was chosen first
    ((2, 0, 0, 1, 1, 1), 1),
])
def test_majority_picks_the_most_chosen_slot(slots, chosen):
    assert make_strategy(f"majority:{members(*slots)}")(any_view()) == chosen


def test_majority_of_one_strategy_plays_like_it():
    run = Match("heuristic", "majority:heuristic,heuristic,heuristic", 4)
    alone = Match("heuristic", "heuristic", 4)
    for _ in range(30):
        assert run.play_next().moves == alone.play_next().moves


@pytest.mark.parametrize("p, slot", [(0, 1), (1, 0)])
def test_mix_at_the_extremes_plays_one_member(p, slot):
    strategy = make_strategy(f"mix:p={p},{members(0, 1)}", random.Random(1))
    assert {strategy(any_view()) for _ in range(200)} == {slot}


def test_mix_plays_its_first_member_with_probability_p():
    n, p = 4000, 0.3
    strategy = make_strategy(f"mix:p={p},{members(0, 1)}", random.Random(8))
    share = sum(strategy(any_view()) == 0 for _ in range(n)) / n
    # 4 standard errors: this fails with probability below 1e-4 for a correct mix.
    assert abs(share - p) <= 4 * math.sqrt(p * (1 - p) / n)
