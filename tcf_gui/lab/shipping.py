"""User strategy files shipped to workers on other machines.

A spec such as ``mine.py:choose`` names a file on this machine. For a cluster run the text
of every file a spec names (a combinator's members included) travels inside each chunk's
task; the worker writes it into a folder of its own (made by ``tempfile.mkdtemp``, which
only its user can enter, and removed at exit), under a subfolder named after its content,
never following a symlink, and plays the spec with the path pointing there. The file is then loaded the same way as locally, with the
same checks, so a strategy behaves on a worker exactly as it does here.
"""
from __future__ import annotations

import hashlib
import os
import re
import tempfile
from pathlib import Path

from tcf_gui.i18n import _
from tcf_gui.engine.strategies.registry import StrategyError, file_members

Shipped = tuple[tuple[str, str], ...]
"""(path as written in a spec, the file's text) for each user file."""


def files_in(spec: str) -> list[str]:
    """The paths of the user files that ``spec`` names, as written in it."""
    return [path for path, _ in file_members(spec)]


def pack(specs: list[str]) -> Shipped:
    """The text of every user file the specs name, to travel with the tasks."""
    shipped: dict[str, str] = {}
    for spec in specs:
        for path in files_in(spec):
            try:
                shipped[path] = Path(path).expanduser().read_text(encoding="utf-8")
            except (OSError, UnicodeDecodeError) as error:
                raise StrategyError(_("strategy file {path!r} cannot be read: {reason}").format(
                    path=path, reason=error)) from None
    return tuple(shipped.items())


def unpack(spec: str, shipped: Shipped) -> str:
    """``spec`` with each shipped file's path replaced by this machine's copy of it."""
    for path, text in shipped:
        copy = _copy(path, text)
        # The path as a whole item of the spec: at its start or after ',', '(' or the
        # combinator's ':', and followed by ':FUNCTION', ',', ')' or the end.
        spec = re.sub(rf"(?:^|(?<=[,(:]))\s*{re.escape(path)}(?=\s*(?:[:,)]|$))",
                      lambda _: str(copy), spec)
    return spec


def own_paths(message: str, shipped: Shipped) -> str:
    """``message`` (say, a strategy's error) with this machine's copies named by the paths
    the user wrote."""
    for path, text in shipped:
        message = message.replace(str(_copy(path, text)), path)
    return message


_folder: Path | None = None


def _private_folder() -> Path:
    """This process's folder for shipped files: new, private (mode 0700), removed at exit."""
    global _folder
    if _folder is None or not _folder.is_dir():
        import atexit
        import shutil

        _folder = Path(tempfile.mkdtemp(prefix="tcf-gui-shipped-"))
        atexit.register(shutil.rmtree, _folder, ignore_errors=True)
    return _folder


def _copy(path: str, text: str) -> Path:
    """This machine's copy of a shipped file, written once per content."""
    digest = hashlib.sha256(text.encode("utf-8")).hexdigest()[:16]
    folder = _private_folder() / digest
    copy = folder / Path(path).name
    folder.mkdir(mode=0o700, exist_ok=True)
    try:
        fd = os.open(copy, os.O_WRONLY | os.O_CREAT | os.O_EXCL | os.O_NOFOLLOW, 0o600)
    except FileExistsError:  # written before (or planted: then it is no regular file)
        if copy.is_symlink() or not copy.is_file():
            raise OSError(f"{copy} is not the copy of a shipped file") from None
        return copy
    with os.fdopen(fd, "w", encoding="utf-8") as out:
        out.write(text)
    return copy
