"""What the parts that draw the cards read of their table scene (the state shown, the
timeline of the cards in the air, the seats' labels...), and the felt they lie on.

The cards are parts of their own, drawn in this order: the felt, the deck and the pile
(tcf_gui.gui.deck_pile), the counts board (counts_board), both hands (hands), the cards in
the air (flights) and the line over each hand (hands.HandLines).
"""
from __future__ import annotations

from typing import Protocol

import pygame

from tcf_gui.gui.anim import Timeline
from tcf_gui.gui.render import SeatLabel
from tcf_gui.gui.table_state import TableState
from tcf_gui.gui.table_view import Part, TableView


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


class Felt(Part):
    """The felt of ``table``, with the status bar's band and the log panel's shade."""

    def __init__(self, table: TableView) -> None:
        self.table = table

    def draw(self, surface: pygame.Surface) -> None:
        surface.blit(self.table.renderer.background(self.table.layout), (0, 0))
