"""The race between two suited pairs: each player throws its odd card and draws, until
someone completes a flush or the deck runs out.

Once both players hold a suited pair that both keep, only three numbers matter: the cards
of the first pair's suit in the deck, those of the second pair's suit, and the deck's
size. Player 1 draws first, then Player 2, so both can complete on the same turn (a tie,
settled by the cards: see tiebreak).
"""
from __future__ import annotations

from functools import lru_cache

Race = tuple[float, float, float, float]
"""Chances of (Player 1 completes first, both complete on the same turn, Player 2
completes first, the deck runs out)."""


def _add(total: list[float], weight: float, race: Race) -> None:
    for i in range(4):
        total[i] += weight * race[i]


@lru_cache(maxsize=None)
def race_apart(d1: int, d2: int, deck: int) -> Race:
    """Pairs in two different suits, with ``d1`` and ``d2`` of their cards in a deck of ``deck``."""
    total = [0.0, 0.0, 0.0, 0.0]
    after = deck - 1  # Player 2 draws from what Player 1 left

    def go_on(weight: float, a: int, b: int) -> None:
        if weight:
            if deck == 2:
                total[3] += weight
            else:
                _add(total, weight, race_apart(a, b, deck - 2))

    first = d1 / deck  # Player 1 completes
    total[1] += first * d2 / after
    total[0] += first * (after - d2) / after
    took = d2 / deck  # Player 1 drew a card of Player 2's suit
    if took:
        total[2] += took * (d2 - 1) / after
        go_on(took * d1 / after, d1 - 1, d2 - 1)
        go_on(took * (after - d1 - d2 + 1) / after, d1, d2 - 1)
    other = (deck - d1 - d2) / deck
    if other:
        total[2] += other * d2 / after
        go_on(other * d1 / after, d1 - 1, d2)
        go_on(other * (after - d1 - d2) / after, d1, d2)
    return total[0], total[1], total[2], total[3]


@lru_cache(maxsize=None)
def race_same(d: int, deck: int) -> Race:
    """Pairs in the same suit, with ``d`` of its cards in a deck of ``deck``."""
    after = deck - 1
    first = d / deck
    tie = first * (d - 1) / after
    win = first * (after - d + 1) / after
    other = (deck - d) / deck
    loss = other * d / after
    rest = other * (after - d) / after
    if deck == 2:
        return win, tie, loss, rest
    w, t, lo, dr = race_same(d, deck - 2)
    return win + rest * w, tie + rest * t, loss + rest * lo, rest * dr
