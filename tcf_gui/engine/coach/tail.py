"""A quick estimate for the search's least likely states: each player on its own.

Each player's hand moves as a chain over the 16 suit patterns a hand can have, with the
live counts it sees held as they are now, and the deck followed in expectation over the
next turns, given that the player has not completed yet (an estimate that held the deck's
mix fixed came out 1.5 points low against random, whose states the search mostly leaves
to this estimate); from the chain, the chance it completes its flush on each turn to come.
The two players are taken as independent: Player 1 wins on a turn it completes and
Player 2 has not yet, and a same-turn double flush is settled by ``tie`` (Player 1's
chance). The search uses this only for states too unlikely to follow exactly: a few
percent of the weight against a rule player, most of it against random.
"""
from __future__ import annotations

from itertools import product

import numpy as np

from tcf_gui.engine.coach.hands import UNKNOWN, HandTable
from tcf_gui.engine.coach.policies import SuitPolicy

#: Every hand of three unknown cards that is not a flush, by its suits.
PATTERNS = HandTable(
    [tuple(sorted(UNKNOWN + s for s in suits))
     for suits in product(range(4), repeat=3) if len(set(suits)) > 1]
)


def pattern_of(table: HandTable) -> np.ndarray:
    """For each hand of ``table``, the id of its suit pattern in PATTERNS."""
    return np.array([PATTERNS.ids[tuple(sorted(UNKNOWN + (t & 3) for t in hand))]
                     for hand in table.hands], dtype=np.int64)


#: Every move of a hand pattern, [pattern, position discarded, suit drawn] flattened, and
#: where it leads: a column per pattern it leads to, one for a completed flush, and four
#: for the suit it took from the deck when it does not complete.
_NEXT = PATTERNS.next.reshape(-1)
_GOES = np.zeros((len(_NEXT), len(PATTERNS) + 5), dtype=np.float32)
_GOES[np.flatnonzero(_NEXT >= 0), _NEXT[_NEXT >= 0]] = 1.0
_GOES[:, len(PATTERNS)] = _NEXT < 0
_GOES[:, len(PATTERNS) + 1:] = np.tile(np.eye(4), (len(PATTERNS) * 3, 1)) * (_NEXT >= 0)[:, None]


#: Turns for which completion() follows the deck's expected make-up; after them it holds the
#: deck's mix as it then is (the later turns weigh little: most games are over by then).
FOLLOWED_TURNS = 6


def completion(policy: SuitPolicy, start: np.ndarray, live: np.ndarray, deck: np.ndarray,
               turns: int) -> np.ndarray:
    """(states, turns): the chance that a player completes its flush on each turn to come,
    from pattern ``start`` with ``live`` counts and ``deck`` (cards of each suit).

    For the first FOLLOWED_TURNS turns the deck is followed in expectation, given that the
    player has not completed yet: it has drawn none of its flush suit then, so that suit's
    share of the deck grows (draws are without replacement; the other player's draw takes
    the deck's mix). After them, the mix is held as it is."""
    states, patterns = len(start), len(PATTERNS)
    chances = np.stack(
        [policy.discard(PATTERNS, np.full(states, p), live) for p in range(patterns)]
    ).astype(np.float32)  # (pattern, states, position discarded)
    # [state, pattern and suit drawn, column of _GOES]: where a draw of that suit leads
    # (float32: the table is large, and chances need no more digits for an estimate)
    goes = np.matmul(chances, _GOES.reshape(patterns, 3, -1))
    goes = np.ascontiguousarray(goes.transpose(1, 0, 2)).reshape(states, patterns * 4, -1)
    where = np.zeros((states, patterns))
    where[np.arange(states), start] = 1.0
    expected = deck.astype(float)
    done = np.empty((states, turns))
    followed = min(turns, FOLLOWED_TURNS)
    for turn in range(followed):
        size = expected.sum(axis=1, keepdims=True)
        mix = expected / np.maximum(size, 1)
        paths = (where[:, :, None] * mix[:, None, :]).astype(np.float32).reshape(states, 1, -1)
        moves = np.matmul(paths, goes)[:, 0]
        where = moves[:, :patterns]
        done[:, turn] = moves[:, patterns]
        going = where.sum(axis=1, keepdims=True)
        taken = moves[:, patterns + 1:] / np.where(going > 0, going, 1.0)
        expected = (expected - taken) * (size - 2) / np.maximum(size - 1, 1)
    if followed < turns:
        mix = expected / np.maximum(expected.sum(axis=1, keepdims=True), 1)
        by_suit = goes.reshape(states, patterns, 4, -1)[:, :, :, : patterns + 1]
        held = np.einsum("sx,spxk->spk", mix, by_suit, optimize=True)
        for turn in range(followed, turns):
            moves = np.matmul(where[:, None, :], held)[:, 0]
            where = moves[:, :patterns]
            done[:, turn] = moves[:, patterns]
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
