"""Spectator auto-play: two computer players, game after game, hands open, counters shown.

A thin adapter over a TableSession (tcf_gui.play) seating the two strategies: its games are
exactly those of ``Match(p1, p2, seed)``, so after N games the counters on screen equal
``run_statistics(p1, p2, N, seed)``.
"""
from __future__ import annotations

import sys
import time
from typing import Callable, Hashable

import pygame

from tcf_gui.lab.statistics import Counters
from tcf_gui.history import History
from tcf_gui.levels import DEFAULT_OPPONENT
from tcf_gui.i18n import N_, _, ngettext
from tcf_gui.config.speeds import speed_name
from tcf_gui.play import SeatFailure, TableSession
from tcf_gui.gui import palette
from tcf_gui.gui.help_overlay import FULLSCREEN_ROW, HELP_ROW, HOW_TO_PLAY_ROW, SPEED_ROW
from tcf_gui.gui.menu import notice
from tcf_gui.gui.render import SeatLabel
from tcf_gui.gui.table import TableScene
from tcf_gui.gui.table_view import Options, Part, Sounds, TableView
from tcf_gui.gui.text_boxes import MIN_TEXT_PX, inside
from tcf_gui.gui.turn_log import LogLine

TURN_PAUSE_MS = 380
GAME_PAUSE_MS = 2200
#: At speed instant, each update plays turns for this long: most of a 16.7 ms frame, the rest
#: left for drawing it.
INSTANT_BUDGET_S = 0.012


class SpectatorScene(TableScene):
    """Watches a run of two strategies; Space pauses, Right steps one turn while paused."""

    keys_help = [
        # TRANSLATORS: names of keys on the keyboard, as your keyboards label them.
        (N_("Space"), N_("pause or go on")),
        (N_("Right"), N_("the next turn now (at a game's end: the next game)")),
        SPEED_ROW,
        (N_("click"), N_("hurry the cards along")),
        ("L", N_("the turn log; the wheel or PgUp / PgDn scroll it")),
        ("F", N_("four-colour deck;  S: sound on or off")),
        FULLSCREEN_ROW,
        HELP_ROW,
        HOW_TO_PLAY_ROW,
        ("Q", N_("quit")),
        (N_("Esc"), N_("the menu: options, help, quit")),
    ]
    title = N_("Three Card Flush — spectator")
    help_title = N_("Watching two computer players")
    #: The spectator's speed is its own: changing it never changes the person's game.
    session_only = frozenset({"speed"})
    you_seat = 0
    #: No person plays here, so there is nobody to coach.
    not_offered = frozenset({"coach"})

    def __init__(self, settings: Options, size: tuple[int, int], *, p1: str = "random",
                 p2: str = DEFAULT_OPPONENT, seed: int | None = None, games: int | None = None,
                 open_hands: bool = False, sounds: Sounds | None = None,
                 history: History | None = None) -> None:
        super().__init__(settings, size, sounds)
        self.history = history
        self.session = TableSession(p1, p2, seed=seed, open_hands=open_hands,
                                    history=history if settings.keep_watched else None)
        self.options.effects["keep_watched"] = self._keep_watched_changed
        self.games = games
        """With a number, the run is unattended: it ends after that many games, or at once
        with one line on stderr if a strategy fails (``failure``)."""
        self.counters = Counters()
        """The lab's counters over the games whose end has been shown."""
        self.paused = False
        self._step = False
        self._counted = False
        self.extras.append(RunCounters(self, self.seed_words, self.counters_lines))
        #: The clock that bounds the turns of one update at speed instant (seconds).
        self.budget_clock: Callable[[], float] = time.perf_counter
        self._next_game()

    @property
    def names(self) -> tuple[str, str]:
        return self.session.seat(1).name, self.session.seat(2).name

    @property
    def failed(self) -> bool:
        """True once a strategy failed: the run stops, the games so far stand."""
        return self.session.stopped

    def _keep_watched_changed(self) -> None:
        keep = self.settings.keep_watched
        self.session.keeper.history = self.history if keep else None
        self.toast(_("Watched games are kept in the history from now on") if keep
                   else _("Watched games are not kept"))

    @property
    def animating(self) -> bool:
        return super().animating or not self.paused and not self.done

    @property
    def frame_key(self) -> Hashable:
        """What time alone changes on screen; the loop skips frames whose key is unchanged.

        Beats start and end (cards leave, land, the counters move), cards fly, a toast shows:
        during the still pauses between turns and games nothing of that changes.
        """
        return (self.session.game_number, self.timeline.changes,
                tuple(self.timeline.frames(self.now)), self.status.showing)

    def _next_game(self) -> None:
        self._counted = False
        events = self.session.deal()
        assert self.session.game is not None
        self.show_game(self.session.game, events, open_hands=True)
        self.pause(TURN_PAUSE_MS)

    def after_update(self) -> None:
        """Count a game once its end is shown; play on when the table is still.

        At speed instant no beat takes time, so one update plays turns and games one after
        another for INSTANT_BUDGET_S; the frame then shows where the run has got to.
        """
        deadline = self.budget_clock() + INSTANT_BUDGET_S
        while (self._play_on() and self.settings.speed == "instant" and not self.done
               and self.budget_clock() < deadline):
            self.timeline.update(self.now)

    def _play_on(self) -> bool:
        """One step of the run: count a shown end, play a turn or deal the next game.

        True if something happened (then, at speed instant, the next step may follow at once).
        """
        progressed = False
        if self.state.outcome is not None and not self._counted:
            self._counted = True
            self.counters = Counters(**self.session.counters.as_dict())
            self.pause(GAME_PAUSE_MS)
            progressed = True
        if self.timeline.busy or (self.paused and not self._step):
            return progressed
        stepping, self._step = self._step, False
        if self.failed:
            return False
        if self.session.in_progress:
            events = self.session.poll()
            failure = self.session.take_failure()
            if failure is not None:
                self._strategy_failed(failure)
                return False
            if not events:
                self._step = stepping  # still thinking: a step asked for is not used up
                return False
            self.animate(events)
            self.pause(TURN_PAUSE_MS)
            return True
        if self.games is not None and self.counters.games >= self.games:
            self.done = True
        elif self._counted:
            self._next_game()
            return True
        return progressed

    def _strategy_failed(self, failure: SeatFailure) -> None:
        """Stop the run with one line on stderr and a message in the window (the games so
        far count); an unattended run (``games``) ends at once instead."""
        print(f"tcf-gui: {failure.reason}", file=sys.stderr)
        if self.games is not None:
            self.done = True
        elif self.manager is not None:
            finished = self.counters.games
            self.manager.push(notice(_("A strategy could not play"), [
                failure.reason,
                ngettext("The run stops here; its {n} finished game counts.",
                         "The run stops here; its {n} finished games count.", finished).format(
                             n=finished)], self.layout.size))

    def play_sound(self, name: str) -> None:
        """Silent at speed instant: hundreds of cards a frame would be noise, not sound."""
        if self.settings.speed != "instant":
            super().play_sound(name)

    def scene_key(self, key: int) -> None:
        if key == pygame.K_SPACE:
            self.paused = not self.paused
            self.toast(_("Paused — Right arrow plays one turn") if self.paused else _("Playing on"))
        elif key == pygame.K_RIGHT:  # the cards in flight land, and the next step comes at once
            self.timeline.hurry()
            self._step = True

    def help_lines(self) -> list[str]:
        return [_("Two computer players, game after game, hands open; the lab's running "
                  "counters at the top right (in the log panel when it is shown)."), ""]

    def click(self, pos: tuple[int, int]) -> None:
        self.timeline.hurry()

    # -- words on the table ----------------------------------------------------------------
    def seats(self) -> dict[int, SeatLabel]:
        return {1: SeatLabel(_("Player 1"), self.names[0]), 2: SeatLabel(_("Player 2"), self.names[1])}

    def status_text(self) -> tuple[str, str]:
        number = self.session.game_number
        # TRANSLATORS: the game's number in an unattended run of a set number of games.
        game = _("{n} of {total}").format(n=number, total=self.games) if self.games else str(number)
        left = self.status_left(game)
        if self.paused:
            return left, _("paused   ·   Space play on   Right one turn   +/- speed   H help")
        return left, _("{speed}   ·   Space pause   +/- speed   H help").format(
            speed=speed_name(self.settings.speed))

    def log_pinned(self) -> list[LogLine]:
        """With the log shown, the counters head its panel (the table is too narrow for them)."""
        counters = [(line, palette.TEXT) for line in self.counters.lab_lines()]
        return [(self.seed_words(), palette.GOLD), *counters]

    def seed_words(self) -> str:
        return _("run seed {seed}").format(seed=self.session.run_seed)

    def counters_lines(self) -> list[str]:
        return self.counters.lab_lines()


class RunCounters(Part):
    """The lab's running counters at the top right of ``table`` under ``head()`` (the run's
    seed); in the log panel instead while it is shown."""

    def __init__(self, table: TableView, head: Callable[[], str],
                 lines: Callable[[], list[str]]) -> None:
        self.table = table
        self.head = head
        self.lines = lines

    def draw(self, surface: pygame.Surface) -> None:
        layout, text = self.table.layout, self.table.text
        if layout.log_panel is not None:
            return
        left = layout.hand_span(2).right + layout.font_px
        room = pygame.Rect(left, layout.table.top, layout.table.right - left, layout.deck.top)
        lines = self.lines()
        x = layout.table.right - layout.font_px
        y = layout.table.top + layout.font_px // 2

        def size(rows: int) -> int:
            """The table's text less 2, smaller where large text would run below the room."""
            return max(MIN_TEXT_PX, min(layout.font_px - 2,
                                        int((room.height - layout.font_px) / (rows * 1.35))))

        # The head wraps beside a narrow table (a fresh run's seed has 19 or 20 digits).
        px = size(len(lines) + 1)
        head = text.wrap(self.head(), px, x - room.left, bold=True, indent="")
        px = size(len(lines) + len(head))
        with inside("counters", room):
            for i, line in enumerate(head):
                text.blit(surface, line, px, palette.GOLD, bold=True,
                          topright=(x, y + int(i * px * 1.35)))
            for i, line in enumerate(lines, start=len(head)):
                text.blit(surface, line, px, palette.TEXT, mono=True,
                          topright=(x, y + int(i * px * 1.35)))
