"""Where the table writes on the person's cards: the key cap (1, 2, 3) and the coach's badge.

Both sit astride the card's bottom edge, the key cap at the left and the badge beside it:
their upper part in the strip along the bottom of the face where no card face prints
anything (FaceStyle.free_bottom), their lower part in the margin under the card. So they
never cover an index, a pip or a figure, at any window size. They stay where the card
rests when the mouse raises it, as labels on the table under it.
"""
from __future__ import annotations

import pygame

from tcf_gui.gui.card_faces import FaceStyle
from tcf_gui.gui.layout import Layout
from tcf_gui.gui.text_boxes import MIN_TEXT_PX

#: The smallest type a badge shrinks to before it would not fit.
MIN_PX = 9


def mark_px(layout: Layout) -> int:
    """The size of the marks' type: the table's text less 4, but no larger than a sixth of
    a card's width (large text would leave the coach's badge no room beside the key)."""
    return max(MIN_TEXT_PX, min(layout.font_px - 4, layout.card_w // 6))


def _band(layout: Layout, style: FaceStyle, slot: int) -> tuple[pygame.Rect, int, int]:
    """The free strip of the card in ``slot``, and the top and height of the marks."""
    card = layout.hands[1][slot]
    strip = style.free_bottom(card)
    height = int(mark_px(layout) * 1.5)
    room_below = layout.status.top - card.bottom - 1
    below = max(0, min(height // 2, room_below))
    top = max(strip.top, card.bottom - height + below)
    return strip, top, min(height, card.bottom + below - top)


def cap_rect(layout: Layout, style: FaceStyle, slot: int) -> pygame.Rect:
    """The key cap of the card in ``slot``: at the left of its free strip."""
    strip, top, height = _band(layout, style, slot)
    return pygame.Rect(strip.left, top, int(mark_px(layout) * 1.4), height)


def badge_room(layout: Layout, style: FaceStyle, slot: int) -> pygame.Rect:
    """Where the coach's badge of the card in ``slot`` may lie: right of the key cap, to the
    end of the free strip."""
    strip, top, height = _band(layout, style, slot)
    cap = cap_rect(layout, style, slot)
    left = cap.right + max(2, mark_px(layout) // 4)
    return pygame.Rect(left, top, max(0, strip.right - left), height)


def badge_rect(layout: Layout, style: FaceStyle, slot: int, width: int) -> pygame.Rect:
    """A badge ``width`` wide (at most the room) centred in its room."""
    room = badge_room(layout, style, slot)
    rect = pygame.Rect(0, room.top, min(width, room.width), room.height)
    rect.centerx = room.centerx
    return rect
