"""Guesses at what a mistyped command or option meant (``tcf-gui stat``: stats), for the
short error the command line gives instead of its whole usage."""
from __future__ import annotations

import argparse
from difflib import get_close_matches
from typing import Iterable

#: How alike a typed word and a name must be to be offered (difflib's ratio).
CUTOFF = 0.6


def close_name(word: str, names: Iterable[str]) -> str | None:
    """The name most like ``word``, or None when none is alike enough."""
    found = get_close_matches(word, list(names), n=1, cutoff=CUTOFF)
    return found[0] if found else None


def close_option(typed: list[str], parser: argparse.ArgumentParser) -> tuple[str, str] | None:
    """The first long option in ``typed`` that ``parser`` does not know but has one like
    it: (what was typed, that option); None when there is none. Names are compared
    without their dashes (``--p2`` is not like ``--open``)."""
    options = {option.lstrip("-"): option for action in parser._actions
               for option in action.option_strings if option.startswith("--")}
    for word in typed:
        name = word.split("=")[0]
        if name.startswith("--") and name.lstrip("-") not in options:
            guess = close_name(name.lstrip("-"), options)
            if guess is not None:
                return name, options[guess]
    return None
