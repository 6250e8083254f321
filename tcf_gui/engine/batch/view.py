"""What one player may know in each of many games at once: the batch form of a View."""
from __future__ import annotations

from dataclasses import dataclass
from typing import Optional, Protocol

import numpy as np


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
