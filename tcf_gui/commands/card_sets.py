"""``tcf-gui card-sets``: the card faces the window offers, and where each deck was found.

The built-in faces, then every deck of another card game found (KDE, Aisleriot, PySolFC:
tcf_gui.config.decks), with its key (what Options → Cards and table saves), its format and
its file, and a line for each that was skipped; ``--check`` also draws a card and the back
of each, as the window would.
"""
from __future__ import annotations

import argparse
import os
from pathlib import Path

from tcf_gui.config.card_sets import DECK_FORMATS, FACES
from tcf_gui.config.decks import Deck, find_decks, one_line
from tcf_gui.i18n import _, ngettext


def add_arguments(parser: argparse.ArgumentParser) -> None:
    """The description and options of ``tcf-gui card-sets``."""
    parser.description = _(
        "List the card faces the window offers: its own, and the card decks other card games "
        "installed (KDE's card decks, Aisleriot's themes, PySolFC's card sets), where each "
        "was found, and each that cannot be read. Choose one in Options, Cards and table.")
    parser.add_argument("--card-folder", type=Path, action="append", default=[], metavar="FOLDER",
                        help=_("look in FOLDER too, before the standard folders (may be repeated)"))
    parser.add_argument("--check", action="store_true",
                        help=_("also draw the ace of spades and the back of each deck, and say "
                               "which cannot be drawn"))
    parser.add_argument("--folders", action="store_true",
                        help=_("also list every folder looked in"))
    parser.set_defaults(func=run)


def run(args: argparse.Namespace) -> int:
    search = find_decks(args.card_folder)
    print(_("Built in: {faces}").format(faces=", ".join(_(label) for label in FACES.values())))
    broken = _drawing_problems(search.decks) if args.check else {}
    if not search.decks:
        print(_("No card decks of other games found."))
    for deck in search.decks:
        print(_("{name} ({format}): {key}").format(name=deck.name, format=_(DECK_FORMATS[deck.kind]),
                                                   key=deck.key))
        print("    " + one_line(deck.path, 500))
        if deck.key in broken:
            print("    " + broken[deck.key])
    for problem in search.problems:
        print(problem)
    if args.folders:
        print(_("Folders looked in:"))
        for folder in search.folders:
            print("    " + one_line(folder, 500) + ("" if folder.is_dir() else "  " + _("(none)")))
    usable = len(search.decks) - len(broken)
    print(ngettext("{n} deck of other games can be chosen in Options, Cards and table.",
                   "{n} decks of other games can be chosen in Options, Cards and table.",
                   usable).format(n=usable))
    return 0


def _drawing_problems(decks: list[Deck]) -> dict[str, str]:
    """The decks that cannot be drawn, each with its one line."""
    os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")  # stdout is for the list
    from tcf_gui.engine.cards import Card, Rank, Suit  # the window's drawing only with --check
    from tcf_gui.gui.deck_art import DeckError, DeckPictures

    broken = {}
    for deck in decks:
        pictures = DeckPictures(deck)
        try:
            pictures.picture(Card(Rank.ACE, Suit.SPADE), (50, 70))
            if pictures.has_back():
                pictures.picture(None, (50, 70))
        except DeckError as error:
            broken[deck.key] = str(error)
    return broken
