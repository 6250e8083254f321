"""The four suit symbols drawn as shapes (pygame's default font has no suit glyphs).

Each suit is a few polygons and circles in a unit box centred on (0, 0), y down, one unit
high. ``paint_suit`` draws them hard-edged at any scale; the card painter draws on a
supersampled canvas and smooths the whole card at once, which anti-aliases them.
"""
from __future__ import annotations

import math
from functools import lru_cache
from typing import Sequence

import pygame

from tcf_gui.engine.cards import Suit

Point = tuple[float, float]
Colour = Sequence[int]


def _bezier(p0: Point, p1: Point, p2: Point, steps: int = 12) -> list[Point]:
    """Points of a quadratic Bezier curve from p0 to p2 (p2 excluded)."""
    return [
        (
            (1 - t) ** 2 * p0[0] + 2 * (1 - t) * t * p1[0] + t * t * p2[0],
            (1 - t) ** 2 * p0[1] + 2 * (1 - t) * t * p1[1] + t * t * p2[1],
        )
        for t in (i / steps for i in range(steps))
    ]


def _heart_outline(height: float, width: float, top: float) -> list[Point]:
    """The classic parametric heart, its lobes at the top, fitted to a box."""
    raw = [
        (16 * math.sin(t) ** 3, -(13 * math.cos(t) - 5 * math.cos(2 * t) - 2 * math.cos(3 * t) - math.cos(4 * t)))
        for t in (2 * math.pi * i / 96 for i in range(96))
    ]
    ys = [y for _, y in raw]
    y0, y1 = min(ys), max(ys)
    return [(x / 32 * width, top + (y - y0) / (y1 - y0) * height) for x, y in raw]


def _stem(top: float, bottom: float, half_width: float) -> list[Point]:
    """A stem with concave sides flaring out to its foot (of clubs and spades)."""
    left = _bezier((-0.035, top), (-0.03, bottom - 0.04), (-half_width, bottom))
    right = _bezier((half_width, bottom), (0.03, bottom - 0.04), (0.035, top))
    return left + [(-half_width, bottom)] + right + [(0.035, top)]


@lru_cache(maxsize=None)
def suit_shapes(suit: Suit) -> tuple[tuple[str, tuple], ...]:
    """The shapes of ``suit``: ('poly', points) and ('circle', (centre, radius)) in the unit box."""
    if suit is Suit.DIAMOND:
        corners = [(0.0, -0.5), (0.37, 0.0), (0.0, 0.5), (-0.37, 0.0)]
        outline: list[Point] = []
        for a, b in zip(corners, corners[1:] + corners[:1]):
            mid = ((a[0] + b[0]) * 0.5 * 0.86, (a[1] + b[1]) * 0.5 * 0.86)
            outline += _bezier(a, mid, b)
        return (("poly", tuple(outline)),)
    if suit is Suit.HEART:
        return (("poly", tuple(_heart_outline(0.94, 0.98, -0.47))),)
    if suit is Suit.SPADE:
        body = [(x, -y) for x, y in _heart_outline(0.78, 0.96, -0.3)]
        return (("poly", tuple(body)), ("poly", tuple(_stem(0.05, 0.5, 0.2))))
    radius = 0.215
    return (
        ("circle", ((0.0, -0.25), radius)),
        ("circle", ((-0.235, 0.09), radius)),
        ("circle", ((0.235, 0.09), radius)),
        ("circle", ((0.0, 0.02), 0.12)),
        ("poly", tuple(_stem(0.0, 0.5, 0.2))),
    )


def paint_suit(
    surface: pygame.Surface, suit: Suit, centre: Point, size: float, colour: Colour, flipped: bool = False
) -> None:
    """Draw ``suit`` hard-edged, ``size`` pixels high, centred at ``centre`` (180° turned if flipped)."""
    cx, cy = centre
    sign = -size if flipped else size

    def at(p: Point) -> Point:
        return (cx + p[0] * sign, cy + p[1] * sign)

    for kind, data in suit_shapes(suit):
        if kind == "poly":
            pygame.draw.polygon(surface, colour, [at(p) for p in data])
        else:
            (x, y), r = data
            pygame.draw.circle(surface, colour, at((x, y)), r * size)

