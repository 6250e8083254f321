"""The statistics screen's panels of numbers and charts, drawn once into its still
picture: the numbers (games won, lost and drawn, the win rate with its 95% interval, the
accuracy, streaks, the average length, and the lines the opponent shown has besides), how
the games ended (a bar for each way a game can end), the trend (the rolling win rate
against the line a strong player reaches, and the rolling accuracy, with a legend), and what
shows before the first game."""
from __future__ import annotations

from typing import Any

import pygame

from tcf_gui.engine.outcome import Case
from tcf_gui.gui import palette
from tcf_gui.gui.charts import bar_chart, line_chart
from tcf_gui.gui.stats.panel import CASE_COLOURS, Panel
from tcf_gui.gui.text_boxes import MIN_TEXT_PX, inside
from tcf_gui.history.summary import CASE_LABELS, LevelStats
from tcf_gui.i18n import _, ngettext
from tcf_gui.words.formats import decimal, integer, percent as percent_of
from tcf_gui.words.luck import errors_text, signed_points
from tcf_gui.words.skill import accuracy_text

Line = tuple[str, palette.RGB]


class NumbersPanel(Panel):
    """The numbers of the opponent shown."""

    def draw(self, surface: pygame.Surface, rect: pygame.Rect) -> None:
        px = self.px
        lower = self.frame(surface, rect, self.data.level.name)
        top = rect.top + int(px * 2.1) + lower
        size, rows = self._rows(self.lines(), px, rect.width - 2 * px, rect.bottom - px // 4 - top)
        with inside("numbers", rect):
            for i, (line, colour) in enumerate(rows):
                self.text.blit(surface, line, size, colour, shadow=False,
                               topleft=(rect.left + px, top + i * self._step(size)))

    def lines(self) -> list[Line]:
        """The panel's lines, each in its colour."""
        data = self.data
        level = data.level
        low, high = level.interval
        if level.quits:
            lost = ngettext("{losses} lost ({quits} given up),  {draws} drawn",
                            "{losses} lost ({quits} given up),  {draws} drawn", level.quits)
        else:
            lost = _("{losses} lost,  {draws} drawn")
        lines = [
            (ngettext("{n} game:  {wins} won,", "{n} games:  {wins} won,", level.games).format(
                n=integer(level.games), wins=integer(level.wins)), palette.TEXT),
            (lost.format(losses=integer(level.losses), quits=integer(level.quits),
                         draws=integer(level.draws)), palette.TEXT),
            # TRANSLATORS: CI: the confidence interval of the win rate (its low and high end).
            (_("Win rate {rate}  ({confidence} CI {low}–{high})").format(
                rate=percent_of(level.win_rate), confidence=percent_of(0.95, 0), low=percent_of(low),
                high=percent_of(high)), palette.WIN),
            (self.accuracy_line(level), palette.ACCURACY),
            (_("Winning streak: {now} now,  best {best}").format(
                now=level.current_streak, best=level.best_streak), palette.TEXT),
            (_("Average game: {turns} turns").format(turns=decimal(level.average_turns)),
             palette.TEXT),
            *luck_lines(level),
        ]
        if data.streak:
            lines.append((data.streak, palette.GOLD))
        if level.coached:
            lines.append((ngettext("With the coach on: {n} game", "With the coach on: {n} games",
                                   level.coached).format(n=integer(level.coached)),
                          palette.TEXT_DIM))
        if level.opponent is None or len(data.levels) == 1:
            lines += [(before_the_history(totals), palette.TEXT_DIM) for totals in data.imported]
        return lines

    def _rows(self, lines: list[Line], px: int, width: int, height: int) -> tuple[int, list[Line]]:
        """The lines at one size for all, the largest from ``px`` at which they fit
        ``width`` (a line too long wrapped) and ``height``; at the smallest size, the first
        rows that fit (the last lines, the coach's and the old games', are the least)."""
        for size in range(px, MIN_TEXT_PX - 1, -1):
            rows = [(part, colour) for line, colour in lines
                    for part in self.text.wrap(line, size, width, indent="  ")]
            fits = len(rows) * self._step(size) <= height
            if fits and all(self.text.size(part, size)[0] <= width for part, _c in rows):
                return size, rows
        return size, rows[:max(1, height // self._step(size))]

    def _step(self, size: int) -> int:
        """From one row to the next: a quarter more than the size, or the face's own line
        height where that is more (accents over capitals at the smallest sizes)."""
        return max(int(size * 1.25), self.text.line_height(size))

    def accuracy_line(self, level: LevelStats) -> str:
        """The average accuracy of ``level``'s scored games."""
        if level.accuracy is None:
            return (_("Accuracy: scoring your games…") if self.data.backlog is not None else
                    _("Accuracy: no game scored yet"))
        if level.scored == 1:  # one game: its own accuracy, no average
            return _("Accuracy {accuracy} in the one game scored").format(
                accuracy=accuracy_text(level.accuracy))
        return _("Accuracy {accuracy} on average").format(accuracy=accuracy_text(level.accuracy))


def luck_lines(level: LevelStats) -> list[Line]:
    """The luck of ``level``'s games (once some game's luck is worked out): the cards' mean
    favour and the score had luck been even, then the errors counted."""
    if level.lucky == 0 or level.luck_per_game is None or level.adjusted_score is None:
        return []
    score = level.score_sum / level.lucky
    return [
        (ngettext("Luck {luck} points a game: scored {score}, {even} had luck been even "
                  "({n} game)",
                  "Luck {luck} points a game: scored {score}, {even} had luck been even "
                  "({n} games)", level.lucky).format(
            luck=signed_points(level.luck_per_game), score=decimal(score, 2),
            even=decimal(level.adjusted_score, 2), n=integer(level.lucky)), palette.EVEN_LUCK),
        (_("Errors: {errors}").format(errors=errors_text(level.errors)), palette.TEXT),
    ]


def before_the_history(totals: Any) -> str:
    """A line for the games counted before the history was kept (wins, losses, draws)."""
    return _("Before the history: {wins} won, {losses} lost, {draws} drawn").format(
        wins=integer(totals.wins), losses=integer(totals.losses), draws=integer(totals.draws))


class EndingsPanel(Panel):
    """How the games against the opponent shown ended, a bar per result case."""

    def draw(self, surface: pygame.Surface, rect: pygame.Rect) -> None:
        lower = self.frame(surface, rect, _("How the games ended"))
        with inside("chart", body := self.body(rect, lower)):
            bar_chart(surface, body, self.text, self.px - 2, self.rows())

    def body(self, rect: pygame.Rect, lower: int = 0) -> pygame.Rect:
        """Where the bars lie in the panel ``rect`` under a title ``lower`` than one line."""
        px = self.px
        body = rect.inflate(-2 * px, 0)
        body.top = rect.top + int(px * 2) + lower
        body.height = rect.bottom - int(px * 0.4) - body.top
        return body

    def rows(self) -> list[tuple[str, int, palette.RGB]]:
        """A bar for each result case: its words, its count and its colour."""
        cases = self.data.level.cases
        return [(_(CASE_LABELS[case]), cases[case.value], CASE_COLOURS[case.winner])
                for case in Case]


class TrendPanel(Panel):
    """The win rate and the accuracy over time, of the opponent shown."""

    def draw(self, surface: pygame.Surface, rect: pygame.Rect) -> None:
        data, px = self.data, self.px
        lower = self.frame(surface, rect, data.chart_title)
        area = rect.inflate(-2 * px, 0)
        lower += self._draw_legend(surface, pygame.Rect(area.left, rect.top + int(px * 1.9)
                                                        + lower, area.width, int(px * 1.3)))
        area.top = rect.top + int(px * 3.3) + lower
        area.height = rect.bottom - int(px * 0.8) - area.top
        expected = data.level.expected
        label = (_("a strong player: {rate}").format(rate=percent_of(expected, 0))
                 if expected is not None else "")
        with inside("chart", area):
            line_chart(surface, area, self.text, px - 2, data.rolling, expected, label, palette.WIN,
                       more=[(data.accuracy, palette.ACCURACY), (data.adjusted, palette.EVEN_LUCK)])

    def _draw_legend(self, surface: pygame.Surface, row: pygame.Rect) -> int:
        """Which line is which: a swatch and a label each, the accuracy's with how many games
        it covers; side by side in ``row``, or one under the other where they do not fit
        (returns how much lower than ``row`` the legend ends)."""
        level, px = self.data.level, self.px - 2
        if level.accuracy is None:
            accuracy = _("accuracy: no game scored yet")
        else:
            accuracy = ngettext("accuracy ({scored} game scored)", "accuracy ({scored} games scored)",
                                level.scored).format(scored=level.scored)
        entries = [(_("win rate"), palette.WIN), (accuracy, palette.ACCURACY)]
        if level.lucky:
            entries.append((_("had luck been even"), palette.EVEN_LUCK))
        swatch = px * 2
        share = row.width // len(entries)
        stacked = any(self.text.size(words, px)[0] > share - swatch - px for words, _c in entries)
        if stacked:  # one entry a row, each as wide as the legend
            share = row.width
        rows = row.unionall([row.move(0, i * row.height) for i in range(len(entries))]) \
            if stacked else row
        with inside("chart legend", rows):
            for i, (words, colour) in enumerate(entries):
                left = row.left + (0 if stacked else i * share)
                mid = row.centery + (i * row.height if stacked else 0)
                pygame.draw.line(surface, colour, (left, mid), (left + swatch, mid), 3)
                room = share - swatch - px
                size = self.text.fit(words, px, room)
                self.text.blit(surface, self.text.elide(words, size, room), size, colour,
                               shadow=False, midleft=(left + swatch + px // 2, mid))
        return rows.height - row.height


class EmptyPanel(Panel):
    """The words in the middle of the screen while the opponent shown has no games."""

    def draw(self, surface: pygame.Surface, rect: pygame.Rect) -> None:
        px = self.px
        centre = rect.center
        self.text.blit(surface, _("No games yet"), int(px * 1.8), palette.GOLD, bold=True,
                       midbottom=centre)
        words = _("Play a game against the computer and it shows here: your wins, streaks and "
                  "how each game ended.")
        lines = self.text.wrap(words, px, min(rect.width - 4 * px, 40 * px), indent="")
        lines += [before_the_history(totals) for totals in self.data.imported]
        for i, line in enumerate(lines):
            self.text.blit(surface, line, px, palette.TEXT,
                           midtop=(centre[0], centre[1] + px // 2 + i * int(px * 1.4)))
