"""The statistics screen's header: the title with the pool's note (or the history's error)
on its line, and the opponents' tabs under it (Left/Right/Tab or a click choose one)."""
from __future__ import annotations

from typing import Callable

import pygame

from tcf_gui.gui import palette
from tcf_gui.gui.stats.panel import Page, Panel
from tcf_gui.gui.text_boxes import MIN_TEXT_PX, inside
from tcf_gui.history import POOLS
from tcf_gui.i18n import _

#: The keys that choose another opponent, and which way.
LEVEL_KEYS = {pygame.K_LEFT: -1, pygame.K_RIGHT: 1, pygame.K_TAB: 1}


class Header(Panel):
    """The title line and the tabs; ``choose(index)`` shows the opponent of a tab."""

    def __init__(self, page: Page, choose: Callable[[int], None]) -> None:
        super().__init__(page)
        self.choose = choose

    def handle(self, event: pygame.event.Event) -> bool:
        if event.type == pygame.KEYDOWN and event.key in LEVEL_KEYS:
            self.choose(self.data.level_index + LEVEL_KEYS[event.key])
        elif event.type == pygame.MOUSEBUTTONDOWN and (tab := self.tab_at(event.pos)) is not None:
            self.choose(tab)
        else:
            return False
        return True

    def hot(self, pos: tuple[int, int]) -> bool:
        return self.tab_at(pos) is not None

    def tabs(self) -> tuple[int, list[tuple[pygame.Rect, str]]]:
        """The opponents' tabs in a row across the screen: the text size, and each tab's
        rect and label (smaller, then cut short, when they would not fit)."""
        layout = self.page.layout
        labels = [level.name for level in self.data.levels]
        room = layout.title.width - (len(labels) - 1) * (layout.px // 2)
        px = layout.px

        def widths(size: int) -> list[int]:
            return [self.text.size(label, size, bold=True)[0] + 2 * size for label in labels]

        while sum(widths(px)) > room and px > MIN_TEXT_PX:
            px -= 1
        if sum(widths(px)) > room:  # still too wide: every tab gets an equal share
            share = room // len(labels) - 2 * px
            labels = [self.text.elide(label, px, share, bold=True) for label in labels]
        tabs, x = [], layout.title.left
        for label, width in zip(labels, widths(px)):
            tabs.append((pygame.Rect(x, layout.tabs_y, width, layout.tab_h), label))
            x += width + layout.px // 2
        return px, tabs

    def tab_rects(self) -> list[pygame.Rect]:
        return [rect for rect, _ in self.tabs()[1]]

    def tab_at(self, pos: tuple[int, int]) -> int | None:
        for i, rect in enumerate(self.tab_rects()):
            if rect.collidepoint(pos):
                return i
        return None

    def draw(self, surface: pygame.Surface, rect: pygame.Rect) -> None:
        """The title line in ``rect``, the tabs under it."""
        data, px = self.data, self.px
        with inside("title", rect):
            title_text = _("Statistics") if data.pool == "computer" else _(
                "Statistics: {pool}").format(pool=_(POOLS[data.pool]))
            title = self.text.blit(surface, title_text, int(px * 1.6), palette.GOLD, bold=True,
                                   midleft=(rect.left, rect.centery))
            note = data.error or data.pool_note()
            if note:
                room = rect.right - title.right - 2 * px
                self.text.blit(surface, self.text.elide(note, px - 1, room), px - 1,
                               palette.LOSS if data.error else palette.TEXT_DIM,
                               midright=(rect.right, rect.centery))
        tab_px, tabs = self.tabs()
        for i, (tab, label) in enumerate(tabs):
            on = i == data.level_index
            pygame.draw.rect(surface, palette.GOLD if on else palette.BANNER, tab,
                             border_radius=tab.height // 3)
            with inside("tab", tab):
                self.text.blit(surface, label, tab_px, palette.BANNER if on else palette.TEXT,
                               bold=True, shadow=False, center=tab.center)
