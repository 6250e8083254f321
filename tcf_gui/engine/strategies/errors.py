"""The one error every strategy failure becomes (a bad spec, a file that does not load, a
strategy that raises, answers a bad slot, runs over its time limit or dies), and the one
check of a strategy's answer that raises it."""
from __future__ import annotations

import reprlib
from string import Formatter

from tcf_gui.i18n import N_, _
from tcf_gui.engine.view import View, as_slot

#: The lines a sandbox process writes about its own strategy, where ``{label}`` names it:
#: the engine recognises them by their start (own_start below) and shows them as they are.
RETURNED = N_("strategy {label} as Player {player} returned {answer} on turn {turn}; a "
              "strategy returns the index in view.hand of the card to discard: 0 for card 1, "
              "1 for card 2, 2 for card 3")
RAISED = N_("strategy {label} raised {error}")


class StrategyError(ValueError):
    """A strategy spec that names no strategy or carries bad parameters, or a user's
    strategy that fails."""


def safe_repr(value: object) -> str:
    """A short repr of a strategy's answer, even when its own __repr__ fails."""
    try:
        return reprlib.repr(value)
    except BaseException:
        return f"a {type(value).__name__} object"


def checked_slot(label: str, view: View, answer: object) -> int:
    """``answer`` as a slot (see as_slot), or a StrategyError naming the strategy ``label``."""
    if answer.__class__ is int and 0 <= answer <= 2:  # type: ignore[operator]
        return answer  # type: ignore[return-value]
    slot = as_slot(answer)
    if slot is None:
        raise StrategyError(_(RETURNED).format(
            label=label, player=view.player, answer=safe_repr(answer), turn=view.turn))
    return slot


def own_start(template: str, **names: str) -> str | None:
    """The text ``template`` starts with in the language in force, up to the first field
    that is not one of ``names`` (which are filled in): what every line made from it starts
    with. None when that start names none of them (a translation that puts them later)."""
    start, named = [], False
    for literal, field, spec, conversion in Formatter().parse(_(template)):
        start.append(literal)
        if field is None or field not in names:
            break
        value = repr(names[field]) if conversion == "r" else names[field]
        start.append(format(value, spec or ""))
        named = True
    return "".join(start) if named else None
