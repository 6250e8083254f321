"""Luck and skill told apart (tcf_gui.engine.coach.luck): the start values, the error
labels' thresholds, what the accounting costs and how luck averages.

Run: python benchmarks/bench_game_luck.py [--games 60] [--start DEALS]

--start DEALS: Player 1's expected score before the deal for each opponent model the coach
knows, the mean of V before turn 1 over DEALS random deals (game seeds 0..DEALS-1) with its
95% interval: the figures of luck.START.

Otherwise: players of known strength (Easy, Normal, Expert) play --games games each against
Normal (match seed 7); for every decision of Player 1 the points it gave up (the review's
measure, from what the player could know), as percentiles, which the error labels'
thresholds (tcf_gui.engine.skill.LABELS) are read from; then per game the mean luck and
skill with their 95% intervals, and the time to account for a game (min / median).
"""
from __future__ import annotations

import argparse
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from tcf_gui.engine.coach.luck import Revealed, account, moments  # noqa: E402
from tcf_gui.engine.coach.policies import CONTINUATION  # noqa: E402
from tcf_gui.engine.coach.scoring import score_game  # noqa: E402
from tcf_gui.engine.game import Game  # noqa: E402
from tcf_gui.engine.match import Match  # noqa: E402

#: (Player 1's model, Player 2's): the person against each level the coach models, and a
#: person in seat 2 against the Normal model (a friend's game joined).
PAIRS = ((CONTINUATION, "heuristic"), (CONTINUATION, "random"),
         (CONTINUATION, "expert:search=off"), ("heuristic", CONTINUATION))
PLAYERS = {"random": "Easy", "heuristic": "Normal", "expert:search=off": "Expert (rule)"}


def interval(values: list[float]) -> tuple[float, float]:
    """The mean and the half-width of its 95% interval."""
    return statistics.mean(values), 1.96 * statistics.stdev(values) / len(values) ** 0.5


def start_values(deals: int) -> None:
    for person, model in PAIRS:
        values = []
        for seed in range(deals):
            game = Game(seed)
            game.deal()
            if game.over:
                values.append({1: 1.0, 2: 0.0}.get(game.outcome.winner, 0.5))  # type: ignore[union-attr]
                continue
            hand1, hand2, _, _ = moments(game.events)[0]
            search = Revealed(hand1, hand2, (), 1, person, model)
            p1, p2 = search.models()
            values.append(float(p1 @ search.pair_values() @ p2))
        mean, half = interval(values)
        print(f"({person!r}, {model!r}): {mean:.5f} ± {half:.5f}   ({deals} deals)", flush=True)


def labels(games: int) -> None:
    print(f"Points given up per decision against Normal, {games} games each (seed 7):")
    cuts = (50, 75, 90, 95, 99)
    print(f"{'player':<20} {'decisions':>9} " + " ".join(f"{'p' + str(c):>6}" for c in cuts)
          + "  >=2 pts  >=5 pts  >=10 pts")
    for spec, name in PLAYERS.items():
        match = Match(spec, "heuristic", 7)
        lost = sorted(100 * d.given_up for _ in range(games)
                      for d in score_game(match.play_next(), "heuristic").decisions)
        at = [lost[min(len(lost) - 1, len(lost) * c // 100)] for c in cuts]
        print(f"{name:<20} {len(lost):9d} " + " ".join(f"{x:6.2f}" for x in at)
              + f"  {sum(x >= 2 for x in lost) / len(lost):7.1%}"
              f"  {sum(x >= 5 for x in lost) / len(lost):7.1%}"
              f"  {sum(x >= 10 for x in lost) / len(lost):8.1%}")


def luck(games: int) -> None:
    print(f"\nLuck and skill per game against Normal, {games} games each (seed 7), "
          "Player 1's side, points:")
    for spec, name in PLAYERS.items():
        match = Match(spec, "heuristic", 7)
        lucks, skills, results, times, gap = [], [], [], [], 0.0
        for _ in range(games):
            game = match.play_next()
            began = time.perf_counter()
            accounting = account(game.events, "heuristic")
            times.append(time.perf_counter() - began)
            lucks.append(100 * accounting.luck)
            skills.append(100 * accounting.skill)
            results.append(100 * accounting.end)
            gap = max(gap, abs(accounting.start + accounting.luck + accounting.skill
                               - accounting.end))
        (lm, lh), (sm, sh), (rm, rh) = interval(lucks), interval(skills), interval(results)
        print(f"  {name:<14} luck {lm:+6.2f} ± {lh:5.2f}   skill {sm:+6.2f} ± {sh:5.2f}   "
              f"result {rm:6.2f} ± {rh:5.2f}   luck-adjusted {rm - lm:6.2f} ± "
              f"{interval([r - x for r, x in zip(results, lucks)])[1]:5.2f}   "
              f"largest |start+luck+skill-result| {gap:.1e}   a game: min "
              f"{1000 * min(times):.0f} ms, median {1000 * statistics.median(times):.0f} ms")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=60)
    parser.add_argument("--start", type=int, metavar="DEALS")
    args = parser.parse_args()
    if args.start:
        start_values(args.start)
        return
    labels(args.games)
    luck(args.games)


if __name__ == "__main__":
    main()
