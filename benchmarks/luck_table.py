"""Measure the value of positions behind the lab's luck (tcf_gui/lab/batch/luck.py).

Plays seeded games between pairs of the lab's strategies in both seatings on the batch
engine, notes the cell of every position after the cards came (turn, each player's outs,
the same suit or not) and the game's result from Player 1's side, and prints how many
positions and cells it saw. With --write it writes the mean result of each cell, mirrored
(a position seen from Player 2's side counts for the swapped cell with 1 - result) and
shrunk towards the same cell's mean over every turn, and that towards 1/2, to
tcf_gui/lab/batch/luck_values.py. Any table keeps the luck-adjusted results unbiased; a
better one only makes them tighter.

    python benchmarks/luck_table.py [--games N] [--seed S] [--write]
"""
from __future__ import annotations

import argparse
import textwrap
from pathlib import Path

import numpy as np

from tcf_gui.lab.batch.chunk import make_player
from tcf_gui.lab.batch.engine import ShuffledDecks, play_batch
from tcf_gui.lab.batch.judging import WINNER
from tcf_gui.lab.batch.luck import LIVE, OUTS, SIZE, LuckMeter, deal_cells, suit_counts

#: The pairs whose games measure the table: the strategies the lab duels most.
PAIRS = [("expert", "heuristic"), ("heuristic", "heuristic:counting=off"),
         ("heuristic", "random"), ("expert", "expert")]
#: Pseudo-counts of the shrinkage: a cell seen fewer times leans on the coarser mean.
SHRINK = 20.0
OUT = Path(__file__).resolve().parent.parent / "tcf_gui" / "lab" / "batch" / "luck_values.py"


class CellRecorder(LuckMeter):
    """Notes the cell of every position after the cards came, by game."""

    def __init__(self, games: int) -> None:
        super().__init__(games)
        self.rows: list[np.ndarray] = []
        self.cells: list[np.ndarray] = []

    def dealt(self, h1: np.ndarray, h2: np.ndarray) -> None:
        c1, c2 = suit_counts(h1), suit_counts(h2)
        self.rows.append(np.arange(len(h1)))
        self.cells.append(deal_cells(c1, c2, 13 - c1 - c2))

    def drew(self, turn: int, h1: np.ndarray, h2: np.ndarray, s1: np.ndarray, s2: np.ndarray,
             drawn: np.ndarray, rows: np.ndarray) -> None:
        grid, _deck = self.grid(turn, h1, h2, s1, s2, drawn)
        n = np.arange(len(rows))
        self.rows.append(rows)
        self.cells.append(grid[n, h1[n, s1] & 3, h2[n, s2] & 3])


def measure(games: int, seed: int) -> tuple[np.ndarray, np.ndarray]:
    """(sum of results, positions) by cell over ``games`` games of each seating of PAIRS."""
    sums, counts = np.zeros(SIZE), np.zeros(SIZE)
    streams = np.random.SeedSequence(seed).spawn(4 * len(PAIRS))
    for k, (a, b) in enumerate(PAIRS):
        for j, (p1, p2) in enumerate(((a, b), (b, a))):
            deck_seed, seed1, seed2 = streams[4 * k + 2 * j: 4 * k + 2 * j + 2][0].spawn(3)
            recorder = CellRecorder(games)
            cases = play_batch(make_player(p1, seed1), make_player(p2, seed2),
                               ShuffledDecks(games, np.random.default_rng(deck_seed)), games,
                               luck=recorder).cases
            result = np.array([0.5, 1.0, 0.0])[WINNER[cases]]
            rows, cells = np.concatenate(recorder.rows), np.concatenate(recorder.cells)
            sums += np.bincount(cells, weights=result[rows], minlength=SIZE)
            counts += np.bincount(cells, minlength=SIZE)
    return sums, counts


def values(sums: np.ndarray, counts: np.ndarray) -> np.ndarray:
    """The table: each live cell mirrored and shrunk (see the module), the finished ones
    exact."""
    shape = (LIVE // (OUTS * OUTS * 2), OUTS, OUTS, 2)
    s, c = sums[:LIVE].reshape(shape), counts[:LIVE].reshape(shape)
    s = s + c.transpose(0, 2, 1, 3) - s.transpose(0, 2, 1, 3)  # Player 2's side, swapped
    c = c + c.transpose(0, 2, 1, 3)
    pooled = (s.sum(axis=0) + SHRINK * 0.5) / (c.sum(axis=0) + SHRINK)
    live = (s + SHRINK * pooled) / (c + SHRINK)
    return np.concatenate([live.ravel(), [1.0, 0.0, 0.5]])


def write(table: np.ndarray, games: int, seed: int) -> None:
    numbers = textwrap.fill(", ".join(f"{v:.4f}" for v in table), width=92,
                            initial_indent="    ", subsequent_indent="    ")
    OUT.write_text(
        '"""The value of positions behind the lab\'s luck (tcf_gui/lab/batch/luck.py), by\n'
        "cell: written by benchmarks/luck_table.py --write from "
        f"{games} games in each seating of each\nof its pairs, seed {seed}. Do not edit.\"\"\"\n"
        f"VALUES = (\n{numbers},\n)\n", encoding="utf-8")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--games", type=int, default=500_000)
    parser.add_argument("--seed", type=int, default=2026)
    parser.add_argument("--write", action="store_true")
    args = parser.parse_args()
    sums, counts = measure(args.games, args.seed)
    print(f"{int(counts.sum())} positions in {int((counts[:LIVE] > 0).sum())} of {LIVE} "
          "live cells")
    if args.write:
        write(values(sums, counts), args.games, args.seed)
        print(f"wrote {OUT}")


if __name__ == "__main__":
    main()
