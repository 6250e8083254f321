"""The one entry point: the window by default, or a subcommand (stats, demo, play, ...)."""
from __future__ import annotations

import os

# The engine uses no BLAS, and OpenBLAS starts (and spins) a thread per core when numpy
# loads: one thread is enough. Set before anything imports numpy; a user's setting wins.
os.environ.setdefault("OPENBLAS_NUM_THREADS", "1")

import argparse  # noqa: E402
import errno  # noqa: E402
import io  # noqa: E402
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


#: More worker processes than this many per core only cost memory.
WORKERS_PER_CORE = 2


def _readable_streams() -> None:
    """Output that cannot be encoded (PYTHONIOENCODING=ascii:strict and an em dash) is shown
    with a replacement character instead of stopping the program; writing to a closed stdout
    (``>&-``) is an OSError like a full disk, and a closed stderr a sink."""
    for name in ("stdout", "stderr"):
        stream = getattr(sys, name)
        if stream is None:
            setattr(sys, name, _ClosedOutput() if name == "stdout" else
                    open(os.devnull, "w", encoding="utf-8"))
        elif hasattr(stream, "reconfigure"):
            stream.reconfigure(errors="replace")


class _ClosedOutput(io.TextIOBase):
    """Stands in for a closed stdout: writing to it is the error a closed file gives."""

    def write(self, text: str) -> int:
        raise OSError(errno.EBADF, "standard output is closed")


def _check_combination(parser: argparse.ArgumentParser, args: argparse.Namespace,
                       argv: Sequence[str]) -> None:
    """Refuse window flags given with a command (``tcf-gui --seed 5 stats`` would play stats
    with its own default seed), --watch beyond the run, and cap --workers."""
    if args.command is not None:
        before = list(argv[:list(argv).index(args.command)]) if args.command in argv else []
        flags = [arg.split("=")[0] for arg in before if arg.startswith("-")]
        if flags:
            parser.error(f"{', '.join(flags)} {'is a flag' if len(flags) == 1 else 'are flags'} "
                         f"of the game window and cannot go with the command {args.command}; a "
                         f"command's own options come after it (tcf-gui {args.command} --help)")
    watch, games = getattr(args, "watch", None), getattr(args, "games", None)
    if watch is not None and games is not None and watch > games:
        _command_parser(parser, args.command).error(
            f"--watch {watch} asks to trace more games than the run plays (-n {games})")
    workers, cores = getattr(args, "workers", None), os.cpu_count() or 1
    if workers is not None and workers > WORKERS_PER_CORE * cores:
        args.workers = WORKERS_PER_CORE * cores
        print(f"tcf-gui {args.command}: using {args.workers} worker processes, not {workers} "
              f"({WORKERS_PER_CORE} per core is the most that helps)", file=sys.stderr)


def _drop_output() -> None:
    """Send what is still buffered for stdout nowhere, so exiting cannot fail again."""
    try:
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
    except (OSError, ValueError):
        sys.stdout = open(os.devnull, "w", encoding="utf-8")


def _command_parser(parser: argparse.ArgumentParser, command: str) -> argparse.ArgumentParser:
    """The subparser of ``command`` (its errors name the command and show its usage)."""
    for action in parser._actions:
        if isinstance(action, argparse._SubParsersAction):
            return action.choices[command]
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    _readable_streams()
    parser = build_parser()
    argv = sys.argv[1:] if argv is None else list(argv)
    args = parser.parse_args(argv)
    func = getattr(args, "func", None)
    if func is None:
        check_window_arguments(parser, args)
        func = run_window
    _check_combination(parser, args, argv)
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
        _drop_output()
        return 141
    except OSError as error:  # the output cannot be written: a full disk, a closed stream
        _drop_output()
        name = f"tcf-gui {args.command}" if args.command else "tcf-gui"
        print(f"{name}: error: cannot write the output: {error.strerror or error}",
              file=sys.stderr)
        return 1
    finally:
        if before == signal.SIG_DFL:
            signal.signal(signal.SIGTERM, before)
