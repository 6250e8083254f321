"""``tcf-gui stats``: the lab's counters over many games, with confidence intervals."""
from __future__ import annotations

import argparse
import json

from tcf_gui.levels import DEFAULT_OPPONENT
from tcf_gui.lab.runner import RunResult, run_games
from tcf_gui.lab.statistics import Counters
from tcf_gui.words import formats
from tcf_gui.i18n import _
from tcf_gui.console.progress import Progress
from tcf_gui.commands import lab
from tcf_gui.commands.common import games_int, rate_with_interval, seed_int, strategy_spec


def add_arguments(parser: argparse.ArgumentParser) -> None:
    """The description and options of ``tcf-gui stats`` (its --help line is in tcf_gui.cli)."""
    parser.description = _(
        "Play N games between two strategies and print the lab's counters, "
        "each rate with its 95% confidence interval. Turns are turns actually taken."
    )
    parser.epilog = lab.spec_grammar()
    parser.formatter_class = lab.LabHelpFormatter
    parser.add_argument("-n", "--games", type=games_int, default=1000,
                        help=_("games to play (default 1000)"))
    parser.add_argument("--p1", type=strategy_spec, default="random",
                        help=_("Player 1's strategy (default random)"))
    parser.add_argument("--p2", type=strategy_spec, default=DEFAULT_OPPONENT,
                        help=_("Player 2's strategy (default heuristic)"))
    parser.add_argument("--seed", type=seed_int, default=None, help=_(
        "seed of the run (default: a fresh, unguessable one, printed with the results)"))
    parser.add_argument("--open", action="store_true", help=_("play with open hands"))
    parser.add_argument("--json", action="store_true",
                        help=_("print one JSON object instead of text"))
    lab.add_engine_options(parser)
    lab.add_watch_option(parser)
    lab.add_plot_option(parser)
    parser.set_defaults(func=run)


def rate_lines(counters: Counters) -> list[str]:
    """Each rate with its 95% interval, in percent."""
    # TRANSLATORS: the labels of the rates of a run of games, "both flush": games in which
    # both hands were flushes.
    labelled = [(_("Player 1 wins"), counters.win1), (_("Player 2 wins"), counters.win2),
                (_("draws"), counters.draws), (_("both flush"), counters.f1f2)]
    width = max(len(label) for label, _count in labelled)
    lines = [f"{label:>{width}}: {rate_with_interval(count, counters.games)}"
             for label, count in labelled]
    if counters.games:
        lines.append(_("turns per game: {turns} (turns actually taken)").format(
            turns=formats.decimal(counters.turns / counters.games, 3)))
    return lines


def run(args: argparse.Namespace) -> int:
    if lab.plot_unavailable(args):
        return 2
    lab.settle_seed(args)

    def work(progress: Progress) -> RunResult:
        if args.watch:
            lab.watched_games(args.p1, args.p2, args.seed, args.watch, open_hands=args.open,
                              out=lab.trace_output(args))
        return run_games(args.p1, args.p2, args.games, args.seed, workers=args.workers,
                         engine=args.engine, open_hands=args.open, scheduler=args.scheduler,
                         progress=progress)

    result = lab.run_guarded("stats", args.games, work, [args.p1, args.p2])
    if result is None:
        return 2
    counters = result.counters
    if args.json:
        record = counters.as_dict() | {"p1": args.p1, "p2": args.p2, "seed": args.seed}
        print(json.dumps(record))
    else:
        print(_("Player 1: {p1}   Player 2: {p2}   seed {seed}").format(
            p1=args.p1, p2=args.p2, seed=args.seed))
        print("\n".join(counters.lab_lines()))
        print("\n".join(rate_lines(counters)))
    from tcf_gui.lab import plots  # matplotlib's wrapper, only when a plot is drawn

    return lab.save_plot(args, lambda path: plots.plot_run(path, args.p1, args.p2, result))
