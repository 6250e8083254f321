"""Argument types shared by the window's flags and the subcommands (argparse ``type=``).

Light to import: the engine loads only when a strategy spec is checked."""
from __future__ import annotations

import argparse


def _whole_number(text: str, minimum: int, what: str, too_small: str) -> int:
    try:
        value = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"{what}{text!r} is not a whole number") from None
    if value < minimum:
        raise argparse.ArgumentTypeError(f"{what}{value} is {too_small}: give {minimum} or more")
    return value


def positive_int(text: str) -> int:
    """An argparse type: a whole number of at least 1."""
    return _whole_number(text, 1, "", "not positive")


def seed_int(text: str) -> int:
    """An argparse type: a seed, any whole number >= 0."""
    return _whole_number(text, 0, "seed ", "negative")


def strategy_spec(text: str) -> str:
    """An argparse type: a spec that builds a strategy (a known name with valid parameters,
    a combinator with valid members, or a file that imports and has the function)."""
    from .engine.strategies import StrategyError, make_strategy

    try:
        make_strategy(text)
    except StrategyError as error:
        raise argparse.ArgumentTypeError(str(error)) from None
    return text
