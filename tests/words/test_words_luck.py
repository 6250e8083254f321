"""The end banner's luck line speaks to the person: the cards favoured "you" or "your
opponent", from the seat whose decisions were scored (it said "Player 1" to a person who
was Player 1, and the other seat's number to one who sat second)."""
from __future__ import annotations

import pytest

from tcf_gui.engine.skill import Luck, Skill
from tcf_gui.words.luck import luck_line


def skill(seat: int, luck: float) -> Skill:
    """A game ended at the deal (no decision graded), Player 1's luck ``luck``."""
    return Skill("heuristic", False, (), Luck(0.5, luck, 0.0, 0.5 + luck, (luck,)), seat)


@pytest.mark.parametrize("seat, luck, favoured", [
    (1, 0.31, "you by 31 points"), (1, -0.31, "your opponent by 31 points"),
    (2, 0.31, "your opponent by 31 points"), (2, -0.31, "you by 31 points"),
    (2, 0.001, "neither player"),
])
def test_the_banner_says_whom_the_cards_favoured_from_the_persons_side(seat, luck, favoured):
    assert luck_line(skill(seat, luck)) == f"The deal decided the game; the cards favoured {favoured}"
