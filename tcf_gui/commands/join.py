"""``tcf-gui join ADDRESS CODE``: the window, opened straight at a friend's table."""
from __future__ import annotations

import argparse
import sys

from tcf_gui.args import name_text
from tcf_gui.gui.flags import add_look_arguments
from tcf_gui.i18n import _
from tcf_gui.commands.common import say_error


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.description = _("Open the game window at a friend's table: ADDRESS is host:port "
                           "(or a ws:// or wss:// URL), CODE the join code they read you.")
    parser.add_argument("address", metavar="ADDRESS", help=_("the table server's address"))
    parser.add_argument("code", metavar="CODE", help=_("the join code, such as 7KQ-M4X-PDR"))
    parser.add_argument("--watch", action="store_true",
                        help=_("watch the table instead (if its host allows spectators): the "
                               "discards and the counts, no hand until the end"))
    parser.add_argument("--name", type=name_text, default=None,
                        help=_("your name at the table (default: your user name)"))
    add_look_arguments(parser)
    parser.set_defaults(func=run)


def run(args: argparse.Namespace) -> int:
    from tcf_gui.gui.flags import window_defaults
    from tcf_gui.net import install_hint, net_available
    from tcf_gui.net.address import AddressError, server_url
    from tcf_gui.net.codes import normal

    if not net_available():
        print(f"tcf-gui join: {install_hint()}", file=sys.stderr)
        return 1
    code = normal(args.code)
    if code is None:
        print(_("tcf-gui join: error: {code!r} is not a join code (nine letters and digits, "
                "such as 7KQ-M4X-PDR)").format(code=args.code), file=sys.stderr)
        return 2
    try:
        server_url(args.address)
    except AddressError as error:
        say_error("join", error)
        return 2
    from tcf_gui.gui.launch import run_window

    window = window_defaults()
    window.name, window.join, window.watch = args.name, (args.address, code), args.watch
    window.four_colour, window.speed, window.mute = args.four_colour, args.speed, args.mute
    window.card_folder = args.card_folder
    window.lang = getattr(args, "lang", None)
    return run_window(window)
