"""The run of a straight flush, shown in order beside the hand that holds it.

Cards stay in the order they were dealt, so a straight flush of 4-5-3 is hard to see as one.
Once a game is over, each hand that is a straight flush gets its three cards again beside
it, small and in rank order (3 4 5), under the words "Straight flush", in gold.
"""
from __future__ import annotations

from functools import lru_cache
from typing import Sequence

import pygame

from tcf_gui.engine.analysis import analyze_hand
from tcf_gui.engine.cards import Card
from tcf_gui.i18n import _
from tcf_gui.gui import palette
from tcf_gui.gui.card_art import index_font, rank_text
from tcf_gui.gui.layout import Layout
from tcf_gui.gui.suits import paint_suit
from tcf_gui.gui.text import TextCache
from tcf_gui.gui.text_boxes import MIN_TEXT_PX, inside


def run_of(hand: Sequence[Card | None]) -> list[Card] | None:
    """The cards of ``hand`` in rank order if it is a straight flush, else None."""
    cards = [card for card in hand if card is not None]
    if len(cards) != 3:
        return None
    analysis = analyze_hand(cards)
    return sorted(cards) if analysis.flush and analysis.straight else None


def caption_px(layout: Layout) -> int:
    return max(MIN_TEXT_PX, layout.font_px - 3)


def tile_rects(layout: Layout, player: int) -> list[pygame.Rect]:
    """Three small cards right of ``player``'s hand, under a caption, centred on the hand's
    middle line; shrunk to the room left before the table's edge."""
    span = layout.hand_span(player)
    px = caption_px(layout)
    left = span.right + int(layout.font_px * 1.2)
    room = layout.table.right - layout.font_px // 2 - left
    gap = max(3, layout.card_w // 16)
    height = min(int(layout.card_h * 0.42), int((room - 2 * gap) / 3 / 0.72))
    width = int(height * 0.72)
    top = span.centery - (height + int(px * 1.5)) // 2 + int(px * 1.5)
    return [pygame.Rect(left + i * (width + gap), top, width, height) for i in range(3)]


def caption_pos(layout: Layout, player: int) -> tuple[int, int]:
    """Where the caption's left end sits (midleft), over the tiles."""
    first = tile_rects(layout, player)[0]
    return (first.left, first.top - int(caption_px(layout) * 0.85))


@lru_cache(maxsize=64)
def tile(card: Card, size: tuple[int, int], four_colour: bool) -> pygame.Surface:
    """A small card of ``size``: its rank over its suit, edged in gold (drawn three times
    larger and smoothed down)."""
    scale = 3
    w, h = size[0] * scale, size[1] * scale
    canvas = pygame.Surface((w, h), pygame.SRCALPHA)
    colour = palette.suit_colour(card.suit, four_colour)
    radius = max(3, w // 7)
    pygame.draw.rect(canvas, palette.CARD_FACE, canvas.get_rect(), border_radius=radius)
    pygame.draw.rect(canvas, palette.GOLD, canvas.get_rect(), width=max(3, w // 14), border_radius=radius)
    rank = index_font(max(8, int(h * 0.42))).render(rank_text(card), True, colour)
    ink = rank.subsurface(rank.get_bounding_rect())
    if ink.get_width() > w * 0.8:  # the 10, squeezed as on the cards
        ink = pygame.transform.smoothscale(ink, (int(w * 0.8), ink.get_height()))
    canvas.blit(ink, ink.get_rect(midtop=(w // 2, h // 10)))
    paint_suit(canvas, card.suit, (w / 2, h * 0.72), h * 0.3, colour)
    return pygame.transform.smoothscale(canvas, size)


def draw_run(surface: pygame.Surface, layout: Layout, player: int, run: Sequence[Card],
             text: TextCache, four_colour: bool) -> None:
    """The caption and the three small cards of ``run`` (in rank order)."""
    tiles = tile_rects(layout, player)
    if tiles[0].height < 18:  # no room beside the hand (a narrow table with the log open)
        return
    words = _("Straight flush")
    room = layout.table.right - layout.font_px // 2 - tiles[0].left
    px = text.fit(words, caption_px(layout), room, bold=True)
    if text.size(words, px, bold=True)[0] <= room:  # else the gold tiles alone say it
        with inside("straight run", layout.table):
            text.blit(surface, words, px, palette.GOLD, bold=True, midleft=caption_pos(layout, player))
    for card, rect in zip(run, tiles):
        surface.blit(tile(card, rect.size, four_colour), rect)
