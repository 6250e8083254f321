"""A duel on paired decks: both seatings play the very same decks, game for game.

A deck on which the two strategies make the same choices throughout gives the same game in
both seatings, won once by each: it cancels out, and only the decks where they choose
differently count. Each deck scores A's wins minus B's wins over its two games (-2..2);
the decks are independent, so the mean score, 2 * (pA - pB), has the standard error
sd / sqrt(decks) (central limit theorem on a bounded score), which gives z and a two-sided
p-value. Between strategies that mostly agree this is several times more precise than two
independent runs of the same size (``tcf-gui duel``): about 0.02 points at 10^6 decks
between the heuristic and the peers' rule, against 0.07. With ``luck_adjusted`` each deck's
score is also less twice A's luck over its two games (luck.py): the same mean, and between
our strategies 18 to 37 times less variance (benchmarks/bench_luck.py).
"""
from __future__ import annotations

import os
from dataclasses import dataclass
from typing import Callable, Iterator

import numpy as np

from tcf_gui.lab.statistics import PairedDuel
from tcf_gui.lab.batch.chunk import BATCH_CHUNK_GAMES, make_player
from tcf_gui.lab.batch.engine import GivenDecks, play_batch
from tcf_gui.lab.batch.judging import WINNER
from tcf_gui.lab.batch.luck import LuckMeter
from tcf_gui.lab.workers import WorkerPool


def shuffled_decks(count: int, rng: np.random.Generator) -> np.ndarray:
    """(count, 52) uniformly shuffled decks of card indexes, top card first."""
    return rng.permuted(np.tile(np.arange(52, dtype=np.uint8), (count, 1)), axis=1)


#: Below this many decks a duel plays in this process: a short duel starts no processes.
PARALLEL_DECKS = 10_000


@dataclass(frozen=True)
class Seating:
    """One seating of one chunk of a paired duel (strings and numbers: it pickles)."""

    a: str
    b: str
    seed: int
    index: int
    size: int
    b_first: bool
    """B is Player 1 (the second seating)."""
    luck: bool


Played = tuple[np.ndarray, np.ndarray | None]


def chunk_decks(task: Seating) -> np.ndarray:
    """The chunk's decks, the same for both seatings: shuffled from the seed and the index."""
    deck_seed = np.random.SeedSequence([task.seed, task.index]).spawn(3)[0]
    return shuffled_decks(task.size, np.random.default_rng(deck_seed))


def play_seating(task: Seating, rows: np.ndarray | None = None) -> Played:
    """The winner of each game of one seating of the chunk (0 a draw), and each game's luck
    when it is measured, on the chunk's decks (``rows``, or shuffled here). Each strategy
    keeps its own generator seed in both seatings."""
    _deck_seed, seed_a, seed_b = np.random.SeedSequence([task.seed, task.index]).spawn(3)
    rows = chunk_decks(task) if rows is None else rows
    players = [make_player(task.a, seed_a), make_player(task.b, seed_b)]
    first, second = players[::-1] if task.b_first else players
    results = play_batch(first, second, GivenDecks(rows, checked=False), task.size,
                         luck=LuckMeter(task.size) if task.luck else None)
    return WINNER[results.cases].astype(np.int8), results.luck


def _played(tasks: list[Seating], workers: int) -> Iterator[tuple[Played, Played]]:
    """play_seating of each chunk's two seatings, in order: here, or on ``workers``
    processes (left when the last chunk is played)."""
    if workers <= 1:  # both seatings on the decks shuffled once
        for first, second in zip(tasks[0::2], tasks[1::2]):
            rows = chunk_decks(first)
            yield play_seating(first, rows), play_seating(second, rows)
        return
    with WorkerPool(min(workers, len(tasks))) as pool:
        outcomes = pool.imap(play_seating, tasks)
        yield from zip(outcomes, outcomes)


def paired_duel(a: str, b: str, decks: int, seed: int = 0,
                progress: Callable[[int], None] | None = None,
                luck_adjusted: bool = False, workers: int | None = 1) -> PairedDuel:
    """Play ``decks`` decks with A as Player 1 and the same decks with B as Player 1, here
    or on ``workers`` processes (None: one per core) from PARALLEL_DECKS decks on: the same
    numbers either way; ``progress(games)`` is told the games played so far. With
    ``luck_adjusted`` each deck's score is less twice the luck of its two games (luck.py):
    the same decks and choices, an unbiased score of smaller variance."""
    wins_a = wins_b = score_sum = score_squares = 0
    adjusted_sum = adjusted_squares = luck_sum = 0.0
    starts = range(0, decks, BATCH_CHUNK_GAMES)
    tasks = [Seating(a, b, seed, index, min(BATCH_CHUNK_GAMES, decks - start), b_first,
                     luck_adjusted)
             for index, start in enumerate(starts) for b_first in (False, True)]
    cores = (workers or os.cpu_count() or 1) if decks >= PARALLEL_DECKS else 1
    for index, ((first, luck1), (second, luck2)) in enumerate(_played(tasks, cores)):
        a_won = (first == 1).astype(np.int64) + (second == 2)
        b_won = (first == 2).astype(np.int64) + (second == 1)
        score = a_won - b_won
        wins_a += int(a_won.sum())
        wins_b += int(b_won.sum())
        score_sum += int(score.sum())
        score_squares += int((score * score).sum())
        if luck1 is not None and luck2 is not None:
            luck = luck1 - luck2  # A's luck over the deck's two games, its side
            adjusted = score - 2 * luck
            luck_sum += float(luck.sum())
            adjusted_sum += float(adjusted.sum())
            adjusted_squares += float((adjusted * adjusted).sum())
        if progress is not None:
            progress(2 * (index * BATCH_CHUNK_GAMES + len(first)))
    plain = PairedDuel(a, b, decks, wins_a, wins_b, score_sum, score_squares)
    if not luck_adjusted:
        return plain
    return PairedDuel(a, b, decks, wins_a, wins_b, adjusted_sum, adjusted_squares,
                      unadjusted=plain, luck_a=luck_sum / plain.games)
