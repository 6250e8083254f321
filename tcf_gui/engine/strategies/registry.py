"""Strategies by spec: a plain string that names a strategy, its parameters and members.

A strategy is any callable from a View to the slot to discard (0, 1 or 2). Built-in
strategies describe themselves with ``@strategy``/``@combinator``; BUILT_IN below names each
by its entry point, and its module loads the first time the name is used, so the command
line, the window and the statistics all find them by the same names. A spec stays a plain string, so worker processes can
rebuild the same strategy from it. The grammar, in words, is ``tcf-gui stats --help``'s
(tcf_gui.commands.lab.spec_grammar).
"""
from __future__ import annotations

import importlib
import os
import random
import re
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Callable

from tcf_gui.i18n import _, ngettext, pgettext
from tcf_gui.engine.view import Strategy
from tcf_gui.engine.strategies import user_file
from tcf_gui.engine.strategies.sandbox.client import SandboxedStrategy
from tcf_gui.engine.strategies.errors import StrategyError

Factory = Callable[..., Strategy]

#: Parentheses may nest this deep in a spec (deeper is refused, not a RecursionError).
MAX_NESTING = 32


@dataclass(frozen=True)
class StrategyInfo:
    name: str
    factory: Factory
    summary: str
    params: dict[str, Any] = field(default_factory=dict)
    """Parameter names with their defaults; a bool default takes on/off."""
    members: tuple[int, int | None] | None = None
    """For a combinator, the least and most member strategies it takes (None: no limit);
    None for a plain strategy."""
    file: tuple[str, str] | None = None
    """For a user's file, its path as given and the function's name."""


#: The built-in strategies, in the order lists and tournaments show them: name, entry point
#: (``module:factory``; the factory carries its ``@strategy``/``@combinator`` description),
#: and whether it is a combinator. Nothing is imported until a name is used.
BUILT_IN: tuple[tuple[str, str, bool], ...] = (
    ("majority", "tcf_gui.engine.strategies.combinators:MajorityStrategy", True),
    ("mix", "tcf_gui.engine.strategies.combinators:MixStrategy", True),
    ("heuristic", "tcf_gui.engine.strategies.heuristic:HeuristicStrategy", False),
    ("random", "tcf_gui.engine.strategies.simple:RandomStrategy", False),
    ("lazy", "tcf_gui.engine.strategies.simple:LazyStrategy", False),
    ("expert", "tcf_gui.engine.coach.expert:ExpertStrategy", False),
)
_ENTRY_POINTS: dict[str, tuple[str, bool]] = {name: (entry, combines)
                                              for name, entry, combines in BUILT_IN}
#: Strategies loaded so far, and any a program registered (``register``).
_REGISTRY: dict[str, StrategyInfo] = {}


def register(*factories: Factory) -> None:
    """Make more described strategies findable by name, after the built-in ones (a program
    that brings its own, such as benchmarks/strength_candidates.py, calls this)."""
    for factory in factories:
        info: StrategyInfo = factory.info  # type: ignore[attr-defined]
        _REGISTRY[info.name] = info
        _ENTRY_POINTS.setdefault(info.name, ("", info.members is not None))


def _load(name: str) -> StrategyInfo | None:
    """The description of strategy ``name``, importing its module the first time."""
    if name not in _REGISTRY and name in _ENTRY_POINTS:
        module, _colon, factory = _ENTRY_POINTS[name][0].partition(":")
        _REGISTRY[name] = getattr(importlib.import_module(module), factory).info
    return _REGISTRY.get(name)


def strategy(name: str, summary: str, **params: Any) -> Callable[[Factory], Factory]:
    """Class or function decorator that describes a strategy ``factory(rng, **params)``
    (BUILT_IN, or ``register``, makes it findable by name)."""

    def describe(factory: Factory) -> Factory:
        factory.info = StrategyInfo(name, factory, summary, dict(params))  # type: ignore[attr-defined]
        return factory

    return describe


def combinator(name: str, summary: str, least: int, most: int | None = None,
               **params: Any) -> Callable[[Factory], Factory]:
    """Describes a combinator ``factory(rng, members=(spec, ...), **params)``."""

    def describe(factory: Factory) -> Factory:
        factory.info = StrategyInfo(  # type: ignore[attr-defined]
            name, factory, summary, dict(params), (least, most))
        return factory

    return describe


def strategy_names() -> list[str]:
    """Names of the built-in (plain) strategies, in table order."""
    return [name for name, (_entry, combines) in _ENTRY_POINTS.items() if not combines]


def combinator_names() -> list[str]:
    """Names of the built-in combinators, in table order."""
    return [name for name, (_entry, combines) in _ENTRY_POINTS.items() if combines]


def choices() -> str:
    """The valid choices, for error messages."""
    return _("choose from: {names}; combinators: {combinators} (e.g. "
             "majority:random,heuristic,lazy); or a file: path/to/mine.py:choose").format(
        names=", ".join(strategy_names()), combinators=", ".join(combinator_names()))


def strategy_info(name: str) -> StrategyInfo:
    info = _load(name)
    if info is None:
        raise StrategyError(_("unknown strategy {name!r}; {choices}").format(
            name=name, choices=choices()))
    return info


def _param_names(info: StrategyInfo) -> str:
    return ", ".join(info.params) or pgettext("list of parameters", "none")


def _convert(info: StrategyInfo, key: str, text: str) -> Any:
    if key not in info.params:
        problem = (_("strategy {name!r} has no parameter {key!r} (parameters: {params}; a "
                     "member's own parameters go inside parentheses with it)") if info.members
                   else _("strategy {name!r} has no parameter {key!r} (parameters: {params})"))
        raise StrategyError(problem.format(name=info.name, key=key, params=_param_names(info)))
    default = info.params[key]
    if isinstance(default, bool):
        if text.lower() in ("on", "true", "yes", "1"):
            return True
        if text.lower() in ("off", "false", "no", "0"):
            return False
        raise StrategyError(_("{name}:{key} takes on or off, not {text!r}").format(
            name=info.name, key=key, text=text))
    if isinstance(default, int):
        try:
            return int(text)
        except ValueError:
            raise StrategyError(_("{name}:{key} takes a whole number, not {text!r}").format(
                name=info.name, key=key, text=text)) from None
    if isinstance(default, float):
        try:
            return float(text)
        except ValueError:
            raise StrategyError(_("{name}:{key} takes a number, not {text!r}").format(
                name=info.name, key=key, text=text)) from None
    return text


def split_items(text: str, spec: str) -> list[str]:
    """Split on the commas that are outside parentheses."""
    items, depth, start = [], 0, 0
    for i, char in enumerate(text):
        if char == "(":
            depth += 1
        elif char == ")":
            depth -= 1
            if depth < 0:
                raise StrategyError(_("unbalanced ')' in strategy {spec!r}").format(spec=spec))
        elif char == "," and depth == 0:
            items.append(text[start:i].strip())
            start = i + 1
    if depth:
        raise StrategyError(_("unbalanced '(' in strategy {spec!r}").format(spec=spec))
    items.append(text[start:].strip())
    return items


def _ungroup(text: str) -> str:
    """``(spec)`` -> ``spec`` when one pair of parentheses encloses the whole text."""
    while text.startswith("(") and _closes_at_end(text):
        text = text[1:-1].strip()
    return text


def _closes_at_end(text: str) -> bool:
    """Whether the '(' that opens ``text`` is closed by its last character."""
    depth = 0
    for i, char in enumerate(text):
        depth += {"(": 1, ")": -1}.get(char, 0)
        if depth == 0:
            return i == len(text) - 1
    return False


_PARAM = re.compile(r"^\s*([A-Za-z_]\w*)\s*=(.*)$", re.DOTALL)
_FILE_SPEC = re.compile(r"^(?P<path>[^(),]+?\.py)(?::(?P<function>[^(),:]*))?$")


def parse_spec(spec: str) -> tuple[StrategyInfo, dict[str, Any]]:
    """Split a spec into the strategy and its parameters (see tcf_gui.commands.lab.spec_grammar).

    A combinator's members come back as ``params["members"]``, a tuple of member specs;
    a file spec comes back as a StrategyInfo with ``file`` set (the file must exist; it is
    imported only where it is played).
    """
    _check_nesting(spec)
    text = _ungroup(spec.strip())
    if not text:
        raise StrategyError(_("empty strategy spec; {choices}").format(choices=choices()))
    name, _colon, rest = text.partition(":")
    existing = _existing_file(text)
    if existing is not None:
        return _file_info(*existing), {}
    file_spec = _FILE_SPEC.match(text)
    if name.strip() not in _ENTRY_POINTS and file_spec:
        return _file_info(file_spec["path"].strip(), file_spec["function"]), {}
    info = strategy_info(name.strip())
    params: dict[str, Any] = {}
    members: list[str] = []
    for item in filter(None, split_items(rest, spec)):
        param = _PARAM.match(item)
        if param:
            if param[1] in params:  # not the last one silently
                raise StrategyError(_("{name}:{key} is given twice in {spec!r}; give each "
                                      "parameter once").format(name=info.name, key=param[1],
                                                               spec=spec))
            params[param[1]] = _convert(info, param[1], param[2].strip())
        elif info.members is None:
            raise StrategyError(_("malformed parameter {item!r} in {spec!r}: write key=value "
                                  "(parameters of {name}: {params})").format(
                item=item, spec=spec, name=info.name, params=_param_names(info)))
        else:
            parse_spec(item)  # a member must be a valid spec itself
            members.append(_ungroup(item))
    if info.members is not None:
        params["members"] = tuple(_check_members(info, members))
    return info, params


def _existing_file(text: str) -> tuple[str, str | None] | None:
    """(path, function or None) when ``text`` is PATH.py or PATH.py:FUNCTION for a path that
    exists: then commas and parentheses in the name are the file's own (``a,b.py``,
    ``p(1).py``), not the grammar's."""
    path, colon, function = text.rpartition(":")
    for candidate, name in ((text, None), (path, function) if colon else ("", None)):
        if candidate.endswith(".py") and candidate not in _ENTRY_POINTS:
            try:
                if os.path.lexists(Path(candidate).expanduser()):
                    return candidate, name
            except (OSError, ValueError):
                pass
    return None


def _check_nesting(spec: str) -> None:
    depth = deepest = 0
    for char in spec:
        if char == "(":
            depth += 1
            deepest = max(deepest, depth)
        elif char == ")":
            depth -= 1
    if deepest > MAX_NESTING:
        raise StrategyError(_("strategy spec nests parentheses {depth} deep; at most {most} "
                              "levels are allowed").format(depth=deepest, most=MAX_NESTING))


def _file_info(path: str, function: str | None) -> StrategyInfo:
    """A user's file as a StrategyInfo (named PATH.py:FUNCTION), after cheap checks."""
    function = user_file.DEFAULT_FUNCTION if function is None else function
    if not function.isidentifier():
        raise StrategyError(_("{function!r} in strategy {path}:{function} is not a function "
                              "name").format(function=function, path=path))
    user_file.check_file(path)
    label = f"{path}:{function}"
    return StrategyInfo(name=label, factory=_no_factory, summary=f"the function {function} "
                        f"from {path}", file=(path, function))


def _no_factory(rng: random.Random, **params: Any) -> Strategy:
    raise StrategyError("a strategy file is played through make_strategy")


def loads_file(spec: str) -> bool:
    """Whether ``spec`` plays code from a user's file (itself or any member)."""
    return _plays_file(*parse_spec(spec))


def file_members(spec: str) -> list[tuple[str, str]]:
    """(path as written, function) of every user file ``spec`` plays, itself or as a member."""
    info, params = parse_spec(spec)
    if info.file is not None:
        return [info.file]
    return [found for member in params.get("members", ()) for found in file_members(member)]


def _plays_file(info: StrategyInfo, params: dict[str, Any]) -> bool:
    """loads_file for a spec already parsed into ``info`` and ``params``."""
    return info.file is not None or any(map(loads_file, params.get("members", ())))


def _check_members(info: StrategyInfo, members: list[str]) -> list[str]:
    least, most = info.members  # type: ignore[misc]
    if len(members) < least or (most is not None and len(members) > most):
        if most == least:
            wanted = ngettext(
                "{name} takes exactly {least} member strategy, got {n}: write "
                "{name}:MEMBER,MEMBER,... and wrap a member that has parameters or members of "
                "its own in parentheses",
                "{name} takes exactly {least} member strategies, got {n}: write "
                "{name}:MEMBER,MEMBER,... and wrap a member that has parameters or members of "
                "its own in parentheses", least)
        elif most is None:
            wanted = ngettext(
                "{name} takes at least {least} member strategy, got {n}: write "
                "{name}:MEMBER,MEMBER,... and wrap a member that has parameters or members of "
                "its own in parentheses",
                "{name} takes at least {least} member strategies, got {n}: write "
                "{name}:MEMBER,MEMBER,... and wrap a member that has parameters or members of "
                "its own in parentheses", least)
        else:
            wanted = _("{name} takes {least} to {most} member strategies, got {n}: write "
                       "{name}:MEMBER,MEMBER,... and wrap a member that has parameters or "
                       "members of its own in parentheses")
        raise StrategyError(wanted.format(name=info.name, least=least, most=most,
                                          n=len(members)))
    return members


_files_here = False


def load_files_here() -> None:
    """Play user files in this process from now on (only the sandbox process does)."""
    global _files_here
    _files_here = True


def make_strategy(spec: str, rng: random.Random | None = None) -> Strategy:
    """Build the strategy that ``spec`` names; ``rng`` feeds any randomness it uses.

    A spec that plays a user's file (itself or as a member) is played in a sandbox process
    (see tcf_gui.engine.strategies.sandbox); everything else runs here."""
    rng = rng if rng is not None else random.Random(0)
    info, params = parse_spec(spec)
    if not _files_here and _plays_file(info, params):
        return SandboxedStrategy(spec, rng, file_members(spec))
    if info.file is not None:
        return user_file.FileStrategy(*info.file, rng)
    return info.factory(rng, **params)


def member_rngs(rng: random.Random, count: int) -> list[random.Random]:
    """Independent generators for ``count`` members, drawn in order from ``rng``."""
    return [random.Random(rng.getrandbits(64)) for _ in range(count)]
