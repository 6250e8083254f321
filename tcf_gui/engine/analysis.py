"""Hand analysis: flush-p, high-card, straight-p and analyze-hand."""
from __future__ import annotations

from dataclasses import dataclass
from typing import Sequence

from tcf_gui.engine.cards import Card, Rank, Suit


def is_flush(cards: Sequence[Card]) -> bool:
    """True when all cards share one suit (any number of cards)."""
    return len({c.suit for c in cards}) <= 1


def high_card(cards: Sequence[Card]) -> Card:
    """The greatest card in the linear order."""
    return max(cards)


def is_straight(cards: Sequence[Card]) -> bool:
    """True when the ranks are consecutive; the ace is high only (A-2-3 is no straight)."""
    ranks = sorted(c.rank for c in cards)
    return all(b - a == 1 for a, b in zip(ranks, ranks[1:]))


@dataclass(frozen=True)
class Analysis:
    """The analysis of a three-card hand: BUST, or a flush with its high card."""

    flush: bool
    high: Card | None = None
    straight: bool = False

    @property
    def suit(self) -> Suit | None:
        return self.high.suit if self.high else None

    @property
    def rank(self) -> Rank | None:
        return self.high.rank if self.high else None

    def __str__(self) -> str:
        if not self.flush or self.high is None:
            return "BUST"
        straight = " STRAIGHT" if self.straight else ""
        return f"({self.high.rank.lab_name} HIGH{straight} {self.high.suit.name} FLUSH)"


BUST = Analysis(flush=False)


def analyze_hand(hand: Sequence[Card]) -> Analysis:
    """The lab's analyze-hand for a full hand."""
    if not is_flush(hand):
        return BUST
    return Analysis(flush=True, high=high_card(hand), straight=is_straight(hand))
