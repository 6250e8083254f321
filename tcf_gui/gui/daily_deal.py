"""Today's deal at the person's table (tcf_gui.play.daily): the menu's "Today's deal", dealing it
(or playing on the day's game left unfinished), and at its end a row in the banner with the
record, the streak and a "Copy result" button that puts a short text, no card in it, on the
clipboard (or shows it, where no clipboard works).

A game in progress when today's deal is asked for is kept as it stands and comes back at
the next start (TableSession.set_aside): no deal is given up or dealt afresh by it.
"""
from __future__ import annotations

from datetime import date
from typing import Protocol

import pygame

from tcf_gui.play.daily import (DAILY_OPPONENT, ELSEWHERE, NEW, PLAYED, WAITING, DailyRecord,
                     daily_kind, daily_record, daily_seed, daily_state, outcome_text, seed_day,
                     seed_line, share_text, streak_text, today)
from tcf_gui.words import formats
from tcf_gui.engine.events import Event
from tcf_gui.engine.game import Game
from tcf_gui.history import History, HistoryError
from tcf_gui.history.kinds import DAILY, PRACTICE
from tcf_gui.i18n import _
from tcf_gui.gui import palette
from tcf_gui.gui.clipboard import copy_text
from tcf_gui.gui.menu import notice
from tcf_gui.gui.render import Banner, note_rows
from tcf_gui.gui.scene_manager import Scene
from tcf_gui.gui.table_state import TableState
from tcf_gui.gui.table_view import TableView
from tcf_gui.gui.text_boxes import MIN_TEXT_PX
from tcf_gui.play import TableSession
from tcf_gui.play.scoring import GameScorer


class DailyTable(TableView, Protocol):
    """What today's deal needs of the person's table."""

    @property
    def session(self) -> TableSession: ...

    @property
    def history(self) -> History | None: ...

    @property
    def game(self) -> Game: ...

    @property
    def state(self) -> TableState: ...

    @property
    def scorer(self) -> GameScorer: ...

    def close_menus(self) -> None: ...

    def push(self, scene: Scene, short: str = "") -> None: ...

    def play_on_unfinished(self, kind: str, seed: int) -> bool: ...

    def show_dealt(self, events: list[Event]) -> None: ...


class DailyDeal:
    """Today's deal at ``table``."""

    def __init__(self, table: DailyTable) -> None:
        self.table = table
        self._record: tuple[object, DailyRecord | None] = (None, None)

    # -- what is on the table --------------------------------------------------------------
    def day_on_table(self) -> date | None:
        """The day whose deal is on the table (for the record or practice), else None."""
        session = self.table.session
        if session.game is None or session.kind_on_table() not in (DAILY, PRACTICE):
            return None
        return seed_day(session.game.seed)

    def state(self, day: date) -> str:
        """daily_state for this table's history (NEW without one)."""
        history = self.table.history
        return NEW if history is None else daily_state(history, day)

    def record(self) -> DailyRecord | None:
        """The daily record, read once per game shown and again once its score is in (None
        without a history)."""
        key = (self.table.game, self.table.state.outcome is not None, self.table.scorer.working)
        if self._record[0] != key:
            record = None
            if self.table.history is not None:
                try:
                    record = daily_record(self.table.history, self.day_on_table() or today())
                except HistoryError:
                    record = None
            self._record = (key, record)
        return self._record[1]

    def menu_value(self) -> str:
        """The menu item's value: how today's deal stands."""
        day = today()
        if self.day_on_table() == day and self.table.session.in_progress:
            return _("on the table")
        try:
            state = self.state(day)
        except HistoryError:
            return ""
        if state == PLAYED:
            record = self.record()
            mine = record.result(day) if record is not None else None
            return outcome_text(mine) if mine is not None else _("played")
        return {NEW: _("new"), WAITING: _("to finish"), ELSEWHERE: _("in another window")}[state]

    # -- dealing it ------------------------------------------------------------------------
    def open(self) -> None:
        """Put today's deal on the table: for the record the first time (or the day's game
        left unfinished, where it was), practice after; the game in progress waits for the
        next start."""
        table, day = self.table, today()
        table.close_menus()
        if self.day_on_table() == day and table.session.in_progress:
            table.toast(_("Today's deal is on the table"))
            return
        try:
            state = self.state(day)
        except HistoryError as error:
            table.toast(str(error))
            return
        if state == ELSEWHERE:
            elsewhere = _("Today's deal is being played in another window now.")
            table.push(notice(_("Today's deal"), [
                elsewhere, _("Finish it there; then it can be practised here.")],
                table.layout.size), elsewhere)
            return
        kept = table.session.set_aside()
        seed = daily_seed(day)
        print(seed_line(day), flush=True)  # printed like any other seed
        if state == WAITING and table.play_on_unfinished(DAILY, seed):
            return
        table.session.open_hands = False  # the same deal for everyone: hands hidden
        events = table.session.deal(seed, daily_kind(state), DAILY_OPPONENT)
        table.show_dealt(events)
        words = (_("Today's deal, {day}: for the record") if daily_kind(state) == DAILY else
                 _("Today's deal again: practice, not counted")).format(day=formats.day(day))
        if kept:
            words = _("{words}. Your game is kept for your next start").format(words=words)
        table.toast(words)

    # -- its end -------------------------------------------------------------------------------
    def note(self) -> tuple[str, palette.RGB] | None:
        """The banner's row for a daily game: the record and the streak (the copy button
        beside them, drawn by ``draw``)."""
        if self.day_on_table() is None or self.record() is None:
            return None
        return (self.note_text(), palette.GOLD)

    def button_room(self) -> int:
        """The room the Copy result button takes at the right of the daily row (0: none)."""
        if self.share() is None:
            return 0
        layout = self.table.layout
        return self.table.text.size(self.button_label(), self.button_px(), bold=True)[0] + 2 * layout.font_px

    @staticmethod
    def button_label() -> str:
        return _("Copy result")

    def button_px(self) -> int:
        return max(MIN_TEXT_PX, self.table.layout.font_px - 2)

    def note_text(self) -> str:
        record = self.record()
        day = self.day_on_table()
        if record is None or day is None:
            return ""
        mine = record.result(day)
        if self.table.session.kind_on_table() == PRACTICE and mine is not None:
            return _("Practice, not counted; for the record: {outcome}").format(
                outcome=outcome_text(mine))
        return streak_text(record, best=False)

    def share(self) -> str | None:
        """The text to share for the deal on the table, or None before it is played."""
        record, day = self.record(), self.day_on_table()
        mine = record.result(day) if record is not None and day is not None else None
        return None if mine is None or record is None else share_text(mine, record)

    def copy_button(self, banner: Banner) -> pygame.Rect | None:
        """The Copy result button, at the right of the daily row of ``banner``."""
        if self.share() is None or not banner.notes:
            return None
        row = note_rows(self.table.layout, banner, self.table.text)[-1]
        step = int(max(MIN_TEXT_PX, self.table.layout.font_px - 1) * 1.4)
        button = pygame.Rect(0, 0, banner.room - self.table.layout.font_px // 2, step)
        button.midright = row.midright
        return button

    def copy(self) -> None:
        """Copy the result; where no clipboard works, show it (and print it) to copy."""
        text = self.share()
        if text is None:
            return
        if copy_text(text):
            self.table.toast(_("Result copied: paste it anywhere"))
            return
        print(text, flush=True)
        self.table.push(notice(_("Copy result"), [_("No clipboard here: copy this text."),
                                                  text], self.table.layout.size))

    def draw(self, surface: pygame.Surface, banner: Banner) -> None:
        """The daily row's Copy result button (its words are the banner's last note)."""
        button = self.copy_button(banner)
        if button is not None:
            self.table.renderer.button(surface, button, self.button_label(), self.button_px(),
                                       button.collidepoint(self.table.mouse), quiet=True)
