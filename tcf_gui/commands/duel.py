"""``tcf-gui duel A B``: two strategies, both seatings, and whether one is really better.

Each strategy plays N games as Player 1 and N as Player 2 (the two runs use the same seed),
so the seat advantage cancels out. The significance test: both overall win rates, pA and pB,
come from the same 2N games (a game won by A is not won by B), so the difference d = pA - pB
has variance (pA + pB - d^2) / 2N (multinomial), not the sum of two independent binomial
variances. Its 95% interval is d +- 1.96 SE and z = d / SE gives a two-sided p-value.
This treats the 2N games as independent. On the one-game engine (--engine single) the
two seatings play the very same decks, which makes their games negatively correlated, so
the test errs on the cautious side; on the batch engine they share only each game's deal
and first draws (the rest of each deck is drawn as the games go, so it differs once games
of the two runs end at different times), and the games are close to independent.
With --luck-adjusted (batch engine) each game's score is less its luck (lab/batch/luck.py)
and the test is on those scores, games independent (statistics.luck_adjusted_difference).
"""
from __future__ import annotations

import argparse
import json
from dataclasses import dataclass
from typing import Callable

from tcf_gui.lab.runner import Run, RunResult, run_many
from tcf_gui.lab.statistics import Difference, difference, luck_adjusted_difference, wilson_interval
from tcf_gui.words import formats
from tcf_gui.i18n import N_, _, ngettext
from tcf_gui.console.progress import Progress
from tcf_gui.commands import lab, same_decks
from tcf_gui.commands.common import rate_with_interval, strategy_spec
from tcf_gui.commands.differences import (
    difference_fields, difference_lines, signed_points, unadjusted_line,
)

#: The test's name: in --json as it is, in the text translated.
TEST_NAME = N_("two-sided z-test on the difference of two win rates measured on the same games "
               "(multinomial variance)")
#: The test on the scores adjusted for luck (--luck-adjusted).
LUCK_TEST_NAME = N_("two-sided z-test on the mean luck-adjusted score per game (each game's "
                    "result less its luck), games independent")
#: The test when every decided game went one way (or none was decided): no variance to use.
SIGN_TEST = N_("two-sided exact sign test on the decided games (every one went the same way, "
               "so the z-test has no variance and there is no interval)")


def add_arguments(parser: argparse.ArgumentParser) -> None:
    """The description and options of ``tcf-gui duel`` (its --help line is in tcf_gui.cli)."""
    parser.description = _(
        "Play N games with A as Player 1 against B, then N games with B as "
        "Player 1 against A (same seed), and print each strategy's win rate with its 95% "
        "interval, the difference and whether it is significant at the 5% level."
    )
    parser.epilog = lab.spec_grammar()
    parser.formatter_class = lab.LabHelpFormatter
    parser.add_argument("a", type=strategy_spec, metavar="A",
                        help=_("a strategy spec (see below)"))
    parser.add_argument("b", type=strategy_spec, metavar="B", help=_("another strategy spec"))
    lab.add_run_options(parser, _("games in each seating"), _("seed of both runs"))
    lab.add_watch_option(parser)
    parser.add_argument("--same-decks", action="store_true",
                        help=_("play both seatings on the very same decks and test the score "
                               "per deck: several times more precise between strategies that "
                               "mostly agree (batch engine, on this machine)"))
    lab.add_luck_option(parser)
    parser.set_defaults(func=run)


@dataclass(frozen=True)
class Duel:
    """Both seatings of A against B: ``first`` has A as Player 1, ``second`` has B."""

    a: str
    b: str
    first: RunResult
    second: RunResult

    @property
    def games(self) -> int:
        return self.first.counters.games + self.second.counters.games

    @property
    def wins_a(self) -> int:
        return self.first.counters.win1 + self.second.counters.win2

    @property
    def wins_b(self) -> int:
        return self.first.counters.win2 + self.second.counters.win1

    @property
    def draws(self) -> int:
        return self.first.counters.draws + self.second.counters.draws

    def difference(self) -> Difference:
        return difference(self.wins_a, self.wins_b, self.games)

    def adjusted(self) -> Difference | None:
        """The difference adjusted for luck, when the games measured it."""
        first, second = self.first.luck, self.second.luck
        if first is None or second is None:
            return None
        return luck_adjusted_difference(first, self.first.counters.games, second,
                                        self.second.counters.games)

    @property
    def luck_a(self) -> float:
        """A's mean luck per game, from its side (0 when luck was not measured)."""
        first, second = self.first.luck, self.second.luck
        return 0.0 if first is None or second is None else (first.luck - second.luck) / self.games

    def settling(self) -> list[tuple[int, int, int]]:
        """(games, A's wins, B's wins) at each checkpoint of the two seatings together."""
        return [(g1 + g2, w1 + v2, w2 + v1)
                for (g1, w1, w2, _), (g2, v1, v2, _) in zip(self.first.checkpoints,
                                                            self.second.checkpoints)]


def play_duel(a: str, b: str, games: int, seed: int, *, workers: int | None = None,
              engine: str = "batch", scheduler: str | None = None,
              progress: Callable[[int], None] | None = None, luck: bool = False) -> Duel:
    """Play both seatings of ``games`` games each, from the same ``seed``, through one pool
    (``luck``: measuring each game's luck)."""
    first, second = run_many(seatings(a, b, games, seed, luck), workers=workers, engine=engine,
                             scheduler=scheduler, progress=progress)
    return Duel(a, b, first, second)


def seatings(a: str, b: str, games: int, seed: int, luck: bool = False) -> list[Run]:
    """A as Player 1 against B, then B as Player 1 against A, from the same seed."""
    return [Run(a, b, games, seed, luck=luck), Run(b, a, games, seed, luck=luck)]


def report_lines(duel: Duel, seed: int) -> list[str]:
    """The duel in words: each seating, each overall rate, the difference and its test."""
    games = duel.first.counters.games
    lines = [ngettext("Duel: A = {a}, B = {b}; {n} game in each seating, seed {seed}",
                      "Duel: A = {a}, B = {b}; {n} games in each seating, seed {seed}",
                      games).format(a=duel.a, b=duel.b, n=games, seed=seed)]
    for seating, run in ((_("A as Player 1:  A wins {win1}  B wins {win2}  draws {draws}"),
                          duel.first),
                         (_("B as Player 1:  B wins {win1}  A wins {win2}  draws {draws}"),
                          duel.second)):
        c = run.counters
        lines.append("  " + seating.format(win1=formats.percent(c.win1 / c.games, 2),
                                           win2=formats.percent(c.win2 / c.games, 2),
                                           draws=formats.percent(c.draws / c.games, 2)))
    width = max(len(duel.a), len(duel.b)) + 2
    lines.append(ngettext("Both seatings, {n} game:", "Both seatings, {n} games:",
                          duel.games).format(n=duel.games))
    # TRANSLATORS: between a strategy's name and its win rate: "A heuristic   wins 80.50%".
    wins = _("wins")
    lines.append(f"  A {duel.a:<{width}} {wins} {rate_with_interval(duel.wins_a, duel.games)}")
    lines.append(f"  B {duel.b:<{width}} {wins} {rate_with_interval(duel.wins_b, duel.games)}")
    lines.append(f"    {_('draws'):<{width}} {' ' * len(wins)} "
                 f"{rate_with_interval(duel.draws, duel.games)}")
    adjusted = duel.adjusted()
    if adjusted is None:
        return lines + difference_lines(duel.a, duel.b, duel.difference(), TEST_NAME, SIGN_TEST)
    return lines + difference_lines(duel.a, duel.b, adjusted, LUCK_TEST_NAME, SIGN_TEST) + [
        unadjusted_line(duel.a, duel.luck_a, duel.difference())]


def as_json(duel: Duel, seed: int) -> dict[str, object]:
    diff = duel.difference()
    adjusted = duel.adjusted()
    fields: dict[str, object] = {
        "a": duel.a, "b": duel.b, "seed": seed, "games_per_seating": duel.first.counters.games,
        "seatings": [
            {"p1": duel.a, "p2": duel.b, **duel.first.counters.as_dict()},
            {"p1": duel.b, "p2": duel.a, **duel.second.counters.as_dict()},
        ],
        "games": duel.games, "wins_a": duel.wins_a, "wins_b": duel.wins_b, "draws": duel.draws,
        "rate_a": duel.wins_a / duel.games, "ci_a": wilson_interval(duel.wins_a, duel.games),
        "rate_b": duel.wins_b / duel.games, "ci_b": wilson_interval(duel.wins_b, duel.games),
        "difference": diff.value, "difference_ci": None if diff.exact else [diff.low, diff.high],
        "z": None if diff.exact else diff.z, "p_value": diff.p_value,
        "significant": diff.significant, "test": SIGN_TEST if diff.exact else TEST_NAME,
    }
    if adjusted is None:
        return fields
    return fields | difference_fields(adjusted, LUCK_TEST_NAME, SIGN_TEST) | {
        "luck_adjusted": True, "luck_a": duel.luck_a,
        "unadjusted": difference_fields(diff, TEST_NAME, SIGN_TEST)}


def plot_duel(path: str, duel: Duel) -> None:
    from tcf_gui.lab import plots  # matplotlib's wrapper, only when a plot is drawn

    points = duel.settling()
    diff = duel.difference()
    if diff.exact:
        title = (_("Duel {a} vs {b}, {games} games in both seatings: difference {value} points "
                   "(exact sign test, significant)") if diff.significant else
                 _("Duel {a} vs {b}, {games} games in both seatings: difference {value} points "
                   "(exact sign test, not significant)"))
    else:
        title = (_("Duel {a} vs {b}, {games} games in both seatings: difference {value} points "
                   "(95% CI {low} to {high}, significant)") if diff.significant else
                 _("Duel {a} vs {b}, {games} games in both seatings: difference {value} points "
                   "(95% CI {low} to {high}, not significant)"))
    plots.draw(
        path,
        title.format(
            a=duel.a, b=duel.b, games=formats.integer(duel.games), value=signed_points(diff.value),
            low=signed_points(diff.low), high=signed_points(diff.high)),
        bars=[plots.Bar(_("{name} wins").format(name=duel.a), duel.wins_a, duel.games),
              plots.Bar(_("{name} wins").format(name=duel.b), duel.wins_b, duel.games),
              plots.Bar(_("draws"), duel.draws, duel.games)],
        curves=[plots.Curve(duel.a, [(g, wa) for g, wa, _wb in points]),
                plots.Curve(duel.b, [(g, wb) for g, _wa, wb in points])],
        lengths=[plots.Lengths(_("{name} as Player 1").format(name=duel.a),
                               duel.first.turn_histogram),
                 plots.Lengths(_("{name} as Player 1").format(name=duel.b),
                               duel.second.turn_histogram)],
    )


def run(args: argparse.Namespace) -> int:
    lab.settle_seed(args)
    if args.same_decks:
        return same_decks.run(args)
    if lab.luck_unavailable(args):
        return 2
    if lab.plot_unavailable(args):
        return 2
    out = lab.trace_output(args)

    def work(progress: Progress) -> Duel:
        if args.watch:
            lab.watched_games(args.a, args.b, args.seed, args.watch, out=out)
            lab.watched_games(args.b, args.a, args.seed, args.watch, out=out)
        return play_duel(args.a, args.b, args.games, args.seed, workers=args.workers,
                         engine=args.engine, scheduler=args.scheduler, progress=progress,
                         luck=args.luck_adjusted)

    duel = lab.run_guarded("duel", 2 * args.games, work, [args.a, args.b])
    if duel is None:
        return 2
    print(json.dumps(as_json(duel, args.seed)) if args.json
          else "\n".join(report_lines(duel, args.seed)))
    return lab.save_plot(args, lambda path: plot_duel(path, duel))
