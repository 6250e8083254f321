"""The bottom of the statistics screen: "Reset statistics…" on the left (while there are
games to reset), "Back" on the right, and the keys' hint between them."""
from __future__ import annotations

from typing import Callable

import pygame

from tcf_gui.gui import palette
from tcf_gui.gui.stats.panel import Page, Panel
from tcf_gui.gui.text_boxes import inside
from tcf_gui.i18n import _


class Footer(Panel):
    """The two buttons and the hint; ``back()`` and ``reset()`` are what they do.
    ``reviews`` says whether R opens a game's review (the hint tells of it)."""

    def __init__(self, page: Page, back: Callable[[], None], reset: Callable[[], None],
                 reviews: bool) -> None:
        super().__init__(page)
        self.back, self.reset, self.reviews = back, reset, reviews

    def handle(self, event: pygame.event.Event) -> bool:
        if event.type != pygame.MOUSEBUTTONDOWN:
            return False
        layout = self.page.layout
        if layout.back.collidepoint(event.pos):
            self.back()
        elif layout.reset.collidepoint(event.pos):
            self.reset()
        else:
            return False
        return True

    def hot(self, pos: tuple[int, int]) -> bool:
        layout = self.page.layout
        return layout.back.collidepoint(pos) or layout.reset.collidepoint(pos) and bool(self.data.games)

    def draw(self, surface: pygame.Surface, rect: pygame.Rect) -> None:
        """The hint in ``rect``, the buttons either side of it."""
        layout, mouse = self.page.layout, self.page.mouse
        hints = [_("H: help"), _("Left/Right: opponent"), _("Enter or click: replay a game")]
        if self.reviews:
            hints.append(_("R: its review"))
        hint = "   ·   ".join(hints)  # where it does not fit, the last go first
        size = self.text.fit(hint, self.px - 2, rect.width)
        hint = self.text.leave_off(hint, size, rect.width)
        with inside("hint", rect):
            self.text.blit(surface, self.text.elide(hint, size, rect.width), size, palette.TEXT_DIM,
                           center=rect.center)
        self._button(surface, layout.back, _("Back  (Esc)"), layout.back.collidepoint(mouse))
        if self.data.games:
            self._button(surface, layout.reset, _("Reset statistics…"),
                         layout.reset.collidepoint(mouse))

    def _button(self, surface: pygame.Surface, rect: pygame.Rect, label: str, hot: bool) -> None:
        pygame.draw.rect(surface, palette.HIGHLIGHT if hot else palette.GOLD, rect,
                         border_radius=rect.height // 3)
        with inside("button", rect):
            self.text.label(surface, label, self.px, rect, rect.width - rect.height // 2,
                            palette.BANNER)
