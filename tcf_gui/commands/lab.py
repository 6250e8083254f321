"""Options the strategy-lab commands share: --workers/--engine, --watch K and --plot FILE.png."""
from __future__ import annotations

import argparse
import os
import stat
import sys
from pathlib import Path
from typing import Callable, Sequence, TypeVar

from tcf_gui.lab.cluster import check_address, cluster_available, install_hint
from tcf_gui.engine.game import new_seed
from tcf_gui.engine.match import Match
from tcf_gui.lab.runner import ENGINES
from tcf_gui.engine.strategies.watch import watch
from tcf_gui.engine.strategies.registry import StrategyError, loads_file
from tcf_gui.engine.strategies.sandbox import DEFAULT_DECISION_SECONDS, isolation
from tcf_gui.lab.workers import WorkerDied
from tcf_gui.i18n import _
from tcf_gui.console.outputs import output_problem
from tcf_gui.console.progress import Progress
from tcf_gui.lab.transcripts import play_game_lines
from tcf_gui.commands.common import games_int, positive_int, say, say_error, seed_int

T = TypeVar("T")


class LabHelpFormatter(argparse.HelpFormatter):
    """Wraps paragraphs as usual but keeps text with line breaks (the spec grammar) as it is."""

    def _fill_text(self, text: str, width: int, indent: str) -> str:
        if "\n" in text:
            return "".join(indent + line for line in text.splitlines(keepends=True))
        return super()._fill_text(text, width, indent)


def spec_grammar() -> str:
    """What a strategy spec may be: the epilog of the commands that take one."""
    # TRANSLATORS: keep the layout: the left column is what is typed (NAME, KEY=VALUE,
    # PATH.py, FUNCTION and the examples stay as they are), the right column says what it is.
    return _("""\
A strategy spec is one of:
  NAME                      a built-in strategy, e.g. heuristic
  NAME:KEY=VALUE,...        with parameters, e.g. heuristic:counting=off,pair=off
  COMBINATOR:ITEM,...       a combinator; each ITEM is a KEY=VALUE parameter or a member
                            spec, e.g. majority:random,heuristic,lazy  mix:p=0.3,random,heuristic
  PATH.py[:FUNCTION]        your own function from a Python file (FUNCTION defaults to
                            choose); it takes a View (and, if it asks, a random.Random)
                            and returns 0, 1 or 2
  (SPEC)                    parentheses group a member that has commas or members of its own:
                            majority:(heuristic:counting=off,pair=off),random,lazy
Commas inside parentheses belong to the member; quote specs with parentheses in the shell.""")


def add_run_options(parser: argparse.ArgumentParser, games_help: str, seed_help: str) -> None:
    """-n, --seed, --json, --workers, --engine and --plot, as duel and tournament take them;
    ``games_help`` and ``seed_help`` are translated already."""
    parser.add_argument("-n", "--games", type=games_int, default=10000,
                        # TRANSLATORS: a --help line: {what} says what the number counts.
                        help=_("{what} (default 10000)").format(what=games_help))
    parser.add_argument("--seed", type=seed_int, default=None, help=_(
        "{what} (default: a fresh, unguessable one, printed with the results)").format(
            what=seed_help))
    parser.add_argument("--json", action="store_true",
                        help=_("print one JSON object instead of text"))
    add_engine_options(parser)
    add_plot_option(parser)


def settle_seed(args: argparse.Namespace) -> None:
    """A run without --seed gets a fresh, unguessable seed (printed with its results, so
    that --seed plays the run again)."""
    if args.seed is None:
        args.seed = new_seed()


def run_guarded(command: str, total: int, work: Callable[[Progress], T],
                specs: Sequence[str]) -> T | None:
    """``work(progress)`` with a progress bar over ``total`` games; a failing strategy is
    reported in one line on stderr and gives None (the command then exits 2), and so does a
    worker process that died. When ``specs`` play a user's file, one line first says at
    which isolation level it runs."""
    progress = Progress(total)
    try:
        if any(map(loads_file, specs)):
            say(command, isolation().line())
        return work(progress)
    except (StrategyError, WorkerDied) as error:
        progress.close()  # wipe the bar first, so the message stands on a line of its own
        say_error(command, error)
        return None
    finally:
        progress.close()


def add_engine_options(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--workers", type=positive_int, default=None,
                        help=_("worker processes for the batch engine (default: all cores)"))
    parser.add_argument("--scheduler", type=scheduler_address, default=None, metavar="ADDRESS",
                        help=_("play the batch engine's chunks on a Dask cluster: its "
                               "scheduler's address (tcp://HOST:8786), or local / local:N for a "
                               "local cluster of N workers; the same numbers as a local run "
                               "(needs the cluster extra)"))
    for flag, what in (("--tls-ca", _("for a tls:// scheduler: the certificate authority that "
                                      "signed the scheduler's certificate (PEM)")),
                       ("--tls-cert", _("for a tls:// scheduler: this machine's certificate (it "
                                        "may hold the key too) (PEM)")),
                       ("--tls-key", _("for a tls:// scheduler: this machine's private key "
                                       "(PEM)"))):
        parser.add_argument(flag, type=readable_file, default=None, metavar="FILE", help=what)
    parser.add_argument("--engine", choices=ENGINES, default="batch",
                        help=_("batch: many games at once with numpy (default); single: the "
                               "one-game engine, the same games as spectator mode and --watch"))
    parser.add_argument("--time-limit", type=seconds, default=DEFAULT_DECISION_SECONDS,
                        metavar="SECONDS",
                        help=_("seconds a strategy from a file may think about one decision "
                               "before the run stops (default {seconds})").format(
                                   seconds=f"{DEFAULT_DECISION_SECONDS:g}"))


def seconds(text: str) -> float:
    """An argparse type: a number of seconds above 0 (and at most a day)."""
    try:
        value = float(text)
    except ValueError:
        raise argparse.ArgumentTypeError(
            _("{text!r} is not a number of seconds").format(text=text)) from None
    if not 0 < value <= 86400:
        raise argparse.ArgumentTypeError(
            _("give a number of seconds above 0 and at most 86400, not {text}").format(text=text))
    return value


def readable_file(text: str) -> str:
    """An argparse type: a regular file this user can read."""
    try:
        found = os.stat(text)
    except OSError as error:
        raise argparse.ArgumentTypeError(_("cannot read {path!r}: {reason}").format(
            path=text, reason=error.strerror)) from None
    if not stat.S_ISREG(found.st_mode):
        raise argparse.ArgumentTypeError(_("{path!r} is not a file").format(path=text))
    if not os.access(text, os.R_OK):
        raise argparse.ArgumentTypeError(_("cannot read {path!r}: permission denied")
                                         .format(path=text))
    return text


def tls_problem(args: argparse.Namespace) -> str | None:
    """Why the --tls-* flags do not fit the other options, or None (and then they are in
    force for this run)."""
    from tcf_gui.lab import cluster

    ca, cert, key = (getattr(args, name, None) for name in ("tls_ca", "tls_cert", "tls_key"))
    cluster.use_tls(None)
    if ca is None and cert is None and key is None:
        return None
    scheduler = getattr(args, "scheduler", None) or ""
    if not scheduler.startswith("tls://"):
        return _("--tls-ca, --tls-cert and --tls-key are for a tls:// scheduler "
                 "(--scheduler tls://HOST:PORT)")
    if ca is None or cert is None:
        return _("a tls:// scheduler needs both --tls-ca and --tls-cert")
    cluster.use_tls(cluster.TlsFiles(ca, cert, key))
    return None


def scheduler_address(text: str) -> str:
    """An argparse type: a Dask scheduler's address, when Dask is installed."""
    if not cluster_available():
        raise argparse.ArgumentTypeError(install_hint())
    try:
        return check_address(text)
    except ValueError as error:
        raise argparse.ArgumentTypeError(str(error)) from None


def add_watch_option(parser: argparse.ArgumentParser) -> None:
    parser.add_argument(
        "--watch", type=positive_int, default=None, metavar="K",
        help=_("first trace the run's first K games as the one-game engine plays them "
               "(with --engine single, the very games counted): every decision with what the "
               "strategy saw and chose, then the game's hand-rep lines and result"),
    )


def add_plot_option(parser: argparse.ArgumentParser) -> None:
    parser.add_argument(
        "--plot", metavar="FILE.png", type=plot_path, default=None,
        help=_("also draw win rates, how they settle and game lengths into FILE.png "
               "(needs matplotlib, the plot extra)"),
    )


PLOT_FORMATS = (".png", ".svg", ".pdf")


def plot_path(text: str) -> str:
    """An argparse type: a picture file to write (tcf_gui.console.outputs checks what is there)."""
    if Path(text).suffix.lower() not in PLOT_FORMATS:
        raise argparse.ArgumentTypeError(
            _("{path!r} is not a picture file name; end it with one of: {endings}").format(
                path=text, endings=", ".join(PLOT_FORMATS)))
    problem = output_problem(text)
    if problem is not None:
        raise argparse.ArgumentTypeError(
            _("cannot write {path!r}: {reason}").format(path=text, reason=problem))
    return text


def trace_output(args: argparse.Namespace) -> Callable[[str], None]:
    """Where --watch prints: stdout, or stderr when stdout carries --json."""
    if getattr(args, "json", False):
        return lambda line: print(line, file=sys.stderr)
    return print


def add_luck_option(parser: argparse.ArgumentParser) -> None:
    """--luck-adjusted, as duel and tournament take it."""
    parser.add_argument("--luck-adjusted", action="store_true",
                        help=_("subtract each game's luck (what the cards that came did to "
                               "its chances, against the cards that could have come) from "
                               "its score: unbiased, and as precise with far fewer games "
                               "(batch engine)"))


def luck_unavailable(args: argparse.Namespace) -> bool:
    """True (after saying why on stderr) when --luck-adjusted was asked for on the one-game
    engine, which does not measure luck."""
    if not args.luck_adjusted or args.engine != "single":
        return False
    say_error(args.command, _("--luck-adjusted measures luck on the batch engine; it does "
                              "not take --engine single"))
    return True


def plot_unavailable(args: argparse.Namespace) -> bool:
    """True (after saying why on stderr) when --plot was asked for but cannot be drawn."""
    if args.plot is None:
        return False
    from tcf_gui.lab.plots import missing_matplotlib

    problem = missing_matplotlib()
    if problem is not None:
        say(args.command, problem)
        return True
    return False


def save_plot(args: argparse.Namespace, draw: Callable[[str], None]) -> int:
    """``draw(args.plot)`` when --plot was given, then say where the picture went (on stderr
    when stdout carries --json). The exit code: 0, or 1 with a one-line message when the
    file cannot be written after all (the results are printed already)."""
    if args.plot is None:
        return 0
    try:
        draw(args.plot)
    except OSError as error:
        say_error(args.command, _("cannot write {path!r}: {reason}").format(
            path=args.plot, reason=error.strerror or error))
        return 1
    print(_("plot saved to {path}").format(path=args.plot),
          file=sys.stderr if args.json else sys.stdout)
    return 0


def watched_games(
    p1: str, p2: str, seed: int, count: int, *, open_hands: bool = False,
    out: Callable[[str], None] = print,
) -> None:
    """Trace the first ``count`` games of ``Match(p1, p2, seed)``, as the one-game engine
    plays them: each decision as its strategy saw it, then the hand-rep lines and result."""
    match = Match(p1, p2, seed, open_hands=open_hands)
    match.p1 = watch(match.p1, out, name=p1)
    match.p2 = watch(match.p2, out, name=p2)
    for number in range(1, count + 1):
        heading = (_("=== watched game {number} of {count}: {p1} as Player 1, {p2} as Player 2 "
                     "(open hands)") if open_hands else
                   _("=== watched game {number} of {count}: {p1} as Player 1, {p2} as Player 2"))
        out(heading.format(number=number, count=count, p1=p1, p2=p2))
        game = match.play_next()
        out("\n".join(play_game_lines(game)))
    out("")
