"""Who wins when both players complete a flush on the same turn.

A straight flush beats a plain flush; otherwise the higher card wins (RULES.md). The cards
the person has not seen are alike as far as the suit-level game goes, so the unknown cards
of a flush are a uniform draw, without replacement, from the unseen cards of its suit. With
open hands the opponent's flush keeps the cards of that suit it shows (it holds a suited
pair to the end unless it breaks it, which the rule players never do).
"""
from __future__ import annotations

from functools import cache
from itertools import combinations
from typing import Sequence

import numpy as np


def flush_strength(cards: Sequence[int]) -> int:
    """A number that orders flushes (card indexes of one suit) as the result rules do."""
    ranks = sorted(index >> 2 for index in cards)
    straight = ranks[2] - ranks[0] == 2  # the ranks of a flush are distinct
    return 64 * straight + max(cards)


#: flush_strength of a tuple, remembered: the coach's search asks for the same few thousand
#: flushes hundreds of thousands of times (``history --score`` of 50 games: 893,000 calls).
_strength = cache(flush_strength)


class TieBreak:
    """Chances that Player 1 wins a same-turn double flush, for one set of unseen cards."""

    def __init__(self, pools: Sequence[Sequence[int]],
                 shown: Sequence[Sequence[int]] = ((), (), (), ())) -> None:
        """``pools[s]``: the indexes of the unseen cards of suit s; ``shown[s]``: the cards of
        suit s in the opponent's hand when hands are open (kept in a flush of that suit)."""
        self.pools = [tuple(pool) for pool in pools]
        self.shown = [tuple(cards) for cards in shown]
        self._memo: dict[tuple[tuple[int, ...], int, int], float] = {}
        self._flushes: dict[int, tuple[np.ndarray, np.ndarray]] = {}

    def _all_flushes(self, suit: int) -> tuple[np.ndarray, np.ndarray]:
        """Strength and unseen-card mask of every flush Player 2 may complete in ``suit``:
        the cards it shows of that suit and unseen ones for the rest."""
        if suit not in self._flushes:
            shown = self.shown[suit]
            combos = list(combinations(self.pools[suit], 3 - len(shown)))
            strength = np.array([_strength(shown + c) for c in combos], dtype=np.int64)
            masks = np.array([sum(1 << i for i in c) for c in combos], dtype=np.uint64)
            self._flushes[suit] = strength, masks
        return self._flushes[suit]

    def p1_wins(self, known: tuple[int, ...], suit1: int, suit2: int) -> float:
        """Player 1 completes ``suit1`` holding the ``known`` cards and unknown ones for the
        rest; Player 2 completes ``suit2`` with the cards it shows and unknown ones."""
        key = (known, suit1, suit2)
        if key not in self._memo:
            self._memo[key] = self._p1_wins(known, suit1, suit2)
        return self._memo[key]

    def _p1_wins(self, known: tuple[int, ...], suit1: int, suit2: int) -> float:
        strength2, masks2 = self._all_flushes(suit2)
        extras = list(combinations(self.pools[suit1], 3 - len(known)))
        if not len(strength2) or not extras:
            return 0.5  # a suit without enough unseen cards: the case never arises
        mine = np.array([_strength(known + extra) for extra in extras])
        if suit1 != suit2:
            return float(np.searchsorted(np.sort(strength2), mine).mean()) / len(strength2)
        # One suit for both: Player 2's unknown cards are among those Player 1 did not take.
        taken = np.array([sum(1 << i for i in extra) for extra in extras], dtype=np.uint64)
        apart = (taken[:, None] & masks2[None, :]) == 0
        count = apart.sum(axis=1)
        wins = (apart & (strength2[None, :] < mine[:, None])).sum(axis=1)
        cases = count > 0
        return float((wins[cases] / count[cases]).mean()) if cases.any() else 0.5


def card_tie_values() -> np.ndarray:
    """For each card (by index): the chance that a flush holding it wins a same-turn double
    flush, before any card is seen. The flush's other two cards are unseen cards of its
    suit, the other flush three unseen cards of a suit taken at random (the same suit too).
    High cards are worth most, and at equal rank a higher suit (a spade flush beats a heart
    flush with the same high rank): a 2 of spades is worth more than a 9 of clubs."""
    values = np.empty(52)
    for card in range(52):
        pools = [[i for i in range(suit, 52, 4) if i != card] for suit in range(4)]
        tiebreak = TieBreak(pools)
        values[card] = np.mean([tiebreak.p1_wins((card,), card & 3, other) for other in range(4)])
    return values


#: One unseen card, in the rule's integer score.
LIVE = 1000
#: How many unseen cards a whole unit of tie value is worth (measured: 3 to 4 play best).
TIE_WEIGHT = 3
#: A card in a suited pair outweighs any count and tie value (12 * LIVE + 3 * LIVE).
PAIR = 16 * LIVE


@cache
def tie_values() -> tuple[int, ...]:
    """Each card's tie value in the score's units (thousandths), by card index."""
    return tuple(in_units(value) for value in card_tie_values().tolist())


def in_units(amount: float) -> int:
    """``amount`` (cards, or a chance) in the score's integer units, rounded half to even as
    numpy's rint rounds in the batch form (the same product, so the same integer)."""
    return round(amount * LIVE)
