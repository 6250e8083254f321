"""The statistics screen: the person's history per opponent, as numbers and charts.

Per opponent (Left/Right or a click on its tab): games, wins, losses, draws, the win rate
with its 95% interval, winning streaks, average length, how the games ended (a bar per
result case), and the rolling win rate over the last games against the line a strong
player is expected to reach. The recent games scroll on the right; Enter or a click
replays one on the table, R opens its review. "Reset statistics" asks first and keeps a
dated copy.

The history is read once when the screen opens; what does not change between frames (the
numbers and charts) is drawn once into a picture, so a frame costs a blit and a list.
"""
from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime
from typing import Any, Callable, Iterable

import pygame

from tcf_gui.engine.outcome import Case
from tcf_gui.history import (KINDS, POOLS, GameRecord, History, HistoryError, open_history,
                       pool_kinds, summarize)
from tcf_gui.play.daily import daily_record, streak_text
from tcf_gui.history.summary import (CASE_LABELS, LevelStats, result_text, rolling_accuracy,
                               rolling_win_rate)
from tcf_gui.levels import LEVELS, short_name
from tcf_gui.i18n import N_, _, ngettext
from tcf_gui.gui import palette
from tcf_gui.play.scoring import BacklogScorer
from tcf_gui.words.formats import decimal, integer, percent as percent_of, short_day, short_day_and_time
from tcf_gui.words.skill import percent
from tcf_gui.gui.charts import bar_chart, line_chart
from tcf_gui.gui.menu import confirm
from tcf_gui.gui.felt import felt_surface
from tcf_gui.gui.help_overlay import HELP_ROW, draw_help
from tcf_gui.gui.layout import text_px
from tcf_gui.gui.scene_manager import Scene
from tcf_gui.gui.text import TextCache
from tcf_gui.gui.text_boxes import MIN_TEXT_PX, inside, new_layer

CHART_GAMES = 200
"""The chart shows the rolling win rate over at most this many recent games."""
ROLLING = 20
"""Games in the rolling mean."""
TOAST_MS = 2600
RECOUNT_MS = 1000
"""While older games are scored, the numbers and the chart are counted again this often."""
HELP_LINES = [
    N_("Your games against the computer, per opponent (the tabs): games won, lost and drawn, "
      "the win rate with its 95% confidence interval, streaks and the average length."),
    N_("How the games ended: one bar for each way a game can end. The chart: your win rate "
      "over your last games, against the line a strong player reaches against that opponent, "
      "and beside it your accuracy: how close your moves came to the coach's best (100% for "
      "the best move, halved by every 10 points of win chance given up), whatever the luck "
      "of the draw. Games from before the score are scored while the screen is open."),
    N_("A game given up for a new deal counts as a loss. Practice games (open hands, a known "
       "seed) and watched games are kept apart: K shows them."),
]
CASE_COLOURS = {0: palette.DRAW, 1: palette.WIN, 2: palette.LOSS}
UP_KEYS = {pygame.K_UP: -1, pygame.K_DOWN: 1}
#: Times of day that write widest (two-digit days and hours, long months, PM): the recent
#: games' first column is as wide as the widest.
WIDE_TIMES = [datetime(2026, month, 28, 23, 58) for month in range(1, 13)]


@dataclass
class StatsLayout:
    """The rects of the screen for one window size."""

    width: int
    height: int

    def __post_init__(self) -> None:
        w, h = self.width, self.height
        px = self.px = text_px(h, per=40, least=14, most=20)
        pad = px
        self.title = pygame.Rect(pad, pad // 2, w - 2 * pad, int(px * 2.2))
        self.tabs_y = self.title.bottom + pad // 4
        self.tab_h = int(px * 1.9)
        top = self.tabs_y + self.tab_h + pad // 2
        bottom = h - int(px * 3.2)
        list_w = max(300, int(w * 0.34))
        left_w = w - list_w - 3 * pad
        self.recent = pygame.Rect(w - pad - list_w, top, list_w, bottom - top)
        numbers_h = int(px * 12.5)
        self.numbers = pygame.Rect(pad, top, int(left_w * 0.55) - pad // 2, numbers_h)
        self.cases = pygame.Rect(self.numbers.right + pad, top, left_w - self.numbers.width - pad,
                                 numbers_h)
        self.chart = pygame.Rect(pad, self.numbers.bottom + pad, left_w,
                                 bottom - self.numbers.bottom - pad)
        button_h = int(px * 2.1)
        self.back = pygame.Rect(0, 0, px * 8, button_h)
        self.back.bottomright = (w - pad, h - pad // 2)
        self.reset = pygame.Rect(0, 0, px * 12, button_h)
        self.reset.bottomleft = (pad, h - pad // 2)
        self.row_h = int(px * 1.55)
        self.list_top = self.recent.top + int(px * 2.6)
        self.rows = max(1, (self.recent.bottom - self.list_top - px // 2) // self.row_h)

    @property
    def size(self) -> tuple[int, int]:
        return (self.width, self.height)

    def row_at(self, pos: tuple[int, int]) -> int | None:
        """The visible row (0 at the top) under ``pos``, if any."""
        if not self.recent.collidepoint(pos) or pos[1] < self.list_top:
            return None
        row = (pos[1] - self.list_top) // self.row_h
        return row if row < self.rows else None


class StatsScene(Scene):
    """The statistics screen. ``on_replay(game)`` is called for a game to replay and
    ``on_review(game)`` for one to review; Esc or Back sets ``done``. Reset asks in a dialog
    over it (needs a SceneManager)."""

    title = N_("Three Card Flush — statistics")
    keys_help = [
        # TRANSLATORS: names of keys on the keyboard, as your keyboards label them.
        (N_("Left / Right"), N_("the next opponent")),
        (N_("Up / Down"), N_("choose a recent game;  PgUp / PgDn, wheel: scroll")),
        (N_("Enter, click"), N_("replay that game on the table")),
        ("R", N_("that game's review: each move against the coach's best")),
        ("K", N_("the other games: practice (open hands, known seeds), watched, ...")),
        (N_("Delete"), N_("reset statistics (asks first, keeps a copy)")),
        HELP_ROW,
        (N_("Esc"), N_("back")),
    ]

    def __init__(self, history: History, size: tuple[int, int], *,
                 on_replay: Callable[[GameRecord], None] | None = None,
                 on_review: Callable[[GameRecord], None] | None = None,
                 on_reset: Callable[[], None] | None = None,
                 table: str = "green") -> None:
        self.history = history
        self.table = table
        """The table's colour (Options → Cards and table), the felt under the figures."""
        self.on_replay = on_replay
        self.on_review = on_review
        self.on_reset = on_reset
        """Called once the history is reset (the table's all-time record starts afresh)."""
        self.layout = StatsLayout(*size)
        self.text = TextCache()
        self.done = False
        self.now = 0.0
        self.mouse = (-1, -1)
        self.help_open = False
        self._toast = ("", 0.0)
        self._picture: pygame.Surface | None = None
        self._felt: pygame.Surface | None = None
        self.pool = "computer"
        """Whose statistics are shown: a pool of kinds of game (tcf_gui.history.kinds)."""
        self.backlog: BacklogScorer | None = None
        """The pool's games without a skill score, being scored (tcf_gui.play.scoring)."""
        self.selected = 0
        """The recent game chosen (0: the newest)."""
        self.scroll = 0
        self._scored: dict[int | None, GameRecord] = {}
        """Games scored off the loop, not yet counted in."""
        self._counted_at = 0.0
        self.reload()

    # -- the numbers -----------------------------------------------------------------------
    def reload(self) -> None:
        """Read the history again and start at the first opponent."""
        self.error: str | None = None
        try:
            self.games = self.history.games(pool_kinds(self.pool), moves=False)
            self.imported = self.history.imported() if self.pool == "computer" else []
            kinds = self.history.kind_counts()
        except HistoryError as error:
            self.games, self.imported, kinds = [], [], {}
            self.error = str(error)
        else:
            self.error = self.history.unreadable_notice
        self.pools = {pool: sum(kinds.get(kind, 0) for kind in pool_kinds(pool))
                      for pool in POOLS}
        """How many games each pool holds."""
        self._scored = {}
        self.summarize(0)
        self.streak = ""
        """The daily streaks, shown with the daily deal's games."""
        try:
            if self.pool == "daily":
                self.streak = streak_text(daily_record(self.history))
            backlog = self.history.unscored(pool_kinds(self.pool), last=CHART_GAMES + ROLLING - 1)
        except HistoryError:
            backlog = []
        self.backlog = BacklogScorer(self.history, backlog) if backlog else None

    def summarize(self, level_index: int) -> None:
        """The numbers of every opponent from the games read, showing ``level_index``."""
        self.levels = summarize(self.games)
        if len(self.levels) == 2:  # one opponent: "all" says the same
            self.levels = self.levels[1:]
        self.select_level(level_index)

    def take_scores(self) -> None:
        """The older games scored since the last frame go into the numbers and the chart
        (counting every game again takes 10-20 ms with 10,000 of them: at most once a
        second, and when the last score is in)."""
        if self.backlog is None:
            return
        self._scored.update((game.id, game) for game in self.backlog.poll())
        if self.backlog.problem is not None:
            self.toast(self.backlog.problem)
        finished = not self.backlog.working
        if self._scored and (finished or self.now - self._counted_at >= RECOUNT_MS):
            self.games = [self._scored.get(game.id, game) for game in self.games]
            self._scored, self._counted_at = {}, self.now
            selected, scroll = self.selected, self.scroll
            self.summarize(self.level_index)
            self.selected, self.scroll = selected, scroll
        if finished:
            self.backlog, self._picture = None, None

    def select_level(self, index: int) -> None:
        self.level_index = index % len(self.levels)
        spec = self.level.opponent
        own = self.games if spec is None else [g for g in self.games if g.p2 == spec]
        self.recent = own[::-1]
        # the recent games' opponents with their marks, each once
        self.opponents = {(short_name(game.p2), KINDS[game.kind].marked(), game.coach)
                          for game in own}
        # Each point a mean of ROLLING games (of all games so far while there are fewer).
        shown = own[-(CHART_GAMES + ROLLING - 1):]
        rates = rolling_win_rate(shown, ROLLING)
        accuracy = rolling_accuracy(shown, ROLLING)  # each point: the last ROLLING scored games
        if len(own) >= ROLLING:
            self.rolling, self.accuracy = rates[ROLLING - 1:], accuracy[ROLLING - 1:]
            self.chart_title = _("Win rate and accuracy over your last {n} games (each point: "
                                 "the {rolling} before it)").format(
                n=len(self.rolling) + ROLLING - 1, rolling=ROLLING)
        else:
            self.rolling, self.accuracy = rates, accuracy
            self.chart_title = ngettext(
                "Win rate and accuracy over your {n} game (each point: all up to it)",
                "Win rate and accuracy over your {n} games (each point: all up to it)",
                len(own)).format(n=len(own))
        self.selected = 0
        self.scroll = 0
        self._picture = None

    @property
    def level(self) -> LevelStats:
        return self.levels[self.level_index]

    # -- the loop's side -------------------------------------------------------------------
    @property
    def animating(self) -> bool:
        return self.now < self._toast[1] or self.backlog is not None

    def update(self, now: float, events: Iterable[pygame.event.Event] = ()) -> None:
        self.now = now
        for event in events:
            self.handle(event)
        self.take_scores()

    def handle(self, event: pygame.event.Event) -> None:
        if event.type == pygame.QUIT:
            self.done = True
        elif event.type == pygame.VIDEORESIZE:
            self.resize(event.size)
        elif event.type == pygame.WINDOWSIZECHANGED:
            self.resize((event.x, event.y))
        elif event.type == pygame.KEYDOWN:
            self.key(event.key)
        elif event.type == pygame.MOUSEMOTION:
            self.mouse = event.pos
        elif event.type == pygame.MOUSEWHEEL:
            self.scroll_by(-3 * event.y)
        elif event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            self.mouse = event.pos
            if self.help_open:
                self.help_open = False
            else:
                self.click(event.pos)

    def resize(self, size: tuple[int, int]) -> None:
        if size != self.layout.size:
            self.layout = StatsLayout(*size)
            self._picture = self._felt = None
            self.scroll_to(self.selected)

    def key(self, key: int) -> None:
        if self.help_open:  # any key closes the help, and does nothing else
            self.help_open = False
        elif key in (pygame.K_h, pygame.K_F1):
            self.help_open = True
        elif key in (pygame.K_ESCAPE, pygame.K_BACKSPACE):
            self.done = True
        elif key == pygame.K_k:
            self.next_pool()
        elif key in (pygame.K_LEFT, pygame.K_RIGHT, pygame.K_TAB):
            self.select_level(self.level_index + (-1 if key == pygame.K_LEFT else 1))
        elif key in UP_KEYS:
            self.scroll_to(self.selected + UP_KEYS[key])
        elif key in (pygame.K_PAGEUP, pygame.K_PAGEDOWN):
            step = self.layout.rows if key == pygame.K_PAGEDOWN else -self.layout.rows
            self.scroll_to(self.selected + step)
        elif key in (pygame.K_HOME, pygame.K_END):
            self.scroll_to(0 if key == pygame.K_HOME else len(self.recent) - 1)
        elif key in (pygame.K_RETURN, pygame.K_KP_ENTER) and self.recent:
            self.replay(self.recent[self.selected])
        elif key == pygame.K_r and self.recent:
            self.replay(self.recent[self.selected], review=True)
        elif key == pygame.K_DELETE:
            self.ask_reset()

    def click(self, pos: tuple[int, int]) -> None:
        layout = self.layout
        if layout.back.collidepoint(pos):
            self.done = True
        elif layout.reset.collidepoint(pos):
            self.ask_reset()
        elif (tab := self.tab_at(pos)) is not None:
            self.select_level(tab)
        elif (row := layout.row_at(pos)) is not None and self.scroll + row < len(self.recent):
            self.selected = self.scroll + row
            self.replay(self.recent[self.selected])

    def next_pool(self) -> None:
        """Show the next pool of games that holds any (the games against the computer are
        always offered)."""
        offered = [pool for pool, n in self.pools.items() if n or pool == "computer"]
        at = offered.index(self.pool) if self.pool in offered else -1
        self.pool = offered[(at + 1) % len(offered)]
        self.reload()

    def pool_note(self) -> str:
        """The title line's note: the other pools that hold games, and the key to see them."""
        others = [_("{pool} {n}").format(pool=_(POOLS[pool]), n=n)
                  for pool, n in self.pools.items() if n and pool != self.pool]
        notes = [_("K: {pools}").format(pools=", ".join(others))] if others else []
        if self.backlog is not None:
            notes.insert(0, _("scoring older games: {done} of {total}…").format(
                done=self.backlog.done_count, total=self.backlog.total))
        return "   ·   ".join(notes)

    def scroll_to(self, index: int) -> None:
        """Select the recent game ``index`` (clamped) and scroll it into view."""
        self.selected = max(0, min(index, len(self.recent) - 1))
        rows = self.layout.rows
        if self.selected < self.scroll:
            self.scroll = self.selected
        elif self.selected >= self.scroll + rows:
            self.scroll = self.selected - rows + 1

    def scroll_by(self, rows: int) -> None:
        most = max(0, len(self.recent) - self.layout.rows)
        self.scroll = max(0, min(self.scroll + rows, most))
        self.selected = max(self.scroll, min(self.selected, self.scroll + self.layout.rows - 1))

    def replay(self, game: GameRecord, *, review: bool = False) -> None:
        """Replay ``game`` (or open its review) through the callbacks, once its moves are
        read and found to fit its deal."""
        show = self.on_review if review else self.on_replay
        if show is None:
            self.toast(_("Replay it with: tcf-gui history --replay {id}").format(id=game.id))
        else:
            try:
                whole = self.history.game(game.id or 0)  # the list has no moves
                if whole is None:
                    raise HistoryError(_("game {id} is no longer in the history").format(id=game.id))
                whole.replay()  # a game whose moves were edited by hand is refused here
            except HistoryError as error:
                self.toast(str(error))
                return
            show(whole)

    @property
    def wants_hand_cursor(self) -> bool:
        layout, pos = self.layout, self.mouse
        row = layout.row_at(pos)
        return (layout.back.collidepoint(pos) or layout.reset.collidepoint(pos) and bool(self.games)
                or self.tab_at(pos) is not None
                or row is not None and self.scroll + row < len(self.recent))

    def ask_reset(self) -> None:
        """Reset statistics, once the person said yes in a dialog over the screen."""
        total = sum(self.pools.values())
        if total and self.manager is not None:
            lines = (ngettext("The {n} game of the history leaves the statistics.",
                              "All {n} games of the history leave the statistics.", total).format(n=total),
                     _("A dated copy of the history is kept first, beside it."))
            self.manager.push(confirm(_("Reset statistics?"), lines, _("Reset statistics"),
                                      self.reset, self.layout.size, no=_("Keep them")))

    def reset(self) -> None:
        """Keep a dated copy of the database, then start the statistics afresh."""
        try:
            copy = self.history.reset()
        except HistoryError as error:
            self.toast(str(error))
            return
        self.reload()
        if self.on_reset is not None:
            self.on_reset()
        self.toast(_("Statistics reset; the old ones are kept in {file}").format(file=copy.name))

    def toast(self, message: str) -> None:
        self._toast = (message, self.now + TOAST_MS)

    # -- drawing ---------------------------------------------------------------------------
    def tabs(self) -> tuple[int, list[tuple[pygame.Rect, str]]]:
        """The opponents' tabs in a row across the screen: the text size, and each tab's
        rect and label (smaller, then cut short, when they would not fit)."""
        layout = self.layout
        labels = [level.label for level in self.levels]
        room = layout.title.width - (len(labels) - 1) * (layout.px // 2)
        px = layout.px

        def widths(size: int) -> list[int]:
            return [self.text.size(label, size, bold=True)[0] + 2 * size for label in labels]

        while sum(widths(px)) > room and px > MIN_TEXT_PX:
            px -= 1
        if sum(widths(px)) > room:  # still too wide: every tab gets an equal share
            share = room // len(labels) - 2 * px
            labels = [self.text.elide(label, px, share, bold=True) for label in labels]
        tabs, x = [], layout.title.left
        for label, width in zip(labels, widths(px)):
            tabs.append((pygame.Rect(x, layout.tabs_y, width, layout.tab_h), label))
            x += width + layout.px // 2
        return px, tabs

    def tab_rects(self) -> list[pygame.Rect]:
        return [rect for rect, _ in self.tabs()[1]]

    def tab_at(self, pos: tuple[int, int]) -> int | None:
        for i, rect in enumerate(self.tab_rects()):
            if rect.collidepoint(pos):
                return i
        return None

    def draw(self, surface: pygame.Surface) -> None:
        self.resize(surface.get_size())
        if self._picture is None:
            self._picture = self._draw_still()
        surface.blit(self._picture, (0, 0))
        self._draw_recent(surface)
        layout = self.layout
        hints = [_("H: help"), _("Left/Right: opponent"), _("Enter or click: replay a game")]
        if self.on_review:
            hints.append(_("R: its review"))
        hint = "   ·   ".join(hints)  # where it does not fit, the last go first
        gap = pygame.Rect(layout.reset.right + layout.px, layout.back.top,
                          layout.back.left - layout.reset.right - 2 * layout.px, layout.back.height)
        size = self.text.fit(hint, layout.px - 2, gap.width)
        hint = self.text.leave_off(hint, size, gap.width)
        with inside("hint", gap):
            self.text.blit(surface, self.text.elide(hint, size, gap.width), size, palette.TEXT_DIM,
                           center=gap.center)
        self._button(surface, layout.back, _("Back  (Esc)"), layout.back.collidepoint(self.mouse))
        if self.games:
            self._button(surface, layout.reset, _("Reset statistics…"),
                         layout.reset.collidepoint(self.mouse))
        if self.now < self._toast[1]:
            self._draw_toast(surface)
        if self.help_open:
            draw_help(surface, self.text, layout.px, _("Statistics"),
                      [*(_(line) for line in HELP_LINES), ""],
                      self.keys_help)

    def _draw_toast(self, surface: pygame.Surface) -> None:
        layout = self.layout
        room = layout.width - 4 * layout.px
        px = self.text.fit(self._toast[0], layout.px, room, bold=True)
        words = self.text.elide(self._toast[0], px, room, bold=True)
        new_layer("note")
        rect = pygame.Rect((0, 0), self.text.size(words, px, bold=True))
        rect.midbottom = (layout.width // 2, layout.height - layout.px * 3)
        back = rect.inflate(layout.px * 2, layout.px)
        pygame.draw.rect(surface, palette.BANNER, back, border_radius=back.height // 2)
        with inside("note", back):
            self.text.blit(surface, words, px, palette.TEXT, bold=True, shadow=False,
                           center=rect.center)

    def _panel(self, surface: pygame.Surface, rect: pygame.Rect, title: str) -> int:
        """A panel with its title on one line, smaller if it must be, else on two; returns
        how much lower than one line the title ends."""
        px = self.layout.px
        pygame.draw.rect(surface, palette.BANNER, rect, border_radius=px // 2)
        pygame.draw.rect(surface, palette.FELT_DARK, rect, width=1, border_radius=px // 2)
        width = rect.width - 2 * px
        size, lines = self.text.fit_lines(title, px, width, 1, bold=True)
        if len(lines) > 1:
            size, lines = self.text.fit_lines(title, px, width, 2, bold=True)
        step = self.text.line_height(size, bold=True)
        with inside("panel", rect):
            for i, line in enumerate(lines):
                self.text.blit(surface, line, size, palette.GOLD, bold=True, shadow=False,
                               topleft=(rect.left + px, rect.top + px // 2 + i * step))
        return (len(lines) - 1) * step

    def _button(self, surface: pygame.Surface, rect: pygame.Rect, label: str, hot: bool) -> None:
        pygame.draw.rect(surface, palette.HIGHLIGHT if hot else palette.GOLD, rect,
                         border_radius=rect.height // 3)
        with inside("button", rect):
            self.text.label(surface, label, self.layout.px, rect, rect.width - rect.height // 2,
                            palette.BANNER)

    def _draw_still(self) -> pygame.Surface:
        """Everything that changes only with the opponent, the data or the size."""
        layout = self.layout
        if self._felt is None:
            self._felt = felt_surface(layout.size, self.table)
        picture = self._felt.copy()
        px = layout.px
        with inside("title", layout.title):
            title_text = _("Statistics") if self.pool == "computer" else _(
                "Statistics: {pool}").format(pool=_(POOLS[self.pool]))
            title = self.text.blit(picture, title_text, int(px * 1.6), palette.GOLD, bold=True,
                                   midleft=(layout.title.left, layout.title.centery))
            note = self.error or self.pool_note()
            if note:
                room = layout.title.right - title.right - 2 * px
                self.text.blit(picture, self.text.elide(note, px - 1, room), px - 1,
                               palette.LOSS if self.error else palette.TEXT_DIM,
                               midright=(layout.title.right, layout.title.centery))
        tab_px, tabs = self.tabs()
        for i, (rect, label) in enumerate(tabs):
            on = i == self.level_index
            pygame.draw.rect(picture, palette.GOLD if on else palette.BANNER, rect,
                             border_radius=rect.height // 3)
            with inside("tab", rect):
                self.text.blit(picture, label, tab_px, palette.BANNER if on else palette.TEXT,
                               bold=True, shadow=False, center=rect.center)
        if not self.level.games:
            self._draw_empty(picture)
            return picture
        self._draw_numbers(picture)
        lower = self._panel(picture, layout.cases, _("How the games ended"))
        body = layout.cases.inflate(-2 * px, 0)
        body.top = layout.cases.top + int(px * 2) + lower
        body.height = layout.cases.bottom - int(px * 0.4) - body.top
        with inside("chart", body):
            bar_chart(picture, body, self.text, px - 2,
                      [(_(CASE_LABELS[case]), self.level.cases[case.value], CASE_COLOURS[case.winner])
                       for case in Case])
        lower = self._panel(picture, layout.chart, self.chart_title)
        area = layout.chart.inflate(-2 * px, 0)
        lower += self._draw_legend(picture, pygame.Rect(area.left, layout.chart.top + int(px * 1.9)
                                                        + lower, area.width, int(px * 1.3)))
        area.top = layout.chart.top + int(px * 3.3) + lower
        area.height = layout.chart.bottom - int(px * 0.8) - area.top
        expected = self.level.expected
        label = (_("a strong player: {rate}").format(rate=percent_of(expected, 0))
                 if expected is not None else "")
        with inside("chart", area):
            line_chart(picture, area, self.text, px - 2, self.rolling, expected, label, palette.WIN,
                       more=[(self.accuracy, palette.ACCURACY)])
        return picture

    def _draw_legend(self, picture: pygame.Surface, row: pygame.Rect) -> int:
        """Which line is which: a swatch and a label each, the accuracy's with how many games
        it covers; side by side in ``row``, or one under the other where they do not fit
        (returns how much lower than ``row`` the legend ends)."""
        level, px = self.level, self.layout.px - 2
        if level.accuracy is None:
            accuracy = _("accuracy: no game scored yet")
        else:
            accuracy = ngettext("accuracy ({scored} game scored)", "accuracy ({scored} games scored)",
                                level.scored).format(scored=level.scored)
        entries = [(_("win rate"), palette.WIN), (accuracy, palette.ACCURACY)]
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
                pygame.draw.line(picture, colour, (left, mid), (left + swatch, mid), 3)
                room = share - swatch - px
                size = self.text.fit(words, px, room)
                self.text.blit(picture, self.text.elide(words, size, room), size, colour,
                               shadow=False, midleft=(left + swatch + px // 2, mid))
        return rows.height - row.height

    def _draw_numbers(self, picture: pygame.Surface) -> None:
        level, layout, px = self.level, self.layout, self.layout.px
        lower = self._panel(picture, layout.numbers, level.label)
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
        ]
        if self.streak:
            lines.append((self.streak, palette.GOLD))
        if level.coached:
            lines.append((ngettext("With the coach on: {n} game", "With the coach on: {n} games",
                                   level.coached).format(n=integer(level.coached)),
                          palette.TEXT_DIM))
        if level.opponent is None or len(self.levels) == 1:
            lines += [(before_the_history(totals), palette.TEXT_DIM) for totals in self.imported]
        top = layout.numbers.top + int(px * 2.1) + lower
        size, rows = self._number_rows(lines, px, layout.numbers.width - 2 * px,
                                       layout.numbers.bottom - px // 4 - top)
        with inside("numbers", layout.numbers):
            for i, (line, colour) in enumerate(rows):
                self.text.blit(picture, line, size, colour, shadow=False,
                               topleft=(layout.numbers.left + px, top + i * int(size * 1.25)))

    def _number_rows(self, lines: list[tuple[str, palette.RGB]], px: int, width: int,
                     height: int) -> tuple[int, list[tuple[str, palette.RGB]]]:
        """The numbers' lines at one size for all, the largest from ``px`` at which they fit
        ``width`` (a line too long wrapped) and ``height``; at the smallest size, the first
        rows that fit (the last lines, the coach's and the old games', are the least)."""
        for size in range(px, MIN_TEXT_PX - 1, -1):
            rows = [(part, colour) for line, colour in lines
                    for part in self.text.wrap(line, size, width, indent="  ")]
            fits = len(rows) * int(size * 1.25) <= height
            if fits and all(self.text.size(part, size)[0] <= width for part, _c in rows):
                return size, rows
        return size, rows[:max(1, height // int(size * 1.25))]

    def accuracy_line(self, level: LevelStats) -> str:
        """The average accuracy of ``level``'s scored games."""
        if level.accuracy is None:
            return (_("Accuracy: scoring your games…") if self.backlog is not None else
                    _("Accuracy: no game scored yet"))
        return _("Accuracy {accuracy} on average").format(accuracy=percent(level.accuracy))

    def _recent_columns(self, px: int, width: int) -> tuple[Callable[[datetime], str], list[int]]:
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
        accuracy = size(percent(100), px)[0]
        gaps = 4 * (self.layout.px // 2)
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
            labels = [opponent_label(*opponent, marks) for opponent in self.opponents]
            size = min((self.text.fit(label, px, width) for label in labels), default=px)
            if all(self.text.size(label, size)[0] <= width for label in labels):
                break
        return size, marks

    def _draw_empty(self, picture: pygame.Surface) -> None:
        layout, px = self.layout, self.layout.px
        centre = (layout.width // 2, layout.height // 2)
        self.text.blit(picture, _("No games yet"), int(px * 1.8), palette.GOLD, bold=True,
                       midbottom=centre)
        words = _("Play a game against the computer and it shows here: your wins, streaks and "
                  "how each game ended.")
        lines = self.text.wrap(words, px, min(layout.width - 4 * px, 40 * px), indent="")
        lines += [before_the_history(totals) for totals in self.imported]
        for i, line in enumerate(lines):
            self.text.blit(picture, line, px, palette.TEXT,
                           midtop=(centre[0], centre[1] + px // 2 + i * int(px * 1.4)))

    def _draw_recent(self, surface: pygame.Surface) -> None:
        if not self.level.games:
            return
        layout, px = self.layout, self.layout.px
        rect = layout.recent
        self._panel(surface, rect, _("Recent games ({n})").format(n=integer(len(self.recent))))
        small = px - 2
        hover = layout.row_at(self.mouse)
        pad = px // 2
        inner = pygame.Rect(rect.left + px // 2, 0, rect.width - px, layout.row_h)
        written, columns = self._recent_columns(small, inner.width - 2 * pad)
        opponent_px, marks = self._opponent_column(small, columns[1])
        for row in range(layout.rows):
            index = self.scroll + row
            if index >= len(self.recent):
                break
            game = self.recent[index]
            line = inner.move(0, layout.list_top + row * layout.row_h)
            if index == self.selected or row == hover:
                pygame.draw.rect(surface, palette.FELT_DARK, line, border_radius=4)
            turns = ngettext("{n} turn", "{n} turns", game.turns).format(n=game.turns)
            opponent = opponent_label(short_name(game.p2), KINDS[game.kind].marked(),
                                      game.coach, marks)
            accuracy = "" if game.accuracy is None else percent(game.accuracy)
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
        if len(self.recent) > layout.rows:  # a scroll bar
            track = pygame.Rect(rect.right - 5, layout.list_top, 3, layout.rows * layout.row_h)
            thumb_h = max(12, track.height * layout.rows // len(self.recent))
            thumb_y = track.top + (track.height - thumb_h) * self.scroll // max(
                1, len(self.recent) - layout.rows)
            pygame.draw.rect(surface, palette.TEXT_DIM, (track.left, thumb_y, 3, thumb_h))


def opponent_label(name: str, kind: str, coach: bool, marks: int) -> str:
    """A recent game's opponent ``name`` with the first ``marks`` of its marks, each after a
    dot: its ``kind`` where that is marked (practice, ...), then the coach where it was on."""
    shown = [kind, _("coach") if coach else ""][:marks]
    return name + "".join(f"  ·  {mark}" for mark in shown if mark)


def before_the_history(totals: Any) -> str:
    """A line for the games counted before the history was kept (wins, losses, draws)."""
    return _("Before the history: {wins} won, {losses} lost, {draws} drawn").format(
        wins=integer(totals.wins), losses=integer(totals.losses), draws=integer(totals.draws))


def open_statistics(table: Any) -> StatsScene:
    """The statistics screen over a table scene (the menu's Statistics, or T): the table's
    history, and a game chosen there replayed or reviewed over it."""
    from tcf_gui.gui.replay import ReplayScene, open_review

    def replay(game: GameRecord) -> None:
        if table.manager is not None:
            replay = ReplayScene(table.settings, table.layout.size, game, table.sounds)
            replay.keep = table.keep
            table.manager.push(replay)

    def review(game: GameRecord) -> None:
        open_review(table, game)

    return StatsScene(table.history or open_history(), table.layout.size, on_replay=replay,
                      on_review=review, on_reset=table.statistics_reset,
                      table=table.settings.table)

