"""The one error every strategy failure becomes (a bad spec, a file that does not load, a
strategy that raises, answers a bad slot, runs over its time limit or dies), and the one
check of a strategy's answer that raises it."""
from __future__ import annotations

import reprlib

from ...i18n import _
from ..view import View, as_slot


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
        # TRANSLATORS: keep "strategy {label} " at the start: the parent process tells its
        # own sandbox's messages by it.
        raise StrategyError(_("strategy {label} as Player {player} returned {answer} on turn "
                              "{turn}; a discard is slot 0, 1 or 2").format(
            label=label, player=view.player, answer=safe_repr(answer), turn=view.turn))
    return slot
