"""The hybrid path: a plain Python strategy (any Callable[[View], int]) in the batch engine.

The function is called once per active game per turn with a real View, and each answer
is checked before the engine uses it. A user's file plays the same way in its sandbox
process; both build the Views with engine/batch_view.py's ``batch_views``.
"""
from __future__ import annotations

import numpy as np

from tcf_gui.engine.strategies.errors import checked_slot
from tcf_gui.engine.batch_view import BatchView, batch_views
from tcf_gui.engine.view import Strategy

class PythonPlayer:
    """Plays a one-game strategy of ours in every active game, one View at a time (a user's
    file plays in its sandbox process instead: SandboxedStrategy.choose)."""

    needs_history = True

    def __init__(self, strategy: Strategy, label: str) -> None:
        self.strategy, self.label = strategy, label

    def choose(self, view: BatchView) -> np.ndarray:
        strategy, label = self.strategy, self.label
        slots = [checked_slot(label, one, strategy(one)) for one in batch_views(view)]
        return np.array(slots, dtype=np.intp)
