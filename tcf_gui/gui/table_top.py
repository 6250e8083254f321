"""The cards on the table: both hands with their seats' labels, the deck, the discard pile,
the board of the suits seen, the cards in flight, and the line over each hand (the hands'
names at the end, else a hint). A card under the mouse that may be discarded rises."""
from __future__ import annotations

from typing import Protocol

import pygame

from tcf_gui.words.cards import hand_name
from tcf_gui.gui import palette
from tcf_gui.gui.anim import Timeline, ease_out
from tcf_gui.gui.end_panel import EndPanel
from tcf_gui.gui.render import SeatLabel
from tcf_gui.gui.table_state import TableState
from tcf_gui.gui.table_view import Part, TableView

#: How long a card takes to rise under the mouse (ms).
HOVER_MS = 110


class CardTable(TableView, Protocol):
    """What the cards read of their scene."""

    @property
    def state(self) -> TableState: ...

    @property
    def timeline(self) -> Timeline: ...

    def seats(self) -> dict[int, SeatLabel]: ...

    def counts(self) -> TableState: ...

    def hint(self) -> str: ...

    def hover_slot(self) -> int | None: ...

    def key_labels(self) -> bool: ...


class TableTop(Part):
    """The cards of ``table``, and under the banner of ``end`` the lines it covers left out."""

    def __init__(self, table: CardTable, end: EndPanel) -> None:
        self.table = table
        self.end = end
        self.hover: tuple[int | None, float] = (None, -HOVER_MS)
        """The slot raised under the mouse (None: none), and since when."""

    @property
    def rising(self) -> bool:
        """True while a card rises or sinks under the mouse."""
        return self.table.now - self.hover[1] < HOVER_MS

    def update(self, now: float) -> None:
        slot = self.table.hover_slot()
        if slot != self.hover[0]:
            self.hover = (slot, now)

    def draw(self, surface: pygame.Surface) -> None:
        table = self.table
        layout, state = table.layout, table.state
        outcome = state.outcome
        slot, since = self.hover
        lift = ease_out((table.now - since) / HOVER_MS)
        table.renderer.draw_table(surface, layout, state, table.timeline.frames(table.now),
                                  table.seats(), slot, outcome.winner if outcome else None, lift,
                                  table.key_labels(), self.end.shown is not None, table.counts())
        if outcome is not None:
            rows = {}
            for player, analysis in ((1, outcome.analysis1), (2, outcome.analysis2)):
                covered = self.end.covered
                if covered is not None and covered.colliderect(layout.analysis_line(player)):
                    continue  # under a banner grown for long words (its title names the hand)
                colour = palette.GOLD if outcome.winner == player else palette.TEXT_DIM
                words = hand_name(analysis)
                if table.settings.lab_notation:
                    words = f"{analysis}  ·  {words}"
                rows[player] = (words, colour)
            table.renderer.analysis_rows(surface, layout, rows)
        elif table.hint():
            table.renderer.band_text(surface, layout, 1, table.hint(), palette.TEXT_DIM)
