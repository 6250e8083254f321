"""Spectator auto-play: two computer players, game after game, hands open, counters shown.

The games are exactly those of ``Match(p1, p2, seed)``, so after N games the counters on
screen equal ``run_statistics(p1, p2, N, seed)``.
"""
from __future__ import annotations

import sys
import time
from typing import Callable, Hashable

import pygame

from ..engine.match import Match
from ..engine.statistics import Counters
from ..engine.strategies import StrategyError
from ..history import SPECTATED, History
from . import palette
from .menu import notice
from .render import Seat
from .scene import Options, Sounds, TableScene
from .thinking import Thinker, runs_user_code
from .turn_log import LogLine

TURN_PAUSE_MS = 380
GAME_PAUSE_MS = 2200
#: At speed instant, each update plays turns for this long: most of a 16.7 ms frame, the rest
#: left for drawing it.
INSTANT_BUDGET_S = 0.012


class SpectatorScene(TableScene):
    """Watches a Match; Space pauses, Right steps one turn while paused."""

    keys_help = [
        ("Space", "pause or go on"),
        ("Right", "the next turn now (at a game's end: the next game)"),
        ("+ / -", "animation speed: slow, normal, fast, instant"),
        ("click", "hurry the cards along"),
        ("L", "the turn log; the wheel or PgUp / PgDn scroll it"),
        ("F", "four-colour deck;  S: sound on or off"),
        ("F11", "fullscreen"),
        ("H, F1", "this help (any key or click closes it)"),
        ("Esc", "the menu: options, help, quit"),
    ]
    title = "Three Card Flush — spectator"
    #: The spectator's speed is its own: changing it never changes the person's game.
    session_only = frozenset({"speed"})
    #: No person plays here, so there is nobody to coach.
    not_offered = frozenset({"coach"})

    def __init__(self, settings: Options, size: tuple[int, int], *, p1: str = "random",
                 p2: str = "heuristic", seed: int = 0, games: int | None = None,
                 open_hands: bool = False, sounds: Sounds | None = None,
                 history: History | None = None) -> None:
        super().__init__(settings, size, sounds)
        self.history = history
        self.names = (p1, p2)
        self.match = Match(p1, p2, seed, open_hands=open_hands)
        self.games = games
        self.counters = Counters()
        self.paused = False
        self._step = False
        self._counted = False
        self.failed = False
        """True once a strategy failed: the run stops, the games so far stand."""
        self.thinkers = [Thinker(strategy, name, threaded=runs_user_code(name))
                         for strategy, name in ((self.match.p1, p1), (self.match.p2, p2))]
        """The players, asked off the loop when they run a user's code."""
        self._slots: list[int | None] = [None, None]
        """The answers of this turn so far."""
        #: The clock that bounds the turns of one update at speed instant (seconds).
        self.budget_clock: Callable[[], float] = time.perf_counter
        self._next_game()

    @property
    def animating(self) -> bool:
        return super().animating or not self.paused and not self.done

    @property
    def frame_key(self) -> Hashable:
        """What time alone changes on screen; the loop skips frames whose key is unchanged.

        Beats start and end (cards leave, land, the counters move), cards fly, a toast shows:
        during the still pauses between turns and games nothing of that changes.
        """
        return (self.match.games_started, self.timeline.changes,
                tuple(self.timeline.frames(self.now)), self.now < self._toast[1])

    def _next_game(self) -> None:
        self._counted = False
        self.show_game(self.match.new_game(), open_hands=True)
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
            self.counters.add_game(self.game)
            self.save_game(SPECTATED, *self.names)
            self.pause(GAME_PAUSE_MS)
            progressed = True
        if self.timeline.busy or (self.paused and not self._step):
            return progressed
        stepping, self._step = self._step, False
        if self.failed:
            return False
        if not self.game.over:
            game, slots = self.game, self._slots
            if slots == [None, None] and not any(thinker.thinking for thinker in self.thinkers):
                for player, thinker in enumerate(self.thinkers, start=1):
                    thinker.ask(game.view(player))
            try:
                for index, thinker in enumerate(self.thinkers):
                    if slots[index] is None:
                        slots[index] = thinker.answer()
            except StrategyError as error:
                self._strategy_failed(error)
                return False
            if slots[0] is None or slots[1] is None:
                self._step = stepping  # still thinking: a step asked for is not used up
                return False
            self._slots = [None, None]
            self.animate(game.play_turn(slots[0], slots[1]))
            self.pause(TURN_PAUSE_MS)
            return True
        if self.games is not None and self.counters.games >= self.games:
            self.done = True
        elif self._counted:
            self._next_game()
            return True
        return progressed

    def _strategy_failed(self, error: StrategyError) -> None:
        """Stop the run with a message (and one line on stderr); the games so far count."""
        print(f"tcf-gui: {error}", file=sys.stderr)
        self.failed = True
        if self.manager is not None:
            self.manager.push(notice("A strategy could not play", [
                str(error), f"The run stops here; its {self.counters.games} finished games count."],
                self.layout.size))

    def play_sound(self, name: str) -> None:
        """Silent at speed instant: hundreds of cards a frame would be noise, not sound."""
        if self.settings.speed != "instant":
            super().play_sound(name)

    def scene_key(self, key: int) -> None:
        if key == pygame.K_SPACE:
            self.paused = not self.paused
            self.toast("Paused — Right arrow plays one turn" if self.paused else "Playing on")
        elif key == pygame.K_RIGHT:  # the cards in flight land, and the next step comes at once
            self.timeline.hurry()
            self._step = True

    def click(self, pos: tuple[int, int]) -> None:
        self.timeline.hurry()

    # -- words on the table ----------------------------------------------------------------
    def seats(self) -> dict[int, Seat]:
        return {1: Seat("Player 1", self.names[0]), 2: Seat("Player 2", self.names[1])}

    def status_text(self) -> tuple[str, str]:
        of = f" of {self.games}" if self.games else ""
        left = (f"{self.turn_text()}  ·  {self.state.deck_count} cards left  ·  "
                f"Game {self.match.games_started}{of}  ·  seed {self.game.seed}")
        if self.paused:
            return left, "paused   ·   Space play on   Right one turn   +/- speed   H help"
        return left, f"{self.settings.speed}   ·   Space pause   +/- speed   H help"

    def log_pinned(self) -> list[LogLine]:
        """With the log shown, the counters head its panel (the table is too narrow for them)."""
        counters = [(line, palette.TEXT) for line in self.counters.lab_lines()]
        return [(f"run seed {self.match.seed}", palette.GOLD), *counters]

    def draw_extras(self, surface: pygame.Surface) -> None:
        """The lab's running counters, top right of the table (in the log panel when shown)."""
        layout = self.layout
        if layout.log_panel is not None:
            return
        px = layout.font_px - 2
        x = layout.table.right - layout.font_px
        y = layout.table.top + layout.font_px // 2
        self.text.blit(surface, f"run seed {self.match.seed}", px, palette.GOLD, bold=True, topright=(x, y))
        for i, line in enumerate(self.counters.lab_lines(), start=1):
            self.text.blit(surface, line, px, palette.TEXT, mono=True,
                           topright=(x, y + int(i * px * 1.35)))
