"""The one entry point: the window by default, or a subcommand (stats, demo, play, ...)."""
from __future__ import annotations

import os

# The engine uses no BLAS, and OpenBLAS starts (and spins) a thread per core when numpy
# loads: one thread is enough. Set before anything imports numpy; a user's setting wins.
os.environ.setdefault("OPENBLAS_NUM_THREADS", "1")

import argparse  # noqa: E402
import signal  # noqa: E402
import sys  # noqa: E402
from typing import Sequence  # noqa: E402

from . import __version__  # noqa: E402
from .engine.cluster import ClusterError  # noqa: E402
from .gui.launch import add_window_arguments, check_window_arguments, run_window  # noqa: E402
from .engine.strategies.sandbox import set_decision_limit  # noqa: E402
from .commands import coach, demo, duel, history, play, review, stats, tournament  # noqa: E402

#: Modules that each add one subcommand.
COMMANDS = [stats, demo, play, duel, tournament, history, coach, review]


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="tcf-gui",
        description="Three Card Flush. With no command, opens the game window.",
    )
    parser.add_argument("--version", action="version", version=f"%(prog)s {__version__}")
    add_window_arguments(parser)
    subparsers = parser.add_subparsers(dest="command", metavar="COMMAND")
    for module in COMMANDS:
        module.add_parser(subparsers)
    return parser


class Terminated(BaseException):
    """SIGTERM arrived: unwind (ending any worker processes on the way) and exit 143."""


def _terminated(signum: int, frame: object) -> None:
    raise Terminated


def main(argv: Sequence[str] | None = None) -> int:
    parser = build_parser()
    args = parser.parse_args(argv)
    func = getattr(args, "func", None)
    if func is None:
        check_window_arguments(parser, args)
        func = run_window
    if hasattr(args, "time_limit"):
        set_decision_limit(args.time_limit)
    before = signal.getsignal(signal.SIGTERM)
    if func is not run_window and before == signal.SIG_DFL:  # the window quits on SIGTERM itself
        signal.signal(signal.SIGTERM, _terminated)
    try:
        code = func(args)
        sys.stdout.flush()  # a closed pipe shows here, inside the try, not at exit
        return code
    except ClusterError as error:
        print(f"tcf-gui {args.command}: error: {error}", file=sys.stderr)
        return 1
    except KeyboardInterrupt:
        print("\ninterrupted", file=sys.stderr)
        return 130
    except Terminated:
        return 143
    except BrokenPipeError:
        # The reader went away (e.g. `tcf-gui demo | head`): stop quietly, as Unix tools do.
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
        return 141
    finally:
        if before == signal.SIG_DFL:
            signal.signal(signal.SIGTERM, before)
