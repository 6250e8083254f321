"""The review's list beside the table: the summary, then a row for each turn (the hand, the
card discarded, the coach's best and what the move gave up), the chosen turn's row lit and
its two cards marked on the table. A click on a row or the wheel chooses a turn."""
from __future__ import annotations

from typing import Any, Protocol

import pygame

from tcf_gui.engine.game import Game
from tcf_gui.engine.skill import move_accuracy
from tcf_gui.i18n import _, language
from tcf_gui.words.formats import percent as percent_of
from tcf_gui.words.notation import card_text, cards_text
from tcf_gui.words.luck import label_text, signed_points
from tcf_gui.words.skill import accuracy_text, points
from tcf_gui.gui import palette
from tcf_gui.gui.review_luck import LuckJob
from tcf_gui.gui.table_view import Part, TableView
from tcf_gui.gui.text_boxes import MIN_TEXT_PX, inside

#: The lines of the review's summary the heading of the list leaves room for.
SUMMARY_LINES = 3


class Reviewed(TableView, Protocol):
    """What the list reads of the review it is part of."""

    @property
    def selected(self) -> int: ...

    @property
    def turns(self) -> list[Any]: ...

    @property
    def source(self) -> Game: ...

    @property
    def luck(self) -> LuckJob: ...

    @property
    def seat(self) -> int: ...

    def summary(self) -> str: ...

    def show_turn(self, index: int) -> None: ...


class TurnList(Part):
    """The list of the turns of ``table``'s game, scrolled to keep the chosen turn in view."""

    def __init__(self, table: Reviewed) -> None:
        self.table = table
        self.top = 0
        """The turn of the list's first row shown."""
        self._summary_fit: tuple[tuple[object, ...], int] | None = None
        """summary_px's answer and what it depends on (it wraps the summary up to a few
        dozen times; a frame asks for it several times)."""

    def handle(self, event: pygame.event.Event) -> bool:
        """The wheel moves through the list; a click on a row shows that turn."""
        if event.type == pygame.MOUSEWHEEL:
            self.table.show_turn(self.table.selected - event.y)
            return True
        if event.type == pygame.MOUSEBUTTONDOWN:
            for index, rect in self.row_rects().items():
                if rect.collidepoint(event.pos):
                    self.table.show_turn(index)
                    return True
        return False

    def keep_in_view(self) -> None:
        """Scroll the list so that the chosen turn's row shows (as many rows show as the
        window's height and the summary's lines leave room for)."""
        rows = self.visible_rows()
        if self.table.selected < self.top:
            self.top = self.table.selected
        elif self.table.selected >= self.top + rows:
            self.top = self.table.selected - rows + 1

    def visible_rows(self) -> int:
        panel = self.table.layout.log_panel
        assert panel is not None
        return max(1, (panel.bottom - self.rows_top() - self.table.layout.font_px) // self.row_height())

    def small_px(self) -> int:
        return max(MIN_TEXT_PX, self.table.layout.font_px - 3)

    def words_width(self) -> int:
        """The width of the summary and the heading in the panel."""
        panel = self.table.layout.log_panel
        assert panel is not None
        return panel.width - 2 * self.table.layout.font_px

    def summary_px(self) -> int:
        """The summary's text size: the list's, or smaller (down to MIN_TEXT_PX) where its
        lines would leave no room for a row under them (a long summary in a narrow panel
        at the largest text size)."""
        panel = self.table.layout.log_panel
        assert panel is not None
        key = (self.table.summary(), tuple(panel), self.table.layout.font_px, language())
        if self._summary_fit is not None and self._summary_fit[0] == key:
            return self._summary_fit[1]
        px, row_height = self.small_px(), self.row_height()
        while px > MIN_TEXT_PX and (panel.bottom - self._rows_top(px) - self.table.layout.font_px
                                    < row_height):
            px -= 1
        self._summary_fit = (key, px)
        return px

    def summary_lines(self, px: int | None = None) -> list[str]:
        """The summary over the list: its room is three lines, more move the list down."""
        return self.table.text.wrap(self.table.summary(), px or self.summary_px(),
                                    self.words_width(), indent="")

    def summary_step(self, px: int | None = None) -> int:
        """From one line of the summary to the next (the face's own line height where
        accents over capitals need more)."""
        px = px or self.summary_px()
        return max(int(1.2 * px), self.table.text.line_height(px))

    def below_summary(self, px: int | None = None) -> int:
        """How far the summary's lines past the three it has room for (or past the room
        their height leaves above the heading) move the list down."""
        px = px or self.summary_px()
        lines, step, font = len(self.summary_lines(px)), self.summary_step(px), self.table.layout.font_px
        return max(max(0, lines - SUMMARY_LINES) * step, 2 * font + lines * step - int(5.8 * font))

    def head_lines(self) -> list[str]:
        """The list's heading, on one line or, where its words are long, two."""
        head = _("turn  hand  ·  yours  ·  best;  accuracy")
        return self.table.text.wrap(head, self.small_px(), self.words_width(), indent="")

    def rows_top(self) -> int:
        """Where the list's rows begin, under the summary and the heading."""
        return self._rows_top(self.summary_px())

    def _rows_top(self, summary_px: int) -> int:
        panel = self.table.layout.log_panel
        assert panel is not None
        line = self.table.text.line_height(self.small_px())
        return (panel.top + 7 * self.table.layout.font_px + (len(self.head_lines()) - 1) * line
                + self.below_summary(summary_px))

    def row_lines(self) -> int:
        """The lines a row takes: two (the move, and what it gave up), or more where the
        language's words make the widest row wrap in the panel."""
        panel = self.table.layout.log_panel
        assert panel is not None
        small, room = self.small_px(), panel.width - self.table.layout.font_px - 2 * (self.table.layout.font_px // 3)
        move = _("{turn:>3}  {hand}  −{yours}  best {best}").format(
            turn=99, hand="10♠ 10♥ 10♦", yours="10♠", best="10♦")
        # what a row may add: its error label and its draws' luck (review_luck.LuckJob)
        more = (_(" · {label}").format(label=label_text("very_bad"))
                + _(" · luck {points}").format(points=signed_points(-0.99)))
        notes = [_("{accuracy}: the best move, {win} to win").format(
                     accuracy=accuracy_text(100), win=percent_of(0.999, 0)) + more,
                 _("{accuracy}: gave up {points}").format(accuracy=accuracy_text(99),
                                                          points=points(0.99)) + more]
        # (one line more: a label and the luck may break a row's words elsewhere)
        return 1 + len(self.table.text.wrap(move, small, room, mono=True, indent="")) + max(
            len(self.table.text.wrap(note, small, room, indent="")) for note in notes)

    def row_height(self) -> int:
        return int(self.small_px() * 1.25 * self.row_lines()) + 6

    def row_rects(self) -> dict[int, pygame.Rect]:
        panel = self.table.layout.log_panel
        assert panel is not None
        px, rows = self.table.layout.font_px, self.visible_rows()
        top = self.rows_top()
        return {
            index: pygame.Rect(panel.left + px // 2, top + (index - self.top) * self.row_height(),
                               panel.width - px, self.row_height() - 2)
            for index in range(self.top, min(self.top + rows, len(self.table.source.moves)))
        }

    def draw(self, surface: pygame.Surface) -> None:
        layout, text = self.table.layout, self.table.text
        panel = layout.log_panel
        assert panel is not None
        shade = pygame.Surface(panel.size, pygame.SRCALPHA)
        shade.fill(palette.LOG_SHADE)
        surface.blit(shade, panel)
        px = layout.font_px
        small = self.small_px()
        self.keep_in_view()  # the window or the summary may have grown or shrunk the list
        with inside("review", panel):
            text.blit(surface, _("Review"), int(px * 1.2), palette.GOLD, bold=True,
                      topleft=(panel.left + px, panel.top + px // 2))
            summary_px = self.summary_px()
            for row, words in enumerate(self.summary_lines(summary_px)):
                text.blit(surface, text.elide(words, summary_px, self.words_width()), summary_px,
                          palette.TEXT, topleft=(panel.left + px, panel.top + 2 * px
                                                 + row * self.summary_step(summary_px)))
            line_h = text.line_height(small)
            head_top = panel.top + int(5.8 * px) + self.below_summary(summary_px)
            for i, head in enumerate(self.head_lines()):
                text.blit(surface, head, small, palette.TEXT_DIM,
                          topleft=(panel.left + px, head_top + i * line_h))
        for index, rect in self.row_rects().items():
            if index == self.table.selected:
                pygame.draw.rect(surface, palette.BANNER, rect, border_radius=px // 3)
                pygame.draw.rect(surface, palette.GOLD, rect, width=1, border_radius=px // 3)
            line, note, colour = self.row_text(index)
            room = rect.width - 2 * (px // 3)
            step = int(small * 1.25)
            with inside("review row", rect):
                rows = [(part, mono, tint) for words, mono, tint in ((line, True, palette.TEXT),
                                                                     (note, False, colour))
                        for part in text.wrap(words, small, room, mono=mono, indent="")]
                for i, (part, mono, tint) in enumerate(rows):
                    text.blit(surface, part, small, tint, mono=mono, shadow=False,
                              topleft=(rect.left + px // 3, rect.top + 2 + i * step))
        self.mark_cards(surface)

    def row_text(self, index: int) -> tuple[str, str, palette.RGB]:
        """A turn's row: 'turn  hand  discarded  best', and what the move gave up."""
        if index >= len(self.table.turns):
            return f"{index + 1:>3}  ...", _("the coach is looking"), palette.TEXT_DIM
        turn = self.table.turns[index]
        line = _("{turn:>3}  {hand}  −{yours}  best {best}").format(
            turn=turn.turn, hand=cards_text(turn.hand), yours=card_text(turn.card),
            best=card_text(turn.advice.best.card))
        more = self.table.luck.for_row(turn, self.table.seat)
        if turn.was_best:
            return line, _("{accuracy}: the best move, {win} to win").format(
                accuracy=accuracy_text(100), win=percent_of(turn.win, 0)) + more, palette.WIN
        return line, _("{accuracy}: gave up {points}").format(
            accuracy=accuracy_text(move_accuracy(turn.given_up)),
            points=points(turn.given_up)) + more, palette.LOSS

    def mark_cards(self, surface: pygame.Surface) -> None:
        """Outline the card discarded on the selected turn, and the best one in gold."""
        if self.table.selected >= len(self.table.turns):
            return
        turn = self.table.turns[self.table.selected]
        px = self.table.layout.font_px
        small = max(MIN_TEXT_PX, px - 3)
        for slot, colour, label in ((turn.advice.best.slot, palette.GOLD, _("best")),
                                    (turn.slot, palette.WIN if turn.was_best else palette.LOSS,
                                     _("yours"))):
            rect = self.table.layout.hands[1][slot].inflate(px // 2, px // 2)
            pygame.draw.rect(surface, colour, rect, width=3, border_radius=px // 2)
            both = turn.was_best and turn.slot == turn.advice.best.slot
            words = _("yours, the best") if both else label
            # A tab on the outline's top edge, over the card's plain top margin.
            size = self.table.text.fit(words, small, rect.width - px, bold=True)
            tab = pygame.Rect((0, 0), self.table.text.size(words, size, bold=True)).inflate(px, px // 3)
            tab.center = (rect.centerx, rect.top + 1)
            pygame.draw.rect(surface, palette.BANNER, tab, border_radius=tab.height // 2)
            pygame.draw.rect(surface, colour, tab, width=2, border_radius=tab.height // 2)
            with inside("card mark", tab):
                self.table.text.blit(surface, words, size, colour, bold=True, shadow=False, center=tab.center)
            if both:
                break

