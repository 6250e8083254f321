"""Join codes: random, 45 bits, easy to read aloud and to type back.

A code is nine characters of Crockford's base 32 (digits and the letters without I, L, O
and U, so that none is mistaken for another), shown in groups of three: ``7KQ-M4X-PDR``.
Typing it back forgives case, spaces and dashes, and reads O as 0 and I or L as 1.
"""
from __future__ import annotations

import secrets

ALPHABET = "0123456789ABCDEFGHJKMNPQRSTVWXYZ"
LENGTH = 9
BITS = 5 * LENGTH  # 45
_SAME = str.maketrans({"O": "0", "I": "1", "L": "1"})


def new_code() -> str:
    """A fresh join code from the operating system's entropy, grouped for reading."""
    raw = "".join(secrets.choice(ALPHABET) for _ in range(LENGTH))
    return shown(raw)


def shown(raw: str) -> str:
    """``7KQM4XPDR`` as it is shown and read aloud: ``7KQ-M4X-PDR``."""
    return "-".join(raw[i:i + 3] for i in range(0, len(raw), 3))


def normal(text: str) -> str | None:
    """The code a person typed, in the one form the server compares (``7KQ-M4X-PDR``), or
    None when it cannot be one (wrong length, a character no code has)."""
    if not isinstance(text, str) or len(text) > 40:
        return None
    raw = "".join(text.split()).replace("-", "").upper().translate(_SAME)
    if len(raw) != LENGTH or any(char not in ALPHABET for char in raw):
        return None
    return shown(raw)
