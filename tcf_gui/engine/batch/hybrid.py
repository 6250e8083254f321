"""The hybrid path: a plain Python strategy (any Callable[[View], int]) in the batch engine.

The function is called once per active game per turn with a real View, and each answer
is checked before the engine uses it.
"""
from __future__ import annotations

from dataclasses import fields
from typing import Callable

import numpy as np

from ..cards import CARDS
from ..strategies import StrategyError
from ..view import Strategy, View
from .view import BatchView

_SLOTS = frozenset((0, 1, 2))

#: Card objects by index, so that whole arrays of indexes turn into Cards in one step.
_CARD_OBJECTS = np.empty(52, dtype=object)
_CARD_OBJECTS[:] = CARDS


def _view_builder() -> Callable[..., View]:
    """A function building View(*fields) without the frozen dataclass's __init__ (which
    sets each field through object.__setattr__): the same View, built about twice as fast."""
    names = [f.name for f in fields(View)]
    assert names == ["player", "hand", "discards", "opponent_discards", "cards_left", "turn",
                     "opponent_hand"] and not hasattr(View, "__post_init__"), "View changed"
    s0, s1, s2, s3, s4, s5, s6 = (getattr(View, name).__set__ for name in names)
    new = object.__new__

    def build(player, hand, discards, opponent_discards, cards_left, turn, opponent_hand):
        view = new(View)
        s0(view, player)
        s1(view, hand)
        s2(view, discards)
        s3(view, opponent_discards)
        s4(view, cards_left)
        s5(view, turn)
        s6(view, opponent_hand)
        return view

    return build


_new_view = _view_builder()


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
        new_view = _new_view
        # Player 1's opponent threw the odd positions of the history, Player 2's the even.
        theirs = slice(1, None, 2) if player == 1 else slice(0, None, 2)
        opponents = (
            _cards(view.opponent_hands) if view.opponent_hands is not None else [None] * len(view)
        )
        slots = []
        for hand, discards, opponent in zip(_cards(view.hands), _cards(view.history), opponents):
            slot = strategy(new_view(player, hand, discards, discards[theirs], left, turn, opponent))
            if not hasattr(slot, "__index__") or slot not in _SLOTS:  # as Game.play_turn
                raise StrategyError(
                    f"strategy {self.label!r} as Player {player} returned {slot!r} on turn "
                    f"{turn}; a discard is slot 0, 1 or 2"
                )
            slots.append(slot)
        return np.array(slots, dtype=np.intp)
