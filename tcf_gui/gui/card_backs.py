"""The three card backs of tcf_gui.config.card_sets.BACKS, painted on a blank card's canvas.

Each is a patterned field inside the card's ivory border, framed in thin lines: a blue
lattice with gold knots and a medallion of the four suits, a red argyle with an ivory
over-check and an eight-pointed star, and a green tartan with gold and red threads.
"""
from __future__ import annotations

import math
from typing import Callable

import pygame

from tcf_gui.engine.cards import Suit
from tcf_gui.gui import palette
from tcf_gui.gui.suits import paint_suit

RGB = palette.RGB


def paint_back(name: str, canvas: pygame.Surface, scale: int, radius: int) -> None:
    """Paint back ``name`` on ``canvas`` (a blank card, ``scale`` canvas pixels a pixel)."""
    _BACKS[name](canvas, scale, radius)


def _field(canvas: pygame.Surface, scale: int, radius: int, fill: RGB, frame: RGB,
           pattern: Callable[[pygame.Surface, int], None]) -> pygame.Rect:
    """The patterned field inside the border, with rounded corners and a double frame."""
    w, h = canvas.get_size()
    inner = canvas.get_rect().inflate(-round(w * 0.14), -round(w * 0.14))
    corner = radius // 2
    line = max(1, scale)
    field = pygame.Surface(inner.size, pygame.SRCALPHA)
    field.fill(fill)
    pattern(field, line)
    mask = pygame.Surface(inner.size, pygame.SRCALPHA)  # round the field's corners
    pygame.draw.rect(mask, (255, 255, 255, 255), mask.get_rect(), border_radius=corner)
    field.blit(mask, (0, 0), special_flags=pygame.BLEND_RGBA_MIN)
    canvas.blit(field, inner)
    pygame.draw.rect(canvas, frame, inner, width=line, border_radius=corner)
    pygame.draw.rect(canvas, frame, inner.inflate(-6 * line, -6 * line), width=max(1, line // 2),
                     border_radius=corner)
    return inner


# -- blue lattice ---------------------------------------------------------------------------------

def _lattice(canvas: pygame.Surface, scale: int, radius: int) -> None:
    """A deep blue lattice with gold knots, a medallion of the four suits in the middle."""
    def pattern(field: pygame.Surface, line: int) -> None:
        w, h = field.get_size()
        step = max(6, w / 7)
        cx, cy = w / 2, h / 2
        count = int((w + h) / step) + 1
        for k in range(-count, count + 1):
            for sign in (1, -1):  # x - y = k*step and x + y = k*step, about the centre
                pygame.draw.line(field, palette.BACK_LIGHT, (cx + k * step - sign * h, cy - h),
                                 (cx + k * step + sign * h, cy + h), line)
        knot = max(1.0, line * 1.9)
        for a in range(-count, count + 1):
            for b in range(-count, count + 1):
                x, y = cx + (a + b) * step / 2, cy + (b - a) * step / 2
                if 0 <= x <= w and 0 <= y <= h:
                    pygame.draw.circle(field, palette.BACK_ACCENT, (x, y), knot)

    inner = _field(canvas, scale, radius, palette.BACK, palette.BACK_ACCENT, pattern)
    line = max(1, scale)
    medallion = pygame.Rect(0, 0, round(inner.width * 0.56), round(inner.width * 0.56))
    medallion.center = inner.center
    pygame.draw.ellipse(canvas, palette.BACK, medallion)
    pygame.draw.ellipse(canvas, palette.BACK_ACCENT, medallion, width=line * 2)
    quarter = medallion.width * 0.2
    for suit, (dx, dy) in zip(Suit, ((0, -1), (1, 0), (0, 1), (-1, 0))):
        paint_suit(canvas, suit, (medallion.centerx + dx * quarter, medallion.centery + dy * quarter),
                   quarter * 0.9, palette.BACK_ACCENT)


# -- red argyle -----------------------------------------------------------------------------------

ARGYLE_DARK: RGB = (122, 14, 28)
ARGYLE_LIGHT: RGB = (172, 30, 44)
ARGYLE_LINE: RGB = (236, 214, 196)


def _argyle(canvas: pygame.Surface, scale: int, radius: int) -> None:
    """Red diamonds in two shades under an ivory over-check, an eight-pointed star in the middle."""
    def pattern(field: pygame.Surface, line: int) -> None:
        w, h = field.get_size()
        dw = w / 4  # four diamonds across, each twice as tall as wide
        dh = dw * 1.6
        cx, cy = w / 2, h / 2
        rows = int(h / dh) + 3
        for row in range(-rows, rows + 1):
            for col in range(-4, 5):
                x = cx + col * dw + (dw / 2 if row % 2 else 0)
                y = cy + row * dh / 2
                shade = ARGYLE_LIGHT if row % 2 == 0 else ARGYLE_DARK  # neighbours across an edge differ
                pygame.draw.polygon(field, shade, [(x, y - dh / 2), (x + dw / 2, y), (x, y + dh / 2),
                                                   (x - dw / 2, y)])
        slope = dh / dw
        for k in range(-8, 9):  # the over-check: thin lines through the diamonds' middles
            x0 = cx + k * dw
            for sign in (1, -1):
                pygame.draw.line(field, ARGYLE_LINE, (x0 - sign * h / slope, cy - h),
                                 (x0 + sign * h / slope, cy + h), max(1, line // 2))

    inner = _field(canvas, scale, radius, ARGYLE_DARK, ARGYLE_LINE, pattern)
    r = inner.width * 0.2
    cx, cy = inner.center
    pygame.draw.circle(canvas, ARGYLE_DARK, (cx, cy), r * 1.12)
    pygame.draw.circle(canvas, ARGYLE_LINE, (cx, cy), r * 1.12, max(1, scale))
    star = []
    for i in range(16):
        angle = math.pi * i / 8
        reach = r if i % 2 == 0 else r * 0.42
        star.append((cx + reach * math.sin(angle), cy - reach * math.cos(angle)))
    pygame.draw.polygon(canvas, ARGYLE_LINE, star)
    pygame.draw.circle(canvas, ARGYLE_LIGHT, (cx, cy), r * 0.2)


# -- green tartan ---------------------------------------------------------------------------------

TARTAN_GROUND: RGB = (22, 78, 48)
TARTAN_DARK = (8, 30, 40, 120)
TARTAN_GOLD: RGB = (214, 184, 108)
TARTAN_RED: RGB = (178, 36, 44)


def _tartan(canvas: pygame.Surface, scale: int, radius: int) -> None:
    """Dark bands crossing both ways over green, with thin gold and red threads."""
    def pattern(field: pygame.Surface, line: int) -> None:
        w, h = field.get_size()
        sett = w / 3  # the repeat of the pattern
        bands = pygame.Surface((w, h), pygame.SRCALPHA)
        cx, cy = w / 2, h / 2
        for k in range(-6, 7):
            for vertical in (True, False):
                centre = (cx if vertical else cy) + k * sett
                width = sett * 0.42
                rect = (pygame.Rect(round(centre - width / 2), 0, round(width), h) if vertical
                        else pygame.Rect(0, round(centre - width / 2), w, round(width)))
                bands.fill(TARTAN_DARK, rect)
        field.blit(bands, (0, 0))
        for k in range(-6, 7):
            for offset, colour, width in ((0.5, TARTAN_GOLD, line), (0.0, TARTAN_RED, max(1, line // 2))):
                x = cx + (k + offset) * sett
                y = cy + (k + offset) * sett
                pygame.draw.line(field, colour, (x, 0), (x, h), width)
                pygame.draw.line(field, colour, (0, y), (w, y), width)

    inner = _field(canvas, scale, radius, TARTAN_GROUND, TARTAN_GOLD, pattern)
    badge = pygame.Rect(0, 0, round(inner.width * 0.34), round(inner.width * 0.34))
    badge.center = inner.center
    pygame.draw.rect(canvas, TARTAN_GROUND, badge, border_radius=badge.width // 5)
    pygame.draw.rect(canvas, TARTAN_GOLD, badge, width=max(1, scale * 2), border_radius=badge.width // 5)
    paint_suit(canvas, Suit.CLUB, badge.center, badge.width * 0.6, TARTAN_GOLD)


_BACKS: dict[str, Callable[[pygame.Surface, int, int], None]] = {
    "lattice": _lattice, "argyle": _argyle, "tartan": _tartan,
}
