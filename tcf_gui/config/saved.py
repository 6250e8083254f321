"""Small dataclasses kept as JSON in the user's config folder, safe against damaged files.

A missing file gives the defaults. A corrupt or partly wrong file never stops the game: what
can be read is kept, the rest falls back to the defaults with a warning, and the file is
kept beside it under a dated name (``NAME.json.YYYYMMDD-HHMMSS.bad``, a new one each time)
before anything could overwrite it, so nothing is lost. Anything but a regular file (a
folder, a FIFO, a device) is not opened at all. Saving is atomic (a temporary file, then a
rename) and reports a failure instead of raising.
"""
from __future__ import annotations

import contextlib
import json
import os
import shutil
import stat
import tempfile
from dataclasses import asdict, fields
from pathlib import Path
from typing import Any, Callable, TypeVar

from tcf_gui.system.folders import CONFIG_DIR_ENV, config_dir, dated_path
from tcf_gui.i18n import _

__all__ = ["CONFIG_DIR_ENV", "config_dir", "load_saved", "read_saved", "save"]

T = TypeVar("T")


#: A settings or record file is a few hundred bytes; anything far larger is not ours.
MAX_BYTES = 1 << 20


def load_saved(cls: Callable[[], T], path: Path,
               valid: Callable[[str, Any], bool]) -> tuple[T, str | None]:
    """``cls()`` with the fields ``path`` holds where ``valid(name, value)``, and a warning;
    a damaged file is kept beside it first."""
    value, problem, move = read_saved(cls, path, valid)
    if problem is not None and move is not None:
        problem += _keep_aside(path, move=move)
    return value, problem


def read_saved(cls: Callable[[], T], path: Path, valid: Callable[[str, Any], bool]
               ) -> tuple[T, str | None, bool | None]:
    """What load_saved reads, touching no file: the value, the warning, and whether the file
    is to be moved aside (True: nothing in it is kept), copied (False) or left (None)."""
    try:
        mode = path.stat().st_mode
    except FileNotFoundError:
        return cls(), None, None
    except OSError as error:
        return cls(), _("could not read {path} ({reason}); using the defaults").format(
            path=path, reason=error.strerror), None
    if not stat.S_ISREG(mode):
        return (cls(), _("{path} is not a regular file; using the defaults").format(path=path),
                None)
    try:
        with path.open("rb") as handle:
            text = handle.read(MAX_BYTES + 1)
        if len(text) > MAX_BYTES:
            raise ValueError(_("larger than {n} bytes").format(n=MAX_BYTES))
        data = json.loads(text.decode("utf-8"))
    except (OSError, ValueError, RecursionError) as error:  # ValueError: bad JSON, UTF-8, ints
        reason = str(error).splitlines()[0][:120] if str(error) else type(error).__name__
        return cls(), _("could not read {path} ({reason}); using the defaults").format(
            path=path, reason=reason), True
    if not isinstance(data, dict):
        return cls(), _("{path} is not a JSON object; using the defaults").format(
            path=path), True
    value, bad = cls(), []
    for field in fields(value):  # type: ignore[arg-type]
        if field.name in data:
            if valid(field.name, data[field.name]):
                setattr(value, field.name, data[field.name])
            else:
                bad.append(f"{field.name}={_short(data[field.name])}")
    if not bad:
        return value, None, None
    # saving later rewrites the file without them: a copy is kept
    return value, _("ignored bad values in {path}: {values}").format(
        path=path, values=", ".join(bad)), False


def _short(value: Any) -> str:
    text = repr(value) if not isinstance(value, int) or abs(value) < 10**30 else _("a huge number")
    return text if len(text) <= 40 else text[:37] + "..."


def _keep_aside(path: Path, *, move: bool) -> str:
    """Move (or copy) the file to a new dated ``*.bad`` name beside it and say so."""
    bad = dated_path(path, "{name}.{stamp}.bad")
    try:
        if move:
            os.replace(path, bad)
        else:
            shutil.copy2(path, bad)
    except OSError:
        return ""
    return " " + _("(the old file is kept as {path})").format(path=bad)


def save(value: Any, path: Path) -> str | None:
    """Write the dataclass ``value`` atomically; a warning instead of raising on failure."""
    tmp: str | None = None
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        fd, tmp = tempfile.mkstemp(prefix=f".{path.stem}-", dir=path.parent)
        with os.fdopen(fd, "w", encoding="utf-8") as handle:
            json.dump(asdict(value), handle, indent=2)
        os.replace(tmp, path)
    except OSError as error:
        if tmp is not None:  # written in part, or not moved into place: no stray temp files
            with contextlib.suppress(OSError):
                os.unlink(tmp)
        return _("could not save {path}: {reason}").format(path=path,
                                                          reason=error.strerror or error)
    return None
