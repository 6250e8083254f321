"""The quiet Menu button in the table's corner."""
from __future__ import annotations

from typing import Callable

import pygame

from tcf_gui.i18n import _
from tcf_gui.gui.table_view import Part, TableView
from tcf_gui.gui.text_boxes import MIN_TEXT_PX


class MenuButton(Part):
    """The quiet Menu button at the table's corner: a click opens the menu (``open``)."""

    def __init__(self, table: TableView, open_menu: Callable[[], None]) -> None:
        self.table = table
        self.open_menu = open_menu

    def points_at(self, pos: tuple[int, int]) -> bool:
        return self.table.layout.menu_button.collidepoint(pos)

    def handle(self, event: pygame.event.Event) -> bool:
        if event.type == pygame.MOUSEBUTTONDOWN and self.points_at(event.pos):
            self.open_menu()
            return True
        return False

    def draw(self, surface: pygame.Surface) -> None:
        layout = self.table.layout
        label, px = _("Menu"), max(MIN_TEXT_PX, layout.font_px - 3)
        layout.widen_menu_button(self.table.text.size(label, px, bold=True)[0])
        self.table.renderer.button(surface, layout.menu_button, label, px,
                                   self.points_at(self.table.mouse), quiet=True)
