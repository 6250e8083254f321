"""The status line under the table: the scene's words left and right; and the short note (a
toast) that confirms what a key or a click did, shown for a moment where the eye is (the
table's middle, between the pile and the person's hand, or under the banner)."""
from __future__ import annotations

from typing import Callable

import pygame

from tcf_gui.i18n import _, ngettext
from tcf_gui.gui.notes import draw_note, note_ms
from tcf_gui.gui.table_state import TableState
from tcf_gui.gui.table_view import Part, TableView


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
    """The status line of ``table``; ``words()`` gives its left and right parts, and
    ``covered()`` where the end banner lies (None: nowhere), which a note keeps clear of."""

    def __init__(self, table: TableView, words: Callable[[], tuple[str, str]],
                 covered: Callable[[], pygame.Rect | None] = lambda: None) -> None:
        self.table = table
        self.words = words
        self.covered = covered
        self.note: tuple[str, float] = ("", 0.0)
        """The last note and the time it shows until."""

    def toast(self, message: str) -> None:
        """Show ``message`` from now, for as long as it takes to read (notes.note_ms)."""
        self.note = (message, self.table.now + note_ms(message))

    @property
    def showing(self) -> bool:
        """True while a note is shown (the loop keeps drawing until it goes)."""
        return self.table.now < self.note[1]

    def draw(self, surface: pygame.Surface) -> None:
        table = self.table
        table.renderer.status(surface, table.layout, *self.words())
        if self.showing:
            layout = table.layout
            y = layout.band(1).centery
            covered = self.covered()
            if covered is not None and covered.top - layout.font_px <= y <= covered.bottom + layout.font_px:
                y = (covered.bottom + layout.status.top) // 2  # under the banner
            draw_note(surface, table.text, self.note[0], layout.font_px, layout.table, y)
