"""run_games and run_many: the statistics of runs of games, on the one-game or the batch engine.

A run is reproducible from its seed. The one-game engine plays exactly the games of
``Match(p1, p2, seed)`` (so its counters equal ``run_statistics``). The batch engine cuts a
run into chunks whose sizes depend only on the number of games, each seeded from the run
seed and its index only, and plays them on local worker processes or on a Dask cluster
(tcf_gui.lab.cluster): the numbers depend neither on the number of workers nor on where
the chunks ran. ``run_many`` feeds the chunks of several runs (a duel's two seatings, every
duel of a tournament) to one pool, so that no worker waits between runs.

The batch engine (and with it numpy) and multiprocessing are imported only when a batch run
starts, so that the commands that merely import the runner start fast.
"""
from __future__ import annotations

import os
from collections import deque
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Callable, Iterator, Sequence, overload

from tcf_gui.engine.game import MAX_TURNS
from tcf_gui.engine.match import Match
from tcf_gui.lab.shipping import pack
from tcf_gui.lab.statistics import Counters, LuckSums
from tcf_gui.engine.strategies.registry import make_strategy
from tcf_gui.engine.strategies.sandbox import decision_limit, sealing

if TYPE_CHECKING:
    from tcf_gui.lab.batch.chunk import ChunkTask

ENGINES = ("batch", "single")
#: A checkpoint every this many games (and one after the last game).
CHECKPOINT_GAMES = 1000
#: A run of enough games is cut into at least this many chunks (of at least a quarter of the
#: largest chunk each), so that a short run keeps two workers busy too. Not more: each chunk
#: costs about 2 ms of fixed work (its turns' numpy calls), which a tournament of short runs
#: pays for every chunk (benchmarks/bench_engine.py).
LEAST_CHUNKS = 2

Checkpoint = tuple[int, int, int, int]


@dataclass(frozen=True)
class Run:
    """``games`` games between the strategy specs ``p1`` and ``p2``, from ``seed``."""

    p1: str
    p2: str
    games: int
    seed: int = 0
    open_hands: bool = False
    luck: bool = False
    """Measure each game's luck (batch engine only): RunResult.luck."""


@dataclass
class RunResult:
    counters: Counters
    turn_histogram: list[int] = field(default_factory=lambda: [0] * (MAX_TURNS + 1))
    """Index t: the number of games that took t turns (0..23)."""
    checkpoints: list[Checkpoint] = field(default_factory=list)
    """(games so far, win1, win2, draws) every CHECKPOINT_GAMES games and after the last:
    how the rates settle."""
    luck: LuckSums | None = None
    """When the run measured luck: the sums that adjust its results for it."""


@dataclass
class ChunkSummary:
    """A chunk's counters and turn histogram, and its tallies at the run's checkpoints
    (counted from the chunk's first game)."""

    counters: Counters
    turn_histogram: list[int]
    tallies: list[Checkpoint]
    luck: LuckSums | None = None


def run_games(
    p1: str,
    p2: str,
    games: int,
    seed: int = 0,
    *,
    workers: int | None = None,
    engine: str = "batch",
    open_hands: bool = False,
    scheduler: str | None = None,
    progress: Callable[[int], None] | None = None,
) -> RunResult:
    """Play ``games`` games between the strategy specs ``p1`` and ``p2`` and count them.

    ``engine="single"`` plays the one-game engine in this process (``workers`` is not used);
    ``engine="batch"`` the batch engine on ``workers`` processes (default: all cores), or on
    the Dask cluster at ``scheduler`` (``local``, ``local:N`` or an address such as
    ``tcp://host:8786``), with the hybrid path for a strategy that has no batch form.
    ``progress`` is called with the number of games played so far.
    """
    return run_many([Run(p1, p2, games, seed, open_hands)], workers=workers, engine=engine,
                    scheduler=scheduler, progress=progress)[0]


def run_statistics(
    p1: str,
    p2: str,
    games: int,
    seed: int = 0,
    *,
    open_hands: bool = False,
    progress: Callable[[int], None] | None = None,
) -> Counters:
    """The counters of ``games`` games between the strategy specs ``p1`` and ``p2`` on the
    one-game engine: ``run_games(..., engine="single")``. The games are those of
    ``Match(p1, p2, seed)``, so spectator mode shows exactly these games."""
    return run_games(p1, p2, games, seed, engine="single", open_hands=open_hands,
                     progress=progress).counters


def run_many(
    runs: Sequence[Run],
    *,
    workers: int | None = None,
    engine: str = "batch",
    scheduler: str | None = None,
    progress: Callable[[int], None] | None = None,
) -> list[RunResult]:
    """Play every run (as ``run_games`` would, with the same results) through one pool of
    workers; ``progress`` gets the games played so far over all runs."""
    if any(run.games < 0 for run in runs):
        raise ValueError("the number of games cannot be negative")
    if engine not in ENGINES:
        raise ValueError(f"unknown engine {engine!r}; choose from: {', '.join(ENGINES)}")
    if workers is not None and workers < 1:
        raise ValueError(f"workers must be 1 or more, not {workers}")
    if scheduler is not None and engine != "batch":
        raise ValueError("a Dask scheduler runs the batch engine only, not --engine single")
    if engine != "batch" and any(run.luck for run in runs):
        raise ValueError("luck is measured on the batch engine only, not --engine single")
    for run in runs:
        for spec in (run.p1, run.p2):
            make_strategy(spec)  # a bad spec fails here, with its own message
    results = [RunResult(Counters()) for _ in runs]
    done = 0

    def tick(games: int) -> None:
        if progress is not None:
            progress(done + games)

    owners: deque[int] = deque()  # the run of each chunk handed out and not yet counted
    ship = scheduler is not None
    jobs = (job for index, run in enumerate(runs) for job in _jobs(run, owners, index, ship))
    if engine == "single":
        summaries = _single_chunks(jobs, tick)
    else:
        chunks = sum(len(chunk_sizes(run.games, _largest_chunk(run))) for run in runs)
        summaries = _batch_chunks(jobs, min(workers or os.cpu_count() or 1, chunks), scheduler)
    for summary in summaries:
        result = results[owners.popleft()]
        c = result.counters
        result.checkpoints += [
            (c.games + games_, c.win1 + win1, c.win2 + win2, c.draws + draws)
            for games_, win1, win2, draws in summary.tallies
        ]
        result.counters += summary.counters
        result.turn_histogram = [
            a + b for a, b in zip(result.turn_histogram, summary.turn_histogram)
        ]
        if summary.luck is not None:
            result.luck = (result.luck or LuckSums())
            result.luck += summary.luck
        done += summary.counters.games
        tick(0)
    return results


@dataclass(frozen=True)
class ChunkSizes(Sequence[int]):
    """The sizes of a run's chunks without a list of them (a run of a trillion games has
    millions): ``longer`` chunks of ``size + 1`` games, then ``number - longer`` of ``size``."""

    number: int
    size: int
    longer: int

    def __len__(self) -> int:
        return self.number

    @overload
    def __getitem__(self, index: int) -> int: ...

    @overload
    def __getitem__(self, index: slice) -> list[int]: ...

    def __getitem__(self, index: int | slice) -> int | list[int]:
        if isinstance(index, slice):
            return [self[i] for i in range(*index.indices(self.number))]
        if index < 0:
            index += self.number
        if not 0 <= index < self.number:
            raise IndexError(index)
        return self.size + 1 if index < self.longer else self.size

    def __iter__(self) -> Iterator[int]:
        for index in range(self.number):
            yield self.size + 1 if index < self.longer else self.size


def chunk_sizes(games: int, largest: int) -> ChunkSizes:
    """The sizes of the chunks of a run of ``games`` games: as few as chunks of at most
    ``largest`` games allow, but at least LEAST_CHUNKS when each can still hold a quarter of
    ``largest``, and equal to within one game. They depend on the number of games only,
    never on the workers, since a chunk's size is part of what its seed plays."""
    if games <= 0:
        return ChunkSizes(0, 0, 0)
    count = max(-(-games // largest), min(LEAST_CHUNKS, games // max(1, largest // 4)), 1)
    size, longer = divmod(games, count)
    return ChunkSizes(count, size, longer)


def _largest_chunk(run: Run) -> int:
    from tcf_gui.lab.batch.chunk import chunk_games  # numpy: only for a run of the batch engine

    return chunk_games(run.p1, run.p2)


Job = tuple["ChunkTask", list[int]]
"""A chunk to play and the positions in it after which the run takes a checkpoint."""


def _jobs(run: Run, owners: deque[int], owner: int, ship: bool) -> Iterator[Job]:
    """The chunks of ``run``, made one at a time as they are taken (so a huge run starts at
    once and holds only the chunks in flight); each one taken adds ``owner`` to ``owners``.
    With ``ship`` each task carries the user files the specs name, the time limit of a
    user's decision and the key of their generators (for workers on other machines)."""
    from tcf_gui.lab.batch.chunk import ChunkTask  # numpy: only for a run of the batch engine

    files = pack([run.p1, run.p2]) if ship else ()
    limit = decision_limit() if ship else None
    key = sealing.key() if ship and files else None
    start = 0
    for index, size in enumerate(chunk_sizes(run.games, _largest_chunk(run))):
        owners.append(owner)
        task = ChunkTask(run.p1, run.p2, run.seed, index, size, run.open_hands, files, limit,
                         key, run.luck)
        yield task, checkpoint_ends(start, size, run.games)
        start += size


def checkpoint_ends(start: int, games: int, total: int) -> list[int]:
    """Positions in a chunk of ``games`` games from game ``start`` of a run of ``total``
    (counted from the chunk's first game) after which the run takes a checkpoint: every
    CHECKPOINT_GAMES-th game of the run, and the run's last game."""
    first = CHECKPOINT_GAMES - start % CHECKPOINT_GAMES
    ends = list(range(first, games + 1, CHECKPOINT_GAMES))
    last = start + games == total and (not ends or ends[-1] != games)
    return ends + [games] if last else ends


def _single_chunks(jobs: Iterator[Job], tick: Callable[[int], None]) -> Iterator[ChunkSummary]:
    """The chunks of one-game runs, each run one Match in this process; ``tick(k)`` after
    every CHECKPOINT_GAMES-th game of a chunk."""
    match: Match | None = None
    for task, ends_list in jobs:
        if match is None or task.index == 0:
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
            if k % CHECKPOINT_GAMES == 0:
                tick(k)
        yield summary


def _summarise(job: Job) -> ChunkSummary:
    from tcf_gui.lab.batch.chunk import play_chunk  # numpy: only for a run of the batch engine

    task, ends = job
    results = play_chunk(task)
    return ChunkSummary(results.counters(), results.turn_histogram(), results.tallies(ends),
                        results.luck_sums())


def _batch_chunks(jobs: Iterator[Job], workers: int, scheduler: str | None) -> Iterator[ChunkSummary]:
    """The summaries of ``jobs`` in order: on the Dask cluster at ``scheduler``, on
    ``workers`` local processes, or here when one is enough."""
    if scheduler is not None:
        from tcf_gui.lab.cluster import cluster_imap, connect

        with connect(scheduler) as client:
            yield from cluster_imap(client, _summarise, jobs)
        return
    if workers <= 1:
        yield from map(_summarise, jobs)
        return
    from tcf_gui.lab.workers import WorkerPool

    with WorkerPool(workers) as pool:
        yield from pool.imap(_summarise, jobs)
