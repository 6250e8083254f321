"""The batch engine: many games played in step with numpy arrays.

Every game follows the rules of the one-game engine (tcf_gui.engine.game): alternate deal
(hand 1 gets deck positions 0, 2, 4, hand 2 gets 1, 3, 5), simultaneous discards, hand 1's
void filled first, game over on a flush or an empty deck. All games of a batch take their
turns together, so they share the deck depth; finished games drop out of the arrays.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Sequence

import numpy as np

from ..game import HAND_SIZE, MAX_TURNS
from ..outcome import Case
from ..statistics import Counters
from .tables import CARD_BIT
from .view import BatchPlayer, BatchView

_DEAL = 2 * HAND_SIZE  # cards dealt before the first turn
_P1_CASES = [int(c) for c in Case if c.winner == 1]
_P2_CASES = [int(c) for c in Case if c.winner == 2]
_BOTH_FLUSH = [int(c) for c in Case if c.both_flush]
_WINNER = np.array([0] + [c.winner for c in Case])  # by Case number


class ShuffledDecks:
    """Decks shuffled lazily: a Fisher-Yates shuffle run only as deep as cards are drawn,
    so each drawn card is uniform over the cards not yet drawn (every order equally likely)."""

    def __init__(self, games: int, rng: np.random.Generator) -> None:
        self.cards = np.tile(np.arange(52, dtype=np.uint8), games)
        self.rng = rng

    def draw(self, base: np.ndarray, depth: int) -> np.ndarray:
        """The card at ``depth`` of each deck starting at flat offset ``base``."""
        pick = base + self.rng.integers(depth, 52, size=len(base))
        card = self.cards[pick]
        self.cards[pick] = self.cards[base + depth]
        return card


class GivenDecks:
    """Decks given in full, top card first: (games, 52) card indexes."""

    def __init__(self, decks: np.ndarray) -> None:
        decks = np.asarray(decks)
        if decks.ndim != 2 or decks.shape[1] != 52 or not (
            np.sort(decks, axis=1) == np.arange(52)
        ).all():
            raise ValueError("each deck must hold the card indexes 0..51 exactly once")
        self.cards = decks.astype(np.uint8).ravel()

    def draw(self, base: np.ndarray, depth: int) -> np.ndarray:
        return self.cards[base + depth]


Decks = ShuffledDecks | GivenDecks


@dataclass
class BatchResults:
    """How each game of a batch ended: turns actually taken and the deciding Case number."""

    turns: np.ndarray
    cases: np.ndarray

    def counters(self) -> Counters:
        by_case = np.bincount(self.cases, minlength=len(Case) + 1)
        return Counters(
            games=len(self.cases),
            turns=int(self.turns.sum(dtype=np.int64)),
            win1=int(by_case[_P1_CASES].sum()),
            win2=int(by_case[_P2_CASES].sum()),
            draws=int(by_case[Case.DEAD_DECK]),
            f1f2=int(by_case[_BOTH_FLUSH].sum()),
        )

    def turn_histogram(self) -> list[int]:
        """Index t: how many games took t turns (0..23)."""
        return np.bincount(self.turns, minlength=MAX_TURNS + 1).tolist()

    def tallies(self, ends: Sequence[int]) -> list[tuple[int, int, int, int]]:
        """(games, win1, win2, draws) over the first ``end`` games, for each end in ``ends``."""
        winner = _WINNER[self.cases]
        at = np.asarray(ends, dtype=np.intp) - 1
        return list(zip(
            list(ends),
            np.cumsum(winner == 1)[at].tolist(),
            np.cumsum(winner == 2)[at].tolist(),
            np.cumsum(winner == 0)[at].tolist(),
        ))


def _flush(hands: np.ndarray) -> np.ndarray:
    suits = hands & 3
    return (suits[:, 0] == suits[:, 1]) & (suits[:, 1] == suits[:, 2])


def judge_over(h1: np.ndarray, h2: np.ndarray, f1: np.ndarray, f2: np.ndarray) -> np.ndarray:
    """The Case number of finished games (each row: a flush somewhere, or a dead deck)."""
    ranks1, ranks2 = h1 >> 2, h2 >> 2
    straight1 = ranks1.max(axis=1) - ranks1.min(axis=1) == 2  # a flush has distinct ranks
    straight2 = ranks2.max(axis=1) - ranks2.min(axis=1) == 2
    both = np.where(
        straight1 & ~straight2,
        Case.P1_STRAIGHT,
        np.where(
            straight2 & ~straight1,
            Case.P2_STRAIGHT,
            np.where(h1.max(axis=1) > h2.max(axis=1), Case.P1_HIGH_CARD, Case.P2_HIGH_CARD),
        ),
    )
    one = np.where(f1, Case.P1_FLUSH, np.where(f2, Case.P2_FLUSH, Case.DEAD_DECK))
    return np.where(f1 & f2, both, one).astype(np.int8)


def play_batch(
    p1: BatchPlayer, p2: BatchPlayer, decks: Decks, games: int, *, open_hands: bool = False
) -> BatchResults:
    """Play ``games`` games from ``decks`` between two batch players."""
    turns = np.zeros(games, dtype=np.int8)
    cases = np.zeros(games, dtype=np.int8)
    rows = np.arange(games)
    base = rows * 52
    dealt = [decks.draw(base, depth).astype(np.intp) for depth in range(_DEAL)]
    h1, h2 = np.stack(dealt[0::2], axis=1), np.stack(dealt[1::2], axis=1)
    d1 = np.zeros(games, dtype=np.uint64)
    d2 = np.zeros(games, dtype=np.uint64)
    history = (
        np.zeros((games, 52 - _DEAL), dtype=np.uint8)
        if p1.needs_history or p2.needs_history
        else None
    )
    for turn in range(MAX_TURNS + 1):
        if turn:
            depth = _DEAL + 2 * (turn - 1)
            past = history[rows, : 2 * (turn - 1)] if history is not None else None
            seen = d1 | d2
            s1 = p1.choose(BatchView(1, h1, seen, d2, 52 - depth, turn,
                                     h2 if open_hands else None, past))
            s2 = p2.choose(BatchView(2, h2, seen, d1, 52 - depth, turn,
                                     h1 if open_hands else None, past))
            at = np.arange(len(rows))
            c1, c2 = h1[at, s1], h2[at, s2]
            d1 |= CARD_BIT[c1]
            d2 |= CARD_BIT[c2]
            if history is not None:
                history[rows, 2 * turn - 2] = c1
                history[rows, 2 * turn - 1] = c2
            h1[at, s1] = decks.draw(base, depth)
            h2[at, s2] = decks.draw(base, depth + 1)
        f1, f2 = _flush(h1), _flush(h2)
        over = f1 | f2
        if turn == MAX_TURNS:
            over[:] = True
        if not over.any():
            continue
        done = rows[over]
        turns[done] = turn
        cases[done] = judge_over(h1[over], h2[over], f1[over], f2[over])
        keep = ~over
        rows, base, h1, h2, d1, d2 = rows[keep], base[keep], h1[keep], h2[keep], d1[keep], d2[keep]
        if not len(rows):
            break
    return BatchResults(turns, cases)
