"""What one player may know at the table, and nothing more.

A View is built from copies (tuples of cards and plain numbers). It holds no reference to
the game, the deck or the random generator, so a strategy has no way to reach the deck.
"""
from __future__ import annotations

import operator
from dataclasses import dataclass
from typing import Callable, Optional

from tcf_gui.engine.cards import CARDS, Card, Suit


@dataclass(frozen=True, slots=True)
class View:
    """One player's knowledge when it must choose a discard."""

    player: int
    """1 or 2: which seat this view belongs to."""
    hand: tuple[Card, Card, Card]
    """The player's own three cards, slots 0, 1, 2."""
    discards: tuple[Card, ...]
    """Every card discarded so far by either player, oldest first (they lie face up)."""
    opponent_discards: tuple[Card, ...]
    """The subset of ``discards`` the opponent threw, oldest first."""
    cards_left: int
    """How many cards remain in the deck."""
    turn: int
    """The number of the turn about to be played, from 1."""
    opponent_hand: Optional[tuple[Card, Card, Card]] = None
    """The opponent's hand, only when hands are played open."""

    def unseen(self) -> list[Card]:
        """Cards this player has not seen: those still in the deck or in a hidden hand."""
        seen = set(self.hand) | set(self.discards)
        if self.opponent_hand is not None:
            seen |= set(self.opponent_hand)
        return [c for c in CARDS if c not in seen]

    def live_counts(self) -> dict[Suit, int]:
        """For each suit, how many of its cards might still be drawn, as far as this player knows."""
        counts = {s: 0 for s in Suit}
        for card in self.unseen():
            counts[card.suit] += 1
        return counts


Strategy = Callable[[View], int]
"""A player: from what it may know to the slot (0, 1 or 2) it discards."""


def as_slot(answer: object) -> int | None:
    """The slot a strategy's answer names, 0, 1 or 2, or None when it names none.

    Whole numbers count (numpy's too, through ``__index__``); True and False do not, nor
    1.0, nor an object whose ``__index__`` fails. The one check every engine uses."""
    if isinstance(answer, bool):
        return None
    try:
        slot = operator.index(answer)  # type: ignore[arg-type]
    except Exception:
        return None
    return slot if slot in (0, 1, 2) else None
