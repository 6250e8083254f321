"""How many words speech says (tcf_gui.words.spoken): the levels, fewest words first."""
from __future__ import annotations

from tcf_gui.i18n import N_, _

VERBOSITY = ("short", "normal", "full")
_NAMES = {"short": N_("short"), "normal": N_("normal"), "full": N_("full")}


def verbosity_name(level: str) -> str:
    """A level as the Options menu names it, in the language in force."""
    return _(_NAMES.get(level, level))
