"""A game in progress kept with the history, so that quitting never gives up a deal.

The window writes the game on its table (seed, moves, opponent, kind, options) when it is
dealt and after every turn, so that closing the window, Ctrl-C, a crash or ``kill -9`` keep
it, and the next start brings it back turn for turn: a deal once seen cannot be dealt
afresh by quitting. A row belongs to the window that plays it (its ``owner``) while that
window runs; a window that ended, however it ended, leaves it to the next start.
"""
from __future__ import annotations

import os
import sys
import uuid
from dataclasses import dataclass, field


@dataclass
class UnfinishedGame:
    """The game on a table as far as it was played."""

    kind: str
    p1: str
    p2: str
    seed: int
    moves: tuple[tuple[int, int], ...] = ()
    open_hands: bool = False
    coach: bool = False
    started_at: str = ""
    id: int | None = field(default=None, compare=False)


def new_owner() -> str:
    """A name for this process's claim on a game in progress: its pid and a random token."""
    return f"{os.getpid()}:{uuid.uuid4().hex[:12]}"


def owner_alive(owner: str) -> bool:
    """True while the process that ``owner`` names may still be running (a malformed owner
    is taken as gone: no text, or no process number there can be)."""
    try:
        pid = int(owner.split(":", 1)[0])
    except (ValueError, AttributeError, TypeError):
        return False
    if pid == os.getpid():
        return True
    if not 0 < pid < 1 << 31:
        return False
    if sys.platform == "win32":
        return _windows_process_alive(pid)
    try:
        os.kill(pid, 0)  # signal 0: only asks whether it exists
    except ProcessLookupError:
        return False
    except OSError:  # PermissionError: it exists, run by someone else
        return True
    return True


def _windows_process_alive(pid: int) -> bool:
    """Windows has no signal 0 (os.kill would end the process): ask the kernel instead."""
    import ctypes

    synchronize, wait_timeout = 0x00100000, 0x102
    kernel32 = ctypes.windll.kernel32  # type: ignore[attr-defined]
    handle = kernel32.OpenProcess(synchronize, False, pid)
    if not handle:
        return False
    try:
        return bool(kernel32.WaitForSingleObject(handle, 0) == wait_timeout)
    finally:
        kernel32.CloseHandle(handle)
