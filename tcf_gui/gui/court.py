"""The court cards' figures: twelve double-headed SVG pictures, loaded and rasterised by pygame.

``assets/courts/KH.svg`` and its eleven siblings hold the whole panel of a court card: the
figure from the crown to the waist, the same turned 180° below, on an ivory ground in a gold
frame (made by ``tools/make_courts.py``; see its docstring for the figures). pygame-ce
rasterises them at the size asked for (``pygame.image.load_sized_svg``, SDL_image's
nanosvg: paths, fills, strokes and transforms, which is all they use), so they are as crisp
at 4K as on the smallest window. The suit signs beside the heads are painted here, in the
deck's colours, so that the four-colour deck colours them too.
"""
from __future__ import annotations

import io
from functools import lru_cache
from typing import TYPE_CHECKING

import pygame

from ..engine.cards import Card
from ..resources import read_asset_bytes
from . import palette
from .suits import paint_suit

if TYPE_CHECKING:
    from .card_art import CardArt

#: The SVG's view box: the panel is this many units wide and high.
PANEL_UNITS = (200, 340)
#: The suit sign beside the figure's head in the top half, (x, y, size) in panel units; the
#: bottom half has it turned, at the opposite corner.
EMBLEM = (30.0, 30.0, 30.0)
#: The head and crown of every figure lie in this box of the top half (x, y, width, height
#: in panel units): the portrait of the large-index face shows it.
PORTRAIT = (48.0, 4.0, 104.0, 128.0)


def svg_name(card: Card) -> str:
    """The asset of a court card's panel, e.g. 'courts/KH.svg'."""
    return f"courts/{card.rank.letter}{card.suit.letter}.svg"


@lru_cache(maxsize=12)
def _svg(card: Card) -> bytes | None:
    try:
        return read_asset_bytes(svg_name(card))
    except OSError:
        return None


def figure(card: Card, size: tuple[int, int]) -> pygame.Surface | None:
    """The panel of ``card`` rasterised at ``size`` pixels, or None if it cannot be had."""
    data = _svg(card)
    if data is None:
        return None
    try:
        return pygame.image.load_sized_svg(io.BytesIO(data), size)
    except (pygame.error, ValueError):
        return None


def paint_court(art: CardArt, canvas: pygame.Surface, card: Card, colour: palette.RGB,
                panel: pygame.Rect) -> None:
    """The panel of a J, Q or K at ``panel`` on the canvas, with the suit signs by the heads."""
    picture = figure(card, panel.size)
    if picture is None:  # a damaged install: a plain panel with the rank still reads right
        _plain_panel(art, canvas, card, colour, panel)
    else:
        canvas.blit(picture, picture.get_rect(center=panel.center))
    units = panel.width / PANEL_UNITS[0]
    x, y, size = EMBLEM
    paint_suit(canvas, card.suit, (panel.left + x * units, panel.top + y * units), size * units, colour)
    paint_suit(canvas, card.suit, (panel.right - x * units, panel.bottom - y * units), size * units,
               colour, flipped=True)


def paint_portrait(art: CardArt, canvas: pygame.Surface, card: Card, colour: palette.RGB,
                   box: pygame.Rect) -> None:
    """The figure's head and crown in an oval frame filling ``box``."""
    x, y, width, height = PORTRAIT
    units = min(box.width / width, box.height / height)
    picture = figure(card, (round(PANEL_UNITS[0] * units), round(PANEL_UNITS[1] * units)))
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


def _plain_panel(art: CardArt, canvas: pygame.Surface, card: Card, colour: palette.RGB,
                 panel: pygame.Rect) -> None:
    """A gold-framed panel with the rank letter: what shows if the figure cannot be loaded."""
    pygame.draw.rect(canvas, palette.COURT_PANEL, panel, border_radius=art.scale * 3)
    pygame.draw.rect(canvas, palette.COURT_GOLD, panel, width=max(1, art.scale * 2),
                     border_radius=art.scale * 3)
    letter = art.font(round(panel.height * 0.4)).render(card.rank.letter, True, colour)
    canvas.blit(letter, letter.get_rect(center=panel.center))
