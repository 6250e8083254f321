"""The two baseline players: random (the lab's Player 1) and lazy (the do-nothing player)."""
from __future__ import annotations

import random

from tcf_gui.i18n import _
from tcf_gui.engine.view import View
from tcf_gui.engine.strategies.registry import StrategyError, strategy


@strategy("random", "discards a slot chosen uniformly at random (the lab's Player 1)")
class RandomStrategy:
    name = "random"

    def __init__(self, rng: random.Random) -> None:
        self._rng = rng

    def __call__(self, view: View) -> int:
        return self._rng.randrange(3)


@strategy("lazy", "always discards the same slot, whatever it holds", slot=0)
class LazyStrategy:
    name = "lazy"

    def __init__(self, rng: random.Random, slot: int = 0) -> None:
        if slot not in (0, 1, 2):
            raise StrategyError(_("lazy:slot is an index in the hand: 0 for card 1, 1 for card "
                                  "2, 2 for card 3, not {slot}").format(slot=slot))
        self.slot = slot

    def __call__(self, view: View) -> int:
        return self.slot
