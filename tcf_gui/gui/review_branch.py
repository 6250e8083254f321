"""Try the other discard in the window's review: 1, 2 or 3 on a turn plays the game on
from there with that discard (tcf_gui.engine.branch), off the loop; the two branches'
endings (the draws that came, fresh draws) show where the review's hint is. The game in
the history stays as it was played."""
from __future__ import annotations

from functools import partial
from typing import TYPE_CHECKING

from tcf_gui.engine.game import Game
from tcf_gui.i18n import _
from tcf_gui.play import OffLoop, OffLoopFailed
from tcf_gui.words.branch import branch_line, branch_short

if TYPE_CHECKING:
    from tcf_gui.engine.branch import Branch


def _both(game: Game, turn: int, slot: int, opponent: str, seed: int
          ) -> tuple["Branch", "Branch"]:
    from tcf_gui.engine.branch import BranchError, branches  # numpy: on the worker thread
    from tcf_gui.engine.strategies.registry import StrategyError

    try:
        return branches(game, turn, slot, opponent, seed)
    except (BranchError, StrategyError) as error:
        raise OffLoopFailed(str(error)) from None


class BranchJob:
    """The branch last asked for, worked out off the loop."""

    def __init__(self, game: Game, opponent: str) -> None:
        self.game, self.opponent = game, opponent
        self.turn = 0
        self._job: OffLoop[tuple["Branch", "Branch"]] | None = None
        self.words = ""

    def ask(self, turn: int, slot: int) -> None:
        """Play on from ``turn`` (1..) with Player 1's ``slot`` (0-2)."""
        self.turn = turn
        self.words = _("Playing turn {turn} on with the other discard…").format(turn=turn)
        self._job = OffLoop(partial(_both, self.game, turn, slot, self.opponent,
                                    self.game.seed or 0), _("the branch"))

    @property
    def working(self) -> bool:
        return self._job is not None

    def poll(self) -> None:
        if self._job is None or not self._job.done:
            return
        try:
            real, fresh = self._job.result()
            self.words = _("{branch}: {real}; {fresh}").format(
                branch=branch_short(self.game, real.turn, real.slot), real=branch_line(real),
                fresh=branch_line(fresh))
        except OffLoopFailed as failed:
            self.words = str(failed)
        self._job = None

    def text(self, selected: int) -> str:
        """The branch's words while the turn it starts from (``selected``, from 0) is shown."""
        return self.words if self.turn == selected + 1 else ""
