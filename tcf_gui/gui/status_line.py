"""The status line under the table: the scene's words left and right, and a short note (a
toast) that shows for a moment in its middle."""
from __future__ import annotations

from typing import Callable

import pygame

from tcf_gui.i18n import _, ngettext
from tcf_gui.gui.table_state import TableState
from tcf_gui.gui.table_view import Part, TableView

#: How long a note shows on the status line (ms).
TOAST_MS = 1600


def turn_words(state: TableState) -> str:
    """'Turn 4' while the game on the table goes on, '3 turns played' at its end."""
    turns = state.turns_shown
    if state.outcome is None:
        return _("Turn {n}").format(n=turns + 1)
    return ngettext("{n} turn played", "{n} turns played", turns).format(n=turns)


def cards_left_words(counts: TableState) -> str:
    """'40 cards left', the deck counted as the table shows it (as the pile does)."""
    left = counts.deck_count
    return ngettext("{n} card left", "{n} cards left", left).format(n=left)


class StatusLine(Part):
    """The status line of ``table``; ``words()`` gives its left and right parts."""

    def __init__(self, table: TableView, words: Callable[[], tuple[str, str]]) -> None:
        self.table = table
        self.words = words
        self.note: tuple[str, float] = ("", 0.0)
        """The last note and the time it shows until."""

    def toast(self, message: str) -> None:
        """Show ``message`` on the status line for TOAST_MS from now."""
        self.note = (message, self.table.now + TOAST_MS)

    @property
    def showing(self) -> bool:
        """True while a note is shown (the loop keeps drawing until it goes)."""
        return self.table.now < self.note[1]

    def draw(self, surface: pygame.Surface) -> None:
        note = self.note[0] if self.showing else ""
        self.table.renderer.status(surface, self.table.layout, *self.words(), note)
