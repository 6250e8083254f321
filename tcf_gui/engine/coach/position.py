"""The person's position as the coach sees it: own hand, discards so far, the turn.

Built from a View (the window, the review) or from text (the command line). Everything
else follows from it: the cards left, and the cards the person has not seen, which are the
deck and the opponent's hidden hand.
"""
from __future__ import annotations

from dataclasses import dataclass

from ..analysis import is_flush
from ..cards import CARDS, Card
from ..game import HAND_SIZE, MAX_TURNS
from ..view import View


class PositionError(ValueError):
    """A position that no game can reach; the message is one line for the user."""


@dataclass(frozen=True)
class Position:
    """Player 1's knowledge before a turn: the same facts a View holds, minus the seat."""

    hand: tuple[Card, Card, Card]
    discards: tuple[Card, ...] = ()
    turn: int = 1

    def __post_init__(self) -> None:
        check_position(self.hand, self.discards, self.turn)

    @classmethod
    def from_view(cls, view: View) -> "Position":
        return cls(view.hand, view.discards, view.turn)

    @classmethod
    def from_cards(
        cls, hand: list[Card], discards: list[Card] | None = None, turn: int | None = None
    ) -> "Position":
        """A position from parsed cards; ``turn`` defaults to the first turn the discards allow."""
        discards = discards or []
        if len(hand) != HAND_SIZE:
            raise PositionError(f"a hand is {HAND_SIZE} cards, not {len(hand)}")
        if turn is None:
            turn = (len(discards) + 1) // 2 + 1
        return cls((hand[0], hand[1], hand[2]), tuple(discards), turn)

    @property
    def cards_left(self) -> int:
        """Cards in the deck before this turn: 46 less two per turn taken."""
        return 52 - 2 * HAND_SIZE - 2 * (self.turn - 1)

    @property
    def missing_discards(self) -> int:
        """Discards of earlier turns the position does not name (they are unknown cards)."""
        return 2 * (self.turn - 1) - len(self.discards)

    def unseen(self) -> list[Card]:
        """The cards the person has not seen: the deck, the hidden hand, unnamed discards."""
        seen = set(self.hand) | set(self.discards)
        return [card for card in CARDS if card not in seen]


def check_position(hand: tuple[Card, ...], discards: tuple[Card, ...], turn: int) -> None:
    """Raise PositionError unless some game reaches this hand, these discards and this turn."""
    if len(hand) != HAND_SIZE:
        raise PositionError(f"a hand is {HAND_SIZE} cards, not {len(hand)}")
    if len(set(hand)) != HAND_SIZE:
        raise PositionError("the hand holds the same card twice")
    if len(set(discards)) != len(discards):
        repeated = next(c for c in discards if discards.count(c) > 1)
        raise PositionError(f"{repeated.code} is discarded twice")
    both = [card.code for card in hand if card in discards]
    if both:
        raise PositionError(f"{', '.join(both)} cannot be both in the hand and discarded")
    if not 1 <= turn <= MAX_TURNS:
        raise PositionError(f"the turn is 1 to {MAX_TURNS}, not {turn}")
    if len(discards) > 2 * (turn - 1):
        raise PositionError(
            f"{len(discards)} discards are more than the {2 * (turn - 1)} "
            f"that fall before turn {turn}"
        )
    if is_flush(hand):
        raise PositionError("the hand is a flush already: the game is over")
