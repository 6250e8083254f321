"""Judging a game state: the seven result cases of report-the-result."""
from __future__ import annotations

from dataclasses import dataclass
from enum import IntEnum
from typing import Sequence

from tcf_gui.engine.analysis import Analysis, analyze_hand
from tcf_gui.engine.cards import Card


class Case(IntEnum):
    """The result cases, numbered in the order RULES.md checks them."""

    DEAD_DECK = 1
    P1_FLUSH = 2
    P2_FLUSH = 3
    P1_STRAIGHT = 4
    P2_STRAIGHT = 5
    P1_HIGH_CARD = 6
    P2_HIGH_CARD = 7

    @property
    def winner(self) -> int:
        """1 or 2 for the winning player, 0 for the draw."""
        return 0 if self is Case.DEAD_DECK else (1 if self in _P1_CASES else 2)

    @property
    def both_flush(self) -> bool:
        return self >= Case.P1_STRAIGHT


_P1_CASES = frozenset({Case.P1_FLUSH, Case.P1_STRAIGHT, Case.P1_HIGH_CARD})

#: The names of hand 1 and hand 2 in the lab's report lines.
Names = tuple[str, str]
PLAYERS: Names = ("Player 1", "Player 2")


Tally = tuple[int, int, int]
"""Games won by Player 1, games won by Player 2, draws."""


def tally(counts: Tally, winner: int) -> Tally:
    """``counts`` with one more game won by ``winner`` (1 or 2; 0 for a draw): the one place
    a result is counted, for the lab's counters, the window's score and the history."""
    win1, win2, draws = counts
    if winner == 1:
        return win1 + 1, win2, draws
    if winner == 2:
        return win1, win2 + 1, draws
    if winner == 0:
        return win1, win2, draws + 1
    raise ValueError(f"a winner is 1, 2 or 0 for a draw, not {winner!r}")


@dataclass(frozen=True)
class Outcome:
    """Both analyses and, once the game is over, the case that decides it."""

    analysis1: Analysis
    analysis2: Analysis
    case: Case | None

    @property
    def over(self) -> bool:
        return self.case is not None

    @property
    def winner(self) -> int | None:
        """1, 2, 0 for a draw, None while the game goes on."""
        return None if self.case is None else self.case.winner

    @property
    def straight_win(self) -> bool | None:
        """Whether the winner's hand is a straight flush; None for a draw or while the game
        goes on. A straight flush against a bust hand wins as case 2 or 3, not 4 or 5."""
        if self.case is None or self.case is Case.DEAD_DECK:
            return None
        return (self.analysis1 if self.case.winner == 1 else self.analysis2).straight

    @property
    def game_state(self) -> str:
        """The lab's *game-state*: ((10 HIGH CLUB FLUSH) BUST)."""
        return f"({self.analysis1} {self.analysis2})"

    def report_lines(self, names: Names = PLAYERS, you: int = 0) -> list[str]:
        """The lines report-the-result prints, in the lab's own (English) syntax; empty while
        the game goes on.

        ``names`` replaces 'Player 1' and 'Player 2'; the player ``you`` (1 or 2; 0: none)
        is 'You' there (the window's person reads '--> You win with ...').
        """
        if self.case is None:
            return []
        if self.case is Case.DEAD_DECK:
            return ["--> The game is a draw. The deck is dead."]
        lines = ["!!! Both players found their way to a flush"] if self.case.both_flush else []
        analysis = self.analysis1 if self.case.winner == 1 else self.analysis2
        winner = self.case.winner
        wins = "You win" if winner == you else f"{names[winner - 1]} wins"
        return lines + [f"--> {wins} with {analysis}"]


def judge(hand1: Sequence[Card], hand2: Sequence[Card], deck_empty: bool = False) -> Outcome:
    """Analyse both hands and decide the game as report-the-result does.

    The game is over when either hand is a flush, or when ``deck_empty`` and both bust.
    """
    a1, a2 = analyze_hand(hand1), analyze_hand(hand2)
    return Outcome(a1, a2, _decide(a1, a2, deck_empty))


def _decide(a1: Analysis, a2: Analysis, deck_empty: bool) -> Case | None:
    if not a1.flush and not a2.flush:
        return Case.DEAD_DECK if deck_empty else None
    if not a2.flush:
        return Case.P1_FLUSH
    if not a1.flush:
        return Case.P2_FLUSH
    if a1.straight and not a2.straight:
        return Case.P1_STRAIGHT
    if a2.straight and not a1.straight:
        return Case.P2_STRAIGHT
    assert a1.high is not None and a2.high is not None
    return Case.P1_HIGH_CARD if a1.high > a2.high else Case.P2_HIGH_CARD
