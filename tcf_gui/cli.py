"""The one entry point: the window by default, or a subcommand (stats, demo, play, ...)."""
from __future__ import annotations

import os

# The engine uses no BLAS, and OpenBLAS starts (and spins) a thread per core when numpy
# loads: one thread is enough. Set before anything imports numpy; a user's setting wins.
os.environ.setdefault("OPENBLAS_NUM_THREADS", "1")
# stdout is for the commands' output: no pygame banner, whichever command loads pygame.
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

import argparse  # noqa: E402
import errno  # noqa: E402
import io  # noqa: E402
import signal  # noqa: E402
import sys  # noqa: E402
from importlib import import_module  # noqa: E402
from typing import Any, NoReturn, Sequence  # noqa: E402

from tcf_gui.console.guesses import close_name, close_option  # noqa: E402
from tcf_gui.gui.flags import add_window_arguments, check_window_arguments  # noqa: E402
from tcf_gui.i18n import N_, UnknownLanguage, _, choose_language, ngettext, use_language  # noqa: E402

#: The subcommands with their lines in ``tcf-gui --help``; each is the module
#: tcf_gui.commands.NAME (a hyphen in NAME is an underscore there), with
#: ``add_arguments(parser)`` and the ``run`` it sets as ``func``.
COMMANDS = {
    "stats": N_("play many games between two strategies and print the lab's counters"),
    "demo": N_("the lab's demonstrations, printed in the lab's format"),
    "play": N_("play a game in the terminal against the heuristic player"),
    "duel": N_("two strategies in both seatings: win rates, their difference, significance"),
    "tournament": N_("every pair of strategies in a duel: a table of results and a ranking"),
    "history": N_("your games against the computer: a summary per opponent, recent games, "
                  "export, replay"),
    "coach": N_("the odds of each discard from a position"),
    "review": N_("review a game move by move: the coach's best discard beside yours"),
    "doctor": N_("what is installed and working, for a bug report"),
    "install-desktop": N_("put the game in your desktop's application menu (no root needed)"),
    "uninstall-desktop": N_("take out of the application menu what install-desktop put there"),
    "strategy-template": N_("write a commented example strategy to start your own from"),
    "server": N_("run a table server for friends' games"),
    "join": N_("open the window at a friend's table: tcf-gui join ADDRESS CODE"),
    "card-sets": N_("the card decks found (KDE, Aisleriot, PySolFC) and where"),
    "verify": N_("check a friend's game again from the transcript your side kept of it"),
}


class CommandParser(argparse.ArgumentParser):
    """A subcommand's parser that imports its module and adds its options the first time it
    parses or shows help: start-up loads only the command that runs (the engine, numpy,
    SQLite only when that command needs them), and ``tcf-gui --help`` none of them."""

    def __init__(self, *args: Any, module: str | None = None, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self._module = module

    def _add_arguments(self) -> None:
        if self._module is not None:
            module, self._module = self._module, None
            import_module(module).add_arguments(self)

    def parse_known_args(self, args: Any = None, namespace: Any = None) -> Any:
        self._add_arguments()
        return super().parse_known_args(args, namespace)

    def format_usage(self) -> str:
        self._add_arguments()
        return super().format_usage()

    def format_help(self) -> str:
        self._add_arguments()
        return super().format_help()


class VersionAction(argparse.Action):
    """``--version``: the version, the Python and pygame-ce/SDL under it, and where the
    settings and the history live; then exit."""

    def __init__(self, option_strings: Sequence[str], dest: str, **kwargs: Any) -> None:
        super().__init__(option_strings, dest, nargs=0, default=argparse.SUPPRESS, **kwargs)

    def __call__(self, parser: argparse.ArgumentParser, namespace: argparse.Namespace,
                 values: Any, option_string: str | None = None) -> None:
        from tcf_gui.commands.about import version_lines

        print("\n".join(version_lines()))
        parser.exit()


class MainParser(argparse.ArgumentParser):
    """The parser of ``tcf-gui``: a mistyped command or option is told in at most three
    lines (what was not understood, the nearest name, where the help is), not with the whole
    usage before it."""

    typed: list[str] = []
    """The words parsed, for a guess at an option mistyped before a command."""

    def _check_value(self, action: argparse.Action, value: Any) -> None:
        choices = action.choices
        if isinstance(action, argparse._SubParsersAction) and value not in (choices or ()):
            guess = close_name(value, choices or ())
            mistyped = close_option(self.typed, self) if guess is None else None
            if mistyped is not None:  # tcf-gui --sed 5: 5 is no command, --sed no option
                self.brief(self.prog, _("unrecognized arguments: {arguments}").format(
                    arguments=mistyped[0]), mistyped[1],
                           _("{program} --help lists its options").format(program=self.prog))
            self.brief(self.prog, _("no command {word!r}").format(word=value),
                       guess, _("tcf-gui --help lists the commands"))
        super()._check_value(action, value)

    def parse_args(self, args: Any = None, namespace: Any = None) -> Any:
        self.typed = list(sys.argv[1:] if args is None else args)
        parsed, extras = self.parse_known_args(args, namespace)
        if extras:
            command = getattr(parsed, "command", None)
            parser = self if command is None else _command_parser(self, command)
            guess = close_option(extras, parser)
            self.brief(parser.prog, _("unrecognized arguments: {arguments}").format(
                arguments=" ".join(extras)), guess[1] if guess else None,
                _("{program} --help lists its options").format(program=parser.prog))
        return parsed

    def brief(self, program: str, problem: str, guess: str | None, help_line: str) -> NoReturn:
        lines = [_("{program}: error: {problem}").format(program=program, problem=problem)]
        if guess is not None:
            lines.append(_("Did you mean {name}?").format(name=guess))
        self.exit(2, "\n".join([*lines, help_line]) + "\n")


def build_parser() -> argparse.ArgumentParser:
    parser = MainParser(
        prog="tcf-gui",
        description=_("Three Card Flush. With no command, opens the game window."),
    )
    parser.add_argument("--version", action=VersionAction,
                        help=_("print the version, the Python and pygame-ce under it, and "
                               "where the settings and the history live"))
    parser.add_argument("--lang", metavar="CODE",
                        help=_("the language of this run, anywhere on the line (de, fr, pt_BR, "
                               "...; default: the window's saved choice, else the system's)"))
    add_window_arguments(parser)
    subparsers = parser.add_subparsers(dest="command", metavar="COMMAND",
                                       parser_class=CommandParser)
    for name, line in COMMANDS.items():
        subparsers.add_parser(name, help=_(line),
                              module=f"{__package__}.commands.{name.replace('-', '_')}")
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
            parser.error(ngettext(
                "{flags} is a flag of the game window and cannot go with the command "
                "{command}; a command's own options come after it (tcf-gui {command} --help)",
                "{flags} are flags of the game window and cannot go with the command "
                "{command}; a command's own options come after it (tcf-gui {command} --help)",
                len(flags)).format(flags=", ".join(flags), command=args.command))
    watch, games = getattr(args, "watch", None), getattr(args, "games", None)
    if watch is not None and games is not None and watch > games:
        _command_parser(parser, args.command).error(
            _("--watch {watch} asks to trace more games than the run plays (-n {games})").format(
                watch=watch, games=games))
    if args.command is not None and hasattr(args, "scheduler"):
        from tcf_gui.commands.lab import tls_problem

        problem = tls_problem(args)
        if problem is not None:
            _command_parser(parser, args.command).error(problem)
    workers, cores = getattr(args, "workers", None), os.cpu_count() or 1
    if workers is not None and workers > WORKERS_PER_CORE * cores:
        args.workers = WORKERS_PER_CORE * cores
        print(_("tcf-gui {command}: using {workers} worker processes, not {asked} ({most} per "
                "core is the most that helps)").format(command=args.command, workers=args.workers,
                                                       asked=workers, most=WORKERS_PER_CORE),
              file=sys.stderr)


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


def language_flag(argv: list[str]) -> tuple[list[str], str | None]:
    """``argv`` without ``--lang CODE`` (or ``--lang=CODE``), which may stand anywhere before
    a ``--``, and that CODE (None without the flag, "" for a ``--lang`` with no code: it is
    refused with the list of languages, after a command too)."""
    rest: list[str] = []
    code = None
    args = iter(enumerate(argv))
    for index, arg in args:
        if arg == "--":
            return rest + argv[index:], code
        if arg.startswith("--lang="):
            code = arg.partition("=")[2]
        elif arg == "--lang":
            code = next(args, (index, ""))[1]
        else:
            rest.append(arg)
    return rest, code


def main(argv: Sequence[str] | None = None) -> int:
    _readable_streams()
    argv, language = language_flag(sys.argv[1:] if argv is None else list(argv))
    try:
        choose_language(language) if language is not None else use_language(None)
    except UnknownLanguage as error:
        print(_("tcf-gui: error: {problem}").format(problem=error), file=sys.stderr)
        return 2
    parser = build_parser()
    args = parser.parse_args(argv)
    args.lang = language
    func = getattr(args, "func", None)
    window = func is None
    if func is None:
        check_window_arguments(parser, args)
        from tcf_gui.gui.launch import run_window  # the engine and the history: only for the window

        func = run_window
    _check_combination(parser, args, argv)
    if hasattr(args, "time_limit"):
        from tcf_gui.engine.strategies.sandbox import set_decision_limit

        set_decision_limit(args.time_limit)
    from tcf_gui.lab.cluster import ClusterError  # light: Dask loads only for a cluster run

    before = signal.getsignal(signal.SIGTERM)
    if not window and before == signal.SIG_DFL:  # the window quits on SIGTERM itself
        signal.signal(signal.SIGTERM, _terminated)
    try:
        code = func(args)
        sys.stdout.flush()  # a closed pipe shows here, inside the try, not at exit
        return code
    except ClusterError as error:
        print(_("{program}: error: {problem}").format(program=f"tcf-gui {args.command}",
                                                       problem=error), file=sys.stderr)
        return 1
    except KeyboardInterrupt:
        print("\n" + _("interrupted"), file=sys.stderr)
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
        print(_("{program}: error: cannot write the output: {reason}").format(
            program=name, reason=error.strerror or error), file=sys.stderr)
        return 1
    finally:
        if before == signal.SIG_DFL:
            signal.signal(signal.SIGTERM, before)
