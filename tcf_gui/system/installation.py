"""How this copy of the game was installed, and how to add an optional extra to it.

Three ways are told apart: the standalone app (frozen by PyInstaller, no Python of its own
to install into), an install made by pipx (its environment takes packages only through
``pipx inject``; Debian's pip refuses them there), and everything else (a virtual
environment or a checkout, where pip works).
"""
from __future__ import annotations

import sys
from pathlib import Path

from tcf_gui.i18n import _

APP = "app"
PIPX = "pipx"
PIP = "pip"


def frozen() -> bool:
    """True inside the standalone app (PyInstaller sets ``sys.frozen``)."""
    return bool(getattr(sys, "frozen", False))


def install_kind(prefix: str | None = None) -> str:
    """APP, PIPX or PIP for the environment at ``prefix`` (default: this one).

    pipx keeps each application's environment in a folder named after it inside a ``venvs``
    folder of its home (``~/.local/share/pipx/venvs/tcf-gui``, ``~/.local/pipx/venvs/...``,
    or ``$PIPX_HOME/venvs/...``)."""
    if prefix is None and frozen():
        return APP
    path = Path(prefix or sys.prefix)
    if path.parent.name == "venvs" and any("pipx" in part.lower() for part in path.parts[:-2]):
        return PIPX
    return PIP


def extra_hint(extra: str, packages: str, kind: str | None = None) -> str:
    """How to get the optional extra ``extra`` (its packages as pip names them, such as
    ``matplotlib``) into this installation: one clause to follow "get it with: "."""
    kind = kind or install_kind()
    if kind == APP:
        return _("pipx install tcf-gui from its checkout, then pipx inject tcf-gui {packages} "
                 "(the standalone app carries only the extras for playing a friend)").format(packages=packages)
    if kind == PIPX:
        return _("pipx inject tcf-gui {packages}").format(packages=packages)
    return _('pip install ".[{extra}]" in the checkout, or pip install {packages}').format(
        extra=extra, packages=packages)
