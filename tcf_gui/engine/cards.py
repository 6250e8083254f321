"""Cards, the deck and the lab's linear order (rank first, then suit)."""
from __future__ import annotations

import re
from enum import IntEnum
from typing import Iterable, NamedTuple, Sequence

from tcf_gui.i18n import _


class Rank(IntEnum):
    """Ranks low to high; the value is the pip count (ace high = 14)."""

    TWO = 2
    THREE = 3
    FOUR = 4
    FIVE = 5
    SIX = 6
    SEVEN = 7
    EIGHT = 8
    NINE = 9
    TEN = 10
    JACK = 11
    QUEEN = 12
    KING = 13
    ACE = 14

    @property
    def lab_name(self) -> str:
        """The lab's symbol: 2 .. 10, JACK, QUEEN, KING, ACE."""
        return str(self.value) if self.value <= 10 else self.name

    @property
    def letter(self) -> str:
        """The fixed-width letter of hand-rep: 2 .. 9, X, J, Q, K, A."""
        return _RANK_LETTERS[self]


class Suit(IntEnum):
    """Suits low to high, as the lab orders them."""

    CLUB = 0
    DIAMOND = 1
    HEART = 2
    SPADE = 3

    @property
    def letter(self) -> str:
        return self.name[0]

    @property
    def is_red(self) -> bool:
        return self in (Suit.DIAMOND, Suit.HEART)


_RANK_LETTERS = {r: (str(r.value) if r.value < 10 else r.name[0]) for r in Rank}
_RANK_LETTERS[Rank.TEN] = "X"


class Card(NamedTuple):
    """An immutable card. Tuple order (rank, suit) is exactly the lab's linear order."""

    rank: Rank
    suit: Suit

    @property
    def index(self) -> int:  # type: ignore[override]  # a card's place, not tuple.index()
        """Position 0..51 in the linear order: 2C=0, 2D=1, ..., AS=51."""
        return (self.rank - 2) * 4 + self.suit

    @property
    def code(self) -> str:
        """Short text form that parse_cards reads back, e.g. 'QH', 'XS'."""
        return self.rank.letter + self.suit.letter

    def lab(self) -> str:
        """The lab's dotted pair: (QUEEN . HEART)."""
        return f"({self.rank.lab_name} . {self.suit.name})"

    def rep(self) -> str:
        """The fixed-width pair of hand-rep: (Q . H)."""
        return f"({self.rank.letter} . {self.suit.letter})"

    def __str__(self) -> str:
        return self.code


#: The 52 cards in the linear order; CARDS[i].index == i.
CARDS: tuple[Card, ...] = tuple(Card(r, s) for r in Rank for s in Suit)


def card_from_index(index: int) -> Card:
    """The card at position ``index`` (0..51) of the linear order."""
    return CARDS[index]


_LAB_DECK: tuple[Card, ...] = tuple(Card(r, s) for s in Suit for r in Rank)


def make_deck() -> list[Card]:
    """The lab's make-deck: all clubs 2..A, then diamonds, hearts, spades."""
    return list(_LAB_DECK)


#: Suits as letters, or as the symbols the game prints them with (black or white).
_SUIT_BY_TEXT = {s.letter: s for s in Suit} | dict(zip("♣♦♥♠♧♢♡♤", [*Suit, *Suit]))
_TOKEN = re.compile(r"^(10|[2-9XJQKA])([%s])$" % "".join(_SUIT_BY_TEXT))
_RANK_BY_TEXT = {r.letter: r for r in Rank} | {"10": Rank.TEN}
_EMOJI_STYLE = "\ufe0f"  # a symbol's variation selector, as some keyboards type ♥


def parse_card(text: str) -> Card:
    """One card from text such as 'QH', '10s', 'xd' (case-insensitive) or 'Q♥' (as printed)."""
    match = _TOKEN.match(text.strip().upper().replace(_EMOJI_STYLE, ""))
    if not match:
        raise ValueError(_("not a card: {text!r} (write rank then suit: ranks 2-9, X or 10, "
                           "J Q K A; suits C D H S or ♣ ♦ ♥ ♠)").format(text=text))
    return Card(_RANK_BY_TEXT[match.group(1)], _SUIT_BY_TEXT[match.group(2)])


def parse_cards(text: str) -> list[Card]:
    """Cards from text such as 'QH AH KH' (commas or spaces); no card may repeat."""
    cards = [parse_card(tok) for tok in re.split(r"[\s,]+", text.strip()) if tok]
    seen: set[Card] = set()
    for card in cards:
        if card in seen:
            raise ValueError(_("duplicate card: {card}").format(card=card.code))
        seen.add(card)
    return cards


def lab_list(cards: Sequence[Card | None]) -> str:
    """A hand in the lab's internal form, voids as NIL: ((5 . CLUB) NIL (10 . SPADE))."""
    return "(" + " ".join("NIL" if c is None else c.lab() for c in cards) + ")"


def hand_rep(cards: Iterable[Card | None]) -> str:
    """The lab's fixed-width external form: ((5 . C) (Q . D) (X . S))."""
    return "(" + " ".join("NIL" if c is None else c.rep() for c in cards) + ")"
