"""Options the strategy-lab commands share: --workers/--engine, --watch K and --plot FILE.png."""
from __future__ import annotations

import argparse
import os
import stat
import sys
from pathlib import Path
from typing import Callable, Sequence, TypeVar

from ..engine.cluster import check_address, cluster_available, install_hint
from ..engine.game import new_seed
from ..engine.match import Match
from ..engine.runner import ENGINES
from ..engine.strategies import watch
from ..engine.strategies import StrategyError
from ..engine.strategies.registry import loads_file
from ..engine.strategies.sandbox import DEFAULT_DECISION_SECONDS, isolation
from ..engine.workers import WorkerDied
from ..outputs import output_problem
from ..progress import Progress
from ..transcripts import play_game_lines
from .common import games_int, positive_int, seed_int

T = TypeVar("T")


class LabHelpFormatter(argparse.HelpFormatter):
    """Wraps paragraphs as usual but keeps text with line breaks (the spec grammar) as it is."""

    def _fill_text(self, text: str, width: int, indent: str) -> str:
        if "\n" in text:
            return "".join(indent + line for line in text.splitlines(keepends=True))
        return super()._fill_text(text, width, indent)


def add_run_options(parser: argparse.ArgumentParser, games_help: str, seed_help: str) -> None:
    """-n, --seed, --json, --workers, --engine and --plot, as duel and tournament take them."""
    parser.add_argument("-n", "--games", type=games_int, default=10000,
                        help=f"{games_help} (default 10000)")
    parser.add_argument("--seed", type=seed_int, default=None,
                        help=f"{seed_help} (default: {FRESH_SEED_HELP})")
    parser.add_argument("--json", action="store_true", help="print one JSON object instead of text")
    add_engine_options(parser)
    add_plot_option(parser)


FRESH_SEED_HELP = "a fresh, unguessable one, printed with the results"


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
            print(f"tcf-gui {command}: {isolation().line()}", file=sys.stderr)
        return work(progress)
    except (StrategyError, WorkerDied) as error:
        progress.close()  # wipe the bar first, so the message stands on a line of its own
        print(f"tcf-gui {command}: error: {error}", file=sys.stderr)
        return None
    finally:
        progress.close()


def add_engine_options(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--workers", type=positive_int, default=None,
                        help="worker processes for the batch engine (default: all cores)")
    parser.add_argument("--scheduler", type=scheduler_address, default=None, metavar="ADDRESS",
                        help="play the batch engine's chunks on a Dask cluster: its scheduler's "
                        "address (tcp://HOST:8786), or local / local:N for a local cluster of N "
                        'workers; the same numbers as a local run (needs the cluster extra)')
    for flag, what in (("--tls-ca", "the certificate authority that signed the scheduler's "
                                   "certificate"),
                       ("--tls-cert", "this machine's certificate (it may hold the key too)"),
                       ("--tls-key", "this machine's private key")):
        parser.add_argument(flag, type=readable_file, default=None, metavar="FILE",
                            help=f"for a tls:// scheduler: {what} (PEM)")
    parser.add_argument("--engine", choices=ENGINES, default="batch",
                        help="batch: many games at once with numpy (default); single: the "
                        "one-game engine, the same games as spectator mode and --watch")
    parser.add_argument("--time-limit", type=seconds, default=DEFAULT_DECISION_SECONDS,
                        metavar="SECONDS",
                        help="seconds a strategy from a file may think about one decision "
                        f"before the run stops (default {DEFAULT_DECISION_SECONDS:g})")


def seconds(text: str) -> float:
    """An argparse type: a number of seconds above 0 (and at most a day)."""
    try:
        value = float(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"{text!r} is not a number of seconds") from None
    if not 0 < value <= 86400:
        raise argparse.ArgumentTypeError(f"give a number of seconds above 0 and at most 86400, "
                                         f"not {text}")
    return value


def readable_file(text: str) -> str:
    """An argparse type: a regular file this user can read."""
    from ..i18n import _

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
    from ..engine import cluster
    from ..i18n import _

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
        help="first trace the run's first K games as the one-game engine plays them "
        "(with --engine single, the very games counted): every decision with what the "
        "strategy saw and chose, then the game's hand-rep lines and result",
    )


def add_plot_option(parser: argparse.ArgumentParser) -> None:
    parser.add_argument(
        "--plot", metavar="FILE.png", type=plot_path, default=None,
        help="also draw win rates, how they settle and game lengths into FILE.png "
        '(needs matplotlib, the plot extra)',
    )


PLOT_FORMATS = (".png", ".svg", ".pdf")


def plot_path(text: str) -> str:
    """An argparse type: a picture file to write (tcf_gui.outputs checks what is there)."""
    if Path(text).suffix.lower() not in PLOT_FORMATS:
        raise argparse.ArgumentTypeError(
            f"{text!r} is not a picture file name; end it with one of: {', '.join(PLOT_FORMATS)}"
        )
    problem = output_problem(text)
    if problem is not None:
        raise argparse.ArgumentTypeError(f"cannot write {text!r}: {problem}")
    return text


def trace_output(args: argparse.Namespace) -> Callable[[str], None]:
    """Where --watch prints: stdout, or stderr when stdout carries --json."""
    if getattr(args, "json", False):
        return lambda line: print(line, file=sys.stderr)
    return print


def plot_unavailable(args: argparse.Namespace) -> bool:
    """True (after saying why on stderr) when --plot was asked for but cannot be drawn."""
    if args.plot is None:
        return False
    from ..plots import missing_matplotlib

    problem = missing_matplotlib()
    if problem is not None:
        print(f"tcf-gui {args.command}: {problem}", file=sys.stderr)
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
        print(f"tcf-gui {args.command}: error: cannot write {args.plot!r}: "
              f"{error.strerror or error}", file=sys.stderr)
        return 1
    print(f"plot saved to {args.plot}", file=sys.stderr if args.json else sys.stdout)
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
        out(f"=== watched game {number} of {count}: {p1} as Player 1, {p2} as Player 2"
            f"{' (open hands)' if open_hands else ''}")
        game = match.play_next()
        out("\n".join(play_game_lines(game)))
    out("")
