"""A quick estimate for the search's least likely states: each player on its own.

Each player's hand moves as a chain over the 16 suit patterns a hand can have, with the
deck's mix of suits and the live counts it sees held as they are now; from the chain, the
chance it completes its flush on each turn to come. The two players are taken as
independent: Player 1 wins on a turn it completes and Player 2 has not yet, and a same-turn
double flush is settled by ``tie`` (Player 1's chance). The search uses this only for
states too unlikely to follow exactly (a few percent of the weight in all).
"""
from __future__ import annotations

from itertools import product

import numpy as np

from .hands import UNKNOWN, HandTable
from .policies import SuitPolicy

#: Every hand of three unknown cards that is not a flush, by its suits.
PATTERNS = HandTable(
    [tuple(sorted(UNKNOWN + s for s in suits))
     for suits in product(range(4), repeat=3) if len(set(suits)) > 1]
)


def pattern_of(table: HandTable) -> np.ndarray:
    """For each hand of ``table``, the id of its suit pattern in PATTERNS."""
    return np.array([PATTERNS.ids[tuple(sorted(UNKNOWN + (t & 3) for t in hand))]
                     for hand in table.hands], dtype=np.int64)


def completion(policy: SuitPolicy, start: np.ndarray, live: np.ndarray, mix: np.ndarray,
               turns: int) -> np.ndarray:
    """(states, turns): the chance that a player completes its flush on each turn to come,
    from pattern ``start`` with ``live`` counts and a deck of suit shares ``mix``."""
    states, size = len(start), len(PATTERNS)
    moves = np.zeros((states, size, size))
    flush = np.zeros((states, size))
    for pattern in range(size):
        chances = policy.discard(PATTERNS, np.full(states, pattern), live)
        for i in range(3):
            kept = PATTERNS.kept_pair[pattern, i]
            for x in range(4):
                step = chances[:, i] * mix[:, x]
                if x == kept:
                    flush[:, pattern] += step
                else:
                    moves[:, pattern, PATTERNS.next[pattern, i, x]] += step
    where = np.zeros((states, size))
    where[np.arange(states), start] = 1.0
    done = np.empty((states, turns))
    for turn in range(turns):
        done[:, turn] = (where * flush).sum(axis=1)
        where = np.einsum("sp,spq->sq", where, moves)
    return done


def race_estimate(first: np.ndarray, second: np.ndarray, tie: np.ndarray) -> np.ndarray:
    """(states, 3) win, draw and loss for Player 1 from both players' completion chances
    per turn, as if independent."""
    by1, by2 = first.cumsum(axis=1), second.cumsum(axis=1)
    both = (first * second).sum(axis=1)
    win = (first * (1 - by2)).sum(axis=1) + tie * both
    loss = (second * (1 - by1)).sum(axis=1) + (1 - tie) * both
    draw = (1 - by1[:, -1]) * (1 - by2[:, -1])
    return np.stack([win, draw, loss], axis=1)
