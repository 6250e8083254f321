"""What every panel of the statistics screen is: a part that draws itself in a rect and
answers the events meant for it, over the screen's shared state (the Page)."""
from __future__ import annotations

from dataclasses import dataclass

import pygame

from tcf_gui.gui import palette
from tcf_gui.gui.stats.data import StatsData
from tcf_gui.gui.stats.layout import StatsLayout
from tcf_gui.gui.text import TextCache
from tcf_gui.gui.text_boxes import inside

#: A game's result in its colour, by its winner (0: a draw).
CASE_COLOURS = {0: palette.DRAW, 1: palette.WIN, 2: palette.LOSS}


@dataclass
class Page:
    """What the panels share: the numbers, the text cache, the layout of the window's size
    and where the mouse is."""

    data: StatsData
    text: TextCache
    layout: StatsLayout
    mouse: tuple[int, int] = (-1, -1)


class Panel:
    """A part of the statistics screen."""

    def __init__(self, page: Page) -> None:
        self.page = page

    @property
    def data(self) -> StatsData:
        return self.page.data

    @property
    def text(self) -> TextCache:
        return self.page.text

    @property
    def px(self) -> int:
        """The screen's text size."""
        return self.page.layout.px

    def draw(self, surface: pygame.Surface, rect: pygame.Rect) -> None:
        """Draw the panel in ``rect``."""
        raise NotImplementedError

    def handle(self, event: pygame.event.Event) -> bool:
        """Answer ``event`` if it is meant for this panel (True: it was)."""
        return False

    def hot(self, pos: tuple[int, int]) -> bool:
        """True when something under ``pos`` can be clicked."""
        return False

    def frame(self, surface: pygame.Surface, rect: pygame.Rect, title: str) -> int:
        """A panel's box with its title on one line, smaller if it must be, else on two;
        returns how much lower than one line the title ends."""
        px = self.px
        pygame.draw.rect(surface, palette.BANNER, rect, border_radius=px // 2)
        pygame.draw.rect(surface, palette.FELT_DARK, rect, width=1, border_radius=px // 2)
        width = rect.width - 2 * px
        size, lines = self.text.fit_lines(title, px, width, 1, bold=True)
        if len(lines) > 1:
            size, lines = self.text.fit_lines(title, px, width, 2, bold=True)
        step = self.text.line_height(size, bold=True)
        with inside("panel", rect):
            for i, line in enumerate(lines):
                self.text.blit(surface, line, size, palette.GOLD, bold=True, shadow=False,
                               topleft=(rect.left + px, rect.top + px // 2 + i * step))
        return (len(lines) - 1) * step
