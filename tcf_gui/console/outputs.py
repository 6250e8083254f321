"""Files the commands write at a path the person names (``history --csv FILE``, ``--plot
FILE``): what is there is checked before it is opened, and opened so that it cannot block.

A FIFO, a folder, a device or a socket in its place is refused with one line (a FIFO
nobody reads would block the command for ever); so is a missing folder or one this user
cannot write in. The file is opened without blocking and checked again once open, so that
nothing swapped in between the check and the opening is written to either.
"""
from __future__ import annotations

import io
import os
import stat
from typing import IO

from tcf_gui.i18n import _


def output_problem(path: str) -> str | None:
    """Why ``path`` cannot be written as a file, or None."""
    try:
        found = os.stat(path)
    except FileNotFoundError:
        folder = os.path.dirname(path) or "."
        if not os.path.isdir(folder):
            return _("folder {folder!r} does not exist").format(folder=folder)
        if not os.access(folder, os.W_OK):
            return _("permission denied in folder {folder!r}").format(folder=folder)
        return None
    except OSError as error:  # a name too long, a loop of symlinks
        return error.strerror or str(error)
    if not stat.S_ISREG(found.st_mode):
        return _("it is {what}, not a file").format(what=_kind(found.st_mode))
    if not os.access(path, os.W_OK):
        return _("permission denied")
    return None


def _kind(mode: int) -> str:
    if stat.S_ISDIR(mode):
        return _("a folder")
    if stat.S_ISFIFO(mode):
        return _("a FIFO")
    if stat.S_ISSOCK(mode):
        return _("a socket")
    return _("a device")


def open_output(path: str, binary: bool = False) -> IO:
    """``path`` opened for writing (created or emptied), never blocking: an OSError with a
    one-line reason for anything but a regular file."""
    problem = output_problem(path)
    if problem is not None:
        raise OSError(problem)
    fd = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_NONBLOCK | getattr(os, "O_NOCTTY", 0),
                 0o666)
    try:
        found = os.fstat(fd)
        if not stat.S_ISREG(found.st_mode):
            raise OSError(_("it is {what}, not a file").format(what=_kind(found.st_mode)))
        os.set_blocking(fd, True)
        os.ftruncate(fd, 0)
    except BaseException:
        os.close(fd)
        raise
    raw = io.FileIO(fd, "w")
    if binary:
        return io.BufferedWriter(raw)
    return io.TextIOWrapper(io.BufferedWriter(raw), encoding="utf-8", newline="")
