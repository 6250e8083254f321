"""Batch forms of the built-in strategies: the same decisions, for every active game at once.

Each form takes the parameters of its one-game strategy (tcf_gui.engine.strategies) and a
numpy Generator for any randomness. BATCH_FORMS maps the registered name to the form.
"""
from __future__ import annotations

from typing import Any, Callable

import numpy as np

from ..strategies import HeuristicStrategy, LazyStrategy, StrategyError, parse_spec
from .tables import ALL_CARDS, NEIGHBOUR_BITS, SUIT_BITS, hand_bits
from .view import BatchPlayer, BatchView


class BatchRandom:
    """random: a slot chosen uniformly at random."""

    needs_history = False

    def __init__(self, rng: np.random.Generator) -> None:
        self.rng = rng

    def choose(self, view: BatchView) -> np.ndarray:
        return self.rng.integers(0, 3, size=len(view))


class BatchLazy(LazyStrategy):
    """lazy: always the same slot."""

    needs_history = False

    def choose(self, view: BatchView) -> np.ndarray:
        return np.full(len(view), self.slot)


# Worth keys of the heuristic compare (live count, partners, card index) in that order:
# partners < 5 and index < 52, so live * 5 * 52 + partners * 52 + index orders the same.
_PARTNER_WEIGHT = 52
_LIVE_WEIGHT = 5 * 52


class BatchHeuristic(HeuristicStrategy):
    """heuristic: HeuristicStrategy with the same switches, rule for rule, on many games."""

    needs_history = False

    def choose(self, view: BatchView) -> np.ndarray:
        hands = view.hands
        seen = view.discards | hand_bits(hands)
        if view.opponent_hands is not None:
            seen |= hand_bits(view.opponent_hands)
        # Live cards of each held card's suit: its 13 less those this player has seen.
        live = 13 - np.bitwise_count(SUIT_BITS[hands] & seen[:, None]).astype(np.int16)
        worth = hands.astype(np.int16) if self.high else np.zeros(hands.shape, np.int16)
        if self.counting:
            worth += live * _LIVE_WEIGHT
        if self.straight:
            unseen = ~seen & ALL_CARDS
            partners = np.bitwise_count(NEIGHBOUR_BITS[hands] & unseen[:, None])
            worth += partners.astype(np.int16) * _PARTNER_WEIGHT
        choice = worth.argmin(axis=1)
        if not self.pair:
            return choice
        # A suited pair (no hand in play is a flush): the odd slot, or when the pair's suit
        # is dead its lower card.
        suits = hands & 3
        same01 = suits[:, 0] == suits[:, 1]
        same02 = suits[:, 0] == suits[:, 2]
        same12 = suits[:, 1] == suits[:, 2]
        odd = np.where(same01, 2, np.where(same02, 1, 0))
        paired = same01 | same02 | same12
        if self.dead:
            at = np.arange(len(hands))
            first, second = (odd + 1) % 3, (odd + 2) % 3
            lower = np.where(hands[at, first] < hands[at, second], first, second)
            odd = np.where(live[at, first] == 0, lower, odd)
        return np.where(paired, odd, choice)


BatchFactory = Callable[..., BatchPlayer]

#: Registered strategy name -> its batch form, called as ``form(rng, **params)``.
BATCH_FORMS: dict[str, BatchFactory] = {
    "random": BatchRandom,
    "lazy": BatchLazy,
    "heuristic": BatchHeuristic,
}


def batch_form(spec: str) -> tuple[BatchFactory, dict[str, Any]] | None:
    """The batch form of ``spec`` with its parameters, or None when it has none."""
    try:
        info, params = parse_spec(spec)
    except (StrategyError, ValueError):
        return None
    form = BATCH_FORMS.get(info.name)
    return None if form is None else (form, params)
