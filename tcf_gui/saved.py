"""Small dataclasses kept as JSON in the user's config folder, safe against damaged files.

A missing file gives the defaults. A corrupt or partly wrong file never stops the game: what
can be read is kept, the rest falls back to the defaults with a warning, and an unreadable
file is moved aside (``NAME.json.bad``) rather than overwritten, so nothing is lost. Saving
is atomic (a temporary file, then a rename) and reports a failure instead of raising.
"""
from __future__ import annotations

import contextlib
import json
import os
import tempfile
from dataclasses import asdict, fields
from pathlib import Path
from typing import Any, Callable, TypeVar

from .folders import CONFIG_DIR_ENV, config_dir

__all__ = ["CONFIG_DIR_ENV", "config_dir", "load_saved", "save"]

T = TypeVar("T")


def load_saved(cls: Callable[[], T], path: Path, what: str,
               valid: Callable[[str, Any], bool]) -> tuple[T, str | None]:
    """``cls()`` with the fields ``path`` holds where ``valid(name, value)``, and a warning."""
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
    except FileNotFoundError:
        return cls(), None
    except (OSError, UnicodeDecodeError, json.JSONDecodeError) as error:
        kept = _move_aside(path)
        return cls(), f"could not read the {what} in {path} ({error}); using the defaults{kept}"
    if not isinstance(data, dict):
        kept = _move_aside(path)
        return cls(), f"the {what} in {path} are not a JSON object; using the defaults{kept}"
    value, bad = cls(), []
    for field in fields(value):  # type: ignore[arg-type]
        if field.name in data:
            if valid(field.name, data[field.name]):
                setattr(value, field.name, data[field.name])
            else:
                bad.append(f"{field.name}={data[field.name]!r}")
    warning = f"ignored bad {what} in {path}: {', '.join(bad)}" if bad else None
    return value, warning


def _move_aside(path: Path) -> str:
    """Rename an unreadable file to ``*.bad`` and say so."""
    bad = path.with_name(path.name + ".bad")
    try:
        os.replace(path, bad)
    except OSError:
        return ""
    return f" (the old file is kept as {bad})"


def save(value: Any, path: Path, what: str) -> str | None:
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
        return f"could not save the {what} to {path}: {error}"
    return None
