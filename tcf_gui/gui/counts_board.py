"""The counts board beside the pile: how many cards are out, then per suit the ranks
discarded and how many of that suit the person has not seen yet (the "to come" column)."""
from __future__ import annotations

import pygame

from tcf_gui.engine.cards import Suit
from tcf_gui.i18n import _, pgettext
from tcf_gui.gui import palette
from tcf_gui.gui.card_art import rank_text
from tcf_gui.gui.end_panel import EndPanel
from tcf_gui.gui.layout import Layout
from tcf_gui.gui.render import TableRenderer
from tcf_gui.gui.table_state import TableState
from tcf_gui.gui.card_table import CardTable
from tcf_gui.gui.table_view import Part
from tcf_gui.gui.text_boxes import MIN_TEXT_PX, inside


def draw_board(renderer: TableRenderer, surface: pygame.Surface, layout: Layout,
               counts: TableState) -> None:
    """The board in its place, its numbers from ``counts``."""
    board = layout.seen
    with inside("discards board", board):
        _draw_rows(renderer, surface, board, layout.font_px, counts)


def _draw_rows(renderer: TableRenderer, surface: pygame.Surface, board: pygame.Rect, px: int,
               state: TableState) -> None:
    text = renderer.text
    count = text.blit(surface, f"{len(state.discards)}", int(px * 1.5), palette.TEXT,
                      bold=True, topleft=(board.left, board.top))
    come = text.blit(surface, _("to come"), px - 2, palette.TEXT_DIM,
                     bottomright=(board.right, count.bottom - px // 4))
    word = pgettext("the count of cards on the table", "discarded")
    if count.right + px // 2 + text.size(word, px - 2)[0] + px // 2 <= come.left:
        text.blit(surface, word, px - 2, palette.TEXT_DIM,  # else the count says it
                  bottomleft=(count.right + px // 2, count.bottom - px // 4))
    unseen = state.unseen_by_suit()
    head = count.height + px // 3
    row_h = (board.height - head) // 4
    small = max(MIN_TEXT_PX, min(px - 2, int(row_h * 0.62)))
    number_w = text.font(small, bold=True).size("13")[0]
    for i, suit in enumerate(sorted(Suit, reverse=True)):
        mid = board.top + head + i * row_h + row_h // 2
        chip = renderer.suit_chip(suit, small + 4)
        surface.blit(chip, chip.get_rect(midleft=(board.left, mid)))
        text.blit(surface, str(unseen[suit]), small, palette.TEXT, bold=True,
                  midright=(board.right, mid))
        ranks = " ".join(rank_text(card) for card in sorted(c for c in state.discards if c.suit == suit))
        if ranks:
            left = board.left + chip.get_width() + small // 2
            room = board.right - number_w - small - left
            size = text.fit(ranks, small, room, mono=True)
            text.blit(surface, text.elide(ranks, size, room, mono=True), size,
                      palette.TEXT, mono=True, midleft=(left, mid))


class CountsBoard(Part):
    """The counts board of ``table``, left out under the banner of ``end`` (whose words it
    would otherwise show cut in half)."""

    def __init__(self, table: CardTable, end: EndPanel) -> None:
        self.table = table
        self.end = end

    def draw(self, surface: pygame.Surface) -> None:
        if self.end.shown is None:
            draw_board(self.table.renderer, surface, self.table.layout, self.table.counts())
