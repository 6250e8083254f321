"""The top half of a court card's panel: a stylised figure in the manner of real court cards.

The card painter draws this half, then the same turned 180°, so every court card reads the
right way up from both ends, as real ones do. A king wears a five-pointed crown, a queen a
rounded three-pointed one over long hair, a jack a feathered cap; each wears a robe in the
suit's colour with the suit on its chest. Shapes only, scaled to the half's size.
"""
from __future__ import annotations

import math
from typing import Sequence

import pygame

from ..engine.cards import Card, Rank
from . import palette
from .suits import paint_suit

HAIR = (92, 58, 34)
BEARD = (150, 128, 104)
HATCH_ALPHA = 40


def _hatch(surface: pygame.Surface) -> None:
    """A faint diagonal gold hatching behind the figure."""
    w, h = surface.get_size()
    step = max(4, w // 9)
    line = max(1, w // 120)
    for offset in range(-h, w + h, step):
        pygame.draw.line(surface, (*palette.COURT_GOLD, HATCH_ALPHA), (offset, 0), (offset + h, h), line)


def _robe(surface: pygame.Surface, card: Card, colour: Sequence[int]) -> None:
    """Rounded shoulders and a robe down to the half's edge, gold trim, the suit on the chest."""
    w, h = surface.get_size()
    trim = max(1, round(w * 0.025))
    body = pygame.Rect(round(w * 0.17), round(h * 0.64), round(w * 0.66), h - round(h * 0.64) + trim)
    shoulder = round(w * 0.2)
    pygame.draw.rect(surface, palette.COURT_GOLD, body, border_top_left_radius=shoulder,
                     border_top_right_radius=shoulder)
    pygame.draw.rect(surface, colour, body.inflate(-2 * trim, -2 * trim).move(0, trim),
                     border_top_left_radius=shoulder - trim, border_top_right_radius=shoulder - trim)
    collar = [(w * 0.36, h * 0.64), (w * 0.5, h * 0.8), (w * 0.64, h * 0.64)]
    pygame.draw.polygon(surface, palette.COURT_GOLD, collar)
    pygame.draw.polygon(surface, palette.COURT_PANEL, [(w * 0.41, h * 0.64), (w * 0.5, h * 0.74), (w * 0.59, h * 0.64)])
    for side in (-1, 1):  # gold bands down the front of the robe
        x = w * (0.5 + side * 0.22)
        pygame.draw.line(surface, palette.COURT_GOLD, (x, h * 0.78), (x, h), trim)
    pygame.draw.circle(surface, palette.COURT_GOLD, (w * 0.5, h * 0.9), h * 0.085)
    pygame.draw.circle(surface, palette.COURT_PANEL, (w * 0.5, h * 0.9), h * 0.085 - trim)
    paint_suit(surface, card.suit, (w * 0.5, h * 0.9), h * 0.1, colour)


def _head(surface: pygame.Surface, rank: Rank) -> tuple[float, float, float]:
    """A face (a queen's framed by long hair, a king's bearded); returns its centre and radius."""
    w, h = surface.get_size()
    cx, cy, r = w * 0.5, h * 0.46, h * 0.155
    if rank == Rank.QUEEN:
        pygame.draw.rect(surface, HAIR, pygame.Rect(cx - r * 1.3, cy - r * 1.1, r * 2.6, r * 2.0),
                         border_radius=round(r))
    pygame.draw.circle(surface, palette.SKIN, (cx, cy), r)
    if rank == Rank.KING:
        beard = [(cx - r * 0.95, cy + r * 0.05), (cx - r * 0.55, cy + r * 1.25), (cx, cy + r * 1.55),
                 (cx + r * 0.55, cy + r * 1.25), (cx + r * 0.95, cy + r * 0.05), (cx, cy + r * 0.55)]
        pygame.draw.polygon(surface, BEARD, beard)
    eye = max(1, r * 0.12)
    for dx in (-0.38, 0.38):
        pygame.draw.circle(surface, palette.BLACK, (cx + dx * r, cy - r * 0.08), eye)
    pygame.draw.arc(surface, (170, 80, 70), pygame.Rect(cx - r * 0.35, cy + r * 0.1, r * 0.7, r * 0.5),
                    3.5, 5.9, max(1, int(r * 0.1)))
    return cx, cy, r


def _crown(surface: pygame.Surface, head: tuple[float, float, float], points: int,
           jewel: Sequence[int], rounded: bool) -> None:
    """A gold crown sitting on the head: a band and ``points`` spikes tipped with jewels."""
    cx, cy, r = head
    left, right = cx - r * 1.05, cx + r * 1.05
    base, tip = cy - r * 0.75, cy - r * 1.9
    step = (right - left) / (points - 1)
    outline = [(left, base)]
    for i in range(points):
        x = left + i * step
        outline.append((x, tip))
        if i < points - 1:
            outline.append((x + step / 2, tip + r * (0.45 if rounded else 0.6)))
    outline.append((right, base))
    pygame.draw.polygon(surface, palette.COURT_GOLD, outline)
    pygame.draw.rect(surface, palette.COURT_GOLD, pygame.Rect(left, base - r * 0.3, right - left, r * 0.38))
    pygame.draw.circle(surface, jewel, (cx, base - r * 0.12), r * 0.12)
    for i in range(points):
        pygame.draw.circle(surface, jewel if rounded else palette.COURT_GOLD, (left + i * step, tip), r * 0.13)


def _cap(surface: pygame.Surface, head: tuple[float, float, float], colour: Sequence[int]) -> None:
    """A jack's flat cap with a gold brim and a plume in gold curling back over it."""
    cx, cy, r = head
    brim = pygame.Rect(cx - r * 1.3, cy - r * 1.05, r * 2.6, r * 0.45)
    pygame.draw.ellipse(surface, colour, pygame.Rect(cx - r, cy - r * 1.75, r * 2.0, r * 1.3))
    pygame.draw.ellipse(surface, palette.COURT_GOLD, brim)
    # The plume: a leaf from the cap's band up and out to the right.
    base, tip = (cx + r * 0.55, cy - r * 1.1), (cx + r * 1.7, cy - r * 2.35)
    dx, dy = tip[0] - base[0], tip[1] - base[1]
    edge = []
    for i in range(13):
        t = i / 12
        bulge = math.sin(math.pi * t) * (0.28 - 0.08 * t)
        edge.append((base[0] + dx * t - dy * bulge, base[1] + dy * t + dx * bulge))
    back = [(base[0] + dx * t + dy * b * 0.6, base[1] + dy * t - dx * b * 0.6)
            for t, b in ((i / 12, math.sin(math.pi * i / 12) * 0.2) for i in range(12, -1, -1))]
    pygame.draw.polygon(surface, palette.COURT_GOLD, edge + back)
    pygame.draw.line(surface, colour, base, tip, max(1, round(r * 0.08)))


def _emblem(surface: pygame.Surface, card: Card, colour: Sequence[int]) -> None:
    """The suit beside the figure's head, as on real court cards."""
    w, h = surface.get_size()
    paint_suit(surface, card.suit, (w * 0.16, h * 0.16), h * 0.16, colour)


def paint_court_half(surface: pygame.Surface, card: Card, colour: Sequence[int]) -> None:
    """The figure of a J, Q or K from the crown down to the middle of the card."""
    _hatch(surface)
    _emblem(surface, card, colour)
    _robe(surface, card, colour)
    head = _head(surface, card.rank)
    if card.rank == Rank.KING:
        _crown(surface, head, 5, colour, rounded=False)
    elif card.rank == Rank.QUEEN:
        _crown(surface, head, 3, colour, rounded=True)
    else:
        _cap(surface, head, colour)
