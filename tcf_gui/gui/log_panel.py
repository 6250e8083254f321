"""The side panel beside the table: the turn log (and the lines a scene pins over it),
scrolled by the wheel and PgUp / PgDn."""
from __future__ import annotations

from typing import Callable

import pygame

from tcf_gui.i18n import _
from tcf_gui.gui.table_view import Part, TableView
from tcf_gui.gui.turn_log import LogLine

#: Lines that PgUp and PgDn scroll the turn log.
LOG_PAGE = 8
#: Lines that a step of the mouse wheel scrolls it.
WHEEL_LINES = 3


class LogPanel(Part):
    """The log panel of ``table``, titled ``title`` ("" for none: a scene that draws its own
    panel there); ``lines()`` is the log, ``pinned()`` the lines kept at its top."""

    def __init__(self, table: TableView, title: str, lines: Callable[[], list[LogLine]],
                 pinned: Callable[[], list[LogLine]]) -> None:
        self.table = table
        self.title = title
        self.lines = lines
        self.pinned = pinned
        self.scroll = 0
        """How many lines the log is scrolled back from its newest line."""
        self.most = 0
        """The furthest back it can scroll, as last drawn."""

    def scroll_by(self, lines: int) -> None:
        """Scroll back (positive) or on (negative), within what the log holds."""
        self.scroll = min(max(0, self.scroll + lines), self.most)

    def handle(self, event: pygame.event.Event) -> bool:
        if event.type == pygame.MOUSEWHEEL and self.title:
            self.scroll_by(WHEEL_LINES * event.y)
            return True
        return False

    def page(self, back: bool) -> None:
        """PgUp (``back``) or PgDn: a page of the log."""
        self.scroll_by(LOG_PAGE if back else -LOG_PAGE)

    def draw(self, surface: pygame.Surface) -> None:
        layout = self.table.layout
        if layout.log_panel is None or not self.title:
            return
        self.most = self.table.renderer.side_panel(surface, layout, _(self.title), self.lines(),
                                                   self.pinned(), self.scroll)
        self.scroll = min(self.scroll, self.most)
