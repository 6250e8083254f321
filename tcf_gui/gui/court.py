"""The court cards' figures: twelve double-headed SVG pictures, loaded and rasterised by pygame.

``assets/courts/KH.svg`` and its eleven siblings each hold the top half of a court card's
panel: the figure from the crown to the waist, on a clear ground (made by
``tools/make_courts.py``; see its docstring for the figures). The panel is laid here in two
steps. On the card's supersampled canvas: the ivory ground, the gold frame and the suit
signs beside the heads, in the deck's colours (so the four-colour deck colours them too).
On the finished card, at its own pixels: the half figure, and the same turned 180° below it,
as real court cards are printed, rasterised by pygame-ce at exactly that size
(``pygame.image.load_sized_svg``, SDL_image's nanosvg: paths, fills, strokes, arcs and
transforms, which is all they use): as crisp at 4K as on the smallest window, and each
figure is parsed and drawn once per card size.
"""
from __future__ import annotations

import io
from functools import lru_cache

import pygame

from tcf_gui.engine.cards import Card
from tcf_gui.system.resources import read_asset_bytes
from tcf_gui.gui import palette
from tcf_gui.gui.card_canvas import CardCanvas
from tcf_gui.gui.suits import paint_suit

#: The panel's size in the SVG's units: its width, and twice the half's height.
PANEL_UNITS = (200, 340)
#: The suit sign beside the figure's head in the top half, (x, y, size) in panel units; the
#: bottom half has it turned, at the opposite corner.
EMBLEM = (30.0, 30.0, 30.0)
#: The head and crown of every figure lie in this box of the top half (x, y, width, height
#: in panel units): the portrait of the large-index face shows it.
PORTRAIT = (48.0, 4.0, 104.0, 128.0)


def svg_name(card: Card) -> str:
    """The asset of a court card's half figure, e.g. 'courts/KH.svg'."""
    return f"courts/{card.rank.letter}{card.suit.letter}.svg"


@lru_cache(maxsize=12)
def _svg(card: Card) -> bytes | None:
    try:
        return read_asset_bytes(svg_name(card))
    except OSError:
        return None


@lru_cache(maxsize=24)
def figure(card: Card, size: tuple[int, int]) -> pygame.Surface | None:
    """The half figure of ``card`` rasterised at ``size`` pixels (cached: a card set's
    other faces and backs at this size share it), or None if it cannot be had."""
    data = _svg(card)
    if data is None:
        return None
    try:
        return pygame.image.load_sized_svg(io.BytesIO(data), size)
    except (pygame.error, ValueError):
        return None


def _line(panel: pygame.Rect) -> int:
    return max(1, round(panel.width / 70))


def paint_panel(art: CardCanvas, canvas: pygame.Surface, card: Card, colour: palette.RGB,
                panel: pygame.Rect) -> None:
    """Under the figure, on the supersampled canvas: the ground, the frame, the suit signs
    (or, if the figure cannot be loaded, a plain panel with the rank's letter)."""
    if _svg(card) is None:  # a damaged install: a plain panel with the rank still reads right
        _plain_panel(art, canvas, card, colour, panel)
        return
    radius = art.scale * 3
    line = _line(panel)
    pygame.draw.rect(canvas, palette.COURT_PANEL, panel, border_radius=radius)
    pygame.draw.rect(canvas, palette.COURT_GOLD, panel, width=line, border_radius=radius)
    pygame.draw.rect(canvas, (*palette.BLACK, 200), panel.inflate(-3 * line, -3 * line),
                     width=max(1, line // 3), border_radius=radius)
    units = panel.width / PANEL_UNITS[0]
    x, y, size = EMBLEM
    paint_suit(canvas, card.suit, (panel.left + x * units, panel.top + y * units), size * units, colour)
    paint_suit(canvas, card.suit, (panel.right - x * units, panel.bottom - y * units), size * units,
               colour, flipped=True)


def draw_figure(picture: pygame.Surface, card: Card, panel: pygame.Rect) -> None:
    """The figure on the finished card, at its pixels: the half, the same turned below it,
    and the gold line between them."""
    half = figure(card, (panel.width, panel.height // 2))
    if half is None:
        return
    picture.blit(half, panel.topleft)
    picture.blit(pygame.transform.rotate(half, 180), (panel.left, panel.bottom - half.get_height()))
    middle = panel.top + panel.height // 2
    inset = _line(panel) * 2
    pygame.draw.line(picture, palette.COURT_GOLD, (panel.left + inset, middle), (panel.right - inset, middle),
                     max(1, panel.width // 100))


def paint_portrait(art: CardCanvas, canvas: pygame.Surface, card: Card, colour: palette.RGB,
                   box: pygame.Rect) -> None:
    """The figure's head and crown in an oval frame filling ``box``."""
    x, y, width, height = PORTRAIT
    units = min(box.width / width, box.height / height)
    picture = figure(card, (round(PANEL_UNITS[0] * units), round(PANEL_UNITS[1] / 2 * units)))
    oval = pygame.Surface(box.size, pygame.SRCALPHA)
    if picture is None:
        _plain_panel(art, oval, card, colour, oval.get_rect())
    else:
        oval.fill(palette.COURT_PANEL)
        head = pygame.Rect(round(x * units), round(y * units), box.width, box.height)
        head.centerx = round((x + width / 2) * units)
        oval.blit(picture, (0, 0), head.clip(picture.get_rect()))
    mask = pygame.Surface(box.size, pygame.SRCALPHA)
    pygame.draw.ellipse(mask, (255, 255, 255, 255), mask.get_rect())
    oval.blit(mask, (0, 0), special_flags=pygame.BLEND_RGBA_MIN)
    canvas.blit(oval, box)
    line = max(1, art.scale * 2)
    pygame.draw.ellipse(canvas, palette.COURT_GOLD, box, line)
    pygame.draw.ellipse(canvas, colour, box.inflate(line * 3, line * 3), max(1, line // 2))


def _plain_panel(art: CardCanvas, canvas: pygame.Surface, card: Card, colour: palette.RGB,
                 panel: pygame.Rect) -> None:
    """A gold-framed panel with the rank letter: what shows if the figure cannot be loaded."""
    pygame.draw.rect(canvas, palette.COURT_PANEL, panel, border_radius=art.scale * 3)
    pygame.draw.rect(canvas, palette.COURT_GOLD, panel, width=max(1, art.scale * 2),
                     border_radius=art.scale * 3)
    letter = art.font(round(panel.height * 0.4)).render(card.rank.letter, True, colour)
    canvas.blit(letter, letter.get_rect(center=panel.center))
