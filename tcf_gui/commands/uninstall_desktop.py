"""``tcf-gui uninstall-desktop``: remove exactly what install-desktop put in place."""
from __future__ import annotations

import argparse
import sys

from tcf_gui.i18n import _, ngettext


def add_arguments(parser: argparse.ArgumentParser) -> None:
    """The description and options of ``tcf-gui uninstall-desktop``."""
    parser.description = _(
        "Remove the desktop entry, metainfo and icons that tcf-gui install-desktop put in "
        "place, and the folders it made if they are empty. A file changed since is left "
        "where it is. Your settings and game history stay.")
    parser.set_defaults(func=run)


def run(args: argparse.Namespace) -> int:
    from tcf_gui.system.desktop import uninstall

    try:
        result = uninstall()
    except (OSError, ValueError) as error:
        print(_("tcf-gui uninstall-desktop: {error}").format(error=error), file=sys.stderr)
        return 1
    if result is None:
        print(_("Nothing to remove: tcf-gui install-desktop has not put anything in place."))
        return 0
    for path in result.removed:
        print(_("removed {path}").format(path=path))
    for path in result.kept:
        print(_("kept {path}: it was changed after install-desktop wrote it").format(path=path),
              file=sys.stderr)
    print(ngettext("{n} file removed.", "{n} files removed.", len(result.removed)).format(
        n=len(result.removed)))
    return 0
