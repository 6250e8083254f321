"""The line that says what kind of game is on the person's table while it goes on, over the
middle row: Today's deal (for the record, or again as practice), a game with open hands, a
deal known beforehand, and a game brought back from the last start. An ordinary new game
has none."""
from __future__ import annotations

from typing import Protocol

import pygame

from tcf_gui.engine.game import Game
from tcf_gui.gui import palette
from tcf_gui.gui.table_state import TableState
from tcf_gui.gui.table_view import Part, TableView
from tcf_gui.history.kinds import DAILY, OPEN, PRACTICE, SEEDED
from tcf_gui.i18n import _
from tcf_gui.play import TableSession
from tcf_gui.play.daily import seed_day
from tcf_gui.words import formats


class TaggedTable(TableView, Protocol):
    """What the tag reads of the person's table."""

    @property
    def session(self) -> TableSession: ...

    @property
    def state(self) -> TableState: ...


class GameTag(Part):
    """The kind of the game on ``table``, over its middle row until the game ends."""

    def __init__(self, table: TaggedTable) -> None:
        self.table = table
        self.resumed: Game | None = None
        """The game brought back from the last start, while it is on the table."""

    def words(self) -> str:
        """What the game on the table is ("" for an ordinary new game)."""
        session = self.table.session
        game = session.game
        if game is None:
            return ""
        kind = session.kind_on_table()
        words = {
            DAILY: _("Today's deal, {day}: for the record"),
            PRACTICE: _("Today's deal again: practice, not counted"),
            OPEN: _("Open hands: a practice game"),
            SEEDED: _("A deal known beforehand: a practice game"),
        }.get(kind, "")
        day = seed_day(game.seed)
        if kind in (DAILY, PRACTICE) and day is not None:
            words = words.format(day=formats.day(day))
        if game is self.resumed:
            words = _("{kind}, brought back from your last start").format(kind=words) if words \
                else _("Your game brought back from your last start")
        return words

    def draw(self, surface: pygame.Surface) -> None:
        words = self.words()
        if words and self.table.state.outcome is None:
            self.table.renderer.band_text(surface, self.table.layout, 2, words, palette.GOLD)
