"""``tcf-gui strategy-template [PATH]``: the commented example strategy the game ships
(assets/example_strategy.py), written to PATH or shown on stdout, to start one's own from."""
from __future__ import annotations

import argparse
import os
import sys
from pathlib import Path

from tcf_gui.commands.common import say_error
from tcf_gui.i18n import _
from tcf_gui.system.resources import read_asset_bytes

EXAMPLE = "example_strategy.py"


def add_arguments(parser: argparse.ArgumentParser) -> None:
    """The description and options of ``tcf-gui strategy-template``."""
    parser.description = _(
        "Write a complete, commented example strategy to PATH (without PATH: show it), to "
        "start your own from. Then: tcf-gui duel PATH heuristic, or tcf-gui --p2 PATH. "
        "The guide: docs/strategies.md.")
    parser.add_argument("path", metavar="PATH", nargs="?", type=Path, default=None,
                        help=_("the file to write (an existing file is never overwritten)"))
    parser.set_defaults(func=run)


def run(args: argparse.Namespace) -> int:
    text = read_asset_bytes(EXAMPLE)
    if args.path is None:
        sys.stdout.write(text.decode("utf-8"))
        return 0
    try:
        with open(args.path, "xb") as out:  # "x": a file already there is left as it is
            out.write(text)
    except FileExistsError:
        say_error("strategy-template", _("{path} already exists: it is left as it is (name "
                                         "another file)").format(path=args.path))
        return 1
    except OSError as error:
        say_error("strategy-template", _("cannot write {path}: {reason}").format(
            path=args.path, reason=error.strerror or error))
        return 1
    print(_("Wrote {path}. Try it: tcf-gui duel {spec} heuristic").format(
        path=args.path, spec=os.fspath(args.path)))
    return 0
