"""The table as a player reads it in a terminal: ``play --text``, against the computer or a
friend. Cards read as players read them (10♠, K♥; 10S and KH where the terminal cannot print
the suits, tcf_gui.words.notation), the slot to type under each card of your hand.

The lab's own listing at the end of a game (hand-rep and its report lines) is printed as the
lab prints it, by tcf_gui.lab.transcripts; everything else is in these words.
"""
from __future__ import annotations

from typing import Sequence

from tcf_gui.engine.cards import Card
from tcf_gui.i18n import _, pgettext
from tcf_gui.words.notation import card_text

#: Columns a card takes in a hand's row; the hands' rows are this wide apart.
CELL = 5
COLUMN = 29


def cards_or_none(cards: Sequence[Card], symbols: bool) -> str:
    """'7♠ 4♦', or 'none'."""
    return " ".join(card_text(card, symbols=symbols) for card in cards) if cards else pgettext("list of cards", "none")


def hand_row(cards: Sequence[Card] | None, symbols: bool) -> str:
    """A hand in columns ('4♥   9♥   8♦'); None, a hand face down: '?    ?    ?'."""
    texts = ["?"] * 3 if cards is None else [card_text(card, symbols=symbols) for card in cards]
    return "".join(f"{text:<{CELL}}" for text in texts).rstrip()


def table_lines(*, turn: int, cards_left: int, you: str, other: str, other_title: str,
                hand: Sequence[Card], other_hand: Sequence[Card] | None, discards: Sequence[Card],
                other_discards: Sequence[Card], symbols: bool) -> list[str]:
    """The table before a turn: the turn and the deck, both players' discards (``other``'s
    named so), both hands under their titles (the other's face down unless hands are open),
    and the slots to type."""
    return [
        "",
        _("--- Turn {turn}: {left} cards left in the deck").format(turn=turn, left=cards_left),
        "    " + _("your discards: {mine}   {name}'s discards: {theirs}").format(
            mine=cards_or_none(discards, symbols), name=other,
            theirs=cards_or_none(other_discards, symbols)),
        f"{you:<{COLUMN}}{other_title}",
        f" {hand_row(hand, symbols):<{COLUMN - 1}}{hand_row(other_hand, symbols)}",
        " " + "".join(f"{slot:<{CELL}}" for slot in "123").rstrip(),
    ]


def columns(headings: Sequence[str], rows: Sequence[Sequence[str]],
            right: Sequence[bool]) -> list[str]:
    """A table in columns two spaces apart, each as wide as its widest heading or cell (a
    translated heading may be longer than the English); ``right``: which columns align right."""
    widths = [max([len(heading), *(len(row[index]) for row in rows)])
              for index, heading in enumerate(headings)]

    def line(cells: Sequence[str]) -> str:
        return "  ".join(cell.rjust(width) if to_right else cell.ljust(width)
                         for cell, width, to_right in zip(cells, widths, right)).rstrip()

    return [line(headings), *(line(row) for row in rows)]
