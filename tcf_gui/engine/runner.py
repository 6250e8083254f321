"""run_games: the statistics of a run of games, on the one-game or the batch engine.

A run is reproducible from its seed. The one-game engine plays exactly the games of
``Match(p1, p2, seed)`` (so its counters equal ``run_statistics``); the batch engine plays
fixed-size chunks, each seeded from the run seed and its index only, across worker processes,
so the numbers do not depend on the number of workers.

The batch engine (and with it numpy) and multiprocessing are imported only when a batch run
starts, so that the commands that merely import the runner start fast.
"""
from __future__ import annotations

import os
from dataclasses import dataclass, field, replace
from typing import TYPE_CHECKING, Callable, Iterator

from .game import MAX_TURNS
from .match import Match
from .statistics import Counters
from .strategies import make_strategy

if TYPE_CHECKING:
    from .batch import ChunkTask

ENGINES = ("batch", "single")
#: A checkpoint every this many games (and one after the last game).
CHECKPOINT_GAMES = 1000

Checkpoint = tuple[int, int, int, int]


@dataclass
class RunResult:
    counters: Counters
    turn_histogram: list[int] = field(default_factory=lambda: [0] * (MAX_TURNS + 1))
    """Index t: the number of games that took t turns (0..23)."""
    checkpoints: list[Checkpoint] = field(default_factory=list)
    """(games so far, win1, win2, draws) every CHECKPOINT_GAMES games and after the last:
    how the rates settle."""


@dataclass
class ChunkSummary:
    """A chunk's counters and turn histogram, and its tallies at the run's checkpoints
    (counted from the chunk's first game)."""

    counters: Counters
    turn_histogram: list[int]
    tallies: list[Checkpoint]


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
    from .batch import ChunkTask, chunk_games

    per_chunk = chunk_games(p1, p2)
    jobs = _jobs(ChunkTask(p1, p2, seed, 0, per_chunk, open_hands), games)
    if engine == "single":
        summaries = _single_chunks(jobs, progress)
    else:
        summaries = _batch_chunks(jobs, workers or os.cpu_count() or 1, -(-games // per_chunk))
    result = RunResult(Counters())
    for summary in summaries:
        c = result.counters
        result.checkpoints += [
            (c.games + games_, c.win1 + win1, c.win2 + win2, c.draws + draws)
            for games_, win1, win2, draws in summary.tallies
        ]
        result.counters += summary.counters
        result.turn_histogram = [
            a + b for a, b in zip(result.turn_histogram, summary.turn_histogram)
        ]
        if progress is not None:
            progress(result.counters.games)
    return result


Job = tuple["ChunkTask", list[int]]
"""A chunk to play and the positions in it after which the run takes a checkpoint."""


def _jobs(first: ChunkTask, games: int) -> Iterator[Job]:
    """The chunks of a run of ``games`` games like ``first`` (chunk 0, full size), made one
    at a time as they are taken, so a huge run starts at once and holds only the chunks in
    flight."""
    for index, start in enumerate(range(0, games, first.games)):
        size = min(first.games, games - start)
        yield replace(first, index=index, games=size), _checkpoint_ends(start, size, games)


def _checkpoint_ends(start: int, games: int, total: int) -> list[int]:
    """Positions in a chunk of ``games`` games from game ``start`` of a run of ``total``
    (counted from the chunk's first game) after which the run takes a checkpoint."""
    ends = [k for k in range(1, games + 1) if (start + k) % CHECKPOINT_GAMES == 0]
    return ends if start + games < total or games in ends else ends + [games]


def _single_chunks(
    jobs: Iterator[Job], progress: Callable[[int], None] | None
) -> Iterator[ChunkSummary]:
    match: Match | None = None
    played = 0
    for task, ends_list in jobs:
        if match is None:
            match = Match(task.p1, task.p2, task.seed, open_hands=task.open_hands)
        summary = ChunkSummary(Counters(), [0] * (MAX_TURNS + 1), [])
        ends = set(ends_list)
        for k in range(1, task.games + 1):
            game = match.play_next()
            summary.counters.add_game(game)
            summary.turn_histogram[game.turns] += 1
            c = summary.counters
            if k in ends:
                summary.tallies.append((c.games, c.win1, c.win2, c.draws))
            if progress is not None and k % CHECKPOINT_GAMES == 0:
                progress(played + k)
        played += task.games
        yield summary


def _summarise(job: Job) -> ChunkSummary:
    from .batch import play_chunk

    task, ends = job
    results = play_chunk(task)
    return ChunkSummary(results.counters(), results.turn_histogram(), results.tallies(ends))


def _batch_chunks(jobs: Iterator[Job], workers: int, chunks: int) -> Iterator[ChunkSummary]:
    workers = min(workers, chunks)
    if workers <= 1:
        yield from map(_summarise, jobs)
        return
    from .workers import WorkerPool

    with WorkerPool(workers) as pool:
        yield from pool.imap(_summarise, jobs)
