"""Where the game keeps what it writes: settings in the user's config folder, the game
history in the user's data folder, both from platformdirs (right on Linux, macOS, Windows).

``TCF_GUI_CONFIG_DIR`` and ``TCF_GUI_DATA_DIR`` override them (the tests point both at
temporary folders, so no test ever writes into a person's own folders).
"""
from __future__ import annotations

import os
import shutil
from datetime import datetime
from pathlib import Path

APP_NAME = "tcf-gui"
CONFIG_DIR_ENV = "TCF_GUI_CONFIG_DIR"
DATA_DIR_ENV = "TCF_GUI_DATA_DIR"


def config_dir() -> Path:
    """$TCF_GUI_CONFIG_DIR, else the platform's config folder (~/.config/tcf-gui on Linux).

    Versions before platformdirs used $XDG_CONFIG_HOME (or ~/.config)/tcf-gui everywhere; on
    a platform whose own folder differs (macOS, Windows) and does not exist yet, the old
    folder's files are copied into it once (the old ones stay), so nothing saved is lost.
    """
    override = os.environ.get(CONFIG_DIR_ENV)
    if override:
        return Path(override)
    import platformdirs  # late: the commands that never read a folder start without it

    path = Path(platformdirs.user_config_dir(APP_NAME, appauthor=False))
    _adopt_old_config(path)
    return path


def _adopt_old_config(path: Path) -> None:
    old = Path(os.environ.get("XDG_CONFIG_HOME") or Path.home() / ".config") / APP_NAME
    if path.exists() or path == old or not old.is_dir():
        return
    try:
        shutil.copytree(old, path)
    except OSError:  # the old folder is still there: the next start tries again
        shutil.rmtree(path, ignore_errors=True)


def data_dir() -> Path:
    """$TCF_GUI_DATA_DIR, else the platform's data folder (~/.local/share/tcf-gui on Linux)."""
    override = os.environ.get(DATA_DIR_ENV)
    if override:
        return Path(override)
    import platformdirs

    return Path(platformdirs.user_data_dir(APP_NAME, appauthor=False))


def dated_path(path: Path, pattern: str) -> Path:
    """A free name beside ``path`` from ``pattern`` (fields name, stem, suffix, stamp), the
    stamp the local time to the second, with -2, -3 ... after it if that name is taken."""
    stamp = datetime.now().strftime("%Y%m%d-%H%M%S")
    candidate, n = stamp, 1
    while True:
        dated = path.with_name(pattern.format(name=path.name, stem=path.stem,
                                              suffix=path.suffix, stamp=candidate))
        if not dated.exists():
            return dated
        n += 1
        candidate = f"{stamp}-{n}"
