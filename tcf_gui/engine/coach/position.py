"""The person's position as the coach sees it: own hand, discards so far, the turn.

Built from a View (the window, the review) or from text (the command line). Everything
else follows from it: the cards left, and the cards the person has not seen, which are the
deck and the opponent's hidden hand (when hands are played open, the opponent's hand is
part of the position and only the deck is unseen).
"""
from __future__ import annotations

from dataclasses import dataclass

from tcf_gui.engine.analysis import is_flush
from tcf_gui.engine.cards import CARDS, Card
from tcf_gui.engine.game import HAND_SIZE, MAX_TURNS
from tcf_gui.engine.view import View
from tcf_gui.i18n import _, ngettext


class PositionError(ValueError):
    """A position that no game can reach; the message is one line for the user."""


@dataclass(frozen=True)
class Position:
    """A player's knowledge before a turn: the same facts a View holds, minus the seat (the
    coach's odds do not depend on it)."""

    hand: tuple[Card, Card, Card]
    discards: tuple[Card, ...] = ()
    turn: int = 1
    opponent_hand: tuple[Card, Card, Card] | None = None
    """The opponent's hand, only when hands are played open."""
    opponent_discards: tuple[Card, ...] | None = None
    """The discards the opponent made, one per turn, oldest first, when known: the coach
    then reads its hidden hand from them (belief.py). ``discards`` holds them too, each
    turn's two together."""

    def __post_init__(self) -> None:
        check_position(self.hand, self.discards, self.turn)
        if self.opponent_hand is not None:
            check_opponent_hand(self.opponent_hand, self.hand, self.discards)
        if self.opponent_discards is not None:
            check_opponent_discards(self.opponent_discards, self.discards)

    @classmethod
    def from_view(cls, view: View) -> "Position":
        return cls(view.hand, view.discards, view.turn, view.opponent_hand,
                   view.opponent_discards)

    @classmethod
    def from_cards(
        cls, hand: list[Card], discards: list[Card] | None = None, turn: int | None = None,
        opponent_hand: list[Card] | None = None,
    ) -> "Position":
        """A position from parsed cards; ``turn`` defaults to the first turn the discards allow."""
        discards = discards or []
        if len(hand) != HAND_SIZE:
            raise PositionError(_("a hand is {size} cards, not {n}").format(size=HAND_SIZE,
                                                                            n=len(hand)))
        if opponent_hand is not None and len(opponent_hand) != HAND_SIZE:
            raise PositionError(_("the opponent's hand is {size} cards, not {n}").format(
                size=HAND_SIZE, n=len(opponent_hand)))
        if turn is None:
            turn = (len(discards) + 1) // 2 + 1
        other = None if opponent_hand is None else (opponent_hand[0], opponent_hand[1], opponent_hand[2])
        return cls((hand[0], hand[1], hand[2]), tuple(discards), turn, other)

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
        seen = set(self.hand) | set(self.discards) | set(self.opponent_hand or ())
        return [card for card in CARDS if card not in seen]


def check_position(hand: tuple[Card, ...], discards: tuple[Card, ...], turn: int) -> None:
    """Raise PositionError unless some game reaches this hand, these discards and this turn."""
    if len(hand) != HAND_SIZE:
        raise PositionError(_("a hand is {size} cards, not {n}").format(size=HAND_SIZE,
                                                                        n=len(hand)))
    if len(set(hand)) != HAND_SIZE:
        raise PositionError(_("the hand holds the same card twice"))
    if len(set(discards)) != len(discards):
        repeated = next(c for c in discards if discards.count(c) > 1)
        raise PositionError(_("{card} is discarded twice").format(card=repeated.code))
    both = [card.code for card in hand if card in discards]
    if both:
        raise PositionError(ngettext("{cards} cannot be both in the hand and discarded",
                                     "{cards} cannot be both in the hand and discarded",
                                     len(both)).format(cards=", ".join(both)))
    if not 1 <= turn <= MAX_TURNS:
        raise PositionError(_("the turn is 1 to {most}, not {turn}").format(most=MAX_TURNS,
                                                                          turn=turn))
    if len(discards) > 2 * (turn - 1):
        raise PositionError(ngettext(
            "{n} discards are more than the {most} that fall before turn {turn}",
            "{n} discards are more than the {most} that fall before turn {turn}",
            2 * (turn - 1)).format(n=len(discards), most=2 * (turn - 1), turn=turn))
    if is_flush(hand):
        raise PositionError(_("the hand is a flush already: the game is over"))


def check_opponent_hand(other: tuple[Card, ...], hand: tuple[Card, ...],
                        discards: tuple[Card, ...]) -> None:
    """Raise PositionError unless ``other`` can be the opponent's open hand beside these."""
    if len(other) != HAND_SIZE or len(set(other)) != HAND_SIZE:
        raise PositionError(_("the opponent's hand is {size} different cards").format(
            size=HAND_SIZE))
    both = [card.code for card in other if card in hand or card in discards]
    if both:
        raise PositionError(ngettext(
            "{cards} cannot be in the opponent's hand: it is in yours or discarded",
            "{cards} cannot be in the opponent's hand: they are in yours or discarded",
            len(both)).format(cards=", ".join(both)))
    if is_flush(other):
        raise PositionError(_("the opponent's hand is a flush already: the game is over"))


def check_opponent_discards(theirs: tuple[Card, ...], discards: tuple[Card, ...]) -> None:
    """Raise PositionError unless ``theirs`` can be the opponent's discards: one of the two
    discards of each turn, in order (``discards`` holds each turn's two together)."""
    turns = [discards[i:i + 2] for i in range(0, len(discards), 2)]
    if len(theirs) > len(turns) or any(card not in turn for card, turn in zip(theirs, turns)):
        raise PositionError(_("the opponent's discards are not one of each turn's discards"))
