"""``tcf-gui install-desktop``: the game in the desktop's application menu, for this user."""
from __future__ import annotations

import argparse
import sys

from tcf_gui.i18n import _


def add_arguments(parser: argparse.ArgumentParser) -> None:
    """The description and options of ``tcf-gui install-desktop``."""
    parser.description = _(
        "Put a desktop entry, its AppStream metainfo and the icons under your XDG data folder "
        "($XDG_DATA_HOME, else ~/.local/share), starting this copy of the game; no root is "
        "needed. tcf-gui uninstall-desktop removes exactly what it put there.")
    parser.set_defaults(func=run)


def run(args: argparse.Namespace) -> int:
    from tcf_gui.system.desktop import install, launcher, manifest_path, starts_from_menu

    if sys.platform != "linux" and not sys.platform.startswith(("freebsd", "openbsd", "netbsd")):
        print(_("tcf-gui install-desktop: desktop entries are for Linux and other freedesktop "
                "desktops; on this system start the game with tcf-gui"), file=sys.stderr)
        return 1
    try:
        written = install()
    except (OSError, ValueError) as error:
        print(_("tcf-gui install-desktop: {error}").format(error=error), file=sys.stderr)
        return 1
    for path in written:
        print(path)
    print(_("Three Card Flush is in your application menu; it starts: {command}").format(
        command=" ".join(launcher())))
    print(_("The list of these files is kept in {path}").format(path=manifest_path()))
    if not starts_from_menu(launcher()):
        print(_("tcf-gui install-desktop: this copy runs from a source folder on PYTHONPATH, "
                "which the menu will not set: install the game (pipx install . or pip "
                "install .) and run install-desktop from there"), file=sys.stderr)
    return 0
