"""Strategies by name: ``name`` or ``name:key=value,...``.

A strategy is any callable from a View to the slot to discard (0, 1 or 2). Built-in
strategies register a factory here, so the command line, the window and the statistics
all find them by the same names.
"""
from __future__ import annotations

import random
from dataclasses import dataclass, field
from typing import Any, Callable

from ..view import Strategy

Factory = Callable[..., Strategy]


class StrategyError(ValueError):
    """A strategy spec that names no strategy or carries bad parameters."""


@dataclass(frozen=True)
class StrategyInfo:
    name: str
    factory: Factory
    summary: str
    params: dict[str, Any] = field(default_factory=dict)
    """Parameter names with their defaults; a bool default takes on/off."""


_REGISTRY: dict[str, StrategyInfo] = {}


def register(name: str, summary: str, **params: Any) -> Callable[[Factory], Factory]:
    """Class or function decorator: ``factory(rng, **params) -> Strategy``."""

    def wrap(factory: Factory) -> Factory:
        _REGISTRY[name] = StrategyInfo(name, factory, summary, dict(params))
        return factory

    return wrap


def strategy_names() -> list[str]:
    """Names of the built-in strategies, in registration order."""
    return list(_REGISTRY)


def strategy_info(name: str) -> StrategyInfo:
    try:
        return _REGISTRY[name]
    except KeyError:
        raise StrategyError(
            f"unknown strategy {name!r}; choose from: {', '.join(strategy_names())}"
        ) from None


def _convert(info: StrategyInfo, key: str, text: str) -> Any:
    if key not in info.params:
        valid = ", ".join(info.params) or "none"
        raise StrategyError(f"strategy {info.name!r} has no parameter {key!r} (parameters: {valid})")
    default = info.params[key]
    if isinstance(default, bool):
        if text.lower() in ("on", "true", "yes", "1"):
            return True
        if text.lower() in ("off", "false", "no", "0"):
            return False
        raise StrategyError(f"{info.name}:{key} takes on or off, not {text!r}")
    if isinstance(default, int):
        try:
            return int(text)
        except ValueError:
            raise StrategyError(f"{info.name}:{key} takes a whole number, not {text!r}") from None
    return text


def parse_spec(spec: str) -> tuple[StrategyInfo, dict[str, Any]]:
    """Split ``name:key=value,...`` into the strategy and its parameters."""
    name, _, rest = spec.strip().partition(":")
    info = strategy_info(name)
    params: dict[str, Any] = {}
    for item in filter(None, (part.strip() for part in rest.split(","))):
        key, eq, value = item.partition("=")
        if not eq:
            raise StrategyError(f"malformed parameter {item!r} in {spec!r}: write key=value")
        params[key.strip()] = _convert(info, key.strip(), value.strip())
    return info, params


def make_strategy(spec: str, rng: random.Random | None = None) -> Strategy:
    """Build the strategy that ``spec`` names; ``rng`` feeds any randomness it uses."""
    info, params = parse_spec(spec)
    return info.factory(rng if rng is not None else random.Random(0), **params)
