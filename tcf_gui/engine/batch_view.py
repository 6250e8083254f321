"""What one player may know in each of many games at once: the batch form of a View."""
from __future__ import annotations

from dataclasses import dataclass, fields
from typing import Callable, Iterator, Optional, Protocol

import numpy as np

from tcf_gui.engine.cards import CARDS
from tcf_gui.engine.view import View


@dataclass(frozen=True, slots=True)
class BatchView:
    """One seat's knowledge in each active game, one row per game.

    Like a View it holds no deck: only the player's own hands, the cards discarded so far,
    the opponent's hands when hands are open, and the two numbers every game shares.
    """

    player: int
    """1 or 2."""
    hands: np.ndarray
    """(n, 3) uint8 card indexes (card.index) of the player's own hands, slots 0, 1, 2."""
    discards: np.ndarray
    """(n,) uint64 masks of every card discarded so far by either player."""
    opponent_discards: np.ndarray
    """(n,) uint64 masks of the cards the opponent discarded."""
    cards_left: int
    """Cards left in every active game's deck (the games move in step)."""
    turn: int
    """The number of the turn about to be played, from 1."""
    opponent_hands: Optional[np.ndarray] = None
    """(n, 3) uint8 card indexes of the opponent's hands, only when hands are open."""
    history: Optional[np.ndarray] = None
    """(n, 2 * (turn - 1)) discards in the order they fell (Player 1's, then Player 2's, each
    turn); only for players that ask for it with ``needs_history``."""

    def __len__(self) -> int:
        return len(self.hands)


class BatchPlayer(Protocol):
    """A strategy in batch form: one discard slot for every row of a BatchView."""

    needs_history: bool

    def choose(self, view: BatchView) -> np.ndarray:
        """(n,) slots 0, 1 or 2."""
        ...


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
