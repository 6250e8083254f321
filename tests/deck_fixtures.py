"""Small card decks in the three formats other card games install, written by the tests:
a KDE deck (index.desktop and an SVG sheet), an Aisleriot theme (one SVGZ) and a PySolFC card
set (config.txt and a PNG per card). No test depends on a deck the machine has installed.

Every card of the SVG sheets is a rectangle whose colour says which card it is
(``card_colour``), inside a group moved by a transform, with a piece drawn through ``<use>``
from a hidden group elsewhere in the file and, for the back, a gradient from ``<defs>``: what
cutting one card out of a sheet must keep.
"""
from __future__ import annotations

import gzip
from pathlib import Path

from tcf_gui.engine.cards import Card, Rank, Suit

#: The sheet's layout, in its units: each card's size, and the step between cards.
CARD = (60, 84)
STEP = (70, 90)
#: The whole layer of cards is moved by this (a transform the cut-out card must keep).
LAYER = (10, 20)
NAMES = {Rank.ACE: "1", Rank.JACK: "jack", Rank.QUEEN: "queen", Rank.KING: "king"}
SUITS = {Suit.CLUB: "club", Suit.DIAMOND: "diamond", Suit.HEART: "heart", Suit.SPADE: "spade"}
BACK_COLOUR = (20, 40, 160)


def card_colour(card: Card) -> tuple[int, int, int]:
    """The colour of ``card``'s rectangle: each card its own."""
    return (int(card.rank) * 15, 40 + int(card.suit) * 50, 90)


def card_place(card: Card | None) -> tuple[float, float]:
    """Where ``card``'s rectangle lies on the sheet (its top left, in the sheet's units)."""
    if card is None:
        return (LAYER[0] + 5, LAYER[1] + 4 * STEP[1] + 5)
    return (LAYER[0] + (int(card.rank) - 2) * STEP[0] + 5, LAYER[1] + int(card.suit) * STEP[1] + 5)


def sheet_text(suit_first: bool = False) -> str:
    """An SVG sheet of the 52 cards and a back; ids as KDE names them, or suit first as
    Aisleriot does."""
    cards = []
    for suit in Suit:
        for rank in Rank:
            card = Card(rank, suit)
            name = NAMES.get(rank, str(int(rank)))
            ident = f"{SUITS[suit]}_{name}" if suit_first else f"{name}_{SUITS[suit]}"
            x, y = (place - offset for place, offset in zip(card_place(card), LAYER))
            r, g, b = card_colour(card)
            cards.append(f'<g id="{ident}" transform="translate({x},{y})">'
                         f'<rect width="{CARD[0]}" height="{CARD[1]}" fill="rgb({r},{g},{b})"/>'
                         f'<use xlink:href="#pip" x="4" y="4"/></g>')
    x, y = (place - offset for place, offset in zip(card_place(None), LAYER))
    cards.append(f'<g id="back" transform="translate({x},{y})"><rect width="{CARD[0]}" height="{CARD[1]}" '
                 'fill="url(#blue)"/></g>')
    return ('<?xml version="1.0" encoding="UTF-8"?>\n'
            '<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink" '
            'width="960" height="480" viewBox="0 0 960 480">'
            '<defs><linearGradient id="blue"><stop offset="0" stop-color="rgb(20,40,160)"/>'
            '<stop offset="1" stop-color="rgb(20,40,160)"/></linearGradient></defs>'
            '<g id="pieces" style="display:none"><rect id="pip" width="6" height="6" fill="black"/></g>'
            f'<g id="layer" transform="translate({LAYER[0]},{LAYER[1]})">{"".join(cards)}</g></svg>')


def write_kde_deck(folder: Path, name: str = "Tiny", svg: str | None = None) -> Path:
    """A KDE deck in ``folder`` (made); returns the folder."""
    folder.mkdir(parents=True, exist_ok=True)
    (folder / "index.desktop").write_text(
        f"[KDE Backdeck]\nName={name}\nName[de]={name} (deutsch)\nSVG=tiny.svgz\nPreview=11.png\n",
        encoding="utf-8")
    (folder / "tiny.svgz").write_bytes(gzip.compress((svg or sheet_text()).encode()))
    return folder


def write_aisleriot_theme(folder: Path, stem: str = "tiny_theme") -> Path:
    """An Aisleriot theme ``stem``.svgz in ``folder`` (made); returns the file."""
    folder.mkdir(parents=True, exist_ok=True)
    path = folder / f"{stem}.svgz"
    path.write_bytes(gzip.compress(sheet_text(suit_first=True).encode()))
    return path


def write_pysol_set(folder: Path, name: str = "Tiny set", kind: int = 1, leave_out: int = 0) -> Path:
    """A PySolFC card set in ``folder`` (made), its pictures each a card's colour; returns it.
    ``leave_out`` cards are missing (a broken set)."""
    import pygame

    folder.mkdir(parents=True, exist_ok=True)
    (folder / "config.txt").write_text(f"PySolFC solitaire cardset;4;.png;{kind};52;0\n"
                                       f"tiny;{name}\n20 28 4\n7 7 2 2\nback01.png\nback01.png\n")
    letters = {Suit.CLUB: "c", Suit.DIAMOND: "d", Suit.HEART: "h", Suit.SPADE: "s"}
    picture = pygame.Surface((20, 28))
    cards = [Card(rank, suit) for suit in Suit for rank in Rank]
    for card in cards[leave_out:]:
        picture.fill(card_colour(card))
        number = 1 if card.rank is Rank.ACE else int(card.rank)
        pygame.image.save(picture, str(folder / f"{number:02d}{letters[card.suit]}.png"))
    picture.fill(BACK_COLOUR)
    pygame.image.save(picture, str(folder / "back01.png"))
    return folder
