"""The pictures of a deck another card game installed (tcf_gui.config.decks): a card's face or
the back, at the size asked for.

An SVG sheet (KDE, Aisleriot) is drawn from its vectors at exactly the card's pixels
(tcf_gui.gui.svg_sheet), so it is as sharp on a small window as at 4K; a PySolFC card set is
a picture per card, smoothed to the size. A card whose proportions differ from the table's
is drawn as large as fits and centred. The decks this window knows are those of
``known_decks``: the player's folders (``use_card_folders``) and the standard ones, looked
up once. A deck that cannot be drawn raises DeckError, one line to say.
"""
from __future__ import annotations

import hashlib
from functools import lru_cache
from pathlib import Path

import pygame

from tcf_gui.config.decks import Deck
from tcf_gui.engine.cards import Card, Rank, Suit
from tcf_gui.i18n import _
from tcf_gui.system.folders import data_dir
from tcf_gui.gui.svg_sheet import SheetError, SvgSheet

#: The suits' and ranks' names in the sheets' ids ("1_club", "king_heart"; Aisleriot
#: "club_1", "heart_king").
SUIT_IDS = {Suit.CLUB: "club", Suit.DIAMOND: "diamond", Suit.HEART: "heart", Suit.SPADE: "spade"}
RANK_IDS = {Rank.ACE: "1", Rank.JACK: "jack", Rank.QUEEN: "queen", Rank.KING: "king"}
#: PySolFC's numbers: the ace is 01, the king 13.
PYSOL_SUIT = {Suit.CLUB: "c", Suit.DIAMOND: "d", Suit.HEART: "h", Suit.SPADE: "s"}


class DeckError(Exception):
    """A deck that cannot be drawn; its text is one line for the player."""


def sheet_ids(card: Card | None) -> tuple[str, ...]:
    """The ids a sheet may give ``card`` (None: the back), KDE's way first."""
    if card is None:
        return ("back",)
    rank = RANK_IDS.get(card.rank, str(int(card.rank)))
    suit = SUIT_IDS[card.suit]
    ids = (f"{rank}_{suit}", f"{suit}_{rank}")
    return ids + ((f"ace_{suit}", f"{suit}_ace") if card.rank is Rank.ACE else ())


@lru_cache(maxsize=2)
def _sheet(path: Path) -> SvgSheet:
    sheet = SvgSheet(path)
    name = hashlib.sha256(str(path.absolute()).encode("utf-8", "surrogateescape")).hexdigest()[:24]
    sheet.keep_boxes(data_dir() / "card-decks" / f"{name}.json")
    return sheet


@lru_cache(maxsize=64)
def _pysol_picture(path: Path) -> pygame.Surface:
    """The picture at ``path`` as 32 bits with alpha (a GIF loads with a palette)."""
    loaded = pygame.image.load(str(path))
    picture = pygame.Surface(loaded.get_size(), pygame.SRCALPHA)
    picture.blit(loaded, (0, 0))
    return picture


def _fit(picture_size: tuple[float, float], size: tuple[int, int]) -> pygame.Rect:
    """The largest rectangle of ``picture_size``'s proportions inside ``size``, centred."""
    scale = min(size[0] / picture_size[0], size[1] / picture_size[1])
    rect = pygame.Rect(0, 0, max(1, round(picture_size[0] * scale)), max(1, round(picture_size[1] * scale)))
    rect.center = (size[0] // 2, size[1] // 2)
    return rect


class DeckPictures:
    """The pictures of one deck (faces and back), drawn at the size asked for."""

    def __init__(self, deck: Deck) -> None:
        self.deck = deck

    def has_back(self) -> bool:
        return self.deck.kind != "pysol" or self.deck.preview is not None

    def picture(self, card: Card | None, size: tuple[int, int]) -> pygame.Surface:
        """``card``'s face (None: the back) fitted in ``size`` pixels, on a clear ground."""
        try:
            if self.deck.kind == "pysol":
                return self._pysol(card, size)
            return self._svg(card, size)
        except (SheetError, pygame.error, OSError, MemoryError, RecursionError, ValueError) as error:
            raise DeckError(_("the card deck {name} cannot be drawn: {error}").format(
                name=self.deck.name, error=" ".join(str(error).split())[:200])) from None

    def _svg(self, card: Card | None, size: tuple[int, int]) -> pygame.Surface:
        sheet = _sheet(self.deck.path)
        ident = next((i for i in sheet_ids(card) if sheet.has(i)), None)
        if ident is None:
            raise SheetError(_("no card {card} in {path}").format(card=sheet_ids(card)[0], path=self.deck.path))
        box = sheet.box(ident)
        spot = _fit((box.width, box.height), size)
        picture = pygame.Surface(size, pygame.SRCALPHA)
        picture.blit(sheet.picture(ident, spot.size), spot)
        return picture

    def _pysol(self, card: Card | None, size: tuple[int, int]) -> pygame.Surface:
        deck = self.deck
        if card is None:
            if deck.preview is None:
                raise OSError(_("no back picture"))
            path = deck.preview
        else:
            number = 1 if card.rank is Rank.ACE else int(card.rank)
            path = deck.path / f"{number:02d}{PYSOL_SUIT[card.suit]}{deck.extension}"
        source = _pysol_picture(path)
        spot = _fit(source.get_size(), size)
        picture = pygame.Surface(size, pygame.SRCALPHA)
        picture.blit(pygame.transform.smoothscale(source, spot.size), spot)
        return picture
