"""What the opponent's hidden hand is likely to hold, read from the discards it made.

Before any discard, the opponent's three cards are any three the person has not seen,
each set equally likely. Every discard it makes is evidence: a rule player throws the odd
card beside a suited pair, or the card whose suit it sees the fewest of, so the suit it
throws says something about the suits it keeps. The belief follows the opponent's hand
suit by suit (its pattern, one of the 16 of tail.PATTERNS) turn by turn, as a hidden
Markov chain:

- at the first turn, the chance of each pattern among the cards the person has not seen
  (those still unseen now, and those the opponent threw since, which it then held or drew);
- at each turn, each pattern is weighed by the chance that the opponent's model throws a
  card of the suit it threw (Bayes' rule: the chance of throwing that very card is this
  over the unseen cards of its suit, the same for every pattern), with the live counts the
  opponent saw then (13 less its own cards and the discards of earlier turns, by suit);
- then the thrown card leaves the pattern and a draw comes in, a suit in proportion to the
  cards that could still come (those unseen from the next turn on, less the ones kept).

The person's own earlier hands are not needed: a card the person ever held or saw is in its
hand or among the discards now, and was never in the opponent's hand. The belief is exact
at the level of suits up to one approximation: the draws of each turn are taken from the
cards unseen from the next turn on, as if the person's own later draws came from another
deck. Against the ``random`` model it follows the suits the opponent threw (a random player
throws a suit as often as it holds it).

The filter runs on many games at once (rows), so the coach (one position) and the expert's
rule in the batch engine (every game of a turn) share it.
"""
from __future__ import annotations

from typing import Sequence

import numpy as np

from tcf_gui.engine.coach.hands import Hand
from tcf_gui.engine.coach.policies import SuitPolicy
from tcf_gui.engine.coach.position import Position
from tcf_gui.engine.coach.tail import PATTERNS

_COUNTS = PATTERNS.counts  # [pattern, suit]
_SIZE = len(PATTERNS)


def _after_throw() -> np.ndarray:
    """[pattern, suit thrown, suit drawn] -> the pattern held next; -1 when the pattern has
    no card of that suit, or when the draw makes a flush (the game is then over)."""
    table = np.full((_SIZE, 4, 4), -1, dtype=np.int64)
    for p in range(_SIZE):
        for suit in range(4):
            slots = np.flatnonzero(PATTERNS.suits[p] == suit)
            if len(slots):
                table[p, suit] = PATTERNS.next[p, slots[0]]
    return table


_AFTER = _after_throw()


def _ways(pool: np.ndarray) -> np.ndarray:
    """(rows, 16): the number of ways ``pool`` (rows, 4 cards by suit) makes each pattern."""
    held = _COUNTS[None, :, :]
    cards = pool[:, None, :].astype(float)
    return np.where(held == 0, 1.0, np.where(held == 1, cards, cards * (cards - 1) / 2)).prod(axis=2)


def pattern_beliefs(unseen: np.ndarray, thrown: np.ndarray, seen_before: np.ndarray,
                    policy: SuitPolicy) -> tuple[np.ndarray, np.ndarray]:
    """The belief over the 16 patterns of the opponent's hand in each row, and whether its
    discards were explained (a row where no pattern explains them gets the prior, and False).

    ``unseen`` (rows, 4): the cards of each suit the person has not seen now; ``thrown``
    (rows, turns): the card index the opponent threw on each turn so far; ``seen_before``
    (rows, turns, 4): the discards of both players before each of those turns, by suit."""
    rows, turns = thrown.shape
    suits = thrown & 3
    thrown_by_suit = np.zeros((rows, turns + 1, 4), dtype=np.int64)  # [row, t]: turns >= t
    for turn in range(turns - 1, -1, -1):
        thrown_by_suit[:, turn] = thrown_by_suit[:, turn + 1]
        thrown_by_suit[np.arange(rows), turn, suits[:, turn]] += 1
    prior = _ways(unseen + thrown_by_suit[:, 0])
    belief = prior / prior.sum(axis=1, keepdims=True)
    explained = np.ones(rows, dtype=bool)
    # The chance of throwing each suit, for every turn at once: one call to the model for
    # each distinct count of earlier discards (many turns of many games share one).
    seen, at = np.unique(seen_before.reshape(-1, 4), axis=0, return_inverse=True)
    live = 13 - _COUNTS[None, :, :] - seen[:, None, :]  # [distinct, pattern, suit]
    states = np.tile(np.arange(_SIZE), len(seen))
    distinct = policy.discard(PATTERNS, states, live.reshape(-1, 4)).reshape(len(seen), _SIZE, 3)
    chances = distinct[at.reshape(-1)].reshape(rows, turns, _SIZE, 3)
    throws = (chances * (PATTERNS.suits[None, None] == suits[:, :, None, None])).sum(axis=3)
    for turn in range(turns):
        belief = _draw(belief * throws[:, turn], suits[:, turn], unseen + thrown_by_suit[:, turn + 1])
        total = belief.sum(axis=1, keepdims=True)
        lost = total[:, 0] <= 0
        explained &= ~lost
        belief = np.where(lost[:, None], 1.0 / _SIZE, belief / np.where(lost, 1.0, total[:, 0])[:, None])
    return np.where(explained[:, None], belief, prior / prior.sum(axis=1, keepdims=True)), explained


#: [suit thrown, pattern, suit]: the cards a pattern keeps after throwing a card of that suit.
_KEPT = _COUNTS[None, :, :] - np.eye(4, dtype=np.int64)[:, None, :]


def _draw(belief: np.ndarray, suit: np.ndarray, pool: np.ndarray) -> np.ndarray:
    """Each row's belief after a card of ``suit`` leaves the pattern and a card comes from
    the pool less the cards kept (a draw that would make a flush is left out)."""
    rows = len(belief)
    comes = np.maximum(pool[:, None, :] - _KEPT[suit], 0).astype(float)  # [row, pattern, drawn]
    total = comes.sum(axis=2, keepdims=True)
    moved = belief[:, :, None] * comes / np.where(total > 0, total, 1.0)
    target = _AFTER[:, suit, :].transpose(1, 0, 2)  # [row, pattern, drawn]
    going = target >= 0
    flat = (np.arange(rows)[:, None, None] * _SIZE + target)[going]
    return np.bincount(flat, weights=moved[going], minlength=rows * _SIZE).reshape(rows, _SIZE)


def expected_suits(beliefs: np.ndarray) -> np.ndarray:
    """(rows, 4): the expected number of cards of each suit in the opponent's hand."""
    return (beliefs[:, :, None] * _COUNTS[None, :, :]).sum(axis=1)


def one_row(unseen: Sequence[int], discards: Sequence[int], theirs: Sequence[int]
            ) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """``unseen``, ``thrown`` and ``seen_before`` of pattern_beliefs for one game: the unseen
    cards by suit, every discard (card indexes, each turn's two together, oldest first) and
    the opponent's, one per turn."""
    seen_before = np.zeros((1, len(theirs), 4), dtype=np.int64)
    for turn in range(len(theirs)):
        seen_before[0, turn] = np.bincount([c & 3 for c in discards[: 2 * turn]], minlength=4)
    thrown = np.array(theirs, dtype=np.int64).reshape(1, -1)
    return np.array([unseen], dtype=np.int64), thrown, seen_before


def opponent_belief(position: Position, policy: SuitPolicy) -> dict[Hand, float] | None:
    """The chance of each suit pattern of the opponent's hidden hand now (patterns as sorted
    UNKNOWN tokens, those of tail.PATTERNS), given the discards it made, if it plays as
    ``policy``. None when the position does not say which discard was whose and when (a
    discard not named), when hands are open (nothing is hidden), and when no pattern
    explains the discards (the opponent does not play as modelled): the search then weighs
    every hand by its chance alone."""
    theirs = position.opponent_discards
    if (position.opponent_hand is not None or theirs is None
            or len(theirs) != position.turn - 1 or position.missing_discards):
        return None
    unseen = np.bincount([card.suit for card in position.unseen()], minlength=4)
    arrays = one_row(unseen.tolist(), [c.index for c in position.discards], [c.index for c in theirs])
    beliefs, explained = pattern_beliefs(*arrays, policy)
    if not explained[0]:
        return None
    return {PATTERNS.hands[p]: float(beliefs[0, p]) for p in range(_SIZE) if beliefs[0, p] > 0}
