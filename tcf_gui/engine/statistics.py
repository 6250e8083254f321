"""The lab's statistics counters over many games between two strategies."""
from __future__ import annotations

import math
from dataclasses import asdict, dataclass
from typing import Callable

from .game import Game
from .match import Match
from .view import Strategy

Z95 = 1.959963984540054  # two-sided 95% quantile of the standard normal


@dataclass
class Counters:
    """The lab's counters. ``turns`` counts turns actually taken (the lab's make-moves
    counts one more per game: the call that finds the game over)."""

    games: int = 0
    turns: int = 0
    win1: int = 0
    win2: int = 0
    draws: int = 0
    f1f2: int = 0

    def add_game(self, game: Game) -> None:
        outcome = game.outcome
        assert outcome is not None and outcome.case is not None
        self.games += 1
        self.turns += game.turns
        winner = outcome.case.winner
        if winner == 1:
            self.win1 += 1
        elif winner == 2:
            self.win2 += 1
        else:
            self.draws += 1
        if outcome.case.both_flush:
            self.f1f2 += 1

    def __iadd__(self, other: "Counters") -> "Counters":
        for key, value in asdict(other).items():
            setattr(self, key, getattr(self, key) + value)
        return self

    def as_dict(self) -> dict[str, int]:
        return asdict(self)

    def lab_lines(self) -> list[str]:
        """The lines compute-statistics prints: *game-count* = 1000 ..."""
        names = [("game", self.games), ("turn", self.turns), ("win1", self.win1),
                 ("win2", self.win2), ("draw", self.draws), ("f1f2", self.f1f2)]
        return [f"*{name}-count* = {value}" for name, value in names]


def wilson_interval(successes: int, trials: int, z: float = Z95) -> tuple[float, float]:
    """The Wilson score interval for a binomial proportion (95% by default)."""
    if trials <= 0:
        return (0.0, 1.0)
    p = successes / trials
    denom = 1 + z * z / trials
    centre = (p + z * z / (2 * trials)) / denom
    half = z * math.sqrt(p * (1 - p) / trials + z * z / (4 * trials * trials)) / denom
    return (max(0.0, centre - half), min(1.0, centre + half))


def run_statistics(
    p1: str | Strategy,
    p2: str | Strategy,
    games: int,
    seed: int = 0,
    *,
    open_hands: bool = False,
    progress: Callable[[int], None] | None = None,
) -> Counters:
    """Play ``games`` games and count them. Strategies are specs (``"heuristic"``) or callables.

    The games are those of ``Match(p1, p2, seed)``, so the same seed always gives the same
    counters, and spectator mode shows exactly these games.
    """
    if games < 0:
        raise ValueError("the number of games cannot be negative")
    match = Match(p1, p2, seed, open_hands=open_hands)
    counters = Counters()
    for i in range(games):
        counters.add_game(match.play_next())
        if progress is not None and (i + 1) % 1000 == 0:
            progress(i + 1)
    return counters
