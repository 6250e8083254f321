"""The player's settings, kept between sessions as JSON in the user's config folder.

A missing file gives the defaults. A corrupt or partly wrong file never stops the game: what
can be read is kept, the rest falls back to the defaults with a warning, and an unreadable
file is moved aside (``settings.json.bad``) rather than overwritten, so nothing is lost.
"""
from __future__ import annotations

import contextlib
import json
import os
import tempfile
from dataclasses import asdict, dataclass, fields
from pathlib import Path

SPEEDS = ("slow", "normal", "fast", "instant")
CONFIG_DIR_ENV = "TCF_GUI_CONFIG_DIR"


@dataclass
class Settings:
    """What the window remembers: animation speed, card colours, open hands, sound, log."""

    speed: str = "normal"
    four_colour: bool = False
    open_hands: bool = False
    sound: bool = True
    show_log: bool = False


def settings_path() -> Path:
    """$TCF_GUI_CONFIG_DIR/settings.json, else $XDG_CONFIG_HOME (or ~/.config)/tcf-gui/."""
    override = os.environ.get(CONFIG_DIR_ENV)
    if override:
        return Path(override) / "settings.json"
    base = os.environ.get("XDG_CONFIG_HOME") or Path.home() / ".config"
    return Path(base) / "tcf-gui" / "settings.json"


def _valid(name: str, value: object) -> bool:
    if name == "speed":
        return value in SPEEDS
    return isinstance(value, bool)


def load_settings(path: Path | None = None) -> tuple[Settings, str | None]:
    """The saved settings and a warning (None when all was well)."""
    path = path or settings_path()
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
    except FileNotFoundError:
        return Settings(), None
    except (OSError, UnicodeDecodeError, json.JSONDecodeError) as error:
        kept = _move_aside(path)
        return Settings(), f"could not read the settings in {path} ({error}); using the defaults{kept}"
    if not isinstance(data, dict):
        kept = _move_aside(path)
        return Settings(), f"the settings in {path} are not a JSON object; using the defaults{kept}"
    settings, bad = Settings(), []
    for field in fields(Settings):
        if field.name in data:
            if _valid(field.name, data[field.name]):
                setattr(settings, field.name, data[field.name])
            else:
                bad.append(f"{field.name}={data[field.name]!r}")
    warning = f"ignored bad settings in {path}: {', '.join(bad)}" if bad else None
    return settings, warning


def _move_aside(path: Path) -> str:
    """Rename an unreadable settings file to ``*.bad`` and say so."""
    bad = path.with_name(path.name + ".bad")
    try:
        os.replace(path, bad)
    except OSError:
        return ""
    return f" (the old file is kept as {bad})"


def save_settings(settings: Settings, path: Path | None = None) -> str | None:
    """Write the settings atomically; returns a warning instead of raising on failure."""
    path = path or settings_path()
    tmp: str | None = None
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        fd, tmp = tempfile.mkstemp(prefix=".settings-", dir=path.parent)
        with os.fdopen(fd, "w", encoding="utf-8") as handle:
            json.dump(asdict(settings), handle, indent=2)
        os.replace(tmp, path)
    except OSError as error:
        if tmp is not None:  # written in part, or not moved into place: no stray temp files
            with contextlib.suppress(OSError):
                os.unlink(tmp)
        return f"could not save the settings to {path}: {error}"
    return None
