"""A short celebration when the person wins a game at their table: gold sparks rise from
their hand for CELEBRATION_MS, over the table and its banner. Any key or click ends it at
once (and does nothing else); under the Reduced motion option there is none.

It is a scene pushed over the table (the table waits below it, as under a menu), by a
listener of the table's game over that the window adds (``celebrate_wins``).
"""
from __future__ import annotations

import math
import random
from typing import Callable, Protocol

import pygame

from tcf_gui.gui import palette
from tcf_gui.engine.game import Game
from tcf_gui.gui.scene_manager import Scene
from tcf_gui.gui.table_state import TableState
from tcf_gui.gui.table_view import TableView

CELEBRATION_MS = 1400
"""How long the sparks fly."""
SPARKS = 48
COLOURS = (palette.GOLD, palette.WIN, palette.COURT_GOLD, (255, 255, 255))
GRAVITY = 1.6
"""How fast the sparks fall back, in hand widths a second squared."""


class WinningTable(TableView, Protocol):
    """What the celebration reads of the person's table."""

    @property
    def state(self) -> TableState: ...

    @property
    def you_seat(self) -> int: ...

    @property
    def game(self) -> Game: ...

    @property
    def game_over_listeners(self) -> list[Callable[[], None]]: ...


class Celebration(Scene):
    """The sparks over ``table``, laid out by ``seed`` (the game's: the same win, the same
    sparks)."""

    def __init__(self, table: WinningTable, seed: int) -> None:
        self.table = table
        rng = random.Random(seed)
        self.sparks = [(rng.uniform(-0.6, 0.6) * math.pi, rng.uniform(0.9, 2.4),
                        rng.choice(COLOURS), rng.uniform(0.0, 0.25)) for _ in range(SPARKS)]
        """Each spark: its angle from straight up, its speed (hand widths a second), its
        colour and its delay (a fraction of the whole)."""
        self.started: float | None = None
        self.now = 0.0

    @property
    def animating(self) -> bool:
        return not self.done

    @property
    def frame_key(self) -> float:
        return self.now

    def handle(self, event: pygame.event.Event) -> None:
        if event.type in (pygame.KEYDOWN, pygame.MOUSEBUTTONDOWN):
            self.done = True  # any key or click skips it, and does nothing else

    def update(self, now: float) -> None:
        if self.started is None:
            self.started = now
        self.now = now
        if now - self.started >= CELEBRATION_MS:
            self.done = True

    def draw(self, surface: pygame.Surface) -> None:
        if self.started is None:
            return
        t = (self.now - self.started) / CELEBRATION_MS
        hand = self.table.layout.hand_span(1)
        scale = hand.width
        for angle, speed, colour, delay in self.sparks:
            life = (t - delay) / (1 - delay)
            if not 0 <= life < 1:
                continue
            seconds = life * CELEBRATION_MS / 1000
            x = hand.centerx + math.sin(angle) * speed * seconds * scale
            y = hand.top - (math.cos(angle) * speed * seconds - GRAVITY * seconds ** 2) * scale
            radius = max(1, round((1 - life) * scale / 60))
            pygame.draw.circle(surface, colour, (round(x), round(y)), radius)


def celebrate_wins(table: WinningTable) -> None:
    """At each game ``table`` shows won by the person, the celebration over it (none under
    Reduced motion)."""
    def game_over() -> None:
        manager = table.manager
        outcome = table.state.outcome
        if (manager is not None and outcome is not None and outcome.winner == table.you_seat
                and not table.settings.reduced_motion):
            manager.push(Celebration(table, table.game.seed or 0))

    table.game_over_listeners.append(game_over)
