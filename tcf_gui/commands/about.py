"""What ``tcf-gui --version`` prints: this version, the Python and pygame-ce/SDL under it, how
it was installed, and where the settings and the history live (for bug reports)."""
from __future__ import annotations

import os
import platform
import sys

from tcf_gui import __version__
from tcf_gui.i18n import _
from tcf_gui.system.installation import APP, PIPX, install_kind


def pygame_versions() -> str | None:
    """"pygame-ce 2.5.8, SDL 2.30.9", or None when pygame cannot be imported."""
    os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
    try:
        import pygame
    except ImportError:
        return None
    sdl = ".".join(str(part) for part in pygame.get_sdl_version())
    name = "pygame-ce" if getattr(pygame, "IS_CE", False) else "pygame"
    return f"{name} {pygame.version.ver}, SDL {sdl}"


def install_words() -> str:
    kind = install_kind()
    if kind == APP:
        return _("the standalone app")
    if kind == PIPX:
        return _("installed with pipx")
    return _("Python package at {path}").format(path=os.path.dirname(os.path.dirname(__file__)))


def version_lines() -> list[str]:
    """The lines of ``tcf-gui --version``; the first is ``tcf-gui VERSION`` alone."""
    from tcf_gui.history.store import history_path
    from tcf_gui.config.settings import settings_path

    python = f"Python {platform.python_version()} ({platform.python_implementation()})"
    graphics = pygame_versions() or _("pygame-ce is not installed")
    return [
        f"tcf-gui {__version__}",
        f"{python}, {graphics}, {platform.system() or sys.platform} {platform.machine()}",
        _("Installed: {how}").format(how=install_words()),
        _("Settings: {path}").format(path=settings_path()),
        _("History:  {path}").format(path=history_path()),
    ]
