"""Strategies as the coach models them: which card they give up, seen suit by suit.

A policy answers, for many states at once, the chance of discarding each position of the
hand (see hands.py for how hands are written), from the hand and the live count of each
suit as that player sees it: the deck plus the other player's hand.
"""
from __future__ import annotations

from typing import Any, Callable, Protocol

import numpy as np

from ..strategies import StrategyError, parse_spec
from .hands import UNKNOWN, HandTable

CONTINUATION = "heuristic:straight=off"
"""How the coach assumes the person plays after the move it rates (one place to change it)."""

_POSITIONS = np.arange(3)


class SuitPolicy(Protocol):
    keeps_pairs: bool
    """True when a suited pair whose suit is still live is always kept (the odd card goes)."""

    def discard(self, table: HandTable, hands: np.ndarray, live: np.ndarray) -> np.ndarray:
        """(states, 3) chances of discarding each position of ``table``'s ``hands`` (ids),
        given the (states, 4) live counts."""
        ...


def one_hot(positions: np.ndarray) -> np.ndarray:
    return (_POSITIONS[None, :] == positions[:, None]).astype(float)


def lowest(table: HandTable, hands: np.ndarray, allowed: np.ndarray, by_rank: bool) -> np.ndarray:
    """The lowest allowed card where rank decides and every allowed card is known; otherwise
    each allowed card with equal chance (unknown cards are alike in rank)."""
    chances = allowed / allowed.sum(axis=1, keepdims=True)
    if by_rank:
        tokens = table.tokens[hands]
        decided = (~allowed | (tokens < UNKNOWN)).all(axis=1)
        if decided.any():
            ranked = np.where(allowed[decided], tokens[decided], UNKNOWN)
            chances[decided] = one_hot(ranked.argmin(axis=1))
    return chances


class RandomModel:
    """random: each card with chance 1/3."""

    keeps_pairs = False

    def __init__(self, **_: Any) -> None:
        pass

    def discard(self, table: HandTable, hands: np.ndarray, live: np.ndarray) -> np.ndarray:
        return np.full((len(hands), 3), 1 / 3)


class HeuristicModel:
    """heuristic with its switches: keep a suited pair (give up the lower pair card when
    its suit is dead), else give up the card with the fewest live cards of its suit, the
    lowest card on a tie. The straight rule's partner count is not modelled: on a tie
    between unknown cards each is equally likely to go."""

    def __init__(
        self,
        pair: bool = True,
        counting: bool = True,
        dead: bool = True,
        high: bool = True,
        straight: bool = True,
    ) -> None:
        self.pair, self.counting, self.dead, self.high = pair, counting, dead, high
        self.keeps_pairs = pair

    def discard(self, table: HandTable, hands: np.ndarray, live: np.ndarray) -> np.ndarray:
        if self.counting:
            held = np.take_along_axis(live, table.suits[hands], axis=1)
            fewest = held == held.min(axis=1, keepdims=True)
        else:
            fewest = np.ones((len(hands), 3), dtype=bool)
        chances = lowest(table, hands, fewest, self.high)
        if self.pair:
            odd = table.odd[hands]
            paired = odd >= 0
            suit = table.pair_suit[hands]
            dead = paired & (live[np.arange(len(hands)), suit] == 0) if self.dead else paired & False
            keep = paired & ~dead
            chances[keep] = one_hot(odd[keep])
            if dead.any():
                pair_cards = _POSITIONS[None, :] != odd[dead][:, None]
                chances[dead] = lowest(table, hands[dead], pair_cards, self.high)
        return chances


MODELS: dict[str, Callable[..., SuitPolicy]] = {
    "random": RandomModel,
    "heuristic": HeuristicModel,
}


class CoachError(ValueError):
    """The coach cannot answer for this opponent; the message is one line for the user."""


def suit_policy(spec: str) -> SuitPolicy:
    """The model of the strategy that ``spec`` names, with its parameters."""
    try:
        info, params = parse_spec(spec)
    except StrategyError as error:
        raise CoachError(str(error)) from None
    model = MODELS.get(info.name)
    if model is None:
        raise CoachError(
            f"the coach cannot model the opponent {spec!r}; it models "
            + ", ".join(MODELS) + " (with any of their parameters)"
        )
    return model(**params)
