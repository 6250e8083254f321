"""Card pictures drawn at the size asked for: faces, the patterned back and an empty place.

Every picture is painted on a supersampled canvas and smoothed down once, so edges, suits and
corners are anti-aliased at any size; pictures are cached per CardArt (one size, one deck
colouring), so a resize makes a new CardArt and nothing small is ever blown up.
Works without a display mode (plain SRCALPHA surfaces; pygame.font starts on first use).
"""
from __future__ import annotations

import io
from functools import lru_cache
from typing import Sequence

import pygame

from ..engine.cards import Card, Rank, Suit
from ..resources import read_asset_bytes
from . import palette
from .court import paint_court_half
from .suits import paint_suit

#: Width over height of a real playing card (2.5 by 3.5 inches).
CARD_RATIO = 5 / 7

# Pip positions of 2..10 as (column, row): columns -1, 0, 1 (left, middle, right), rows from
# 0 (top of the pip field) to 1 (bottom). Pips below the middle are drawn upside down.
_PIPS: dict[int, tuple[tuple[float, float], ...]] = {
    2: ((0, 0), (0, 1)),
    3: ((0, 0), (0, 0.5), (0, 1)),
    4: ((-1, 0), (1, 0), (-1, 1), (1, 1)),
    5: ((-1, 0), (1, 0), (0, 0.5), (-1, 1), (1, 1)),
    6: ((-1, 0), (1, 0), (-1, 0.5), (1, 0.5), (-1, 1), (1, 1)),
    7: ((-1, 0), (1, 0), (0, 0.25), (-1, 0.5), (1, 0.5), (-1, 1), (1, 1)),
    8: ((-1, 0), (1, 0), (0, 0.25), (-1, 0.5), (1, 0.5), (0, 0.75), (-1, 1), (1, 1)),
    9: ((-1, 0), (1, 0), (-1, 1 / 3), (1, 1 / 3), (0, 0.5), (-1, 2 / 3), (1, 2 / 3), (-1, 1), (1, 1)),
    10: ((-1, 0), (1, 0), (0, 1 / 6), (-1, 1 / 3), (1, 1 / 3), (-1, 2 / 3), (1, 2 / 3), (0, 5 / 6),
         (-1, 1), (1, 1)),
}

#: Alpha after smoothing: nearly opaque (250 and up) becomes opaque, the rest stays.
_SOLID = bytes(255 if alpha >= 250 else alpha for alpha in range(256))

#: The face of the corner ranks (shipped with its license); pygame's own font if it is missing.
INDEX_FONT = "DejaVuSerifCondensed-Bold.ttf"


def rank_text(card: Card) -> str:
    """The rank as printed on a card: 2 .. 10, J, Q, K, A."""
    return str(card.rank.value) if card.rank <= Rank.TEN else card.rank.letter


@lru_cache(maxsize=1)
def _index_font_data() -> bytes | None:
    try:
        return read_asset_bytes(INDEX_FONT)
    except OSError:
        return None


def index_font(px: int) -> pygame.font.Font:
    """The corner rank font at ``px`` pixels (pygame.font starts on first use)."""
    if not pygame.font.get_init():
        pygame.font.init()
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


def _supersample(height: int) -> int:
    """How many times larger than asked the canvas is painted (small cards need more)."""
    return 4 if height < 90 else 3 if height < 220 else 2


class CardArt:
    """The pictures of one card size and one deck colouring, made on demand and cached."""

    def __init__(self, width: int, height: int, *, four_colour: bool = False) -> None:
        self.size = (int(width), int(height))
        self.four_colour = four_colour
        self._scale = _supersample(self.size[1])
        self._faces: dict[Card, pygame.Surface] = {}
        self._back: pygame.Surface | None = None
        self._slot: pygame.Surface | None = None
        self._fonts: dict[int, pygame.font.Font] = {}

    # -- public pictures -------------------------------------------------------------------
    def face(self, card: Card) -> pygame.Surface:
        """The face of ``card`` (cached)."""
        picture = self._faces.get(card)
        if picture is None:
            picture = self._faces[card] = self._paint_face(card)
        return picture

    def back(self) -> pygame.Surface:
        """The back of every card (cached)."""
        if self._back is None:
            self._back = self._paint_back()
        return self._back

    def slot(self) -> pygame.Surface:
        """An empty place: a faint rounded outline where a card could lie (cached)."""
        if self._slot is None:
            self._slot = self._paint_slot()
        return self._slot

    # -- helpers ---------------------------------------------------------------------------
    @property
    def _big(self) -> tuple[int, int]:
        return (self.size[0] * self._scale, self.size[1] * self._scale)

    def _radius(self) -> int:
        return max(2, round(self._big[0] * 0.075))

    def _canvas(self) -> pygame.Surface:
        return pygame.Surface(self._big, pygame.SRCALPHA)

    def _finish(self, canvas: pygame.Surface) -> pygame.Surface:
        """Smooth the supersampled canvas down to the card size."""
        picture = pygame.transform.smoothscale(canvas, self.size)
        # smoothscale rounds full opacity down to 253: make the solid parts solid again, so
        # nothing below a card shows through it (bytes, not surfarray: no numpy at start-up).
        pixels = bytearray(pygame.image.tobytes(picture, "RGBA"))
        pixels[3::4] = pixels[3::4].translate(_SOLID)
        picture = pygame.image.frombytes(bytes(pixels), self.size, "RGBA")
        return picture.convert_alpha() if pygame.display.get_surface() else picture

    def _font(self, px: int) -> pygame.font.Font:
        font = self._fonts.get(px)
        if font is None:
            font = self._fonts[px] = index_font(px)
        return font

    def _colour(self, suit: Suit) -> palette.RGB:
        return palette.suit_colour(suit, self.four_colour)

    def _blank(self) -> pygame.Surface:
        """An ivory card with rounded corners and a thin border."""
        canvas = self._canvas()
        rect = canvas.get_rect()
        radius = self._radius()
        pygame.draw.rect(canvas, palette.CARD_EDGE, rect, border_radius=radius)
        edge = max(1, self._scale * 2 // 3)
        pygame.draw.rect(canvas, palette.CARD_FACE, rect.inflate(-2 * edge, -2 * edge),
                         border_radius=radius - edge)
        return canvas

    # -- faces -----------------------------------------------------------------------------
    def _paint_face(self, card: Card) -> pygame.Surface:
        canvas = self._blank()
        colour = self._colour(card.suit)
        self._paint_indices(canvas, card, colour)
        if card.rank <= Rank.TEN:
            self._paint_pips(canvas, card, colour)
        elif card.rank == Rank.ACE:
            self._paint_ace(canvas, card, colour)
        else:
            self._paint_court(canvas, card, colour)
        return self._finish(canvas)

    def _paint_indices(self, canvas: pygame.Surface, card: Card, colour: Sequence[int]) -> None:
        """Rank and a small suit in the top-left corner, and the same turned in the bottom-right."""
        w, h = canvas.get_size()
        text = rank_text(card)
        rendered = self._font(round(h * 0.165)).render(text, True, colour)
        glyph = rendered.subsurface(rendered.get_bounding_rect())  # the ink only, for exact placing
        widest = round(w * 0.17)  # real cards squeeze the 10 to the width of the other ranks
        if glyph.get_width() > widest:
            glyph = pygame.transform.smoothscale(glyph, (widest, glyph.get_height()))
        cx = w * 0.115
        top = h * 0.045
        suit_size = h * 0.085
        suit_y = top + glyph.get_height() + suit_size * 0.62
        corner = pygame.Surface((round(w * 0.23), round(suit_y + suit_size * 0.6)), pygame.SRCALPHA)
        corner.blit(glyph, glyph.get_rect(midtop=(cx, top)))
        paint_suit(corner, card.suit, (cx, suit_y), suit_size, colour)
        canvas.blit(corner, (0, 0))
        canvas.blit(pygame.transform.rotate(corner, 180), corner.get_rect(bottomright=(w, h)))

    def _pip_field(self, canvas: pygame.Surface) -> pygame.Rect:
        """Where the pips' centres lie: clear of the corner indices, as on real cards."""
        w, h = canvas.get_size()
        return pygame.Rect(round(w * 0.315), round(h * 0.195), round(w * 0.37), round(h * 0.61))

    def _paint_pips(self, canvas: pygame.Surface, card: Card, colour: Sequence[int]) -> None:
        field = self._pip_field(canvas)
        size = canvas.get_height() * 0.128
        for column, row in _PIPS[int(card.rank)]:
            centre = (field.centerx + column * field.width / 2, field.top + row * field.height)
            paint_suit(canvas, card.suit, centre, size, colour, flipped=row > 0.5)

    def _paint_ace(self, canvas: pygame.Surface, card: Card, colour: Sequence[int]) -> None:
        """One large pip inside a gold ring set with four small gold diamonds."""
        w, h = canvas.get_size()
        centre = (w / 2, h / 2)
        line = max(1, self._scale)
        ring = w * 0.36
        pygame.draw.circle(canvas, palette.COURT_GOLD, centre, ring, line * 2)
        pygame.draw.circle(canvas, (*colour[:3], 110), centre, ring - line * 4, line)
        for dx, dy in ((0, -1), (1, 0), (0, 1), (-1, 0)):
            paint_suit(canvas, Suit.DIAMOND, (centre[0] + dx * ring, centre[1] + dy * ring), w * 0.07,
                       palette.COURT_GOLD)
        paint_suit(canvas, card.suit, centre, h * 0.3, colour)

    def _paint_court(self, canvas: pygame.Surface, card: Card, colour: Sequence[int]) -> None:
        """A double-headed panel, as on real court cards: the top half, and the same turned."""
        w, h = canvas.get_size()
        panel = pygame.Rect(round(w * 0.2), round(h * 0.12), round(w * 0.6), round(h * 0.76))
        radius = self._scale * 3
        pygame.draw.rect(canvas, palette.COURT_PANEL, panel, border_radius=radius)
        half = pygame.Surface((panel.width, panel.height // 2), pygame.SRCALPHA)
        paint_court_half(half, card, colour)
        canvas.blit(half, panel.topleft)
        canvas.blit(pygame.transform.rotate(half, 180), half.get_rect(bottomleft=panel.bottomleft))
        line = max(1, self._scale * 2)
        pygame.draw.line(canvas, palette.COURT_GOLD, (panel.left + line * 3, panel.centery),
                         (panel.right - line * 3, panel.centery), line)
        pygame.draw.rect(canvas, palette.COURT_GOLD, panel, width=line, border_radius=radius)
        inner = panel.inflate(-line * 4, -line * 4)
        pygame.draw.rect(canvas, (*colour[:3], 90), inner, width=max(1, line // 2), border_radius=radius)

    # -- back and slot ---------------------------------------------------------------------
    def _paint_back(self) -> pygame.Surface:
        """A deep blue lattice with gold knots in a gold frame, a medallion of the four suits."""
        canvas = self._blank()
        w, h = canvas.get_size()
        inner = canvas.get_rect().inflate(-round(w * 0.14), -round(w * 0.14))
        radius = self._radius() // 2
        line = max(1, self._scale)
        field = pygame.Surface(inner.size, pygame.SRCALPHA)
        field.fill(palette.BACK)
        self._lattice(field, step=max(6, inner.width / 7), line=line)
        mask = pygame.Surface(inner.size, pygame.SRCALPHA)  # round the field's corners
        pygame.draw.rect(mask, (255, 255, 255, 255), mask.get_rect(), border_radius=radius)
        field.blit(mask, (0, 0), special_flags=pygame.BLEND_RGBA_MIN)
        canvas.blit(field, inner)
        pygame.draw.rect(canvas, palette.BACK_ACCENT, inner, width=line, border_radius=radius)
        pygame.draw.rect(canvas, palette.BACK_ACCENT, inner.inflate(-6 * line, -6 * line),
                         width=max(1, line // 2), border_radius=radius)
        # A medallion in the middle: a gold-ringed oval holding the four suits.
        medallion = pygame.Rect(0, 0, round(inner.width * 0.56), round(inner.width * 0.56))
        medallion.center = inner.center
        pygame.draw.ellipse(canvas, palette.BACK, medallion)
        pygame.draw.ellipse(canvas, palette.BACK_ACCENT, medallion, width=line * 2)
        quarter = medallion.width * 0.2
        for suit, (dx, dy) in zip(Suit, ((0, -1), (1, 0), (0, 1), (-1, 0))):
            paint_suit(canvas, suit, (medallion.centerx + dx * quarter, medallion.centery + dy * quarter),
                       quarter * 0.9, palette.BACK_ACCENT)
        return self._finish(canvas)

    @staticmethod
    def _lattice(field: pygame.Surface, step: float, line: int) -> None:
        """Diagonal lines both ways through the field's centre, a gold knot where they cross."""
        w, h = field.get_size()
        cx, cy = w / 2, h / 2
        count = int((w + h) / step) + 1
        for k in range(-count, count + 1):
            for sign in (1, -1):  # x - y = k*step and x + y = k*step, about the centre
                start = (cx + k * step - sign * h, cy - h)
                end = (cx + k * step + sign * h, cy + h)
                pygame.draw.line(field, palette.BACK_LIGHT, start, end, line)
        knot = max(1.0, line * 1.9)
        for a in range(-count, count + 1):
            for b in range(-count, count + 1):
                x, y = cx + (a + b) * step / 2, cy + (b - a) * step / 2
                if 0 <= x <= w and 0 <= y <= h:
                    pygame.draw.circle(field, palette.BACK_ACCENT, (x, y), knot)

    def _paint_slot(self) -> pygame.Surface:
        canvas = self._canvas()
        rect = canvas.get_rect().inflate(-self._scale * 2, -self._scale * 2)
        pygame.draw.rect(canvas, (0, 0, 0, 40), rect, border_radius=self._radius())
        pygame.draw.rect(canvas, (*palette.SLOT_LINE, 150), rect, width=max(1, self._scale * 3 // 2),
                         border_radius=self._radius())
        return self._finish(canvas)
