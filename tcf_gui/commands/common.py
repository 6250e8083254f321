"""Argument types shared by the subcommands."""
from __future__ import annotations

import argparse

from ..engine.statistics import wilson_interval
from ..engine.strategies import StrategyError, make_strategy


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
    try:
        make_strategy(text)
    except StrategyError as error:
        raise argparse.ArgumentTypeError(str(error)) from None
    return text


def rate_with_interval(successes: int, trials: int) -> str:
    """A rate in percent with its 95% Wilson interval: ' 80.05%  (95% CI 79.97-80.13%)'."""
    low, high = wilson_interval(successes, trials)
    rate = successes / trials if trials else 0.0
    return f"{100 * rate:6.2f}%  (95% CI {100 * low:.2f}-{100 * high:.2f}%)"
