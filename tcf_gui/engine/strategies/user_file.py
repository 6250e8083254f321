"""A user's own strategy from a Python file: ``path/to/mine.py:choose``.

The function takes a View (and, when it has a second parameter, a seeded random.Random)
and returns the slot to discard. The file is imported only in a sandbox process (see
the sandbox package), once per process; every failure (missing file, import error, no such function,
a bad return value, anything raised) is a StrategyError with a one-line message.
"""
from __future__ import annotations

import importlib.util
import inspect
import os
import random
import stat
import sys
import traceback
from pathlib import Path
from types import ModuleType
from typing import Callable

from tcf_gui.i18n import N_, _, pgettext
from tcf_gui.engine.view import View
from tcf_gui.engine.strategies.errors import StrategyError, checked_slot

DEFAULT_FUNCTION = "choose"

#: The lines about a strategy file, where ``{path!r}`` names it (a sandbox process writes
#: them: the engine recognises them by their start, errors.own_start).
MISSING = N_("strategy file {path!r} does not exist")
UNREADABLE = N_("strategy file {path!r} cannot be read: {reason}")
NOT_A_FILE = N_("strategy file {path!r} is {kind}, not a Python file")
TOO_BIG = N_("strategy file {path!r} is {size} MiB; a strategy file may hold {most} MiB at most")
DENIED = N_("strategy file {path!r} cannot be read: permission denied")
NOT_PYTHON = N_("strategy file {path!r} cannot be imported as Python")
DOES_NOT_IMPORT = N_("strategy file {path!r} does not import: {reason}")
NO_FUNCTION = N_("strategy file {path!r} has no function {function!r}; functions in it: "
                 "{functions}")
FILE_LINES = (MISSING, UNREADABLE, NOT_A_FILE, TOO_BIG, DENIED, NOT_PYTHON, DOES_NOT_IMPORT,
              NO_FUNCTION)

_MODULES: dict[Path, ModuleType] = {}


def first_line(error: BaseException) -> str:
    """'ValueError: the first line of its message', whatever str(error) does."""
    try:
        text = str(error).strip().splitlines()
    except BaseException:
        text = []
    return f"{type(error).__name__}: {text[0][:200]}" if text else type(error).__name__


#: The largest strategy file read (a strategy is code, not data: megabytes are plenty).
MAX_FILE_BYTES = 16 << 20


def check_file(path_text: str) -> None:
    """A cheap check of a strategy file's path, before any process imports it: it must be a
    regular file this user can read, of at most MAX_FILE_BYTES."""

    path = Path(path_text).expanduser()
    try:
        found = path.stat()
    except FileNotFoundError:
        raise StrategyError(_(MISSING).format(path=path_text)) from None
    except (OSError, ValueError) as error:
        raise StrategyError(_(UNREADABLE).format(
            path=path_text, reason=getattr(error, "strerror", None) or error)) from None
    kind = (_("a folder") if stat.S_ISDIR(found.st_mode) else
            _("a FIFO") if stat.S_ISFIFO(found.st_mode) else
            _("a socket") if stat.S_ISSOCK(found.st_mode) else
            _("a device") if not stat.S_ISREG(found.st_mode) else None)
    if kind is not None:
        raise StrategyError(_(NOT_A_FILE).format(path=path_text, kind=kind))
    if found.st_size > MAX_FILE_BYTES:
        raise StrategyError(_(TOO_BIG).format(path=path_text, size=found.st_size >> 20,
                                              most=MAX_FILE_BYTES >> 20))
    if not os.access(path, os.R_OK):
        raise StrategyError(_(DENIED).format(path=path_text))


def _where(error: BaseException, path: Path) -> str:
    """' (line N)' for the last line of ``path`` in the error's traceback, if any."""
    lines = [f.lineno for f in traceback.extract_tb(error.__traceback__) if Path(f.filename) == path]
    return f" (line {lines[-1]})" if lines else ""


def load_module(path_text: str) -> ModuleType:
    """Import the file at ``path_text`` (once per process)."""
    check_file(path_text)
    path = Path(path_text).expanduser().resolve()
    if path in _MODULES:
        return _MODULES[path]
    name = f"tcf_user_strategy_{len(_MODULES)}_{path.stem}"
    spec = importlib.util.spec_from_file_location(name, path)
    if spec is None or spec.loader is None:
        raise StrategyError(_(NOT_PYTHON).format(path=path_text))
    module = importlib.util.module_from_spec(spec)
    sys.modules[name] = module
    try:
        spec.loader.exec_module(module)
    except BaseException as error:  # KeyboardInterrupt and SystemExit too: it is the file's
        del sys.modules[name]
        raise StrategyError(_(DOES_NOT_IMPORT).format(
            path=path_text, reason=first_line(error) + _where(error, path))) from None
    _MODULES[path] = module
    return module


def load_function(path_text: str, function: str) -> Callable[..., object]:
    """The function named ``function`` in the file ``path_text``."""
    module = load_module(path_text)
    # Only what the file itself defines (getattr would find __class__ and the like too).
    found = vars(module).get(function) if function.isidentifier() else None
    if not callable(found):
        defined = [
            name for name, value in vars(module).items()
            if inspect.isfunction(value) and value.__module__ == module.__name__
        ]
        raise StrategyError(_(NO_FUNCTION).format(
            path=path_text, function=function, functions=", ".join(defined) or pgettext("list of functions", "none")))
    return found


def _wants_rng(function: Callable[..., object]) -> bool:
    """Whether ``function`` takes a second positional argument (the random generator)."""
    try:
        parameters = inspect.signature(function).parameters.values()
    except (TypeError, ValueError):
        return False
    positional = [p for p in parameters if p.kind in (p.POSITIONAL_ONLY, p.POSITIONAL_OR_KEYWORD)]
    return len(positional) >= 2 or any(p.kind is p.VAR_POSITIONAL for p in parameters)


class FileStrategy:
    """Calls the user's function (in the sandbox process) and checks each answer."""

    def __init__(self, path_text: str, function: str, rng: random.Random) -> None:
        self.name = f"{path_text}:{function}"
        self.function = load_function(path_text, function)
        self.args: tuple[random.Random, ...] = (rng,) if _wants_rng(self.function) else ()

    def __call__(self, view: View) -> int:
        return checked_slot(self.name, view, self.function(view, *self.args))
