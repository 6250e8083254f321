"""The skill score: what players of known strength score, and what scoring a game costs.

Run: python benchmarks/bench_skill.py [--games 60] [--repeat 3]

Part 1 (the calibration of tcf_gui.engine.skill): players of known strength play --games
games each against Normal (heuristic) and are scored as the window scores a person: the
mean accuracy, the lowest tenth's, the win chance given up per game, and how the points
given up per decision fall.

Part 2 (the cost): wall time to score one finished game (tcf_gui.engine.coach.scoring
.score_game, what the window runs off the loop at each game's end), for games of a person
who plays at random (long games, many decisions) against each opponent the coach models;
each game timed --repeat times and its best kept, then the min / median / max over games.
"""
from __future__ import annotations

import argparse
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from tcf_gui.engine.match import Match  # noqa: E402
from tcf_gui.engine.coach.scoring import score_game  # noqa: E402

PLAYERS = {
    "heuristic": "the heuristic (Normal) itself",
    "heuristic:counting=off": "the lab's public rule: keep a suited pair, else the lowest",
    "mix:p=0.2,random,heuristic": "the heuristic, but one move in five at random",
    "heuristic:pair=off": "breaks suited pairs",
    "random": "discards at random",
}


def calibration(games: int) -> None:
    print(f"Accuracy against Normal, {games} games each (seed 7):")
    print(f"{'player':<28} {'accuracy':>8} {'lowest 10%':>10} {'given up/game':>13}  "
          f"{'decisions: best':>15} {'<3 pts':>7} {'>=10 pts':>8}")
    for spec, what in PLAYERS.items():
        match = Match(spec, "heuristic", 7)
        scores = [score_game(match.play_next(), "heuristic") for _ in range(games)]
        graded = sorted(s.accuracy for s in scores if s.accuracy is not None)
        lost = [100 * d.given_up for s in scores for d in s.decisions]
        print(f"{spec:<28} {statistics.mean(graded):7.1f}% {graded[len(graded) // 10]:9.1f}% "
              f"{statistics.mean(100 * s.given_up for s in scores):9.2f} pts  "
              f"{sum(x < 0.05 for x in lost) / len(lost):15.0%} "
              f"{sum(0.05 <= x < 3 for x in lost) / len(lost):7.0%} "
              f"{sum(x >= 10 for x in lost) / len(lost):8.0%}   ({what})")


def cost(games: int, repeat: int) -> None:
    print(f"\nTime to score a game of a player at random, {games} games of one turn or more, "
          f"best of {repeat} each:")
    for opponent in ("heuristic", "expert", "random"):
        match = Match("random", opponent, 11)
        score_game(match.play_next(), opponent)  # tables built once per process
        times, turns = [], []
        while len(times) < games:
            game = match.play_next()
            if not game.turns:
                continue  # the deal ended it: nothing to score
            best = float("inf")
            for _ in range(repeat):
                start = time.perf_counter()
                score_game(game, opponent)
                best = min(best, time.perf_counter() - start)
            times.append(best)
            turns.append(game.turns)
        per_turn = [t / n for t, n in zip(times, turns)]
        print(f"  against {opponent:<10} a game: min {1000 * min(times):6.1f} ms   median "
              f"{1000 * statistics.median(times):6.1f} ms   max {1000 * max(times):7.1f} ms   "
              f"({statistics.mean(turns):.1f} turns a game); a decision: median "
              f"{1000 * statistics.median(per_turn):5.1f} ms")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=60)
    parser.add_argument("--repeat", type=int, default=3)
    parser.add_argument("--cost-only", action="store_true")
    args = parser.parse_args()
    if not args.cost_only:
        calibration(args.games)
    cost(min(args.games, 40), args.repeat)


if __name__ == "__main__":
    main()
