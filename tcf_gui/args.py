"""Argument types shared by the window's flags and the subcommands (argparse ``type=``).

Every number has a bound, so that no huge value reaches the engine or SQLite. Light to
import: the engine loads only when a strategy spec is checked."""
from __future__ import annotations

import argparse

from tcf_gui.i18n import _
from tcf_gui.engine.seeds import GAME_SEEDS, SEED_LIMIT

#: The largest whole number an option takes (SQLite's largest integer).
LARGEST = (1 << 63) - 1
#: The most games one run plays (a trillion: days on a large cluster).
MOST_GAMES = 10**12


def cut_text(text: str) -> str:
    """``text`` as a message shows it back: cut when long."""
    if len(text) <= 30:
        return text
    return _("{start}... ({count} characters)").format(start=text[:10], count=len(text))


def _whole_number(text: str, least: int, most: int, seed: bool = False) -> int:
    """``text`` as a whole number from ``least`` to ``most``; ``seed``: the messages say
    it is a seed."""
    number = text.strip()
    if len(number) > 100 and number.lstrip("+-").isdecimal():  # no need to read it all
        value = least - 1 if number.startswith("-") else most + 1
    else:
        try:
            value = int(number)
        except ValueError:
            problem = (_("seed {text!r} is not a whole number") if seed else
                       _("{text!r} is not a whole number"))
            raise argparse.ArgumentTypeError(problem.format(text=cut_text(text))) from None
    if value < least:
        problem = (_("seed {number} is negative: give {least} or more") if seed else
                   _("{number} is not positive: give {least} or more"))
        raise argparse.ArgumentTypeError(problem.format(number=cut_text(number), least=least))
    if value > most:
        problem = (_("seed {number} is too large: give at most {most}") if seed else
                   _("{number} is too large: give at most {most}"))
        raise argparse.ArgumentTypeError(problem.format(number=cut_text(number), most=most))
    return value


def positive_int(text: str) -> int:
    """An argparse type: a whole number from 1 to LARGEST."""
    return _whole_number(text, 1, LARGEST)


def games_int(text: str) -> int:
    """An argparse type: a number of games, from 1 to MOST_GAMES."""
    return _whole_number(text, 1, MOST_GAMES)


def seed_int(text: str) -> int:
    """An argparse type: a seed, a whole number from 0 to SEED_LIMIT - 1."""
    return _whole_number(text, 0, SEED_LIMIT - 1, seed=True)


def game_seed_int(text: str) -> int:
    """The seed of one game (a deal's number), a whole number from 0 to GAME_SEEDS - 1."""
    return _whole_number(text, 0, GAME_SEEDS - 1, seed=True)


def strategy_spec(text: str) -> str:
    """An argparse type: a spec that builds a strategy (a known name with valid parameters,
    a combinator with valid members, or a file that imports and has the function)."""
    from tcf_gui.engine.strategies.registry import StrategyError, make_strategy

    try:
        make_strategy(text)
    except StrategyError as error:
        raise argparse.ArgumentTypeError(str(error)) from None
    return text


#: A player's name at a friend's table is at most this many characters (the protocol's limit).
MAX_NAME = 24


def player_name(text: str) -> str:
    """``text`` as a player's name: printable characters, trimmed, at most MAX_NAME ("" when
    nothing is left)."""
    name = "".join(char for char in text if char.isprintable()).strip()
    return name[:MAX_NAME].strip()


def name_text(text: str) -> str:
    """An argparse type: a player's name (printable, 1 to MAX_NAME characters)."""
    name = player_name(text)
    if not name or len(text.strip()) > MAX_NAME:
        raise argparse.ArgumentTypeError(
            _("a name is 1 to {most} printable characters").format(most=MAX_NAME))
    return name


def speech_spec(text: str) -> str:
    """``--speech``: on, off, or log:FILE (a file to write each announcement to)."""
    if text in ("on", "off") or (text.startswith("log:") and text[4:].strip()):
        return text
    raise argparse.ArgumentTypeError(
        _("{text!r}: say on, off or log:FILE").format(text=cut_text(text)))
