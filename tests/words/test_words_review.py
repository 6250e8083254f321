"""The coach's review in words: how many moves were the best and what the others gave up,
with plurals from the catalog (never "1 moves")."""
from __future__ import annotations

from types import SimpleNamespace

import pytest

from tcf_gui.engine.cards import parse_cards
from tcf_gui.engine.coach import Review
from tcf_gui.engine.outcome import judge
from tcf_gui.words.review import review_result, review_summary


def reviewed(*given_up: float, outcome=None) -> Review:
    """A review whose turns gave up these win chances (0: the best move)."""
    turns = tuple(SimpleNamespace(turn=number, given_up=lost, was_best=lost == 0)
                  for number, lost in enumerate(given_up, start=1))
    return Review(turns, "heuristic", outcome)  # type: ignore[arg-type]


@pytest.mark.parametrize("given_up, summary", [
    ((), "No moves to review: the deal ended the game."),
    ((0,), "The one move was the best."),
    ((0, 0, 0), "All 3 moves were the best."),
    ((0.01,), "Best moves: 0 of 1. One move gave up 1 point of win chance."),
    ((0, 0.18, 0), "Best moves: 2 of 3. One move gave up 18 points of win chance."),
    ((0.004, 0, 0.2, 0.06), "Best moves: 1 of 4. 3 moves gave up 26 points of win "
                            "chance in all (the most, 20 points, on turn 3)."),
])
def test_the_summary_counts_in_whole_sentences(given_up, summary):
    assert review_summary(reviewed(*given_up)) == summary


def test_the_result_speaks_to_the_person_as_player_1():
    assert review_result(reviewed(0)) is None
    outcome = judge(parse_cards("2C 3D 4S"), parse_cards("8H 2H 5H"))
    assert review_result(reviewed(0, outcome=outcome)) == (
        "Player 2 wins with an Eight-high flush in hearts")
    outcome = judge(parse_cards("8H 2H 5H"), parse_cards("2C 3D 4S"))
    assert review_result(reviewed(0, outcome=outcome)) == "You win with an Eight-high flush in hearts"
