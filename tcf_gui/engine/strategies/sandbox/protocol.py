"""The wire between the engine and a sandbox process, in both directions.

Requests (engine to sandbox) are pickles, each framed by a 4-byte length: only the sandbox
unpickles, and only what the engine wrote. Replies (sandbox to engine) are never unpickled
nor evaluated: a reply is a run of single bytes, each a slot (0, 1 or 2) or READY, or an
ERROR byte followed by a 2-byte length and at most MAX_ERROR_BYTES of UTF-8 text. The engine
checks every byte, and reads and writes with deadlines (tcf_gui.engine.strategies.sandbox.client),
so a sandbox that writes garbage, too much, or nothing at all cannot hang or fool it.
"""
from __future__ import annotations

import os
import pickle
import struct
import unicodedata

READY = ord("K")
ERROR = ord("E")
SLOTS = frozenset((0, 1, 2))
MAX_ERROR_BYTES = 1000
"""The longest error text a sandbox may send (longer is a broken reply)."""
MAX_ERROR_CHARACTERS = 300
"""An error line is cut to this many characters before it is shown."""

_LENGTH = struct.Struct(">I")
_ERROR_LENGTH = struct.Struct(">H")


def frame(message: tuple) -> bytes:
    """A request as it travels: its length, then its pickle."""
    data = pickle.dumps(message, protocol=pickle.HIGHEST_PROTOCOL)
    return _LENGTH.pack(len(data)) + data


def read_request(fd: int) -> tuple | None:
    """The next request on ``fd`` (in the sandbox), or None when the engine has closed it."""
    header = _read_exactly(fd, _LENGTH.size)
    if header is None:
        return None
    data = _read_exactly(fd, _LENGTH.unpack(header)[0])
    return None if data is None else pickle.loads(data)  # the engine's own pickle


def _read_exactly(fd: int, size: int) -> bytes | None:
    parts, left = [], size
    while left:
        part = os.read(fd, left)
        if not part:
            return None
        parts.append(part)
        left -= len(part)
    return b"".join(parts)


def error_reply(text: str) -> bytes:
    """An ERROR reply carrying ``text`` (cut to fit)."""
    data = text.encode("utf-8", "replace")[:MAX_ERROR_BYTES]
    data = data.decode("utf-8", "ignore").encode("utf-8")  # no character cut in half
    return bytes((ERROR,)) + _ERROR_LENGTH.pack(len(data)) + data


def error_length(header: bytes) -> int:
    """The text length an ERROR byte's 2-byte header announces."""
    return int(_ERROR_LENGTH.unpack(header)[0])


ERROR_HEADER = _ERROR_LENGTH.size


def clean_text(data: bytes) -> str:
    """Text from a sandbox as one printable line: undecodable bytes replaced, control
    characters (newlines, escape sequences) turned into spaces, cut to MAX_ERROR_CHARACTERS."""
    text = data.decode("utf-8", "replace")
    text = "".join(" " if unicodedata.category(char)[0] in "CZ" and char != " " else char
                   for char in text)
    text = " ".join(text.split())
    if len(text) > MAX_ERROR_CHARACTERS:
        text = text[:MAX_ERROR_CHARACTERS - 1] + "…"
    return text
