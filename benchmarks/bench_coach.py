"""The coach: time per position, review time per game, and accuracy against simulation.

Run: python benchmarks/bench_coach.py [--positions 40] [--accuracy 12 --worlds 3000]
Times are wall times of advise() (min and median over positions, each the best of 3 runs)
and of a whole game's review. Accuracy plays each discard on from sampled worlds with the
batch engine (tests/engine/coach_simulation.py) and prints the mean |coach - simulation|,
the error with the simulation's noise removed, and best-move agreement.
"""
from __future__ import annotations

import argparse
import math
import statistics
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path[:0] = [str(ROOT), str(ROOT / "tests" / "engine")]

import numpy as np  # noqa: E402
from coach_simulation import random_positions, simulate  # noqa: E402

from tcf_gui.engine.match import Match  # noqa: E402
from tcf_gui.engine.coach import CONTINUATION, advise, review_game  # noqa: E402


def timed(function) -> float:
    start = time.perf_counter()
    function()
    return time.perf_counter() - start


def coach_times(count: int, opponent: str) -> list[float]:
    positions = random_positions(count, 7, opponent, CONTINUATION)
    advise(positions[0], opponent)  # the race tables are built once per process
    return [min(timed(lambda: advise(p, opponent)) for _ in range(3)) for p in positions]


def review_times(count: int, opponent: str) -> list[tuple[int, float]]:
    found = []
    for seed in range(count):
        game = Match("random", opponent, seed).play_next()  # a person who plays at random
        found.append((game.turns, timed(lambda: review_game(game, opponent))))
    return found


def accuracy(count: int, worlds: int, opponent: str) -> None:
    differences, noise, agree, decided = [], [], 0, 0
    for k, position in enumerate(random_positions(count, 11, opponent, CONTINUATION)):
        advice = advise(position, opponent)
        won = np.array(simulate(position, opponent, CONTINUATION, worlds, seed=k)) == 1
        rates = won.mean(axis=0)
        for choice, rate in zip(advice.choices, rates):
            differences.append(choice.win - rate)
            noise.append(rate * (1 - rate) / (worlds - 1))
        wins = sorted((c.win for c in advice.choices), reverse=True)
        if wins[0] - wins[1] > 0.03:
            decided += 1
            agree += int(np.argmax(rates) == advice.best.slot)
    mean_abs = 100 * statistics.fmean(abs(d) for d in differences)
    squared = statistics.fmean(d * d for d in differences) - statistics.fmean(noise)
    print(f"accuracy vs {opponent}, {count} positions x 3 discards, {worlds} worlds each:")
    print(f"  mean |coach - simulation| {mean_abs:.2f} points "
          f"(simulation noise alone: {100 * statistics.fmean(math.sqrt(2 * n / math.pi) for n in noise):.2f})")
    print(f"  rms error, noise removed: {100 * math.sqrt(max(squared, 0)):.2f} points")
    print(f"  mean signed difference: {100 * statistics.fmean(differences):+.2f} points")
    print(f"  best discard (coach gap > 3 points): simulation agrees in {agree} of {decided}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--positions", type=int, default=40)
    parser.add_argument("--games", type=int, default=10, help="games to review")
    parser.add_argument("--opponent", default="heuristic")
    parser.add_argument("--accuracy", type=int, default=0, metavar="POSITIONS")
    parser.add_argument("--worlds", type=int, default=3000)
    args = parser.parse_args()
    times = coach_times(args.positions, args.opponent)
    print(f"coach vs {args.opponent}, {len(times)} positions: min {1000 * min(times):.1f} ms, "
          f"median {1000 * statistics.median(times):.1f} ms, max {1000 * max(times):.1f} ms")
    reviews = review_times(args.games, args.opponent)
    seconds = [t for _, t in reviews]
    turns = statistics.fmean(n for n, _ in reviews)
    print(f"review, {len(reviews)} games of {turns:.1f} turns on average: min {min(seconds):.2f} s, "
          f"median {statistics.median(seconds):.2f} s per game")
    if args.accuracy:
        accuracy(args.accuracy, args.worlds, args.opponent)


if __name__ == "__main__":
    main()
