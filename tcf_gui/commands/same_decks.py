"""``tcf-gui duel A B --same-decks``: both seatings on the very same decks (paired decks).

A deck on which A and B choose alike throughout gives the same game in both seatings, won
once by each, and cancels out; the test is a z-test on the mean per-deck score (A's wins
minus B's over the deck's two games), see tcf_gui.engine.batch.paired.
"""
from __future__ import annotations

import argparse
import json
import sys
from typing import TYPE_CHECKING

from ..engine.statistics import Z95, wilson_interval
from ..progress import Progress
from . import lab
from .common import p_value_text, rate_with_interval

if TYPE_CHECKING:
    from ..engine.batch.paired import PairedDuel

TEST_NAME = ("two-sided z-test on the mean score per deck (A's wins minus B's over the deck's "
             "two games), decks independent")


def run(args: argparse.Namespace) -> int:
    unsupported = [flag for flag, used in (("--engine single", args.engine == "single"),
                                           ("--scheduler", args.scheduler is not None),
                                           ("--watch", bool(args.watch)),
                                           ("--plot", args.plot is not None)) if used]
    if unsupported:
        print(f"tcf-gui duel: error: --same-decks plays on the batch engine in this process; "
              f"it does not take {', '.join(unsupported)}", file=sys.stderr)
        return 2

    def work(progress: Progress) -> PairedDuel:
        from ..engine.batch.paired import paired_duel  # late: numpy only when a duel is played

        return paired_duel(args.a, args.b, args.games, args.seed, progress=progress)

    duel = lab.run_guarded("duel", 2 * args.games, work, [args.a, args.b])
    if duel is None:
        return 2
    print(json.dumps(as_json(duel, args.seed)) if args.json
          else "\n".join(report_lines(duel, args.seed)))
    return 0


def _interval(duel: PairedDuel) -> tuple[float, float]:
    se = duel.standard_error
    return max(-1.0, duel.difference - Z95 * se), min(1.0, duel.difference + Z95 * se)


def report_lines(duel: PairedDuel, seed: int) -> list[str]:
    low, high = _interval(duel)
    width = max(len(duel.a), len(duel.b)) + 2
    lines = [
        f"Duel on the same decks: A = {duel.a}, B = {duel.b}; {duel.decks} decks, each played "
        f"with A and with B as Player 1, seed {seed}",
        f"  A {duel.a:<{width}} wins {rate_with_interval(duel.wins_a, duel.games)}",
        f"  B {duel.b:<{width}} wins {rate_with_interval(duel.wins_b, duel.games)}",
        f"Difference A - B: {100 * duel.difference:+.3f} points (95% CI {100 * low:+.3f} to "
        f"{100 * high:+.3f}), z = {duel.z:.2f}, {p_value_text(duel.p_value)}",
    ]
    if duel.p_value < 0.05:
        better = duel.a if duel.difference > 0 else duel.b
        lines.append(f"Significant at the 5% level: {better} wins more often.")
    elif duel.score_squares == 0:
        lines.append("The two chose alike on every deck: no difference to test.")
    else:
        lines.append("Not significant at the 5% level: no difference shown at this number of games.")
    lines.append(f"  (test: {TEST_NAME})")
    return lines


def as_json(duel: PairedDuel, seed: int) -> dict[str, object]:
    low, high = _interval(duel)
    return {
        "a": duel.a, "b": duel.b, "seed": seed, "same_decks": True, "decks": duel.decks,
        "games": duel.games, "wins_a": duel.wins_a, "wins_b": duel.wins_b,
        "rate_a": duel.wins_a / duel.games, "ci_a": wilson_interval(duel.wins_a, duel.games),
        "rate_b": duel.wins_b / duel.games, "ci_b": wilson_interval(duel.wins_b, duel.games),
        "difference": duel.difference, "difference_ci": [low, high], "z": duel.z,
        "p_value": duel.p_value, "significant": duel.p_value < 0.05, "test": TEST_NAME,
    }
