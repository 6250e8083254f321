"""Both hands on the table: each card in its place (a slot where it has left, a back where it
is face down), the seat's labels beside it, a straight flush's run at the end, the keys
1 2 3 under the person's cards when they may press them; the card under the mouse that may
be discarded rises. Over each hand a line: its name at the end, before it a hint."""
from __future__ import annotations

from typing import Callable, Sequence

import pygame

from tcf_gui.words.cards import hand_name
from tcf_gui.gui import card_marks, palette, straight_run
from tcf_gui.gui.anim import FlightFrame, ease_out
from tcf_gui.gui.card_art import CardArt
from tcf_gui.gui.end_panel import EndPanel
from tcf_gui.gui.layout import Layout, Place, hand_place
from tcf_gui.gui.render import SeatLabel, TableRenderer
from tcf_gui.gui.table_state import TableState
from tcf_gui.gui.card_table import CardTable
from tcf_gui.gui.table_view import Part
from tcf_gui.gui.text_boxes import inside

#: How long a card takes to rise under the mouse (ms).
HOVER_MS = 110


def draw_hands(renderer: TableRenderer, surface: pygame.Surface, layout: Layout,
               state: TableState, frames: Sequence[FlightFrame], seats: dict[int, SeatLabel],
               hover: int | None = None, winner: int | None = None, lift: float = 1.0,
               key_labels: bool = False) -> None:
    """Both hands and their seats; the hovered card of Player 1 is raised by ``lift`` (0..1)
    of a lift and outlined; ``key_labels`` puts the keys 1 2 3 under Player 1's cards. A
    card flying from or to a place in ``frames`` leaves its slot empty."""
    art = renderer.art(layout)
    moving: set[Place] = set()
    for frame in frames:
        moving.update((frame.flight.src, frame.flight.dst))
    for player in (2, 1):
        _draw_hand(renderer, surface, layout, state, art, player, moving,
                   hover if player == 1 else None, winner == player, lift)
        _draw_seat(renderer, surface, layout, player, seats[player])
        run = straight_run.run_of(state.hands[player]) if state.outcome and state.face_up[player] else None
        if run:
            straight_run.draw_run(surface, layout, player, run, renderer.text, renderer.four_colour)
    if key_labels:
        _draw_key_labels(renderer, surface, layout)


def _draw_hand(renderer: TableRenderer, surface: pygame.Surface, layout: Layout,
               state: TableState, art: CardArt, player: int, moving: set[Place],
               hover: int | None, winner: bool, lift: float) -> None:
    for slot, rect in enumerate(layout.hands[player]):
        card = state.hands[player][slot]
        if card is None or hand_place(player, slot) in moving:
            surface.blit(art.slot(), rect)
            continue
        if winner:
            glow = rect.inflate(layout.card_w // 10, layout.card_w // 10)
            pygame.draw.rect(surface, palette.GOLD, glow, width=max(2, layout.card_w // 40),
                             border_radius=max(6, layout.card_w // 9))
        picture = art.face(card) if state.face_up[player] else art.back()
        raised = rect.move(0, -round(layout.lift * lift)) if slot == hover else rect
        renderer.card(surface, layout, picture, raised)
        if slot == hover:
            pygame.draw.rect(surface, palette.HIGHLIGHT, raised.inflate(4, 4), width=3,
                             border_radius=max(6, layout.card_w // 12))


def _draw_seat(renderer: TableRenderer, surface: pygame.Surface, layout: Layout, player: int,
               seat: SeatLabel) -> None:
    """Who sits at a hand, right-aligned left of it: the name over how it plays, shrunk
    to the room there, each on two lines where it must (a single word too long for the
    room, a name typed by a person, is cut short with '…')."""
    text = renderer.text
    room = layout.seat_label(player)
    px = layout.font_px
    with inside("seat", room):
        width = room.width - 2  # a letter's ink may start a pixel left of its place
        size, lines = text.fit_lines(seat.name, int(px * 1.25), width, 1, bold=True)
        if len(lines) > 1:
            size, lines = text.fit_lines(seat.name, int(px * 1.25), width, 2, bold=True)
        step = text.line_height(size, bold=True)
        for i, line in enumerate(reversed(lines)):  # a word too long for the room: cut
            text.blit(surface, text.elide(line, size, width, bold=True), size,
                      palette.TEXT, bold=True,
                      bottomright=(room.right, room.centery - i * step))
        size, lines = text.fit_lines(seat.detail, px - 1, width, 2)
        step = text.line_height(size)
        for i, line in enumerate(lines):
            text.blit(surface, line, size, palette.TEXT_DIM,
                      topright=(room.right, room.centery + 2 + i * step))


def _draw_key_labels(renderer: TableRenderer, surface: pygame.Surface, layout: Layout) -> None:
    """A small key cap with 1, 2, 3 on the lower edge of each of Player 1's cards, where
    no face prints anything (tcf_gui.gui.card_marks)."""
    px = card_marks.mark_px(layout)
    for slot in range(len(layout.hands[1])):
        cap = card_marks.cap_rect(layout, renderer.card_set.style, slot)
        pygame.draw.rect(surface, palette.BANNER, cap, border_radius=cap.height // 3)
        pygame.draw.rect(surface, palette.GOLD, cap, width=1, border_radius=cap.height // 3)
        with inside("key cap", cap):
            renderer.text.blit(surface, str(slot + 1), px, palette.TEXT, bold=True, shadow=False,
                               center=cap.center)


class Hands(Part):
    """The hands of ``table``; the card ``table.hover_slot()`` names rises in HOVER_MS."""

    def __init__(self, table: CardTable) -> None:
        self.table = table
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
        outcome = table.state.outcome
        slot, since = self.hover
        draw_hands(table.renderer, surface, table.layout, table.state,
                   table.timeline.frames(table.now), table.seats(), slot,
                   outcome.winner if outcome else None, ease_out((table.now - since) / HOVER_MS),
                   table.key_labels())


class HandLines(Part):
    """The line over each hand of ``table``: the hands' names once the game is over (those
    under the banner of ``end`` left out: its title names the hand), else the hint over the
    person's, but for while ``noting()`` (a note shows in its place)."""

    def __init__(self, table: CardTable, end: EndPanel,
                 noting: Callable[[], bool] = lambda: False) -> None:
        self.table = table
        self.end = end
        self.noting = noting

    def draw(self, surface: pygame.Surface) -> None:
        table = self.table
        layout, outcome = table.layout, table.state.outcome
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
        elif table.hint() and not self.noting():
            table.renderer.band_text(surface, layout, 1, table.hint(), palette.TEXT_DIM)
