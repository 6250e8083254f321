"""``tcf-gui tournament [STRATEGY ...]``: every pair of strategies in a duel, a table, a ranking.

Every duel plays both seatings from the same seed, so every strategy meets the same deals
(on the one-game engine the same whole decks; see tcf_gui.commands.duel).
A strategy's score is its win rate over all its games (every duel has the same number of
games, so this is also its average win rate against the field), with a 95% Wilson interval.
"""
from __future__ import annotations

import argparse
import json
from dataclasses import dataclass
from itertools import combinations
from typing import Callable

from tcf_gui.lab.statistics import wilson_interval
from tcf_gui.engine.strategies.registry import strategy_names
from tcf_gui.words import formats
from tcf_gui.i18n import _, ngettext
from tcf_gui.commands import lab
from tcf_gui.commands.common import rate_with_interval, say_error, strategy_spec
from tcf_gui.lab.runner import run_many
from tcf_gui.commands.differences import signed_points
from tcf_gui.commands.duel import Duel, as_json, seatings


def add_arguments(parser: argparse.ArgumentParser) -> None:
    """The description and options of ``tcf-gui tournament`` (its --help line is in tcf_gui.cli)."""
    parser.description = _(
        "Play a duel (both seatings, N games each, same seed) between every pair "
        "of strategies and print each one's win rate against each other one, and a "
        "ranking by overall win rate. Default: the built-in strategies ({names})."
    ).format(names=", ".join(strategy_names()))
    parser.epilog = lab.spec_grammar()
    parser.formatter_class = lab.LabHelpFormatter
    parser.add_argument("strategies", nargs="*", type=strategy_spec, metavar="STRATEGY",
                        help=_("two or more strategy specs (default: all built-in strategies)"))
    lab.add_run_options(parser, _("games in each seating of each duel"), _("seed of every duel"))
    lab.add_luck_option(parser)
    parser.set_defaults(func=run)


@dataclass(frozen=True)
class Standing:
    strategy: str
    wins: int
    draws: int
    games: int

    @property
    def rate(self) -> float:
        return self.wins / self.games


@dataclass(frozen=True)
class Tournament:
    strategies: list[str]
    duels: list[Duel]

    def wins(self, row: str, column: str) -> tuple[int, int] | None:
        """Row's wins against column and the games they played (None on the diagonal)."""
        for duel in self.duels:
            if (duel.a, duel.b) == (row, column):
                return duel.wins_a, duel.games
            if (duel.b, duel.a) == (row, column):
                return duel.wins_b, duel.games
        return None

    def standings(self) -> list[Standing]:
        """Every strategy's totals, best win rate first."""
        totals = []
        for name in self.strategies:
            wins = draws = games = 0
            for duel in self.duels:
                if name in (duel.a, duel.b):
                    wins += duel.wins_a if name == duel.a else duel.wins_b
                    draws, games = draws + duel.draws, games + duel.games
            totals.append(Standing(name, wins, draws, games))
        return sorted(totals, key=lambda s: s.rate, reverse=True)

    def settling(self, name: str) -> list[tuple[int, int]]:
        """(games, wins) of ``name`` over all its duels, at each common checkpoint."""
        series = [
            [(g, wa if name == duel.a else wb) for g, wa, wb in duel.settling()]
            for duel in self.duels if name in (duel.a, duel.b)
        ]
        return [(sum(g for g, _ in step), sum(w for _, w in step)) for step in zip(*series)]


def check_strategies(strategies: list[str]) -> str | None:
    """A one-line problem with the list of strategies, or None."""
    if len(strategies) < 2:
        return ngettext("a tournament needs at least two strategies, got {n}",
                        "a tournament needs at least two strategies, got {n}",
                        len(strategies)).format(n=len(strategies))
    repeated = sorted({s for s in strategies if strategies.count(s) > 1})
    if repeated:
        return _("strategy {name!r} is named more than once").format(name=repeated[0])
    return None


def play_tournament(strategies: list[str], games: int, seed: int, *, workers: int | None = None,
                    engine: str = "batch", scheduler: str | None = None,
                    progress: Callable[[int], None] | None = None,
                    luck: bool = False) -> Tournament:
    """A duel between every pair of ``strategies``, all from the same seed, every seating of
    every duel through one pool (``luck``: measuring each game's luck)."""
    pairs = list(combinations(strategies, 2))
    runs = [run for a, b in pairs for run in seatings(a, b, games, seed, luck)]
    results = run_many(runs, workers=workers, engine=engine, scheduler=scheduler,
                       progress=progress)
    duels = [Duel(a, b, results[2 * index], results[2 * index + 1])
             for index, (a, b) in enumerate(pairs)]
    return Tournament(list(strategies), duels)


def _cell(found: tuple[int, int] | None) -> str:
    return "—" if found is None else formats.percent(found[0] / found[1], 2)


def report_lines(tournament: Tournament, games: int, seed: int) -> list[str]:
    names = tournament.strategies
    width = max(len(name) for name in names) + 2
    tags = [f"[{number}]" for number in range(1, len(names) + 1)]
    tag_width = len(tags[-1]) + 1
    lines = [_("Tournament: {strategies} strategies, {duels}, {games}, seed {seed}").format(
                 strategies=len(names),
                 duels=ngettext("{n} duel", "{n} duels", len(tournament.duels)).format(
                     n=len(tournament.duels)),
                 games=ngettext("{n} game in each seating", "{n} games in each seating",
                                games).format(n=games), seed=seed),
             _("Win rate of each row against each column (both seatings):"),
             " " * (tag_width + width) + "".join(f"{tag:>9}" for tag in tags)]
    for tag, row in zip(tags, names):
        lines.append(f"{tag:<{tag_width}}{row:<{width}}" + "".join(
            f"{_cell(tournament.wins(row, col)):>9}" for col in names))
    lines.append(_("Ranking by overall win rate:"))
    for rank, standing in enumerate(tournament.standings(), start=1):
        lines.append(f"  {rank}. {standing.strategy:<{width}} " + ngettext(
            "{rate}  draws {draws}  over {n} game", "{rate}  draws {draws}  over {n} games",
            standing.games).format(rate=rate_with_interval(standing.wins, standing.games),
                                   draws=formats.percent(standing.draws / standing.games, 2),
                                   n=standing.games))
    lucky = bool(tournament.duels) and tournament.duels[0].adjusted() is not None
    lines.append(_("Head to head (difference of win rates adjusted for luck, 95% CI, z-test as "
                   "in tcf-gui duel --luck-adjusted):") if lucky else
                 _("Head to head (difference of win rates, 95% CI, z-test as in tcf-gui duel):"))
    for duel in tournament.duels:
        diff = duel.adjusted() or duel.difference()
        if diff.exact:
            verdict = (_("{a} vs {b}: {value} points (exact sign test), significant")
                       if diff.significant else
                       _("{a} vs {b}: {value} points (exact sign test), not significant"))
        else:
            verdict = (_("{a} vs {b}: {value} points ({low} to {high}), significant")
                       if diff.significant else
                       _("{a} vs {b}: {value} points ({low} to {high}), not significant"))
        lines.append("  " + verdict.format(a=duel.a, b=duel.b, value=signed_points(diff.value),
                                           low=signed_points(diff.low),
                                           high=signed_points(diff.high)))
    return lines


def tournament_json(tournament: Tournament, games: int, seed: int) -> dict[str, object]:
    return {
        "strategies": tournament.strategies, "games_per_seating": games, "seed": seed,
        "duels": [as_json(duel, seed) for duel in tournament.duels],
        "ranking": [
            {"strategy": s.strategy, "wins": s.wins, "draws": s.draws, "games": s.games,
             "rate": s.rate, "ci": wilson_interval(s.wins, s.games)}
            for s in tournament.standings()
        ],
    }


def plot_tournament(path: str, tournament: Tournament, games: int) -> None:
    from tcf_gui.lab import plots  # matplotlib's wrapper, only when a plot is drawn

    standings = tournament.standings()
    names = tournament.strategies
    rates = [[None if (found := tournament.wins(row, col)) is None else found[0] / found[1]
              for col in names] for row in names]
    plots.draw(
        path,
        ngettext("Tournament: {strategies} strategies, {n} game in each seating of each duel",
                 "Tournament: {strategies} strategies, {n} games in each seating of each duel",
                 games).format(strategies=len(names), n=formats.integer(games)),
        bars=[plots.Bar(s.strategy, s.wins, s.games) for s in standings],
        curves=[plots.Curve(s.strategy, tournament.settling(s.strategy)) for s in standings],
        lengths=[plots.Lengths(_("{a} vs {b}").format(a=d.a, b=d.b),
                               [x + y for x, y in zip(d.first.turn_histogram, d.second.turn_histogram)])
                 for d in tournament.duels],
        table=plots.Table(names, rates),
    )


def run(args: argparse.Namespace) -> int:
    strategies = args.strategies or strategy_names()
    problem = check_strategies(strategies)
    if problem is not None:
        say_error("tournament", problem)
        return 2
    if lab.plot_unavailable(args):
        return 2
    if lab.luck_unavailable(args):
        return 2
    lab.settle_seed(args)
    pairs = len(strategies) * (len(strategies) - 1) // 2
    tournament = lab.run_guarded("tournament", pairs * 2 * args.games, lambda progress: play_tournament(
        strategies, args.games, args.seed, workers=args.workers, engine=args.engine,
        scheduler=args.scheduler, progress=progress, luck=args.luck_adjusted), strategies)
    if tournament is None:
        return 2
    if args.json:
        print(json.dumps(tournament_json(tournament, args.games, args.seed)))
    else:
        print("\n".join(report_lines(tournament, args.games, args.seed)))
    return lab.save_plot(args, lambda path: plot_tournament(path, tournament, args.games))
