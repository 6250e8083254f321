"""Speed of the strategy lab: games per second of the one-game engine, the batch engine (one
worker and all cores) and the hybrid path (a plain Python function as a player, in its
sandbox at the strongest isolation level here, and at the weaker ones), and the wall
time of whole commands (start-up included). Every figure is measured several times and given
as the best, the median and the CPU seconds of the median run (this process and its worker
processes), since other work on the machine slows single runs at random.

Run: python benchmarks/bench_engine.py [--repeat N] [--scale F] [--dask] [--sandbox]
``--dask`` also compares 2 Dask workers (a local cluster) with 2 local workers at 10^7 games
(needs the extra: pip install ".[cluster]").
"""
from __future__ import annotations

import argparse
import os
import resource
import statistics
import subprocess
import sys
import tempfile
import time
from dataclasses import dataclass
from pathlib import Path
from typing import Callable

os.environ.setdefault("OPENBLAS_NUM_THREADS", "1")  # as the tcf-gui command does
ROOT = Path(__file__).resolve().parents[1]
sys.path[:0] = [str(ROOT), str(ROOT / "tests" / "hostile")]

from hostile_helpers import descendants  # noqa: E402

from tcf_gui.lab.runner import run_games  # noqa: E402
from tcf_gui.engine.strategies.sandbox import LEVEL_ENV, isolation, stop_all  # noqa: E402
from tcf_gui.engine.strategies.sandbox.levels import available  # noqa: E402

PLAIN = '''
def choose(view):
    return 0


def lowest(view):
    hand = view.hand
    return hand.index(min(hand))
'''

PAIRS = [("random", "random"), ("random", "heuristic")]


@dataclass
class Timing:
    """Wall seconds of every repeat, and the CPU seconds of each (self and children)."""

    walls: list[float]
    cpus: list[float]

    @property
    def best(self) -> float:
        return min(self.walls)

    @property
    def median(self) -> float:
        return statistics.median(self.walls)

    @property
    def cpu(self) -> float:
        """CPU seconds of the run with the median wall time."""
        order = sorted(range(len(self.walls)), key=self.walls.__getitem__)
        return self.cpus[order[len(order) // 2]]


def _cpu_seconds() -> float:
    own, children = (resource.getrusage(who) for who in (resource.RUSAGE_SELF, resource.RUSAGE_CHILDREN))
    return own.ru_utime + own.ru_stime + children.ru_utime + children.ru_stime


def timed(action: Callable[[], object], repeat: int) -> Timing:
    timing = Timing([], [])
    for _ in range(repeat):
        cpu, start = _cpu_seconds(), time.perf_counter()
        action()
        timing.walls.append(time.perf_counter() - start)
        timing.cpus.append(_cpu_seconds() - cpu)
    return timing


def _descendants_cpu() -> float:
    """CPU seconds of every process this one started that still runs (Linux /proc): the
    sandboxes, bubblewrap's and the interpreters inside it alike."""
    ticks = os.sysconf("SC_CLK_TCK")
    total = 0.0
    for child in descendants(os.getpid()):
        try:
            fields = Path(f"/proc/{child}/stat").read_text().rsplit(")", 1)[1].split()
        except OSError:
            continue
        total += (int(fields[11]) + int(fields[12])) / ticks  # utime, stime
    return total


def sandboxed(p1: str, p2: str, games: int, repeat: int) -> Timing:
    """Runs with a strategy file, each with its sandbox started for it and ended after it;
    the CPU seconds are this process's and the sandbox's (read before it ends)."""
    timing = Timing([], [])
    for _ in range(repeat):
        own, start = resource.getrusage(resource.RUSAGE_SELF), time.perf_counter()
        run_games(p1, p2, games, workers=1)
        timing.walls.append(time.perf_counter() - start)
        after = resource.getrusage(resource.RUSAGE_SELF)
        timing.cpus.append(after.ru_utime + after.ru_stime - own.ru_utime - own.ru_stime
                           + _descendants_cpu())
        stop_all()
    return timing


def command(*args: str, python: tuple[str, ...] = ("-m", "tcf_gui")) -> Callable[[], object]:
    """Running ``tcf-gui ARGS`` as a user would (a new interpreter, output discarded, no
    input); ``python=("-c", "pass")`` times the interpreter's own start instead."""
    return lambda: subprocess.run([sys.executable, *python, *args], check=True,
                                  stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL, cwd=ROOT)


def positive_number(text: str) -> float:
    """An argparse type: a finite number above 0."""
    try:
        value = float(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"{text!r} is not a number") from None
    if not 0 < value < float("inf"):
        raise argparse.ArgumentTypeError(f"give a number above 0, not {text}")
    return value


class Report:
    """Prints each figure as soon as it is measured (a full run takes minutes)."""

    WIDTH = 66

    def rate(self, label: str, games: int, timing: Timing) -> None:
        self._line(label, f"{games / timing.best:>11,.0f} best {games / timing.median:>11,.0f} "
                          f"median games/s  {timing.cpu:7.2f} s CPU")

    def sandboxed(self, label: str, games: int, timing: Timing) -> None:
        """Games a second of wall time, and per CPU second of the run's process and its
        sandbox together (each run starts its sandbox afresh and ends it)."""
        self._line(label, f"{games / timing.best:>11,.0f} best {games / timing.median:>11,.0f} "
                          f"median games/s  {games / timing.cpu:>8,.0f} per CPU s")

    def seconds(self, label: str, timing: Timing) -> None:
        self._line(label, f"{timing.best:>11.3f} best {timing.median:>11.3f} median s wall   "
                          f"{timing.cpu:7.2f} s CPU")

    def _line(self, label: str, figures: str) -> None:
        print(f"{label:<{self.WIDTH}} {figures}", flush=True)


def dask_rows(report: Report, games: int, repeat: int) -> None:
    """2 Dask workers (an already running local cluster, as a real one would be) against 2
    local worker processes, measured in turns so that both meet the same load."""
    from distributed import LocalCluster

    local, dask = Timing([], []), Timing([], [])
    with LocalCluster(n_workers=2, threads_per_worker=1, dashboard_address=":0") as cluster:
        for _ in range(repeat):
            for timing, options in ((local, {"workers": 2}),
                                    (dask, {"scheduler": cluster.scheduler_address})):
                one = timed(lambda: run_games("random", "heuristic", games, seed=1, **options), 1)
                timing.walls += one.walls
                timing.cpus += one.cpus
    label = f"batch engine, random vs heuristic, {games:,} games, 2"
    report.rate(f"{label} local workers", games, local)
    report.rate(f"{label} Dask workers (CPU: client only)", games, dask)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--scale", type=positive_number, default=1.0,
                        help="multiply every game count (a number above 0)")
    parser.add_argument("--repeat", type=int, default=5, help="runs of each measurement (default 5)")
    parser.add_argument("--dask", action="store_true",
                        help="also 2 Dask workers against 2 local workers at 10^7 games")
    parser.add_argument("--sandbox", action="store_true",
                        help="only the rows of a strategy file in its sandbox")
    args = parser.parse_args()
    repeat = max(1, args.repeat)

    def count(games: int) -> int:
        return max(1, int(games * args.scale))

    cores = os.cpu_count() or 1
    print(f"cores: {cores}   load average before: {', '.join(f'{x:.2f}' for x in os.getloadavg())}"
          f"   repeats: {repeat} (other work on the machine slows every figure)")
    report = Report()
    for p1, p2 in [] if args.sandbox else PAIRS:
        label = f"{p1} vs {p2}"
        games = count(5_000)
        report.rate(f"one-game engine, one process, {label}", games,
                    timed(lambda: run_games(p1, p2, games, engine="single"), repeat))
        games = count(1_000_000)
        report.rate(f"batch engine, 1 worker, {label}", games,
                    timed(lambda: run_games(p1, p2, games, workers=1), repeat))
        games = count(2_000_000)
        report.rate(f"batch engine, {cores} workers, {label}", games,
                    timed(lambda: run_games(p1, p2, games, workers=cores), repeat))
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder, "plain.py")
        path.write_text(PLAIN)
        print(isolation().line())
        for function in ("choose", "lowest"):
            for opponent in ("random", "heuristic"):
                games = count(100_000)
                report.sandboxed(f"hybrid, 1 worker, plain {function}(view) vs {opponent}", games,
                                 sandboxed(f"{path}:{function}", opponent, games, repeat))
        for level in available()[1:]:  # the weaker levels, for comparison
            os.environ[LEVEL_ENV] = level
            games = count(100_000)
            report.sandboxed(f"  the same at the {level} level, plain choose(view) vs random",
                             games, sandboxed(f"{path}:choose", "random", games, repeat))
        os.environ.pop(LEVEL_ENV, None)
    if args.sandbox:
        return
    # The commands start as after an install, which writes the package's bytecode; with
    # PYTHONDONTWRITEBYTECODE set (as on some CI machines) a checkout never gets it, and
    # every command would compile the package again first (about 40 ms).
    subprocess.run([sys.executable, "-m", "compileall", "-q", str(ROOT / "tcf_gui")], check=True)
    report.seconds("python -c pass (the interpreter alone, for comparison)",
                   timed(command(python=("-c", "pass")), 3 * repeat))
    report.seconds("tcf-gui --help", timed(command("--help"), 3 * repeat))
    report.seconds("tcf-gui play --text (the engine loaded, then quits: no input)",
                   timed(command("play", "--text", "--seed", "1"), 3 * repeat))
    games = count(10_000_000)
    report.seconds(f"tcf-gui stats -n {games} --p1 random --p2 heuristic",
                   timed(command("stats", "-n", str(games), "--p1", "random", "--p2", "heuristic",
                                 "--json"), repeat))
    games = count(100_000)
    report.seconds(f"tcf-gui tournament -n {games}",
                   timed(command("tournament", "-n", str(games), "--json"), repeat))
    if args.dask:
        dask_rows(report, count(10_000_000), repeat)


if __name__ == "__main__":
    main()
