"""The top half of a court card's panel: a stylised figure in the manner of real court cards.

The card painter draws this half, then the same turned 180°, so every court card reads the
right way up from both ends, as real ones do. A king wears a five-pointed crown, a queen a
rounded three-pointed one over long hair, a jack a feathered cap; each wears a robe in the
suit's colour with the suit on its chest. Shapes only, scaled to the half's size.
"""
from __future__ import annotations

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
    """Shoulders and robe down to the half's edge, gold trim, the suit on the chest."""
    w, h = surface.get_size()
    robe = [(w * 0.16, h), (w * 0.22, h * 0.74), (w * 0.38, h * 0.64), (w * 0.62, h * 0.64),
            (w * 0.78, h * 0.74), (w * 0.84, h)]
    pygame.draw.polygon(surface, colour, robe)
    collar = [(w * 0.38, h * 0.64), (w * 0.5, h * 0.8), (w * 0.62, h * 0.64)]
    pygame.draw.polygon(surface, palette.COURT_GOLD, collar)
    pygame.draw.polygon(surface, palette.COURT_PANEL, [(w * 0.42, h * 0.64), (w * 0.5, h * 0.74), (w * 0.58, h * 0.64)])
    pygame.draw.line(surface, palette.COURT_GOLD, (w * 0.22, h * 0.74), (w * 0.16, h), max(1, w // 50))
    pygame.draw.line(surface, palette.COURT_GOLD, (w * 0.78, h * 0.74), (w * 0.84, h), max(1, w // 50))
    pygame.draw.circle(surface, palette.COURT_PANEL, (w * 0.5, h * 0.9), h * 0.075)
    paint_suit(surface, card.suit, (w * 0.5, h * 0.9), h * 0.105, colour)


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
    """A jack's flat cap with a gold band and a feather in the suit's colour."""
    cx, cy, r = head
    brim = pygame.Rect(cx - r * 1.3, cy - r * 1.05, r * 2.6, r * 0.45)
    pygame.draw.ellipse(surface, colour, pygame.Rect(cx - r, cy - r * 1.75, r * 2.0, r * 1.3))
    pygame.draw.ellipse(surface, palette.COURT_GOLD, brim)
    feather = [(cx + r * 0.6, cy - r * 1.2), (cx + r * 1.5, cy - r * 2.3), (cx + r * 1.75, cy - r * 2.1),
               (cx + r * 0.9, cy - r * 1.05)]
    pygame.draw.polygon(surface, palette.COURT_GOLD, feather)


def paint_court_half(surface: pygame.Surface, card: Card, colour: Sequence[int]) -> None:
    """The figure of a J, Q or K from the crown down to the middle of the card."""
    _hatch(surface)
    _robe(surface, card, colour)
    head = _head(surface, card.rank)
    if card.rank == Rank.KING:
        _crown(surface, head, 5, colour, rounded=False)
    elif card.rank == Rank.QUEEN:
        _crown(surface, head, 3, colour, rounded=True)
    else:
        _cap(surface, head, colour)
