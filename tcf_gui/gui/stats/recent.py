"""The recent games panel: the opponent's games newest first, one a row, scrolled by the
keys and the wheel; Enter or a click replays the chosen one, R opens its review."""
from __future__ import annotations

from datetime import datetime
from typing import Callable

import pygame

from tcf_gui.gui import palette
from tcf_gui.gui.stats.panel import CASE_COLOURS, Page, Panel
from tcf_gui.gui.text_boxes import inside
from tcf_gui.history import KINDS, GameRecord
from tcf_gui.history.summary import result_text
from tcf_gui.i18n import _, ngettext
from tcf_gui.levels import LEVELS, short_name
from tcf_gui.words.formats import integer, short_day, short_day_and_time
from tcf_gui.words.skill import accuracy_text

UP_KEYS = {pygame.K_UP: -1, pygame.K_DOWN: 1}
#: Times of day that write widest (two-digit days and hours, long months, PM): the recent
#: games' first column is as wide as the widest.
WIDE_TIMES = [datetime(2026, month, 28, 23, 58) for month in range(1, 13)]


class RecentPanel(Panel):
    """The recent games of the opponent shown; ``show(game, review)`` replays the chosen
    game, or opens its review."""

    def __init__(self, page: Page, show: Callable[[GameRecord, bool], None]) -> None:
        super().__init__(page)
        self.show = show
        self.selected = 0
        """The recent game chosen (0: the newest)."""
        self.scroll = 0

    @property
    def games(self) -> list[GameRecord]:
        return self.data.recent

    @property
    def rows(self) -> int:
        return self.page.layout.rows

    def top(self) -> None:
        """Back to the newest game (another opponent is shown)."""
        self.selected = self.scroll = 0

    def handle(self, event: pygame.event.Event) -> bool:
        if event.type == pygame.MOUSEWHEEL:
            self.scroll_by(-3 * event.y)
        elif event.type == pygame.KEYDOWN:
            return self.key(event.key)
        elif event.type == pygame.MOUSEBUTTONDOWN and (index := self.index_at(event.pos)) is not None:
            self.selected = index
            self.show(self.games[index], False)
        else:
            return False
        return True

    def key(self, key: int) -> bool:
        if key in UP_KEYS:
            self.scroll_to(self.selected + UP_KEYS[key])
        elif key in (pygame.K_PAGEUP, pygame.K_PAGEDOWN):
            self.scroll_to(self.selected + (self.rows if key == pygame.K_PAGEDOWN else -self.rows))
        elif key in (pygame.K_HOME, pygame.K_END):
            self.scroll_to(0 if key == pygame.K_HOME else len(self.games) - 1)
        elif key in (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_r) and self.games:
            self.show(self.games[self.selected], key == pygame.K_r)
        else:
            return False
        return True

    def index_at(self, pos: tuple[int, int]) -> int | None:
        """The game of the row under ``pos``, if any."""
        row = self.page.layout.row_at(pos)
        return None if row is None or self.scroll + row >= len(self.games) else self.scroll + row

    def hot(self, pos: tuple[int, int]) -> bool:
        return self.index_at(pos) is not None

    def scroll_to(self, index: int) -> None:
        """Select the recent game ``index`` (clamped) and scroll it into view."""
        self.selected = max(0, min(index, len(self.games) - 1))
        if self.selected < self.scroll:
            self.scroll = self.selected
        elif self.selected >= self.scroll + self.rows:
            self.scroll = self.selected - self.rows + 1

    def scroll_by(self, rows: int) -> None:
        most = max(0, len(self.games) - self.rows)
        self.scroll = max(0, min(self.scroll + rows, most))
        self.selected = max(self.scroll, min(self.selected, self.scroll + self.rows - 1))

    def draw(self, surface: pygame.Surface, rect: pygame.Rect) -> None:
        if not self.data.level.games:
            return
        layout, px, games = self.page.layout, self.px, self.games
        self.frame(surface, rect, _("Recent games ({n})").format(n=integer(len(games))))
        small = px - 2
        hover = layout.row_at(self.page.mouse)
        pad = px // 2
        inner = pygame.Rect(rect.left + px // 2, 0, rect.width - px, layout.row_h)
        written, columns = self._columns(small, inner.width - 2 * pad)
        opponent_px, marks = self._opponent_column(small, columns[1])
        for row in range(layout.rows):
            index = self.scroll + row
            if index >= len(games):
                break
            game = games[index]
            line = inner.move(0, layout.list_top + row * layout.row_h)
            if index == self.selected or row == hover:
                pygame.draw.rect(surface, palette.FELT_DARK, line, border_radius=4)
            turns = ngettext("{n} turn", "{n} turns", game.turns).format(n=game.turns)
            opponent = opponent_label(short_name(game.p2), KINDS[game.kind].marked(),
                                      game.coach, marks)
            accuracy = "" if game.accuracy is None else accuracy_text(game.accuracy)
            cells = [(written(game.ended.astimezone()), palette.TEXT_DIM, "midleft"),
                     (opponent, palette.TEXT, "midleft"),
                     (result_text(game, coach=False), CASE_COLOURS[game.winner], "midleft"),
                     (accuracy, palette.ACCURACY, "midright"),
                     (turns, palette.TEXT_DIM, "midright")]
            x = line.left + pad
            for column, ((words, colour, anchor), width) in enumerate(zip(cells, columns)):
                if not width:
                    continue  # a column left out at this width
                cell = pygame.Rect(x, line.top, width, line.height)
                size = opponent_px if column == 1 else small
                with inside("recent games column", cell):
                    self.text.blit(surface, self.text.elide(words, size, width), size, colour,
                                   shadow=False, **{anchor: getattr(cell, anchor)})
                x += width + pad
        if len(games) > layout.rows:  # a scroll bar
            track = pygame.Rect(rect.right - 5, layout.list_top, 3, layout.rows * layout.row_h)
            thumb_h = max(12, track.height * layout.rows // len(games))
            thumb_y = track.top + (track.height - thumb_h) * self.scroll // max(
                1, len(games) - layout.rows)
            pygame.draw.rect(surface, palette.TEXT_DIM, (track.left, thumb_y, 3, thumb_h))

    def _columns(self, px: int, width: int) -> tuple[Callable[[datetime], str], list[int]]:
        """How the recent games' dates are written and the widths of their columns (when,
        opponent, result, accuracy, turns) in ``width``: each as wide as its widest entry,
        the opponent taking what is left (where that is too little, the date goes without
        its time, then the accuracy goes, then the length)."""
        size = self.text.size
        written = short_day_and_time
        when = max(size(written(sample), px)[0] for sample in WIDE_TIMES)
        results = [_("gave up"), _("won"), _("lost"), _("draw")]
        result = max(size(word, px)[0] for word in results)
        turns = max(size(ngettext("{n} turn", "{n} turns", n).format(n=n), px)[0] for n in (1, 23))
        accuracy = size(accuracy_text(100), px)[0]
        gaps = 4 * (self.px // 2)
        opponent = width - when - result - accuracy - turns - gaps
        name_w = max(size(short_name(level.spec), px)[0] for level in LEVELS)
        if opponent < name_w:
            written = short_day
            narrower = max(size(written(sample), px)[0] for sample in WIDE_TIMES)
            opponent, when = opponent + when - narrower, narrower
        if opponent < name_w:
            accuracy, opponent = 0, opponent + accuracy  # too narrow: the opponent comes first
        if opponent < name_w:
            turns, opponent = 0, opponent + turns
        return written, [when, max(0, opponent), result, accuracy, turns]

    def _opponent_column(self, px: int, width: int) -> tuple[int, int]:
        """The size of the opponent column's text and how many marks its rows show (see
        opponent_label), the same for every row, so that a row without 'coach' is a game
        without it: where, even smaller, one row's would not fit ``width``, the coach goes
        from every row, then the kind."""
        for marks in (2, 1, 0):
            labels = [opponent_label(*opponent, marks) for opponent in self.data.opponents]
            size = min((self.text.fit(label, px, width) for label in labels), default=px)
            if all(self.text.size(label, size)[0] <= width for label in labels):
                break
        return size, marks


def opponent_label(name: str, kind: str, coach: bool, marks: int) -> str:
    """A recent game's opponent ``name`` with the first ``marks`` of its marks, each after a
    dot: its ``kind`` where that is marked (practice, ...), then the coach where it was on."""
    shown = [kind, _("coach") if coach else ""][:marks]
    return name + "".join(f"  ·  {mark}" for mark in shown if mark)
