"""``tcf-gui duel A B --same-decks``: both seatings on the very same decks (paired decks).

A deck on which A and B choose alike throughout gives the same game in both seatings, won
once by each, and cancels out; the test is a z-test on the mean per-deck score (A's wins
minus B's over the deck's two games), see tcf_gui.lab.batch.paired; with --luck-adjusted,
less twice A's luck in them.
"""
from __future__ import annotations

import argparse
import json
from typing import TYPE_CHECKING

from tcf_gui.lab.statistics import Z95, Difference, wilson_interval
from tcf_gui.i18n import N_, _, ngettext
from tcf_gui.console.progress import Progress
from tcf_gui.commands import lab
from tcf_gui.commands.common import rate_with_interval, say_error
from tcf_gui.commands.differences import difference_fields, difference_lines, unadjusted_line

if TYPE_CHECKING:
    from tcf_gui.lab.batch.paired import PairedDuel

#: The test's name: in --json as it is, in the text translated.
TEST_NAME = N_("two-sided z-test on the mean score per deck (A's wins minus B's over the deck's "
               "two games), decks independent")
#: The test on the scores adjusted for luck (--luck-adjusted).
LUCK_TEST_NAME = N_("two-sided z-test on the mean luck-adjusted score per deck (A's wins minus "
                    "B's over the deck's two games, less twice A's luck in them), decks "
                    "independent")
#: The test when every deck scored the same (not zero): no variance to use.
SIGN_TEST = N_("two-sided exact sign test on the decks (every deck scored the same, so the "
               "z-test has no variance and there is no interval)")


def run(args: argparse.Namespace) -> int:
    unsupported = [flag for flag, used in (("--engine single", args.engine == "single"),
                                           ("--scheduler", args.scheduler is not None),
                                           ("--watch", bool(args.watch)),
                                           ("--plot", args.plot is not None)) if used]
    if unsupported:
        say_error("duel", _("--same-decks plays on the batch engine on this machine; it does "
                            "not take {flags}").format(flags=", ".join(unsupported)))
        return 2

    def work(progress: Progress) -> PairedDuel:
        from tcf_gui.lab.batch.paired import paired_duel  # late: numpy only when a duel is played

        return paired_duel(args.a, args.b, args.games, args.seed, progress=progress,
                           luck_adjusted=args.luck_adjusted, workers=args.workers)

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
    width = max(len(duel.a), len(duel.b)) + 2
    wins = _("wins")
    lines = [
        ngettext("Duel on the same decks: A = {a}, B = {b}; {n} deck, played with A and with "
                 "B as Player 1, seed {seed}",
                 "Duel on the same decks: A = {a}, B = {b}; {n} decks, each played with A and "
                 "with B as Player 1, seed {seed}", duel.decks).format(
            a=duel.a, b=duel.b, n=duel.decks, seed=seed),
        f"  A {duel.a:<{width}} {wins} {rate_with_interval(duel.wins_a, duel.games)}",
        f"  B {duel.b:<{width}} {wins} {rate_with_interval(duel.wins_b, duel.games)}",
    ]
    diff = _difference(duel)
    lines += difference_lines(duel.a, duel.b, diff, _test_name(duel), SIGN_TEST, digits=3,
                              even=duel.score_squares == 0)
    if duel.unadjusted is not None:
        lines.append(unadjusted_line(duel.a, duel.luck_a, _difference(duel.unadjusted), 3))
    return lines


def _difference(duel: PairedDuel) -> Difference:
    low, high = _interval(duel)
    return Difference(duel.difference, low, high, duel.z, duel.p_value, exact=duel.exact)


def as_json(duel: PairedDuel, seed: int) -> dict[str, object]:
    low, high = _interval(duel)
    fields: dict[str, object] = {
        "a": duel.a, "b": duel.b, "seed": seed, "same_decks": True, "decks": duel.decks,
        "games": duel.games, "wins_a": duel.wins_a, "wins_b": duel.wins_b,
        "rate_a": duel.wins_a / duel.games, "ci_a": wilson_interval(duel.wins_a, duel.games),
        "rate_b": duel.wins_b / duel.games, "ci_b": wilson_interval(duel.wins_b, duel.games),
        "difference": duel.difference, "difference_ci": None if duel.exact else [low, high],
        "z": None if duel.exact else duel.z, "p_value": duel.p_value,
        "significant": duel.p_value < 0.05, "test": _test_name(duel),
    }
    if duel.unadjusted is None:
        return fields
    return fields | {"luck_adjusted": True, "luck_a": duel.luck_a,
                     "unadjusted": difference_fields(_difference(duel.unadjusted), TEST_NAME,
                                                     SIGN_TEST)}


def _test_name(duel: PairedDuel) -> str:
    if duel.exact:
        return SIGN_TEST
    return TEST_NAME if duel.unadjusted is None else LUCK_TEST_NAME
