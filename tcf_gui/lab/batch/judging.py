"""The batch engine's judge: which hands are flushes and how each finished game ended, as the
rules decide it (RULES.md's seven cases, as tcf_gui.engine.outcome.judge), for many games in
numpy arrays of card indexes (rank * 4 + suit)."""
from __future__ import annotations

import numpy as np

from tcf_gui.engine.outcome import Case

WINNER = np.array([0] + [c.winner for c in Case])
"""The winner (1, 2; 0 for a draw) by Case number."""


def flush(hands: np.ndarray) -> np.ndarray:
    """flush-p of each row of (k, 3) hands."""
    suits = hands & 3
    return (suits[:, 0] == suits[:, 1]) & (suits[:, 1] == suits[:, 2])


def _high_and_straight(hands: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """The high card and straight-p of each row of (k, 3) flush hands, column by column
    (cheaper than reductions along an axis of length 3). A flush has distinct ranks, so it
    is a straight when its highest and lowest ranks are two apart."""
    a, b, c = hands[:, 0], hands[:, 1], hands[:, 2]
    high = np.maximum(np.maximum(a, b), c)
    low = np.minimum(np.minimum(a, b), c)
    return high, (high >> 2) - (low >> 2) == 2


def judge_over(
    h1: np.ndarray, h2: np.ndarray, f1: np.ndarray, f2: np.ndarray, at: np.ndarray | None = None
) -> np.ndarray:
    """The Case number of the finished games in rows ``at`` (default: every row; each a
    flush somewhere, or a dead deck). Only the rows where both hands are flushes (a few
    percent) need the tie-break, and only their hands are read."""
    if at is not None:
        f1, f2 = f1[at], f2[at]
    cases = np.where(f1, np.int8(Case.P1_FLUSH), np.where(f2, np.int8(Case.P2_FLUSH),
                                                          np.int8(Case.DEAD_DECK)))
    both = np.flatnonzero(f1 & f2)
    if len(both):
        rows = both if at is None else at[both]
        high1, straight1 = _high_and_straight(h1.take(rows, axis=0))
        high2, straight2 = _high_and_straight(h2.take(rows, axis=0))
        cases[both] = np.where(
            straight1 & ~straight2,
            Case.P1_STRAIGHT,
            np.where(
                straight2 & ~straight1,
                Case.P2_STRAIGHT,
                np.where(high1 > high2, Case.P1_HIGH_CARD, Case.P2_HIGH_CARD),
            ),
        )
    return cases
