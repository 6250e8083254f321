"""How many words speech says (tcf_gui.words.spoken): the levels, fewest words first."""
from __future__ import annotations

from tcf_gui.i18n import pgettext

VERBOSITY = ("short", "normal", "full")


def verbosity_name(level: str) -> str:
    """A level as the Options menu names it, in the language in force."""
    # TRANSLATORS: how many words speech says: few, the usual, all there is.
    names = {"short": pgettext("verbosity", "short"), "normal": pgettext("verbosity", "normal"),
             "full": pgettext("verbosity", "full")}
    return names.get(level, level)
