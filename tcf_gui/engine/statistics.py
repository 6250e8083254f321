"""The lab's statistics counters over many games between two strategies."""
from __future__ import annotations

import math
import random
from dataclasses import asdict, dataclass
from typing import Callable

from .game import Game, shuffled_deck
from .strategies import make_strategy
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


def player_rngs(seed: int) -> tuple[random.Random, random.Random]:
    """The random generators of Player 1 and Player 2 for a run seeded with ``seed``."""
    return random.Random(f"{seed}/p1"), random.Random(f"{seed}/p2")


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

    One ``random.Random(seed)`` shuffles every deck in turn; each player gets its own
    generator, so the same seed always gives the same counters.
    """
    if games < 0:
        raise ValueError("the number of games cannot be negative")
    rng1, rng2 = player_rngs(seed)
    s1 = make_strategy(p1, rng1) if isinstance(p1, str) else p1
    s2 = make_strategy(p2, rng2) if isinstance(p2, str) else p2
    deck_rng = random.Random(seed)
    counters = Counters()
    for i in range(games):
        game = Game(deck=shuffled_deck(deck_rng), open_hands=open_hands)
        counters.add_game(game.play_out(s1, s2))
        if progress is not None and (i + 1) % 1000 == 0:
            progress(i + 1)
    return counters
