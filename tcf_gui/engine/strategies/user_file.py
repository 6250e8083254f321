"""A user's own strategy from a Python file: ``path/to/mine.py:choose``.

The function takes a View (and, when it has a second parameter, a seeded random.Random)
and returns the slot to discard. Each file is imported once per process; every failure
(missing file, import error, no such function, a bad return value) is a StrategyError
with a one-line message.
"""
from __future__ import annotations

import importlib.util
import inspect
import operator
import random
import sys
import traceback
from pathlib import Path
from types import ModuleType
from typing import Callable

from ..view import View
from .registry import StrategyError, StrategyInfo

DEFAULT_FUNCTION = "choose"

_MODULES: dict[Path, ModuleType] = {}


def _first_line(error: BaseException) -> str:
    text = str(error).strip().splitlines()
    return f"{type(error).__name__}: {text[0]}" if text else type(error).__name__


def _where(error: BaseException, path: Path) -> str:
    """' (line N)' for the last line of ``path`` in the error's traceback, if any."""
    lines = [f.lineno for f in traceback.extract_tb(error.__traceback__) if Path(f.filename) == path]
    return f" (line {lines[-1]})" if lines else ""


def load_module(path_text: str) -> ModuleType:
    """Import the file at ``path_text`` (once per process)."""
    path = Path(path_text).expanduser().resolve()
    if path in _MODULES:
        return _MODULES[path]
    if not path.is_file():
        raise StrategyError(f"strategy file {path_text!r} does not exist")
    name = f"tcf_user_strategy_{len(_MODULES)}_{path.stem}"
    spec = importlib.util.spec_from_file_location(name, path)
    if spec is None or spec.loader is None:
        raise StrategyError(f"strategy file {path_text!r} cannot be imported as Python")
    module = importlib.util.module_from_spec(spec)
    sys.modules[name] = module
    try:
        spec.loader.exec_module(module)
    except (Exception, SystemExit) as error:
        del sys.modules[name]
        raise StrategyError(
            f"strategy file {path_text!r} does not import: {_first_line(error)}{_where(error, path)}"
        ) from None
    _MODULES[path] = module
    return module


def load_function(path_text: str, function: str | None) -> Callable[..., object]:
    """The function named ``function`` (default ``choose``) in the file ``path_text``."""
    module = load_module(path_text)
    function = DEFAULT_FUNCTION if function is None else function
    found = getattr(module, function, None) if function.isidentifier() else None
    if not callable(found):
        defined = [
            name for name, value in vars(module).items()
            if inspect.isfunction(value) and value.__module__ == module.__name__
        ]
        raise StrategyError(
            f"strategy file {path_text!r} has no function {function!r}; "
            f"functions in it: {', '.join(defined) or 'none'}"
        )
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
    """Calls the user's function and checks that each answer is a slot: 0, 1 or 2."""

    def __init__(self, label: str, function: Callable[..., object], rng: random.Random) -> None:
        self.name = label
        self._function = function
        self._args: tuple[random.Random, ...] = (rng,) if _wants_rng(function) else ()

    def __call__(self, view: View) -> int:
        try:
            answer = self._function(view, *self._args)
        except (Exception, SystemExit) as error:  # sys.exit() in a pool worker hung the run
            raise StrategyError(f"strategy {self.name} raised {_first_line(error)}") from error
        try:
            slot = operator.index(answer)  # type: ignore[arg-type]
        except TypeError:
            slot = None
        if isinstance(answer, bool) or slot not in (0, 1, 2):
            raise StrategyError(
                f"strategy {self.name} returned {answer!r} on turn {view.turn}; "
                "a discard is slot 0, 1 or 2"
            )
        return slot  # type: ignore[return-value]


def file_strategy_info(path_text: str, function: str | None) -> StrategyInfo:
    """The StrategyInfo of a file spec; importing the file is what validates it."""
    found = load_function(path_text, function)
    label = f"{path_text}:{function or DEFAULT_FUNCTION}"
    return StrategyInfo(
        name=label,
        factory=lambda rng: FileStrategy(label, found, rng),
        summary=f"the function {function or DEFAULT_FUNCTION} from {path_text}",
    )
