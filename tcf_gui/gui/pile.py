"""Where the discards lie on the pile, so that no card is read in part.

The newest discard lies on the pile's place, the one before it fanned out to the left by
more than the width of its index, so its whole index shows beside the top card; the older
ones lie squared under that one, their indices hidden entirely. So a turn's two discards
are both seen, and a 10 half under a 3 never shows its "1" beside the 3 to read "13". The
cards keep a small tilt each, as thrown cards do, too small to uncover a hidden index.
While new discards fly in, the pile makes room: the cards on it slide to their new places
with the flight.
"""
from __future__ import annotations

import pygame

from tcf_gui.engine.cards import Card
from tcf_gui.gui.card_faces import FaceStyle
from tcf_gui.gui.layout import Layout

#: How many discards show their index (the last turn's two).
FANNED = 2
#: The largest tilt of a card on the pile, in degrees.
MAX_TILT = 2.0


def tilt(card: Card) -> float:
    """A small fixed angle for ``card`` on the pile, from -MAX_TILT to MAX_TILT degrees."""
    return ((card.index * 37) % 9 - 4) * MAX_TILT / 4


def fan_step(layout: Layout, style: FaceStyle) -> int:
    """How far left the second card lies: its index's width and a clear gap."""
    return style.index_box((layout.card_w, layout.card_h)).right + max(4, round(layout.card_w * 0.12))


def place(layout: Layout, style: FaceStyle, depth: float) -> tuple[float, float]:
    """The centre of the card ``depth`` places under the top one (0: the top; 1 and more:
    the second's place; fractions lie between, for cards sliding)."""
    x, y = layout.discard.center
    return (x - fan_step(layout, style) * min(1.0, max(0.0, depth)), float(y))


def shown(discards: tuple[Card, ...]) -> list[tuple[Card, int]]:
    """The discards worth drawing, bottom first, each with its depth under the top card:
    the ones that show (the older ones lie hidden under the second)."""
    recent = discards[-FANNED:]
    return [(card, len(recent) - 1 - i) for i, card in enumerate(recent)]


def outline(layout: Layout, centre: tuple[float, float], angle: float) -> list[tuple[float, float]]:
    """The four corners of a card at ``centre`` turned ``angle`` degrees (as pygame turns:
    counter-clockwise on screen)."""
    w, h = layout.card_w / 2, layout.card_h / 2
    return [(centre[0] + x, centre[1] + y) for x, y in
            (pygame.math.Vector2(dx, dy).rotate(-angle) for dx, dy in ((-w, -h), (w, -h), (w, h), (-w, h)))]
