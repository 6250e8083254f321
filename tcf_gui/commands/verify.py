"""``tcf-gui verify FILE``: a friend's game checked again, offline, from its transcript."""
from __future__ import annotations

import argparse
from pathlib import Path

from tcf_gui.i18n import _
from tcf_gui.commands.common import say_error


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.description = _("Check a friend's game again from the transcript your side kept "
                           "of it (the friend-games folder in the game's data folder): the "
                           "commitments, both seeds, the deck, every card and move shown, "
                           "the result. Exit status 0 when it checks out, 1 when not.")
    parser.add_argument("file", metavar="FILE", type=Path, help=_("the transcript to check"))
    parser.set_defaults(func=run)


def run(args: argparse.Namespace) -> int:
    from tcf_gui.net.transcript import verify

    verified, line = verify(args.file)
    line = "".join(char for char in line if char.isprintable())  # (no terminal escapes)
    if verified:
        print(line)
        return 0
    say_error("verify", line)
    return 1
