"""The card sets a player can choose in Options → Cards and table: faces, backs, table colours.

Names only (what the settings keep and accept) and their labels, in the chooser's order: a
module without pygame, so the settings can check a saved choice without loading the window.
The pictures are made in tcf_gui.gui.card_art (faces and backs) and tcf_gui.gui.felt (tables).
"""
from __future__ import annotations

from tcf_gui.i18n import N_

#: Card faces: the classic one, and big corner indices for small windows and tired eyes.
FACES: dict[str, str] = {
    "classic": N_("Classic"),
    "large": N_("Large index"),
}

#: Card backs.
BACKS: dict[str, str] = {
    "lattice": N_("Blue lattice"),
    "argyle": N_("Red argyle"),
    "tartan": N_("Green tartan"),
}

#: Colours of the table's felt.
TABLES: dict[str, str] = {
    "green": N_("Green baize"),
    "blue": N_("Blue baize"),
    "burgundy": N_("Burgundy"),
    "contrast": N_("High contrast (black)"),
}

#: The formats of the decks other card games install (tcf_gui.config.decks.KINDS), as named
#: beside a deck's name.
DECK_FORMATS: dict[str, str] = {
    "kde": N_("KDE"),
    "aisleriot": N_("Aisleriot"),
    "pysol": N_("PySolFC"),
}

DEFAULT_FACE = "classic"
DEFAULT_BACK = "lattice"
DEFAULT_TABLE = "green"

#: Every setting of a card set, with the names it accepts.
CHOICES: dict[str, dict[str, str]] = {"card_face": FACES, "card_back": BACKS, "table": TABLES}
