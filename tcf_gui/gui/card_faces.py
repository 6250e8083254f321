"""The two card faces of tcf_gui.config.card_sets.FACES, painted on a CardArt's canvas.

- Classic: rank and suit in two corners, the pips of 2-10 in their traditional places, a
  large ornamented ace, and the court figures (tcf_gui.gui.court) in a double-headed panel.
- Large index: rank and suit twice as large in the corners, readable on a small window or at
  a glance; the middle holds one suit (2-10), the ace's ring, or the court figure's portrait.

Both leave the same two places free, which the table relies on: the strip along the bottom
edge left of the turned index (``FaceStyle.free_bottom``: the coach's badges and the key caps
lie there), and the index column (``FaceStyle.index_box``: a card half under another on the
discard pile shows its whole index, not part of it).
"""
from __future__ import annotations

from dataclasses import dataclass

import pygame

from tcf_gui.engine.cards import Card, Rank, Suit
from tcf_gui.gui import palette
from tcf_gui.gui.card_canvas import CardCanvas
from tcf_gui.gui.court import PANEL_UNITS, draw_figure, paint_panel, paint_portrait
from tcf_gui.gui.suits import paint_suit
from tcf_gui.words.notation import rank_symbol

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


def rank_text(card: Card) -> str:
    """The rank as printed in a card's corner, in the player's language's letters (J Q K A
    in English, B D K A in German: tcf_gui.words.notation.rank_symbol)."""
    return rank_symbol(card.rank)


@dataclass(frozen=True)
class IndexStyle:
    """The corner index, in fractions of the card: the rank's font size and top (of the
    height), its widest ink and its centre line (of the width), the suit's size under it."""

    font: float
    top: float
    widest: float
    centre: float
    suit: float

    @property
    def right(self) -> float:
        """Where the index's ink ends at the latest, as a fraction of the card's width."""
        return self.centre + self.widest / 2


class FaceStyle:
    """A card face: how it paints a card, and the places it leaves free."""

    index: IndexStyle
    #: The top of the strip along the bottom edge that holds no ink (fraction of the height).
    free_top: float

    def paint(self, art: CardCanvas, canvas: pygame.Surface, card: Card, colour: palette.RGB) -> None:
        """Everything drawn on the supersampled canvas."""
        raise NotImplementedError

    def finish(self, picture: pygame.Surface, card: Card) -> None:
        """What is drawn on the finished card at its own pixels (the court figures)."""

    def index_box(self, size: tuple[int, int]) -> pygame.Rect:
        """Where the ink of the top-left index (rank over suit) lies on a card of ``size``,
        with a pixel to spare; the bottom-right index is this box turned about the middle."""
        w, h = size
        style = self.index
        left = int(w * (style.centre - style.widest / 2)) - 1
        right = int(w * style.right) + 2
        bottom = int(h * (style.top + style.font * 0.95 + style.suit * 1.2)) + 2  # a Q's tail too
        top = int(h * style.top) - 1
        return pygame.Rect(left, top, right - left, bottom - top)

    def free_bottom(self, rect: pygame.Rect) -> pygame.Rect:
        """The strip along the bottom of a card drawn at ``rect`` where nothing is printed:
        under the pips and the figures, left of the turned index, inside the border."""
        w, h = rect.size
        left = rect.left + round(w * 0.04)
        right = rect.left + int(w * (1 - self.index.right)) - max(2, w // 40)
        top = rect.top + int(h * self.free_top) + 1
        return pygame.Rect(left, top, right - left, rect.bottom - top)

    # -- shared by both faces --------------------------------------------------------------
    def paint_indices(self, art: CardCanvas, canvas: pygame.Surface, card: Card, colour: palette.RGB) -> None:
        """Rank and suit in the top-left corner, and the same turned in the bottom-right."""
        w, h = canvas.get_size()
        style = self.index
        rendered = art.font(round(h * style.font)).render(rank_text(card), True, colour)
        glyph = rendered.subsurface(rendered.get_bounding_rect())  # the ink only, for exact placing
        widest = round(w * style.widest)  # real cards squeeze the 10 to the width of the other ranks
        if glyph.get_width() > widest:
            glyph = pygame.transform.smoothscale(glyph, (widest, glyph.get_height()))
        cx = w * style.centre
        top = h * style.top
        suit_size = h * style.suit
        suit_y = top + glyph.get_height() + suit_size * 0.62
        corner = pygame.Surface((round(w * style.right + w * 0.02), round(suit_y + suit_size * 0.6)),
                                pygame.SRCALPHA)
        corner.blit(glyph, glyph.get_rect(midtop=(cx, top)))
        paint_suit(corner, card.suit, (cx, suit_y), suit_size, colour)
        canvas.blit(corner, (0, 0))
        canvas.blit(pygame.transform.rotate(corner, 180), corner.get_rect(bottomright=(w, h)))

    @staticmethod
    def paint_ace_ring(art: CardCanvas, canvas: pygame.Surface, centre: tuple[float, float], ring: float) -> None:
        """A gold ring of radius ``ring`` set with four small gold diamonds."""
        line = max(1, art.scale)
        pygame.draw.circle(canvas, palette.COURT_GOLD, centre, ring, line * 2)
        for dx, dy in ((0, -1), (1, 0), (0, 1), (-1, 0)):
            paint_suit(canvas, Suit.DIAMOND, (centre[0] + dx * ring, centre[1] + dy * ring), ring * 0.2,
                       palette.COURT_GOLD)


class ClassicFace(FaceStyle):
    """Small corner indices, pips, an ornamented ace, the double-headed court figures."""

    index = IndexStyle(font=0.165, top=0.045, widest=0.17, centre=0.115, suit=0.085)
    free_top = 0.885
    #: The width of the court figure's panel, a fraction of the card's; it is centred, and
    #: as high as its SVG's proportions make it (about three quarters of the card).
    PANEL_WIDTH = 0.56

    def paint(self, art: CardCanvas, canvas: pygame.Surface, card: Card, colour: palette.RGB) -> None:
        self.paint_indices(art, canvas, card, colour)
        w, h = canvas.get_size()
        if card.rank <= Rank.TEN:
            field = pygame.Rect(round(w * 0.315), round(h * 0.195), round(w * 0.37), round(h * 0.61))
            size = h * 0.128
            for column, row in _PIPS[int(card.rank)]:
                centre = (field.centerx + column * field.width / 2, field.top + row * field.height)
                paint_suit(canvas, card.suit, centre, size, colour, flipped=row > 0.5)
        elif card.rank == Rank.ACE:
            ring = w * 0.36
            self.paint_ace_ring(art, canvas, (w / 2, h / 2), ring)
            line = max(1, art.scale)
            pygame.draw.circle(canvas, (*colour, 110), (w / 2, h / 2), ring - line * 4, line)
            paint_suit(canvas, card.suit, (w / 2, h / 2), h * 0.3, colour)
        else:
            scale = art.scale
            panel = self.panel(art.size)
            paint_panel(art, canvas, card, colour,
                        pygame.Rect(panel.left * scale, panel.top * scale, panel.width * scale, panel.height * scale))

    def panel(self, size: tuple[int, int]) -> pygame.Rect:
        """Where a court card's panel lies on a card of ``size`` pixels."""
        w, h = size
        width = round(w * self.PANEL_WIDTH)
        panel = pygame.Rect(0, 0, width, round(width * PANEL_UNITS[1] / PANEL_UNITS[0]))
        panel.center = (w // 2, h // 2)
        return panel

    def finish(self, picture: pygame.Surface, card: Card) -> None:
        if Rank.TEN < card.rank < Rank.ACE:
            draw_figure(picture, card, self.panel(picture.get_size()))


class LargeIndexFace(FaceStyle):
    """Big corner indices; in the middle one suit, the ace's ring or the figure's portrait."""

    index = IndexStyle(font=0.3, top=0.035, widest=0.3, centre=0.19, suit=0.14)
    free_top = 0.69
    #: The size of the middle picture, as a fraction of the card's height.
    MIDDLE = 0.26

    def paint(self, art: CardCanvas, canvas: pygame.Surface, card: Card, colour: palette.RGB) -> None:
        self.paint_indices(art, canvas, card, colour)
        w, h = canvas.get_size()
        centre = (w / 2, h / 2)
        size = h * self.MIDDLE
        if card.rank <= Rank.TEN:
            paint_suit(canvas, card.suit, centre, size * 0.9, colour)
        elif card.rank == Rank.ACE:
            self.paint_ace_ring(art, canvas, centre, size * 0.55)
            paint_suit(canvas, card.suit, centre, size * 0.72, colour)
        else:
            box = pygame.Rect(0, 0, round(size * 0.86), round(size * 1.1))
            box.center = (round(centre[0]), round(centre[1]))
            paint_portrait(art, canvas, card, colour, box)


FACE_STYLES: dict[str, FaceStyle] = {"classic": ClassicFace(), "large": LargeIndexFace()}
