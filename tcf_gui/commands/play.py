"""``tcf-gui play``: its arguments, and which game they start (a whole game in the
terminal against the heuristic, tcf_gui.commands.terminal_game; today's deal; a friend's table)."""
from __future__ import annotations

import argparse
import sys

from tcf_gui.args import name_text
from tcf_gui.commands.common import say_error, seed_int
from tcf_gui.commands.terminal_game import play_text
from tcf_gui.engine.game import new_seed
from tcf_gui.i18n import _
from tcf_gui.net.protocol import DEFAULT_TIMER_S, TIMER_CHOICES


def add_arguments(parser: argparse.ArgumentParser) -> None:
    """The description and options of ``tcf-gui play`` (its --help line is in tcf_gui.cli)."""
    parser.description = _(
        "Play Three Card Flush in the terminal: you are Player 1, the heuristic "
        "player is Player 2. Each turn type the slot (1, 2 or 3) of the card to discard; "
        "q quits. Without --text the game window opens (as plain 'tcf-gui' does), with "
        "--seed, --open or --daily if given."
    )
    parser.add_argument("--text", action="store_true",
                        help=_("play in the terminal (without it: the window)"))
    parser.add_argument("--seed", type=seed_int, default=None,
                        help=_("seed of the deal (default: a fresh one, printed to replay it)"))
    parser.add_argument("--open", action="store_true",
                        help=_("play with open hands: you see Player 2's hand, and it sees "
                               "yours"))
    parser.add_argument("--daily", action="store_true",
                        help=_("today's deal: the same deal for every player today, against "
                               "Normal; the first game counts, with its result and accuracy "
                               "kept in your history and your daily streak; again is practice"))
    friend = parser.add_argument_group(_("playing a friend"))
    friend.add_argument("--host", nargs="?", const="", default=None, metavar="ADDRESS",
                        help=_("open a table for a friend, on the server at ADDRESS or on one "
                               "started here; prints the join code, then you play Player 1"))
    friend.add_argument("--join", nargs=2, metavar=("ADDRESS", "CODE"),
                        help=_("sit at a friend's table as Player 2"))
    friend.add_argument("--name", type=name_text, default=None,
                        help=_("your name at the table (default: your user name)"))
    friend.add_argument("--timer", type=timer_seconds, default=None,
                        help=_("host: seconds per turn before the lowest card is played for a "
                               "player (0: no timer; default {seconds})").format(
                                   seconds=DEFAULT_TIMER_S))
    friend.add_argument("--spectators", action="store_true",
                        help=_("host: let others watch the table (public information only)"))
    friend.add_argument("--sealed", action="store_true",
                        help=_("host: a sealed deck: each card is opened only for the player "
                               "it goes to, so the server never holds your friend's cards (no "
                               "spectators)"))
    parser.set_defaults(func=run)


def timer_seconds(text: str) -> int:
    """An argparse type: the turn timer, one of TIMER_CHOICES."""
    choices = ", ".join(str(choice) for choice in TIMER_CHOICES)
    try:
        value = int(text)
    except ValueError:
        value = -1
    if value not in TIMER_CHOICES:
        raise argparse.ArgumentTypeError(
            _("the turn timer is one of {choices} seconds (0: none)").format(choices=choices))
    return value


def run(args: argparse.Namespace) -> int:
    if not args.text:
        return play_in_window(args)
    if sys.stdin is None or sys.stdin.closed:
        say_error("play", _("standard input is closed; play --text reads your moves from it"))
        return 2
    if args.host is None and (args.timer is not None or args.spectators):
        say_error("play", _("--timer and --spectators set up a table you host: they go with "
                            "--host"))
        return 2
    if args.sealed and (args.host is None or args.spectators):
        say_error("play", _("--sealed opens a table you host (--host), with no spectators"))
        return 2
    if args.timer is None:
        args.timer = DEFAULT_TIMER_S
    if args.daily:
        if args.seed is not None or args.open or args.host is not None or args.join:
            print(_("tcf-gui play: error: --daily deals today's deal against Normal, hands "
                    "hidden; it goes with none of --seed, --open, --host, --join"),
                  file=sys.stderr)
            return 2
        from tcf_gui.commands.daily_text import play_daily

        return play_daily(sys.stdin, sys.stdout)
    if args.host is not None or args.join is not None:
        if args.seed is not None or args.open:
            print(_("tcf-gui play: error: --seed and --open are for a game against the "
                    "computer; a friend's table deals from a secret seed"), file=sys.stderr)
            return 2
        from tcf_gui.net.play_text import play_friend

        return play_friend(args, sys.stdin, sys.stdout)
    seed = new_seed() if args.seed is None else args.seed
    return play_text(seed, args.open, sys.stdin, sys.stdout)


def play_in_window(args: argparse.Namespace) -> int:
    """``tcf-gui play`` without --text: the window, with the deal the options ask for; a
    friend's table in the terminal (--host, --join) needs --text."""
    from tcf_gui.gui.flags import window_defaults
    from tcf_gui.gui.launch import run_window

    if args.host is not None or args.join is not None or args.timer is not None \
            or args.spectators or args.sealed:
        say_error("play", _("--host, --join, --timer, --spectators and --sealed play a friend "
                            "in the terminal: add --text (in the window: Menu, Play a friend)"))
        return 2
    if args.daily and (args.seed is not None or args.open):
        say_error("play", _("--daily deals today's deal against Normal, hands hidden: it goes "
                            "without --{flag}").format(flag="open" if args.open else "seed"))
        return 2
    window = window_defaults()
    window.seed, window.open, window.daily = args.seed, args.open, args.daily
    window.name, window.lang = args.name, getattr(args, "lang", None)
    return run_window(window)
