"""The person's hand at their table: a click on a card or the keys 1, 2, 3 discard it.

A click is never eaten and never discards a card the person has not seen: while cards move
a click or key only hurries them; a discard needs the table to have been still for
``SETTLE_MS`` and no other press in the ``BURST_MS`` before it, so the rest of a double or
triple click that hurried the cards never becomes a discard.
"""
from __future__ import annotations

import math
from typing import Protocol

import pygame

from tcf_gui.gui.anim import Timeline
from tcf_gui.gui.table_state import TableState
from tcf_gui.gui.table_view import Part, TableView

#: How long the table must have been still before a click or key may discard (ms).
SETTLE_MS = 250
#: Presses closer together than this are one burst: one that hurried cards discards nothing.
BURST_MS = 500


class HandTable(TableView, Protocol):
    """What the person's hand needs of their table."""

    @property
    def timeline(self) -> Timeline: ...

    @property
    def awaiting_choice(self) -> bool: ...

    @property
    def state(self) -> TableState: ...

    def choose(self, slot: int) -> bool: ...


class PersonHand(Part):
    """The cards of the person at ``table`` as something to press."""

    def __init__(self, table: HandTable) -> None:
        self.table = table
        self.still_since: float | None = None
        """Since when the table has waited for the person's discard (None: it does not)."""
        self.last_press = -math.inf

    def update(self, now: float) -> None:
        if not self.table.awaiting_choice:
            self.still_since = None
        elif self.still_since is None:
            self.still_since = now

    def may_discard(self) -> bool:
        """True for a press that may discard: the table still long enough, not in a burst."""
        now, since = self.table.now, self.still_since
        settled = since is not None and now - since >= SETTLE_MS
        return self.table.awaiting_choice and settled and now - self.last_press >= BURST_MS

    def press(self, slot: int | None) -> None:
        """A click on ``slot`` (None: elsewhere) or a slot key: hurry, or discard if allowed."""
        allowed = self.may_discard()
        self.last_press = self.table.now
        if self.table.timeline.busy:
            self.table.timeline.hurry()
        elif slot is not None and allowed:
            self.table.choose(slot)

    def handle(self, event: pygame.event.Event) -> bool:
        over = self.table.state.outcome is not None and not self.table.timeline.busy
        if event.type == pygame.MOUSEBUTTONDOWN and not over:
            self.press(self.table.layout.hand_slot_at(event.pos))
            return True
        return False
