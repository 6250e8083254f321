"""The buttons beside the banner's own at the end of the person's game: Review (left of New
game) and, for today's deal, Copy result (on the banner's daily row)."""
from __future__ import annotations

import dataclasses
from typing import Protocol

import pygame

from tcf_gui.engine.game import Game
from tcf_gui.i18n import _
from tcf_gui.play.scoring import GameScorer
from tcf_gui.gui.anim import Timeline
from tcf_gui.gui.daily_deal import DailyDeal
from tcf_gui.gui.end_panel import skill_note
from tcf_gui.gui.render import Banner
from tcf_gui.gui.table_state import TableState
from tcf_gui.gui.table_view import Part, TableView


class EndTable(TableView, Protocol):
    """What the buttons need of the person's table."""

    help_open: bool

    @property
    def state(self) -> TableState: ...

    @property
    def timeline(self) -> Timeline: ...

    @property
    def daily(self) -> DailyDeal: ...

    @property
    def game(self) -> Game: ...

    @property
    def scorer(self) -> GameScorer: ...

    def banner(self) -> Banner | None: ...

    def open_review(self) -> None: ...


def review_label() -> str:
    return _("Review  (R)")


class EndButtons(Part):
    """Review and Copy result at the end of a game on ``table``, once its cards are still."""

    def __init__(self, table: EndTable) -> None:
        self.table = table

    @property
    def shown(self) -> bool:
        """True once the result is on the table and nothing moves."""
        return self.table.state.outcome is not None and not self.table.timeline.busy

    def dressed(self, banner: Banner | None) -> Banner | None:
        """``banner`` with the skill score's line under the reason, and for today's deal the
        record's row (with room for Copy result)."""
        if banner is None:
            return None
        table = self.table
        notes = [skill_note(table.scorer.skill_for(table.game))]
        daily = table.daily.note()
        if daily is not None:
            notes.append(daily)
        return dataclasses.replace(banner, notes=tuple(notes), room=table.daily.button_room())

    def review_button(self) -> pygame.Rect:
        """The Review button, left of the banner's New game button."""
        return self.table.layout.second_button

    def copy_button(self) -> pygame.Rect | None:
        """The daily banner's Copy result button, when it shows one."""
        banner = self.table.banner()
        return None if banner is None else self.table.daily.copy_button(banner)

    def points_at(self, pos: tuple[int, int]) -> bool:
        copy = self.copy_button()
        return self.shown and (self.review_button().collidepoint(pos)
                               or copy is not None and copy.collidepoint(pos))

    def handle(self, event: pygame.event.Event) -> bool:
        if event.type != pygame.MOUSEBUTTONDOWN or not self.shown:
            return False
        if self.table.layout.button.collidepoint(event.pos):
            return False  # the banner's own button: the table's
        if self.review_button().collidepoint(event.pos):
            self.table.open_review()
            return True
        copy = self.copy_button()
        if copy is not None and copy.collidepoint(event.pos):
            self.table.daily.copy()
            return True
        return False

    def draw(self, surface: pygame.Surface) -> None:
        table = self.table
        banner = table.banner()
        if banner is not None and not table.timeline.busy and not table.help_open:
            review = self.review_button()
            table.renderer.button(surface, review, review_label(), table.layout.font_px,
                                  review.collidepoint(table.mouse), quiet=True)
            table.daily.draw(surface, banner)
