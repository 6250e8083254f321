"""Seats kept on disk: the resume token of each table this person joined, so that a window or
a terminal that crashed (or was killed) gets its seat back by joining again the same way,
within the time the server holds it.

One small JSON file in the data folder (tcf_gui.system.folders), private to the user (0600),
written whole to a temporary file and moved into place. Each entry is the server's address
and the join code, the token and when it was kept; an entry older than KEEP_S is dropped.
While a game is played an entry also keeps this player's secrets for it
(tcf_gui.net.pledges: its seed and a committed discard not yet played; at a sealed table its
seat's seed, tcf_gui.net.sealed.keys, which gives all the rest): a client that comes
back without them could not open its move, and its check of the deal at the end would fail.
A file that is missing, too big or not what this module writes counts as empty: the worst it
costs is a plain join.
"""
from __future__ import annotations

import contextlib
import json
import os
import tempfile
import time
from pathlib import Path
from typing import Any, Callable

from tcf_gui.net import checks
from tcf_gui.net.pledges import secrets_valid
from tcf_gui.net.sealed.keys import sealed_secrets
from tcf_gui.system.folders import data_dir

FILE_NAME = "friend-seats.json"
#: Seconds a token is kept (a server holds a seat for a minute; a public one may hold longer).
KEEP_S = 3600.0
#: The most bytes read from the file, and the most entries kept.
MOST_BYTES = 64 * 1024
MOST_ENTRIES = 32


def seats_path() -> Path:
    return data_dir() / FILE_NAME


class KeptSeat:
    """The seat at one table (``server``, ``code``): its token as kept, and keeping it."""

    def __init__(self, server: str, code: str, path: Path | None = None,
                 clock: Callable[[], float] = time.time) -> None:
        self.key = f"{server} {code}"
        self.path = path or seats_path()
        self.clock = clock
        entry = _read(self.path, clock).get(self.key)
        self.token: str | None = entry["token"] if entry is not None else None
        """The token kept for this table, or None."""
        self.secrets: dict[str, Any] | None = entry.get("secrets") if entry is not None else None
        """This player's secrets for the game in play at this table (Pledges.secrets), or
        None."""

    def keep(self, token: str) -> None:
        """Keep ``token`` for this table (a fault writing it is passed over: a plain join)."""
        if token != self.token:
            self.token = token
            self._write()

    def keep_secrets(self, secrets: dict[str, Any] | None) -> None:
        """Keep this player's secrets for the game in play (None: the game is over)."""
        if secrets != self.secrets:
            self.secrets = secrets
            self._write()

    def forget(self) -> None:
        """The seat is given up (the player left): no resume next time."""
        self.token, self.secrets = None, None
        self._write()

    def _write(self) -> None:
        entries = _read(self.path, self.clock)
        now = self.clock()
        entries.pop(self.key, None)
        if self.token is not None:
            entries[self.key] = {"token": self.token, "at": now}
            if self.secrets is not None:
                entries[self.key]["secrets"] = self.secrets
        newest = sorted(entries.items(), key=lambda item: item[1]["at"])[-MOST_ENTRIES:]
        _write_private(self.path, json.dumps(dict(newest)))


def _read(path: Path, clock: Callable[[], float]) -> dict[str, Any]:
    """The entries still fresh, each checked; {} for a file that is none of ours. The clock
    is read after the file: an entry another thread or process wrote just before would
    otherwise look written in the future, and be dropped."""
    try:
        with open(path, "rb") as handle:
            raw = handle.read(MOST_BYTES + 1)
        data = json.loads(raw) if len(raw) <= MOST_BYTES else None
    except (OSError, ValueError, RecursionError):
        return {}
    now = clock()
    if not isinstance(data, dict):
        return {}
    return {key: entry for key, entry in data.items()
            if isinstance(key, str) and len(key) <= 300 and isinstance(entry, dict)
            and checks.token(entry.get("token")) and 0 <= now - _at(entry) < KEEP_S
            and ("secrets" not in entry or secrets_valid(entry["secrets"])
                 or sealed_secrets(entry["secrets"]))}


def _at(entry: dict[str, Any]) -> float:
    at = entry.get("at")
    return float(at) if isinstance(at, (int, float)) and not isinstance(at, bool) else float("nan")


def _write_private(path: Path, text: str) -> None:
    """``text`` into ``path`` atomically, readable by this user alone; OSError passed over."""
    tmp: str | None = None
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        fd, tmp = tempfile.mkstemp(prefix=f".{path.stem}-", dir=path.parent)  # (mode 0600)
        with os.fdopen(fd, "w", encoding="utf-8") as handle:
            handle.write(text)
        os.replace(tmp, path)
    except OSError:
        if tmp is not None:
            with contextlib.suppress(OSError):
                os.unlink(tmp)
