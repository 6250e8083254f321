"""The luck of a reviewed game, worked out off the loop beside the coach's turns
(tcf_gui.engine.coach.luck): each turn's draws, the deal, the decisive draw."""
from __future__ import annotations

from functools import partial
from typing import Any

from tcf_gui.engine.game import Game
from tcf_gui.engine.skill import Luck, error_label
from tcf_gui.i18n import _
from tcf_gui.play import OffLoop, OffLoopFailed
from tcf_gui.words.luck import label_text, signed_points


def _account(game: Game, model: str, seat: int) -> Luck:
    from tcf_gui.engine.coach.luck import account  # numpy: on the worker thread

    return account(game.events, model, seat, game.open_hands).summary()


class LuckJob:
    """The luck of ``game`` (the player in ``seat`` modelled as the person, the other as
    ``model``): None while it is worked out, or when it could not be."""

    def __init__(self, game: Game, model: str, seat: int) -> None:
        self._job: OffLoop[Luck] | None = OffLoop(partial(_account, game, model, seat),
                                                  _("the luck of the game"))
        self.luck: Luck | None = None

    @property
    def done(self) -> bool:
        """True once the luck came, or failed (then ``luck`` stays None)."""
        return self._job is None

    def poll(self) -> None:
        if self._job is not None and self._job.done:
            try:
                self.luck = self._job.result()
            except OffLoopFailed:
                self.luck = None
            self._job = None

    def turn_luck(self, turn: int) -> float | None:
        """The luck of the draws of ``turn`` (1..), Player 1's side; None while unknown."""
        if self.luck is None or turn >= len(self.luck.turns):
            return None
        return self.luck.turns[turn]

    def for_row(self, turn: Any, seat: int) -> str:
        """' · bad · luck +12' for a reviewed turn: its error label, and its draws' luck
        from ``seat``'s side (once known)."""
        label = label_text(error_label(turn.given_up))
        words = _(" · {label}").format(label=label) if label else ""
        luck = self.turn_luck(turn.turn)
        if luck is None:
            return words
        return words + _(" · luck {points}").format(
            points=signed_points(luck if seat == 1 else -luck))
