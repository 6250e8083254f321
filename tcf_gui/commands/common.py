"""Argument types shared by the subcommands."""
from __future__ import annotations

import argparse

from ..engine.strategies import StrategyError, make_strategy


def positive_int(text: str) -> int:
    """An argparse type: a whole number of at least 1."""
    try:
        value = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"{text!r} is not a whole number") from None
    if value < 1:
        raise argparse.ArgumentTypeError(f"{value} is not positive: give 1 or more")
    return value


def seed_int(text: str) -> int:
    """An argparse type: a seed, any whole number >= 0."""
    try:
        value = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"seed {text!r} is not a whole number") from None
    if value < 0:
        raise argparse.ArgumentTypeError(f"seed {value} is negative: give 0 or more")
    return value


def strategy_spec(text: str) -> str:
    """An argparse type: a spec that builds a strategy (a known name with valid parameters,
    a combinator with valid members, or a file that imports and has the function)."""
    try:
        make_strategy(text)
    except StrategyError as error:
        raise argparse.ArgumentTypeError(str(error)) from None
    return text
