"""How strong the heuristic and the expert are: the duels of issue 8, as `tcf-gui duel` plays
them (both seatings, same seed, batch engine), and the win rate as Player 2 against random.

    python benchmarks/bench_strength.py              # 2,000,000 games per seating (minutes)
    python benchmarks/bench_strength.py --games 100000

The peers' rule (tests/strategies/peers.py: keep a suited pair, else discard the lowest card)
plays as `heuristic:counting=off`, which makes the same choice in every position (a test
checks it) and has a batch form; `--peers-file` plays the file itself (about 30 times slower).
The "rules" part prints what each rule of the heuristic is worth: the heuristic against
itself with that rule off, and that player's rate against random. Each duel is followed by
the same duel on paired decks (tcf_gui.engine.batch.paired: both seatings play the very same
decks), a more precise test of the same difference.
"""
from __future__ import annotations

import argparse
import os
import random
import statistics
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from tcf_gui.commands.duel import Duel, play_duel  # noqa: E402
from tcf_gui.engine import Game, make_strategy  # noqa: E402
from tcf_gui.engine.batch.paired import PairedDuel, paired_duel  # noqa: E402
from tcf_gui.engine.runner import run_games  # noqa: E402
from tcf_gui.engine.statistics import wilson_interval  # noqa: E402
from tcf_gui.engine.strategies import strategy_info  # noqa: E402

PEERS_RULE = "heuristic:counting=off"
PEERS_FILE = str(ROOT / "tests" / "strategies" / "peers.py")


def percent(successes: int, trials: int) -> str:
    low, high = wilson_interval(successes, trials)
    return f"{100 * successes / trials:.3f}% (95% CI {100 * low:.3f}-{100 * high:.3f})"


def duel_line(duel: Duel, seconds: float) -> str:
    diff = duel.difference()
    p = "p < 1e-12" if diff.p_value < 1e-12 else f"p = {diff.p_value:.2g}"
    return (f"{duel.a} vs {duel.b}, {duel.first.counters.games:,} per seating: "
            f"{duel.a} {percent(duel.wins_a, duel.games)}, {duel.b} "
            f"{percent(duel.wins_b, duel.games)}; difference {100 * diff.value:+.3f} points "
            f"(95% CI {100 * diff.low:+.3f} to {100 * diff.high:+.3f}), z = {diff.z:.2f}, {p}"
            f"  [{duel.games / seconds:,.0f} games/s]")


def paired_line(duel: PairedDuel, seconds: float) -> str:
    se = duel.standard_error
    p = "p < 1e-12" if duel.p_value < 1e-12 else f"p = {duel.p_value:.2g}"
    return (f"  same decks in both seatings, {duel.decks:,} decks: difference "
            f"{100 * duel.difference:+.3f} points (95% CI {100 * (duel.difference - 1.96 * se):+.3f} "
            f"to {100 * (duel.difference + 1.96 * se):+.3f}), z = {duel.z:.2f}, {p}"
            f"  [{duel.games / seconds:,.0f} games/s, one process]")


def expert_speed() -> None:
    """One decision of the one-game form (what the window asks), and games per second of the
    batch form on one worker (wall and CPU time: other work on the machine slows the wall)."""
    rng = random.Random(1)
    views = []
    for seed in range(300):
        game = Game(seed)
        game.deal()
        while not game.over:
            views.append(game.view(2))
            game.play_turn(rng.randrange(3), rng.randrange(3))
    expert = make_strategy("expert")
    per_view = []
    for _ in range(5):
        start = time.perf_counter()
        for view in views:
            expert(view)
        per_view.append((time.perf_counter() - start) / len(views))
    print(f"  one decision, {len(views):,} positions: min {1e6 * min(per_view):.1f} us, "
          f"median {1e6 * statistics.median(per_view):.1f} us")
    for p1, p2 in (("random", "expert"), ("expert", "expert")):
        walls, cpus = [], []
        for _ in range(3):
            wall, cpu = time.perf_counter(), time.process_time()
            run_games(p1, p2, 1_000_000, seed=1, workers=1)
            walls.append(1e6 / (time.perf_counter() - wall))
            cpus.append(1e6 / (time.process_time() - cpu))
        print(f"  batch engine, 1 worker, {p1} vs {p2}: games/s by wall min {min(walls):,.0f} "
              f"median {statistics.median(walls):,.0f}; by CPU time min {min(cpus):,.0f} "
              f"median {statistics.median(cpus):,.0f}", flush=True)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=2_000_000, help="games per seating")
    parser.add_argument("--seed", type=int, default=2026)
    parser.add_argument("--workers", type=int, default=None, help="default: all cores")
    parser.add_argument("--peers-file", action="store_true",
                        help="play tests/strategies/peers.py itself (slow)")
    parser.add_argument("--skip-rules", action="store_true", help="only the headline duels")
    parser.add_argument("--speed-only", action="store_true",
                        help="only the expert's speed: one decision, and batch games per second")
    args = parser.parse_args()
    peers = PEERS_FILE if args.peers_file else PEERS_RULE
    n, seed, workers = args.games, args.seed, args.workers
    load = ", ".join(f"{x:.2f}" for x in os.getloadavg()) if hasattr(os, "getloadavg") else "?"
    print(f"cores: {os.cpu_count()}   load average before: {load}   peers' rule: {peers}")

    def duel(a: str, b: str) -> None:
        start = time.perf_counter()
        result = play_duel(a, b, n, seed, workers=workers)
        print(duel_line(result, time.perf_counter() - start), flush=True)
        start = time.perf_counter()
        paired = paired_duel(a, b, n, seed)
        print(paired_line(paired, time.perf_counter() - start), flush=True)

    def against_random(spec: str, games: int) -> None:
        start = time.perf_counter()
        c = run_games("random", spec, games, seed, workers=workers).counters
        rate = games / (time.perf_counter() - start)
        print(f"{spec} as Player 2 vs random, {games:,} games: {percent(c.win2, games)}"
              f"  [{rate:,.0f} games/s]", flush=True)

    print("The expert's speed:")
    expert_speed()
    if args.speed_only:
        return
    print("Head to head (both seatings):")
    duel("heuristic", peers)
    duel("expert", peers)
    duel("expert", "heuristic")
    print("Against random:")
    against_random("heuristic", n)
    against_random("expert", n)
    against_random(peers, n)
    if args.skip_rules:
        return
    print("What each rule of the heuristic is worth (the heuristic against itself with the rule off):")
    for rule in strategy_info("heuristic").params:
        duel("heuristic", f"heuristic:{rule}=off")
        against_random(f"heuristic:{rule}=off", n)


if __name__ == "__main__":
    main()
