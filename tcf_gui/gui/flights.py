"""The cards in the air: each from where it was to where it goes, turning over on the way if
its face changes; a card bound for the pile turns to its angle there."""
from __future__ import annotations

import math
from typing import Sequence

import pygame

from tcf_gui.gui import pile
from tcf_gui.gui.anim import FlightFrame, ease_out, flip_scale, lerp
from tcf_gui.gui.card_art import CardArt
from tcf_gui.gui.deck_pile import bound_for_pile
from tcf_gui.gui.layout import DISCARD, Layout
from tcf_gui.gui.render import TableRenderer
from tcf_gui.gui.card_table import CardTable
from tcf_gui.gui.table_view import Part


def draw_flights(renderer: TableRenderer, surface: pygame.Surface, layout: Layout,
                 frames: Sequence[FlightFrame]) -> None:
    """Every card of ``frames`` on its way; a turn's discards land in the pile's order (the
    last on top)."""
    art = renderer.art(layout)
    to_pile = bound_for_pile(frames)
    for frame in frames:
        depth = len(to_pile) - 1 - to_pile.index(frame) if frame in to_pile else 0
        _draw_flight(renderer, surface, layout, art, frame, depth)


def _draw_flight(renderer: TableRenderer, surface: pygame.Surface, layout: Layout, art: CardArt,
                 frame: FlightFrame, pile_depth: int = 0) -> None:
    """A card on its way; one bound for the pile lands ``pile_depth`` under its top."""
    flight = frame.flight
    src = layout.rect(flight.src)
    end = (pile.place(layout, renderer.card_set.style, pile_depth) if flight.dst == DISCARD
           else layout.rect(flight.dst).center)
    t = ease_out(frame.t)
    x, y = lerp(src.centerx, end[0], t), lerp(src.centery, end[1], t)
    if flight.src == flight.dst:  # turning over in place: rise a little
        y -= math.sin(math.pi * frame.t) * layout.lift
    face_up = flight.face_up_to if frame.t >= 0.5 else flight.face_up_from
    picture = art.face(flight.card) if face_up else art.back()
    if flight.face_up_from != flight.face_up_to:
        width = max(1, int(layout.card_w * flip_scale(frame.t)))
        picture = pygame.transform.scale(picture, (width, layout.card_h))
    if flight.dst == DISCARD:  # turn towards the card's angle on the pile, no shadow there
        picture = pygame.transform.rotozoom(picture, pile.tilt(flight.card) * t, 1.0)
        surface.blit(picture, picture.get_rect(center=(int(x), int(y))))
    else:
        renderer.card(surface, layout, picture, picture.get_rect(center=(int(x), int(y))))


class Flights(Part):
    """The cards in the air over ``table``, at the table's time."""

    def __init__(self, table: CardTable) -> None:
        self.table = table

    def draw(self, surface: pygame.Surface) -> None:
        table = self.table
        draw_flights(table.renderer, surface, table.layout, table.timeline.frames(table.now))
