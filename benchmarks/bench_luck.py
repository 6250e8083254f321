"""The lab adjusted for luck (duel --same-decks --luck-adjusted): how much tighter, whether it
agrees, and how fast it decides Expert against Normal.

1. Precision and agreement: for each pair of PAIRS, one paired duel of --decks decks with
   luck measured gives both estimates from the very same games: the plain difference with
   its 95% interval and the one adjusted for luck with its own. It prints both, the ratio of
   the interval widths (at most 1/2 means the same confidence from a quarter of the decks)
   and the distance between the two differences in standard errors of the plain one.
2. Speed: the wall and CPU time of the whole command (start-up included)
   ``tcf-gui duel expert heuristic --same-decks --luck-adjusted -n SPEED_DECKS``, repeated,
   with the best and the median, and the half width of its interval (the target: at most
   0.05 points); with --plain also the plain command at 1,000,000 decks, which reaches
   about the same half width.

The machine's load average is printed before and after: other work slows single runs.

    python benchmarks/bench_luck.py [--decks N] [--speed-decks M] [--repeat R] [--plain]
"""
from __future__ import annotations

import argparse
import json
import os
import resource
import statistics
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from tcf_gui.lab.batch.paired import paired_duel  # noqa: E402
from tcf_gui.lab.statistics import Z95  # noqa: E402

PAIRS = [("expert", "heuristic"), ("heuristic", "heuristic:counting=off"),
         ("heuristic", "heuristic:high=off")]


def load() -> str:
    return "load average " + " ".join(f"{x:.2f}" for x in os.getloadavg())


def precision(decks: int, seed: int) -> None:
    print(f"Paired decks, {decks} decks, seed {seed}: difference A - B in points (95% CI)")
    for a, b in PAIRS:
        duel = paired_duel(a, b, decks, seed, luck_adjusted=True)
        plain = duel.unadjusted
        assert plain is not None
        half, plain_half = Z95 * duel.standard_error, Z95 * plain.standard_error
        apart = (duel.difference - plain.difference) / plain.standard_error
        print(f"  {a} vs {b}:\n"
              f"    plain     {100 * plain.difference:+.3f} +- {100 * plain_half:.3f}\n"
              f"    adjusted  {100 * duel.difference:+.3f} +- {100 * half:.3f}\n"
              f"    width ratio {half / plain_half:.3f} "
              f"(variance / {(plain_half / half) ** 2:.1f}), adjusted - plain = {apart:+.2f} plain standard errors")


def command(decks: int, seed: int, luck: bool) -> tuple[float, float, float]:
    """Wall and CPU seconds of one duel command and the half width of its interval, in
    points."""
    argv = [sys.executable, "-m", "tcf_gui", "duel", "expert", "heuristic", "--same-decks",
            "-n", str(decks), "--seed", str(seed), "--json"] + (["--luck-adjusted"] if luck else [])
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    start = time.perf_counter()
    out = subprocess.run(argv, check=True, capture_output=True, text=True, cwd=ROOT).stdout
    wall = time.perf_counter() - start
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    cpu = after.ru_utime + after.ru_stime - before.ru_utime - before.ru_stime
    low, high = json.loads(out)["difference_ci"]
    return wall, cpu, 100 * (high - low) / 2


def speed(decks: int, repeat: int, seed: int, luck: bool) -> None:
    runs = [command(decks, seed, luck) for _ in range(repeat)]
    walls = [wall for wall, _cpu, _half in runs]
    cpus = [cpu for _wall, cpu, _half in runs]
    label = "--luck-adjusted" if luck else "plain"
    print(f"  duel expert heuristic --same-decks {label} -n {decks}: wall best "
          f"{min(walls):.2f} s, median {statistics.median(walls):.2f} s; CPU best "
          f"{min(cpus):.2f} s, median {statistics.median(cpus):.2f} s ({repeat} runs); "
          f"95% CI +- {runs[0][2]:.3f} points")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--decks", type=int, default=1_000_000)
    parser.add_argument("--speed-decks", type=int, default=50_000)
    parser.add_argument("--repeat", type=int, default=5)
    parser.add_argument("--seed", type=int, default=2026)
    parser.add_argument("--plain", action="store_true",
                        help="time the plain duel at 1,000,000 decks too")
    args = parser.parse_args()
    print(load())
    if args.decks:
        precision(args.decks, args.seed)
    print(f"Wall time of the whole command, {os.cpu_count()} cores:")
    speed(args.speed_decks, args.repeat, args.seed, luck=True)
    if args.plain:
        speed(1_000_000, args.repeat, args.seed, luck=False)
    print(load())


if __name__ == "__main__":
    main()
