"""The hybrid path: a plain Python strategy (any Callable[[View], int]) in the batch engine.

The function is called once per active game per turn with a real View, and each answer
is checked before the engine uses it. A user's file plays the same way in its sandbox
process, which builds the Views with ``batch_views``.
"""
from __future__ import annotations

from dataclasses import fields
from typing import Callable, Iterator

import numpy as np

from ..cards import CARDS
from ..strategies.errors import checked_slot
from ..view import Strategy, View
from .view import BatchView

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


def batch_views(view: BatchView) -> Iterator[View]:
    """The View of each game of ``view``, in order."""
    assert view.history is not None
    player, left, turn, new_view = view.player, view.cards_left, view.turn, _new_view
    # Player 1's opponent threw the odd positions of the history, Player 2's the even.
    theirs = slice(1, None, 2) if player == 1 else slice(0, None, 2)
    opponents = (
        _cards(view.opponent_hands) if view.opponent_hands is not None else [None] * len(view)
    )
    for hand, discards, opponent in zip(_cards(view.hands), _cards(view.history), opponents):
        yield new_view(player, hand, discards, discards[theirs], left, turn, opponent)


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
