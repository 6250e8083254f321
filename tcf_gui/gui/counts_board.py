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
from tcf_gui.gui.text import TextCache
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
    number = f"{len(state.discards)}"
    word = pgettext("the count of cards on the table", "discarded")
    big, words_px, stacked = _head_sizes(text, board.width, px, word)
    count = text.blit(surface, number, big, palette.TEXT, bold=True,
                      topleft=(board.left, board.top))
    text.blit(surface, word, words_px, palette.TEXT_DIM,
              bottomleft=(count.right + px // 2, count.bottom - px // 4))
    head = count.height + px // 3
    if stacked:  # "to come" on a line of its own, over its column
        come = text.blit(surface, _("to come"), words_px, palette.TEXT_DIM,
                         topright=(board.right, count.bottom))
        head = come.bottom - board.top + px // 4
    else:
        text.blit(surface, _("to come"), words_px, palette.TEXT_DIM,
                  bottomright=(board.right, count.bottom - px // 4))
    unseen = state.unseen_by_suit()
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


def _head_sizes(text: TextCache, width: int, px: int, word: str) -> tuple[int, int, bool]:
    """The sizes of the board's first line in ``width``: the count of discards, and the words
    beside it ("discarded" after the count, "to come" over the column of counts at the
    right), a clear gap of ``px`` between the two words, room for a count of two digits
    (the line does not change as the count grows). Smaller words first, then a smaller
    count; where nothing fits, "to come" goes on a line of its own (True)."""
    come = _("to come")
    for big in (int(px * 1.5), int(px * 1.2)):
        for size in range(px - 2, MIN_TEXT_PX - 1, -1):
            used = (text.size("52", big, bold=True)[0] + px // 2 + text.size(word, size)[0]
                    + px + text.size(come, size)[0])
            if used <= width:
                return big, size, False
    big = int(px * 1.5)
    room = width - text.size("52", big, bold=True)[0] - px // 2
    return big, min(text.fit(word, px - 2, room), text.fit(come, px - 2, width)), True


class CountsBoard(Part):
    """The counts board of ``table``, left out under the banner of ``end`` (whose words it
    would otherwise show cut in half)."""

    def __init__(self, table: CardTable, end: EndPanel) -> None:
        self.table = table
        self.end = end

    def draw(self, surface: pygame.Surface) -> None:
        if self.end.shown is None:
            draw_board(self.table.renderer, surface, self.table.layout, self.table.counts())
