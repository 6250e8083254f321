"""run_games: the statistics of a run of games, on the one-game or the batch engine.

A run is reproducible from its seed. The one-game engine plays exactly the games of
``Match(p1, p2, seed)`` (so its counters equal ``run_statistics``); the batch engine plays
fixed-size chunks, each seeded from the run seed and its index only, across worker processes,
so the numbers do not depend on the number of workers.
"""
from __future__ import annotations

import multiprocessing
import os
from dataclasses import dataclass, field
from typing import Callable, Iterable, Iterator, Sequence

import numpy as np

from .batch import CHUNK_GAMES, ChunkTask, play_chunk
from .game import MAX_TURNS
from .match import Match
from .outcome import Case
from .statistics import Counters
from .strategies import make_strategy

ENGINES = ("batch", "single")

Checkpoint = tuple[int, int, int, int]


@dataclass
class RunResult:
    counters: Counters
    turn_histogram: list[int] = field(default_factory=lambda: [0] * (MAX_TURNS + 1))
    """Index t: the number of games that took t turns (0..23)."""
    checkpoints: list[Checkpoint] = field(default_factory=list)
    """(games so far, win1, win2, draws) after each chunk of games: how the rates settle."""
    early_checkpoints: list[Checkpoint] = field(default_factory=list)
    """The same within the first chunk, at 10, 20, 50, 100, 200, ... games."""

    def add(self, counters: Counters, histogram: Iterable[int], steps: Iterable[Checkpoint] = ()) -> None:
        """Count one more chunk of games and record a checkpoint; ``steps`` are the first
        chunk's early checkpoints."""
        self.early_checkpoints.extend(steps)
        self.counters += counters
        self.turn_histogram = [a + b for a, b in zip(self.turn_histogram, histogram)]
        c = self.counters
        self.checkpoints.append((c.games, c.win1, c.win2, c.draws))


def early_steps(winners: Sequence[int]) -> list[Checkpoint]:
    """Checkpoints at 10, 20, 50, 100, 200, ... games (short of the end) of a chunk whose
    games had ``winners`` (1, 2, or 0 for a draw), in order."""
    steps, counts = [], [0, 0, 0]
    marks = {m * 10**k for k in range(1, 10) for m in (1, 2, 5)}
    for games, winner in enumerate(winners[:-1], start=1):
        counts[winner] += 1
        if games in marks:
            steps.append((games, counts[1], counts[2], counts[0]))
    return steps


def run_games(
    p1: str,
    p2: str,
    games: int,
    seed: int = 0,
    *,
    workers: int | None = None,
    engine: str = "batch",
    open_hands: bool = False,
    progress: Callable[[int], None] | None = None,
) -> RunResult:
    """Play ``games`` games between the strategy specs ``p1`` and ``p2`` and count them.

    ``engine="single"`` plays the one-game engine in this process (``workers`` is not used);
    ``engine="batch"`` the batch engine on ``workers`` processes (default: all cores), with
    the hybrid path for a strategy that has no batch form.
    """
    if games < 0:
        raise ValueError("the number of games cannot be negative")
    if engine not in ENGINES:
        raise ValueError(f"unknown engine {engine!r}; choose from: {', '.join(ENGINES)}")
    if workers is not None and workers < 1:
        raise ValueError(f"workers must be 1 or more, not {workers}")
    for spec in (p1, p2):
        make_strategy(spec)  # a bad spec fails here, with its own message
    result = RunResult(Counters())
    if engine == "single":
        chunks = _single_chunks(p1, p2, games, seed, open_hands)
    else:
        chunks = _batch_chunks(p1, p2, games, seed, open_hands, workers or os.cpu_count() or 1)
    for counters, histogram, steps in chunks:
        result.add(counters, histogram, steps)
        if progress is not None:
            progress(result.counters.games)
    return result


Summary = tuple[Counters, list[int], list[Checkpoint]]


def _single_chunks(p1: str, p2: str, games: int, seed: int, open_hands: bool) -> Iterator[Summary]:
    match = Match(p1, p2, seed, open_hands=open_hands)
    for start in range(0, games, CHUNK_GAMES):
        counters, histogram, winners = Counters(), [0] * (MAX_TURNS + 1), []
        for _ in range(min(CHUNK_GAMES, games - start)):
            game = match.play_next()
            counters.add_game(game)
            histogram[game.turns] += 1
            if start == 0:
                winners.append(game.outcome.winner)  # type: ignore[union-attr]
        yield counters, histogram, early_steps(winners)


_WINNER_BY_CASE = np.array([0] + [case.winner for case in Case], dtype=np.int8)


def _summarise(task: ChunkTask) -> Summary:
    results = play_chunk(task)
    winners = _WINNER_BY_CASE[results.cases].tolist() if task.index == 0 else []
    return results.counters(), results.turn_histogram(), early_steps(winners)


def _batch_chunks(
    p1: str, p2: str, games: int, seed: int, open_hands: bool, workers: int
) -> Iterator[Summary]:
    tasks = [
        ChunkTask(p1, p2, seed, index, min(CHUNK_GAMES, games - start), open_hands)
        for index, start in enumerate(range(0, games, CHUNK_GAMES))
    ]
    workers = min(workers, len(tasks))
    if workers <= 1:
        yield from map(_summarise, tasks)
        return
    methods = multiprocessing.get_all_start_methods()
    context = multiprocessing.get_context("fork" if "fork" in methods else None)
    with context.Pool(workers) as pool:
        yield from pool.imap(_summarise, tasks)
