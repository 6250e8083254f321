"""Where each part of the statistics screen lies, for one window size."""
from __future__ import annotations

from dataclasses import dataclass

import pygame

from tcf_gui.gui.layout import text_px


@dataclass
class StatsLayout:
    """The rects of the screen for one window size."""

    width: int
    height: int

    def __post_init__(self) -> None:
        w, h = self.width, self.height
        # Large text (Options → Text size) grows as far as the chart keeps room: a 31st of
        # the height leaves it eight lines of text high.
        px = self.px = min(text_px(h, per=40, least=14, most=20), max(14, h // 31))
        pad = px
        self.title = pygame.Rect(pad, pad // 2, w - 2 * pad, int(px * 2.2))
        self.tabs_y = self.title.bottom + pad // 4
        self.tab_h = int(px * 1.9)
        top = self.tabs_y + self.tab_h + pad // 2
        bottom = h - int(px * 3.2)
        list_w = max(300, int(w * 0.34))
        left_w = w - list_w - 3 * pad
        self.recent = pygame.Rect(w - pad - list_w, top, list_w, bottom - top)
        numbers_h = int(px * 12.5)
        self.numbers = pygame.Rect(pad, top, int(left_w * 0.5) - pad // 2, numbers_h)
        self.cases = pygame.Rect(self.numbers.right + pad, top, left_w - self.numbers.width - pad,
                                 numbers_h)
        self.chart = pygame.Rect(pad, self.numbers.bottom + pad, left_w,
                                 bottom - self.numbers.bottom - pad)
        button_h = int(px * 2.1)
        self.back = pygame.Rect(0, 0, px * 8, button_h)
        self.back.bottomright = (w - pad, h - pad // 2)
        self.reset = pygame.Rect(0, 0, px * 12, button_h)
        self.reset.bottomleft = (pad, h - pad // 2)
        self.hint = pygame.Rect(self.reset.right + px, self.back.top,
                                self.back.left - self.reset.right - 2 * px, self.back.height)
        """The keys' hint, between the two buttons."""
        self.row_h = int(px * 1.55)
        self.list_top = self.recent.top + int(px * 2.6)
        self.rows = max(1, (self.recent.bottom - self.list_top - px // 2) // self.row_h)

    @property
    def size(self) -> tuple[int, int]:
        return (self.width, self.height)

    @property
    def window(self) -> pygame.Rect:
        return pygame.Rect((0, 0), self.size)

    def row_at(self, pos: tuple[int, int]) -> int | None:
        """The visible row (0 at the top) under ``pos``, if any."""
        if not self.recent.collidepoint(pos) or pos[1] < self.list_top:
            return None
        row = (pos[1] - self.list_top) // self.row_h
        return row if row < self.rows else None
