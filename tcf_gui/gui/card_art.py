"""Card pictures drawn at the size asked for: faces, backs and an empty place.

Every picture is painted on a supersampled canvas and smoothed down once, so edges, suits and
corners are anti-aliased at any size; pictures are cached per CardArt (one size, one card
set), so a resize makes a new CardArt and nothing small is ever blown up (the screens share
the last few: shared_art). The faces are
painted by tcf_gui.gui.card_faces (the court figures are SVG, tcf_gui.gui.court), the backs
by tcf_gui.gui.card_backs. Works without a display mode (plain SRCALPHA surfaces;
pygame.font starts on first use).
"""
from __future__ import annotations

import io
import sys
from collections import OrderedDict
from dataclasses import dataclass
from functools import lru_cache

import pygame

from tcf_gui.config.card_sets import DEFAULT_BACK, DEFAULT_FACE
from tcf_gui.config.decks import find_deck
from tcf_gui.engine.cards import Card
from tcf_gui.i18n import language
from tcf_gui.system.resources import read_asset_bytes
from tcf_gui.gui import palette
from tcf_gui.gui.card_backs import paint_back
from tcf_gui.gui.card_faces import FACE_STYLES, FaceStyle, rank_text
from tcf_gui.gui.deck_art import DeckError, DeckPictures
from tcf_gui.gui.fonts import shared_font

#: Width over height of a real playing card (2.5 by 3.5 inches).
CARD_RATIO = 5 / 7

#: Alpha after smoothing: nearly opaque (250 and up) becomes opaque, the rest stays.
_SOLID = bytes(255 if alpha >= 250 else alpha for alpha in range(256))

__all__ = ["CARD_RATIO", "CardArt", "CardSet", "card_size_for_height", "index_font", "rank_text",
           "shared_art"]

#: The face of the corner ranks (shipped with its license); pygame's own font if it is missing.
INDEX_FONT = "DejaVuSerifCondensed-Bold.ttf"


@lru_cache(maxsize=1)
def _index_font_data() -> bytes | None:
    try:
        return read_asset_bytes(INDEX_FONT)
    except OSError:
        return None


def index_font(px: int) -> pygame.font.Font:
    """The corner rank font at ``px`` pixels, made once (pygame.font starts on first use)."""
    if not pygame.font.get_init():
        pygame.font.init()
    return shared_font(("index", px), lambda: _make_index_font(px))


def _make_index_font(px: int) -> pygame.font.Font:
    data = _index_font_data()
    try:
        # pygame keeps a reference to the file object for as long as the font lives.
        return pygame.font.Font(io.BytesIO(data) if data else None, px)
    except (pygame.error, OSError):
        return pygame.font.Font(None, px)


def card_size_for_height(height: int) -> tuple[int, int]:
    """(width, height) of a card ``height`` pixels high, in real card proportions."""
    height = max(14, int(height))
    return (round(height * CARD_RATIO), height)


#: The decks that failed to draw in this run: the built-in cards stand in for them.
_FAILED: set[str] = set()


def _deck_pictures(face: str) -> DeckPictures | None:
    """The pictures of the deck ``face`` names, unless it is a built-in face, is not found or
    failed before."""
    if face in FACE_STYLES or face in _FAILED:
        return None
    deck = find_deck(face)
    return DeckPictures(deck) if deck is not None else None


def _supersample(height: int) -> int:
    """How many times larger than asked the canvas is painted (small cards need more)."""
    return 4 if height < 90 else 3 if height < 220 else 2


@dataclass(frozen=True)
class CardSet:
    """What the cards look like: a face (tcf_gui.config.card_sets.FACES), a back (BACKS), and
    whether clubs and diamonds have colours of their own (the four-colour deck)."""

    face: str = DEFAULT_FACE
    back: str = DEFAULT_BACK
    four_colour: bool = False

    @property
    def style(self) -> FaceStyle:
        """The face's geometry; a deck of another game's is laid out as the classic face."""
        return FACE_STYLES.get(self.face, FACE_STYLES[DEFAULT_FACE])

    @classmethod
    def of(cls, settings: object) -> "CardSet":
        """The card set a settings object names (tcf_gui.config.settings.Settings)."""
        return cls(getattr(settings, "card_face", DEFAULT_FACE), getattr(settings, "card_back", DEFAULT_BACK),
                   bool(getattr(settings, "four_colour", False)))


class CardArt:
    """The pictures of one card size and one card set, made on demand and cached."""

    def __init__(self, width: int, height: int, *, four_colour: bool = False,
                 face: str = DEFAULT_FACE, back: str = DEFAULT_BACK) -> None:
        self.size = (int(width), int(height))
        self.card_set = CardSet(face, back, four_colour)
        self.scale = _supersample(self.size[1])
        """How many canvas pixels make one pixel of the picture."""
        self._faces: dict[Card, pygame.Surface] = {}
        self._turned: dict[tuple[Card, float], pygame.Surface] = {}
        self._back: pygame.Surface | None = None
        self._slot: pygame.Surface | None = None
        self.deck = _deck_pictures(face)
        """Another game's deck, when the face names one that can be drawn."""
        self.language = language()
        """The language of the corner letters (B D K in German): a change needs new pictures."""

    @property
    def four_colour(self) -> bool:
        return self.card_set.four_colour

    # -- public pictures -------------------------------------------------------------------
    def face(self, card: Card) -> pygame.Surface:
        """The face of ``card`` (cached)."""
        picture = self._faces.get(card)
        if picture is None and self.deck is not None:
            picture = self._from_deck(card)
            if picture is not None:
                self._faces[card] = picture
        if picture is None:
            canvas = self.blank()
            style = self.card_set.style
            style.paint(self, canvas, card, self.colour(card))
            picture = self._faces[card] = self._finish(canvas)
            style.finish(picture, card)
        return picture

    def turned(self, card: Card, degrees: float) -> pygame.Surface:
        """The face of ``card`` turned by ``degrees`` (cached)."""
        key = (card, degrees)
        picture = self._turned.get(key)
        if picture is None:
            picture = self._turned[key] = pygame.transform.rotozoom(self.face(card), degrees, 1.0)
        return picture

    def back(self) -> pygame.Surface:
        """The back of every card (cached)."""
        if self._back is None and self.deck is not None and self.deck.has_back():
            self._back = self._from_deck(None)
        if self._back is None:
            canvas = self.blank()
            paint_back(self.card_set.back, canvas, self.scale, self.radius())
            self._back = self._finish(canvas)
        return self._back

    def slot(self) -> pygame.Surface:
        """An empty place: a faint rounded outline where a card could lie (cached)."""
        if self._slot is None:
            canvas = self._canvas()
            rect = canvas.get_rect().inflate(-self.scale * 2, -self.scale * 2)
            pygame.draw.rect(canvas, (0, 0, 0, 40), rect, border_radius=self.radius())
            pygame.draw.rect(canvas, (*palette.SLOT_LINE, 150), rect, width=max(1, self.scale * 3 // 2),
                             border_radius=self.radius())
            self._slot = self._finish(canvas)
        return self._slot

    def _from_deck(self, card: Card | None) -> pygame.Surface | None:
        """``card``'s face (None: the back) from the deck; None, and the built-in cards from
        now on, if it cannot be drawn (said once on stderr)."""
        assert self.deck is not None
        try:
            picture = self.deck.picture(card, self.size)
        except DeckError as error:
            _FAILED.add(self.card_set.face)
            print(f"tcf-gui: {error}", file=sys.stderr)
            self.deck = None
            self._faces.clear()
            self._turned.clear()
            self._back = None
            return None
        return picture.convert_alpha() if pygame.display.get_surface() else picture

    # -- what the painters use -------------------------------------------------------------
    def radius(self) -> int:
        """The corner radius on the canvas."""
        return max(2, round(self.size[0] * self.scale * 0.075))

    def font(self, px: int) -> pygame.font.Font:
        """The index font at ``px`` canvas pixels."""
        return index_font(px)

    def colour(self, card: Card) -> palette.RGB:
        return palette.suit_colour(card.suit, self.four_colour)

    def blank(self) -> pygame.Surface:
        """An ivory card with rounded corners and a thin border, on a supersampled canvas."""
        canvas = self._canvas()
        rect = canvas.get_rect()
        radius = self.radius()
        pygame.draw.rect(canvas, palette.CARD_EDGE, rect, border_radius=radius)
        edge = max(1, self.scale * 2 // 3)
        pygame.draw.rect(canvas, palette.CARD_FACE, rect.inflate(-2 * edge, -2 * edge),
                         border_radius=radius - edge)
        return canvas

    def _canvas(self) -> pygame.Surface:
        return pygame.Surface((self.size[0] * self.scale, self.size[1] * self.scale), pygame.SRCALPHA)

    def _finish(self, canvas: pygame.Surface) -> pygame.Surface:
        """Smooth the supersampled canvas down to the card size."""
        picture = pygame.transform.smoothscale(canvas, self.size)
        # smoothscale rounds full opacity down to 253: make the solid parts solid again, so
        # nothing below a card shows through it (bytes, not surfarray: no numpy at start-up).
        pixels = bytearray(pygame.image.tobytes(picture, "RGBA"))
        pixels[3::4] = pixels[3::4].translate(_SOLID)
        picture = pygame.image.frombytes(bytes(pixels), self.size, "RGBA")
        return picture.convert_alpha() if pygame.display.get_surface() else picture


#: How many sizes of card pictures the screens share (the table's at the last few window
#: sizes, the card chooser's preview, how to play's).
SHARED_ARTS = 8

_SHARED: OrderedDict[tuple, CardArt] = OrderedDict()


def shared_art(size: tuple[int, int], card_set: CardSet) -> CardArt:
    """The pictures of ``size`` and ``card_set`` in the language of now, shared by every
    screen: a new table, a window resized back or a preview shows the cards drawn already.
    Another game's deck is not shared (its folder can change under it)."""
    def new() -> CardArt:
        return CardArt(*size, four_colour=card_set.four_colour, face=card_set.face,
                       back=card_set.back)

    if card_set.face not in FACE_STYLES:
        return new()
    key = (tuple(size), card_set, language())
    art = _SHARED.pop(key, None) or new()
    _SHARED[key] = art
    if len(_SHARED) > SHARED_ARTS:
        _SHARED.popitem(last=False)
    return art
