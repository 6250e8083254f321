"""The game in the desktop's application menu (freedesktop.org standards, no root needed).

``install`` writes the desktop entry, the AppStream metainfo and the icons (48, 128, 256 px
and the SVG when shipped) under the user's XDG data folder ($XDG_DATA_HOME, else
~/.local/share), with the entry's Exec pointing at this very copy of the game. What it
wrote, and the folders it had to make, are listed in a manifest in the game's data folder;
``uninstall`` removes exactly those files (not one it finds changed) and those folders when
they are empty.
"""
from __future__ import annotations

import hashlib
import json
import os
import subprocess
import sys
from dataclasses import dataclass, field
from pathlib import Path

from tcf_gui.system.folders import data_dir
from tcf_gui.i18n import _
from tcf_gui.system.resources import read_asset_bytes

#: The application's id: the desktop entry's and metainfo's name, the icon's name, and the
#: window's class (SDL_VIDEO_X11_WMCLASS, the Wayland app id), so the taskbar finds the icon.
APP_ID = "io.github.threecardflush.ThreeCardFlush"
ICON_SIZES = (48, 128, 256)
MANIFEST_NAME = "desktop-files.json"
#: Characters that make the desktop entry spec quote an Exec argument.
_RESERVED = set(" \t\n\"'\\><~|&;$*?#()`")


def data_home() -> Path:
    """$XDG_DATA_HOME, else ~/.local/share (the XDG base directory spec)."""
    home = os.environ.get("XDG_DATA_HOME", "")
    return Path(home) if os.path.isabs(home) else Path.home() / ".local" / "share"


def manifest_path() -> Path:
    return data_dir() / MANIFEST_NAME


def launcher() -> list[str]:
    """The command that starts this copy of the game: the standalone app itself, the
    ``tcf-gui`` script beside this Python (a venv's or pipx's), else ``python -m tcf_gui``."""
    if getattr(sys, "frozen", False):
        return [os.path.abspath(sys.executable)]
    script = Path(sys.executable).with_name("tcf-gui")
    if script.is_file() and os.access(script, os.X_OK):
        return [str(script.absolute())]
    return [os.path.abspath(sys.executable), "-m", "tcf_gui"]


def starts_from_menu(argv: list[str]) -> bool:
    """Whether ``argv`` starts the game without this shell's PYTHONPATH, as the menu will
    run it: always for the app or a ``tcf-gui`` script; for ``python -m tcf_gui`` only if
    that Python finds the package by itself (installed, editable or not)."""
    if argv[1:2] != ["-m"]:
        return True
    env = {name: value for name, value in os.environ.items() if name != "PYTHONPATH"}
    try:
        done = subprocess.run([argv[0], "-c", "import tcf_gui"], env=env, cwd=os.path.abspath(os.sep),
                              stdin=subprocess.DEVNULL, capture_output=True, timeout=60)
    except (OSError, subprocess.SubprocessError):
        return False
    return done.returncode == 0


def exec_value(argv: list[str]) -> str:
    """``argv`` as a desktop entry's Exec value: arguments with reserved characters in double
    quotes (with " ` $ \\ escaped inside), then the string escapes of the file (\\ doubled),
    and % doubled so no field code is read."""
    words = []
    for arg in argv:
        if _RESERVED & set(arg) or not arg:
            arg = '"' + "".join("\\" + c if c in '"`$\\' else c for c in arg) + '"'
        words.append(arg)
    return " ".join(words).replace("\\", "\\\\").replace("%", "%%")


def desktop_entry(argv: list[str]) -> bytes:
    """The shipped desktop entry with Exec and TryExec naming ``argv``."""
    lines = []
    for line in read_asset_bytes(f"desktop/{APP_ID}.desktop").decode("utf-8").splitlines():
        if line.startswith("Exec="):
            line = "Exec=" + exec_value(argv)
        elif line.startswith("TryExec="):
            line = "TryExec=" + argv[0].replace("\\", "\\\\")
        lines.append(line)
    return ("\n".join(lines) + "\n").encode("utf-8")


def planned_files(home: Path, argv: list[str]) -> dict[Path, bytes]:
    """Every file install-desktop writes under ``home``, with its contents."""
    icons = home / "icons" / "hicolor"
    files = {
        home / "applications" / f"{APP_ID}.desktop": desktop_entry(argv),
        home / "metainfo" / f"{APP_ID}.metainfo.xml":
            read_asset_bytes(f"desktop/{APP_ID}.metainfo.xml"),
    }
    for size in ICON_SIZES:
        files[icons / f"{size}x{size}" / "apps" / f"{APP_ID}.png"] = \
            read_asset_bytes(f"icons/{size}.png")
    try:
        files[icons / "scalable" / "apps" / f"{APP_ID}.svg"] = read_asset_bytes("icons/scalable.svg")
    except FileNotFoundError:
        pass
    return files


def _digest(data: bytes) -> str:
    return hashlib.sha256(data).hexdigest()


@dataclass
class Manifest:
    """What install-desktop put in place: files with their digests, and the folders it made."""

    files: dict[str, str] = field(default_factory=dict)
    folders: list[str] = field(default_factory=list)

    @classmethod
    def load(cls, path: Path) -> "Manifest | None":
        """The manifest at ``path``; None when there is none; ValueError when unreadable."""
        try:
            data = json.loads(path.read_text(encoding="utf-8"))
        except FileNotFoundError:
            return None
        except (OSError, UnicodeDecodeError, json.JSONDecodeError) as error:
            raise ValueError(_("cannot read {path}: {reason}").format(path=path,
                                                                      reason=error)) from None
        files, folders = data.get("files") if isinstance(data, dict) else None, data.get("folders")
        if not (isinstance(files, dict) and isinstance(folders, list)
                and all(isinstance(k, str) and isinstance(v, str) for k, v in files.items())
                and all(isinstance(f, str) for f in folders)):
            raise ValueError(_("{path} is not a list of installed files").format(path=path))
        return cls(files, folders)

    def save(self, path: Path) -> None:
        path.parent.mkdir(parents=True, exist_ok=True)
        temporary = path.with_name(path.name + ".tmp")
        temporary.write_text(json.dumps({"files": self.files, "folders": self.folders},
                                        indent=2), encoding="utf-8")
        os.replace(temporary, path)


def _make_folders(folder: Path, made: list[str]) -> None:
    """Make ``folder`` and its missing parents, noting each one made, outermost first."""
    missing = []
    while not folder.exists():
        missing.append(folder)
        folder = folder.parent
    for path in reversed(missing):
        path.mkdir()
        made.append(str(path))


def install(home: Path | None = None, argv: list[str] | None = None) -> list[Path]:
    """Write the desktop files under ``home`` (default: data_home()); the paths written.
    Installing again rewrites them (a moved game gets a new Exec). OSError on failure,
    after which the manifest still lists what was written, so uninstall can remove it."""
    home = home or data_home()
    path = manifest_path()
    manifest = Manifest.load(path) or Manifest()
    written = []
    try:
        for target, contents in planned_files(home, argv or launcher()).items():
            _make_folders(target.parent, manifest.folders)
            temporary = target.with_name(target.name + ".tmp")
            temporary.write_bytes(contents)
            os.replace(temporary, target)
            manifest.files[str(target)] = _digest(contents)
            written.append(target)
    finally:
        manifest.save(path)
    return written


@dataclass
class Removal:
    removed: list[Path] = field(default_factory=list)
    kept: list[Path] = field(default_factory=list)
    """Files changed since install-desktop wrote them: left where they are."""
    missing: list[Path] = field(default_factory=list)


def uninstall() -> Removal | None:
    """Remove what the manifest lists (files only if unchanged, folders only if empty), then
    the manifest. None when nothing was installed. ValueError for an unreadable manifest."""
    path = manifest_path()
    manifest = Manifest.load(path)
    if manifest is None:
        return None
    result = Removal()
    for name, digest in manifest.files.items():
        target = Path(name)
        if not target.name.startswith(APP_ID):  # never any other file, whatever it says
            result.kept.append(target)
            continue
        try:
            if _digest(target.read_bytes()) != digest:
                result.kept.append(target)
                continue
            target.unlink()
            result.removed.append(target)
        except FileNotFoundError:
            result.missing.append(target)
        except IsADirectoryError:
            result.kept.append(target)
    for folder in reversed(manifest.folders):
        try:
            os.rmdir(folder)
        except OSError:  # not empty (someone else's files) or gone already
            pass
    path.unlink()
    return result
