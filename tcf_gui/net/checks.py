"""The checks a message's fields are held to: each a function of a value (as JSON gave it)
that says whether that value may stand in that field. The message kinds
(tcf_gui.net.messages) name one per field."""
from __future__ import annotations

import base64
import binascii
from typing import Any, Callable

from tcf_gui.args import MAX_NAME
from tcf_gui.net.codes import normal

Check = Callable[[Any], bool]


def between(low: int, high: int) -> Check:
    """A whole number from ``low`` to ``high`` (a bool is none)."""
    return lambda value: type(value) is int and low <= value <= high


def text(most: int) -> Check:
    """A string of 1 to ``most`` characters."""
    return lambda value: isinstance(value, str) and 0 < len(value) <= most


def name(value: Any) -> bool:
    """A person's name: printable, not blank, at most MAX_NAME characters."""
    return (isinstance(value, str) and 0 < len(value.strip()) and len(value) <= MAX_NAME
            and value.isprintable())


def flag(value: Any) -> bool:
    return type(value) is bool


def none_or(check: Check) -> Check:
    return lambda value: value is None or check(value)


def list_of(item: Check, least: int, most: int) -> Check:
    """A list of ``least`` to ``most`` values, each passing ``item``."""
    return lambda value: (isinstance(value, list) and least <= len(value) <= most
                          and all(item(each) for each in value))


def seconds(value: Any) -> bool:
    return type(value) in (int, float) and 0 <= value <= 3600  # NaN and infinity fail


_HEX_CHARS = frozenset("0123456789abcdef")


def hexadecimal(length: int) -> Check:
    return lambda value: (isinstance(value, str) and len(value) == length
                          and _HEX_CHARS.issuperset(value))


_TOKEN_CHARS = frozenset("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_")


def token(value: Any) -> bool:
    """A resume token as a server makes them (secrets.token_urlsafe): 16 to 64 characters of
    URL-safe base 64, nothing else (no other character reaches a comparison)."""
    return (isinstance(value, str) and 16 <= len(value) <= 64
            and _TOKEN_CHARS.issuperset(value))


def join_code(value: Any) -> bool:
    """A join code as a server shows it (``7KQ-M4X-PDR``; printed: no control characters)."""
    return isinstance(value, str) and normal(value) == value


def cards(count: int) -> Check:
    """``count`` card codes (which cards: protocol.read_cards, where they are read)."""
    return list_of(text(2), count, count)


def one_of(choices: tuple[int, ...]) -> Check:
    """One of the whole numbers ``choices`` (a bool is none)."""
    return lambda value: value in choices and type(value) is int


def base64_of(size: int) -> Check:
    """Standard base 64 (padded) of exactly ``size`` bytes, nothing else."""
    length = 4 * -(-size // 3)

    def check(value: Any) -> bool:
        if not isinstance(value, str) or len(value) != length:
            return False
        try:
            return len(base64.b64decode(value, validate=True)) == size
        except (binascii.Error, ValueError):
            return False

    return check


def pair(first: Check, second: Check) -> Check:
    """A list of two values, passing ``first`` and ``second``."""
    return lambda value: (isinstance(value, list) and len(value) == 2 and first(value[0])
                          and second(value[1]))
