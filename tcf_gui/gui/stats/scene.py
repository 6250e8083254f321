"""The statistics screen: the person's history per opponent, as numbers and charts.

Per opponent (Left/Right or a click on its tab): games, wins, losses, draws, the win rate
with its 95% interval, winning streaks, average length, how the games ended (a bar per
result case), and the rolling win rate over the last games against the line a strong
player is expected to reach. The recent games scroll on the right; Enter or a click
replays one on the table, R opens its review. "Reset statistics" asks first and keeps a
dated copy.

The screen is built from panels, each drawing itself in its rect of the layout
(tcf_gui.gui.stats.layout) and answering the events meant for it (tcf_gui.gui.stats.panel):
the title and the opponents' tabs (header.py), the numbers and charts (numbers.py),
the recent games (recent.py) and the buttons along the bottom (footer.py), over what
is read from the history (data.py). The scene holds them, routes the events to them and
keeps what is the whole screen's: the help, the note at the bottom, the reset.
The history is read once when the screen opens; what does not change between frames (the
header, the numbers and charts) is drawn once into a picture, so a frame costs a blit and
a list.
"""
from __future__ import annotations

from typing import Any, Callable, Iterable

import pygame

from tcf_gui.gui.felt import felt_surface
from tcf_gui.gui.help_overlay import HELP_ROW, draw_help
from tcf_gui.gui.menu import confirm
from tcf_gui.gui.notes import draw_note, note_ms
from tcf_gui.gui.scene_manager import Scene
from tcf_gui.gui.stats.data import StatsData
from tcf_gui.gui.stats.footer import Footer
from tcf_gui.gui.stats.header import Header
from tcf_gui.gui.stats.layout import StatsLayout
from tcf_gui.gui.stats.numbers import EmptyPanel, EndingsPanel, NumbersPanel, TrendPanel
from tcf_gui.gui.stats.panel import Page, Panel
from tcf_gui.gui.stats.recent import RecentPanel
from tcf_gui.gui.text import TextCache
from tcf_gui.history import GameRecord, History, HistoryError, open_history
from tcf_gui.history.summary import LevelStats
from tcf_gui.i18n import N_, _, ngettext
from tcf_gui.play.scoring import BacklogScorer

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
        self.data = StatsData(history)
        self.page = Page(self.data, TextCache(), StatsLayout(*size))
        self.done = False
        self.now = 0.0
        self.help_open = False
        self._toast = ("", 0.0)
        self._picture: pygame.Surface | None = None
        self._felt: pygame.Surface | None = None
        self.header = Header(self.page, self.select_level)
        self.recent_games = RecentPanel(self.page, self.replay)
        self.footer = Footer(self.page, self.close, self.ask_reset, reviews=on_review is not None)
        self.numbers, self.endings = NumbersPanel(self.page), EndingsPanel(self.page)
        self.trend, self.empty = TrendPanel(self.page), EmptyPanel(self.page)
        self.clickable: list[Panel] = [self.footer, self.header, self.recent_games]
        """The panels that answer events, in the order they are asked."""

    # -- read by the tests of other screens and benchmarks/bench_stats.py (the rest: data) --
    @property
    def layout(self) -> StatsLayout:
        return self.page.layout

    @property
    def level(self) -> LevelStats:
        """The numbers of the opponent shown."""
        return self.data.level

    @property
    def recent(self) -> list[GameRecord]:
        """The opponent's games, newest first."""
        return self.data.recent

    @property
    def accuracy(self) -> list[float | None]:
        """The chart's rolling accuracy."""
        return self.data.accuracy

    @property
    def backlog(self) -> BacklogScorer | None:
        return self.data.backlog

    @property
    def pool(self) -> str:
        return self.data.pool

    def pool_note(self) -> str:
        return self.data.pool_note()

    # -- what is shown ---------------------------------------------------------------------
    def select_level(self, index: int) -> None:
        """Show the opponent ``index``, its newest game chosen."""
        self.data.select_level(index)
        self._afresh()

    def reload(self) -> None:
        """Read the history again and show the first opponent."""
        self.data.reload()
        self._afresh()

    def _afresh(self) -> None:
        self.recent_games.top()
        self._picture = None

    # -- the loop's side -------------------------------------------------------------------
    @property
    def animating(self) -> bool:
        return self.now < self._toast[1] or self.data.backlog is not None

    def update(self, now: float, events: Iterable[pygame.event.Event] = ()) -> None:
        self.now = now
        for event in events:
            self.handle(event)
        changed, problem = self.data.take_scores(now)
        if problem is not None:
            self.toast(problem)
        if changed:
            self._picture = None

    def handle(self, event: pygame.event.Event) -> None:
        if event.type == pygame.QUIT:
            self.done = True
        elif event.type == pygame.VIDEORESIZE:
            self.resize(event.size)
        elif event.type == pygame.WINDOWSIZECHANGED:
            self.resize((event.x, event.y))
        elif event.type == pygame.MOUSEMOTION:
            self.page.mouse = event.pos
        elif event.type == pygame.MOUSEWHEEL:
            self.recent_games.handle(event)
        elif event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            self.page.mouse = event.pos
            self._press(event)
        elif event.type == pygame.KEYDOWN:
            self._press(event)

    def _press(self, event: pygame.event.Event) -> None:
        """A key or a click: it closes the help if that is open (and does nothing else),
        else it goes to the screen's own keys, then to each panel until one answers."""
        if self.help_open:
            self.help_open = False
        elif event.type != pygame.KEYDOWN or not self._screen_key(event.key):
            for panel in self.clickable:
                if panel.handle(event):
                    break

    def _screen_key(self, key: int) -> bool:
        """The keys of the whole screen (True: ``key`` was one)."""
        if key in (pygame.K_h, pygame.K_F1):
            self.help_open = True
        elif key in (pygame.K_ESCAPE, pygame.K_BACKSPACE):
            self.close()
        elif key == pygame.K_k:
            self.data.next_pool()
            self._afresh()
        elif key == pygame.K_DELETE:
            self.ask_reset()
        else:
            return False
        return True

    def resize(self, size: tuple[int, int]) -> None:
        if size != self.layout.size:
            self.page.layout = StatsLayout(*size)
            self._picture = self._felt = None
            self.recent_games.scroll_to(self.recent_games.selected)

    def close(self) -> None:
        self.done = True

    def replay(self, game: GameRecord, review: bool = False) -> None:
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
        return any(panel.hot(self.page.mouse) for panel in self.clickable)

    def ask_reset(self) -> None:
        """Reset statistics, once the person said yes in a dialog over the screen."""
        total = sum(self.data.pools.values())
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
        self._toast = (message, self.now + note_ms(message))

    # -- drawing ---------------------------------------------------------------------------
    def draw(self, surface: pygame.Surface) -> None:
        self.resize(surface.get_size())
        if self._picture is None:
            self._picture = self._draw_still()
        surface.blit(self._picture, (0, 0))
        layout = self.layout
        self.recent_games.draw(surface, layout.recent)
        self.footer.draw(surface, layout.hint)
        if self.now < self._toast[1]:
            self._draw_toast(surface)
        if self.help_open:
            draw_help(surface, self.page.text, layout.px, _("Statistics"),
                      [*(_(line) for line in HELP_LINES), ""],
                      self.keys_help)

    def _draw_still(self) -> pygame.Surface:
        """Everything that changes only with the opponent, the data or the size."""
        layout = self.layout
        if self._felt is None:
            self._felt = felt_surface(layout.size, self.table)
        picture = self._felt.copy()
        self.header.draw(picture, layout.title)
        if not self.data.level.games:
            self.empty.draw(picture, layout.window)
        else:
            self.numbers.draw(picture, layout.numbers)
            self.endings.draw(picture, layout.cases)
            self.trend.draw(picture, layout.chart)
        return picture

    def _draw_toast(self, surface: pygame.Surface) -> None:
        layout = self.layout
        draw_note(surface, self.page.text, self._toast[0], layout.px, layout.window.inflate(
            -2 * layout.px, 0), layout.height - layout.px * 4)


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
