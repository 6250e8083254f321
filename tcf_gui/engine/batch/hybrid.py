"""The hybrid path: a plain Python strategy (any Callable[[View], int]) in the batch engine.

The function is called once per active game per turn with a real View, and each answer
is checked before the engine uses it.
"""
from __future__ import annotations

import numpy as np

from ..cards import CARDS
from ..strategies import StrategyError
from ..view import Strategy, View
from .view import BatchView

_SLOTS = frozenset((0, 1, 2))

#: Card objects by index, so that whole arrays of indexes turn into Cards in one step.
_CARD_OBJECTS = np.empty(52, dtype=object)
_CARD_OBJECTS[:] = CARDS


def _cards(indexes: np.ndarray) -> list[tuple]:
    """(n, k) card indexes -> n tuples of k Cards."""
    return list(map(tuple, _CARD_OBJECTS[indexes].tolist()))


class PythonPlayer:
    """Plays a one-game strategy in every active game, one View at a time."""

    needs_history = True

    def __init__(self, strategy: Strategy, label: str) -> None:
        self.strategy, self.label = strategy, label

    def choose(self, view: BatchView) -> np.ndarray:
        assert view.history is not None
        strategy, player, left, turn = self.strategy, view.player, view.cards_left, view.turn
        # Player 1's opponent threw the odd positions of the history, Player 2's the even.
        theirs = slice(1, None, 2) if player == 1 else slice(0, None, 2)
        opponents = (
            _cards(view.opponent_hands) if view.opponent_hands is not None else [None] * len(view)
        )
        slots = []
        for hand, discards, opponent in zip(_cards(view.hands), _cards(view.history), opponents):
            slot = strategy(View(player, hand, discards, discards[theirs], left, turn, opponent))
            if not hasattr(slot, "__index__") or slot not in _SLOTS:  # as Game.play_turn
                raise StrategyError(
                    f"strategy {self.label!r} as Player {player} returned {slot!r} on turn "
                    f"{turn}; a discard is slot 0, 1 or 2"
                )
            slots.append(slot)
        return np.array(slots, dtype=np.intp)
