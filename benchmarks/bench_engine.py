"""Games per second of the one-game engine, the batch engine (one worker and all cores) and
the hybrid path (a plain Python function as a player). Run: python benchmarks/bench_engine.py"""
from __future__ import annotations

import argparse
import os
import subprocess
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from tcf_gui.engine.runner import run_games  # noqa: E402

PLAIN = '''
def choose(view):
    return 0


def lowest(view):
    hand = view.hand
    return hand.index(min(hand))
'''

PAIRS = [("random", "random"), ("random", "heuristic")]


def rate(p1: str, p2: str, games: int, **options: object) -> float:
    """Games per second of ``run_games`` between the specs ``p1`` and ``p2``."""
    start = time.perf_counter()
    run_games(p1, p2, games, seed=1, **options)
    return games / (time.perf_counter() - start)


def command_seconds(games: int) -> float:
    """Wall time of the whole command, process start included."""
    start = time.perf_counter()
    subprocess.run([sys.executable, "-m", "tcf_gui", "stats", "-n", str(games), "--p1", "random",
                    "--p2", "heuristic", "--json"], check=True, stdout=subprocess.DEVNULL,
                   cwd=Path(__file__).resolve().parents[1])
    return time.perf_counter() - start


def positive_scale(text: str) -> float:
    """An argparse type: a finite factor above 0 (0 or less would ask for no games)."""
    try:
        value = float(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"{text!r} is not a number") from None
    if not 0 < value < float("inf"):
        raise argparse.ArgumentTypeError(f"the scale must be above 0, not {text}")
    return value


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--scale", type=positive_scale, default=1.0,
                        help="multiply every game count (a number above 0)")
    scale = parser.parse_args().scale

    def count(games: int) -> int:
        return max(1, int(games * scale))

    cores = os.cpu_count() or 1
    load = ", ".join(f"{x:.2f}" for x in os.getloadavg()) if hasattr(os, "getloadavg") else "?"
    print(f"cores: {cores}   load average before: {load} (other work slows every figure)")
    rows = []
    for p1, p2 in PAIRS:
        label = f"{p1} vs {p2}"
        rows.append((f"one-game engine, one process, {label}",
                     rate(p1, p2, count(5_000), engine="single")))
        rows.append((f"batch engine, 1 worker, {label}",
                     rate(p1, p2, count(500_000), workers=1)))
        rows.append((f"batch engine, {cores} workers, {label}",
                     rate(p1, p2, count(1_000_000), workers=cores)))
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder, "plain.py")
        path.write_text(PLAIN)
        for function in ("choose", "lowest"):
            for opponent in ("random", "heuristic"):
                label = f"hybrid, 1 worker, plain {function}(view) vs {opponent}"
                rows.append((label, rate(f"{path}:{function}", opponent, count(100_000),
                                         workers=1)))
    width = max(len(label) for label, _ in rows)
    for label, games_per_second in rows:
        print(f"{label:<{width}}  {games_per_second:>12,.0f} games/s")
    games = count(1_000_000)
    print(f"tcf-gui stats -n {games} --p1 random --p2 heuristic: {command_seconds(games):.2f} s wall")


if __name__ == "__main__":
    main()
