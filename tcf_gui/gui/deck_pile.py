"""The deck (its cards stacked, with their count) and the discard pile beside it (the last
discard on top, the one before fanned out; cards flying in push them along)."""
from __future__ import annotations

from typing import Sequence

import pygame

from tcf_gui.i18n import _
from tcf_gui.gui import palette, pile
from tcf_gui.gui.anim import FlightFrame, ease_out
from tcf_gui.gui.end_panel import EndPanel
from tcf_gui.gui.layout import DISCARD, Layout
from tcf_gui.gui.render import TableRenderer
from tcf_gui.gui.table_state import TableState
from tcf_gui.gui.card_table import CardTable
from tcf_gui.gui.table_view import Part
from tcf_gui.gui.text_boxes import inside


def bound_for_pile(frames: Sequence[FlightFrame]) -> list[FlightFrame]:
    """The cards in ``frames`` flying to the pile, in the order they land."""
    return [frame for frame in frames if frame.flight.dst == DISCARD]


def draw_deck(renderer: TableRenderer, surface: pygame.Surface, layout: Layout, count: int,
              labels: bool = True) -> None:
    """The deck with ``count`` cards (a card flying from it has left it)."""
    rect = layout.deck
    px = layout.font_px
    art = renderer.art(layout)
    if count <= 0:
        surface.blit(art.slot(), rect)
    else:
        layers = min(4, (count + 11) // 12)
        step = max(1, layout.card_w // 70)
        for layer in range(layers - 1, -1, -1):  # the top card lies exactly on the deck's place
            renderer.card(surface, layout, art.back(), rect.move(layer * step, layer * step))
    if not labels:
        return
    with inside("deck label", layout.deck_label):
        renderer.text.blit(surface, f"{count}", int(px * 1.5), palette.TEXT, bold=True,
                           midright=(rect.left - px, rect.centery - px // 2))
        renderer.text.blit(surface, _("in the deck"), px - 2, palette.TEXT_DIM,
                           midright=(rect.left - px, rect.centery + px))


def draw_pile(renderer: TableRenderer, surface: pygame.Surface, layout: Layout,
              state: TableState, arriving: Sequence[FlightFrame] = ()) -> None:
    """The pile (tcf_gui.gui.pile): the last discard on top, the one before it fanned out
    with its whole index showing; cards ``arriving`` push them along as they fly in."""
    surface.blit(renderer.art(layout).slot(), layout.discard)
    push = len(arriving) * ease_out(arriving[0].t) if arriving else 0.0
    for card, depth in pile.shown(state.discards):
        picture = renderer.tilted(layout, card)
        centre = pile.place(layout, renderer.card_set.style, depth + push)
        surface.blit(picture, picture.get_rect(center=(round(centre[0]), round(centre[1]))))


class Deck(Part):
    """The deck of ``table``, counted as the table shows it; under the banner of ``end``
    without its words (rather than cut in half)."""

    def __init__(self, table: CardTable, end: EndPanel) -> None:
        self.table = table
        self.end = end

    def draw(self, surface: pygame.Surface) -> None:
        table = self.table
        draw_deck(table.renderer, surface, table.layout, table.counts().deck_count,
                  labels=self.end.shown is None)


class Pile(Part):
    """The discard pile of ``table``."""

    def __init__(self, table: CardTable) -> None:
        self.table = table

    def draw(self, surface: pygame.Surface) -> None:
        table = self.table
        arriving = bound_for_pile(table.timeline.frames(table.now))
        draw_pile(table.renderer, surface, table.layout, table.state, arriving)
