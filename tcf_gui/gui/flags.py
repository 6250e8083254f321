"""The window's command-line flags (tcf_gui.gui.launch opens the window for them).

``tcf-gui [--seed S] [--open] [--four-colour] [--speed S] [--mute] [--p2 SPEC]`` plays;
``tcf-gui --spectate [--p1 SPEC] [--p2 SPEC] [--games N] [--seed S] [--open]`` watches.
Light to import: ``tcf-gui --help`` and the subcommands load neither pygame nor the engine.
"""
from __future__ import annotations

import argparse
from pathlib import Path

from tcf_gui.args import games_int, name_text, seed_int, speech_spec, strategy_spec
from tcf_gui.i18n import _
from tcf_gui.config.speeds import SPEEDS


def add_window_arguments(parser: argparse.ArgumentParser) -> None:
    """The flags of the window (no subcommand)."""
    group = parser.add_argument_group(_("the game window (no command)"))
    group.add_argument("--seed", type=seed_int, default=None,
                       help=_("seed of the run: a game's seed (the status line shows each) deals game 1 "
                       "from it; default: a fresh, unguessable one"))
    group.add_argument("--open", action="store_true",
                       help=_("open hands: each player sees the other's hand (the spectator always "
                       "shows both hands; with --open its players also see them)"))
    add_look_arguments(group)
    group.add_argument("--daily", action="store_true",
                       help=_("start on today's deal: the same deal for every player today, "
                              "against Normal; the first game counts (its result and accuracy "
                              "are kept, with your daily streak), playing it again is practice"))
    group.add_argument("--spectate", action="store_true",
                       help=_("watch two computer players play game after game"))
    group.add_argument("--p1", type=strategy_spec, default=None,
                       help=_("spectator: Player 1's strategy (default random)"))
    group.add_argument("--p2", type=strategy_spec, default=None,
                       help=_("Player 2's strategy (default heuristic)"))
    group.add_argument("--games", type=games_int, default=None,
                       help=_("spectator: close after N games and print the lab's counters"))
    group.add_argument("--server", default=None, metavar="ADDRESS",
                       help=_("Play a friend: host tables on the server at ADDRESS (host:port "
                              "or a ws:// or wss:// URL) instead of one in this window"))
    group.add_argument("--name", default=None, type=name_text,
                       help=_("Play a friend: your name at the table (default: your user name)"))


def add_look_arguments(group: argparse._ActionsContainer) -> None:
    """How the window looks and sounds: the window's flags and ``join``'s."""
    group.add_argument("--four-colour", "--four-color", dest="four_colour", action="store_true",
                       help=_("four-colour deck: green clubs, blue diamonds"))
    group.add_argument("--speed", choices=SPEEDS, default=None,
                       help=_("animation speed (default: the saved setting, else normal)"))
    group.add_argument("--mute", action="store_true", help=_("no sound this session"))
    group.add_argument("--speech", type=speech_spec, default=None, metavar="on|off|log:FILE",
                       help=_("say the cards, each turn and the result through your screen "
                              "reader or your system's speech (on), not (off), or write each "
                              "announcement as a line to FILE; default: the saved setting"))
    group.add_argument("--card-folder", type=Path, default=None, metavar="FOLDER",
                       help=_("look for card decks (KDE, Aisleriot, PySolFC) in FOLDER too, this "
                              "session; tcf-gui card-sets lists what is found"))


def check_window_arguments(parser: argparse.ArgumentParser, args: argparse.Namespace) -> None:
    """Flags that only make sense with --spectate exit 2 without it; --daily deals a deal
    of its own, against Normal, hands hidden."""
    if args.daily:
        for flag in ("spectate", "seed", "open", "p2"):
            if getattr(args, flag) not in (None, False):
                parser.error(_("--daily deals today's deal against Normal, hands hidden: it "
                               "goes without --{flag}").format(flag=flag))
    if not args.spectate:
        for flag in ("p1", "games"):
            if getattr(args, flag) is not None:
                parser.error(_("--{flag} is for spectator mode: add --spectate").format(flag=flag))


def window_defaults() -> argparse.Namespace:
    """Every window flag at its default (a command that opens the window, such as join)."""
    parser = argparse.ArgumentParser(add_help=False)
    add_window_arguments(parser)
    return parser.parse_args([])
