"""The batch engine: many games played in step with numpy arrays.

Every game follows the rules of the one-game engine (tcf_gui.engine.game): alternate deal
(hand 1 gets deck positions 0, 2, 4, hand 2 gets 1, 3, 5), simultaneous discards, hand 1's
void filled first, game over on a flush or an empty deck. All games of a batch take their
turns together, so they share the deck depth; finished games drop out of the arrays.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Sequence

import numpy as np

from tcf_gui.engine.game import HAND_SIZE, MAX_TURNS
from tcf_gui.engine.outcome import Case
from tcf_gui.lab.statistics import Counters, LuckSums
from tcf_gui.lab.batch.judging import WINNER, flush, judge_over
from tcf_gui.lab.batch.tables import CARD_BIT, hand_bits
from tcf_gui.engine.batch_view import BatchPlayer, BatchView

if TYPE_CHECKING:
    from tcf_gui.lab.batch.luck import LuckMeter

_DEAL = 2 * HAND_SIZE  # cards dealt before the first turn
_P1_CASES = [int(c) for c in Case if c.winner == 1]
_P2_CASES = [int(c) for c in Case if c.winner == 2]
_BOTH_FLUSH = [int(c) for c in Case if c.both_flush]
_RESULT = np.array([0.5, 1.0, 0.0])  # Player 1's result by winner (0: a draw)


class ShuffledDecks:
    """Decks shuffled lazily: a Fisher-Yates shuffle run only as deep as cards are drawn,
    so each drawn card is uniform over the cards not yet drawn (every order equally likely)."""

    def __init__(self, games: int, rng: np.random.Generator) -> None:
        self.cards = np.tile(np.arange(52, dtype=np.uint8), games)
        self.rng = rng

    def draw(self, base: np.ndarray, depth: int) -> np.ndarray:
        """The card at ``depth`` of each deck starting at flat offset ``base``."""
        # int32 draws the same numbers as the default int64 (numpy's 32-bit bounded path
        # serves both for a range this small), only faster.
        pick = base + self.rng.integers(depth, 52, size=len(base), dtype=np.int32)
        card = self.cards[pick]
        self.cards[pick] = self.cards[base + depth]
        return card


class GivenDecks:
    """Decks given in full, top card first: (games, 52) card indexes."""

    def __init__(self, decks: np.ndarray, *, checked: bool = True) -> None:
        """``checked=False`` trusts ``decks`` (shuffled here: the check costs as much as a
        third of a paired duel's games)."""
        decks = np.asarray(decks)
        if checked and (decks.ndim != 2 or decks.shape[1] != 52 or not (
            np.sort(decks, axis=1) == np.arange(52)
        ).all()):
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
    luck: np.ndarray | None = None
    """Each game's luck from Player 1's side, when it was measured (luck.LuckMeter)."""

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

    def luck_sums(self) -> LuckSums | None:
        """The sums a run adds up to adjust its results for luck, when it was measured."""
        if self.luck is None:
            return None
        adjusted = _RESULT[WINNER[self.cases]] - self.luck
        return LuckSums(float(adjusted.sum()), float((adjusted * adjusted).sum()),
                        float(self.luck.sum()))

    def turn_histogram(self) -> list[int]:
        """Index t: how many games took t turns (0..23)."""
        return np.bincount(self.turns, minlength=MAX_TURNS + 1).tolist()

    def tallies(self, ends: Sequence[int]) -> list[tuple[int, int, int, int]]:
        """(games, win1, win2, draws) over the first ``end`` games, for each end in ``ends``."""
        winner = WINNER[self.cases]
        at = np.asarray(ends, dtype=np.intp) - 1
        return list(zip(
            list(ends),
            np.cumsum(winner == 1)[at].tolist(),
            np.cumsum(winner == 2)[at].tolist(),
            np.cumsum(winner == 0)[at].tolist(),
        ))


def play_batch(
    p1: BatchPlayer, p2: BatchPlayer, decks: Decks, games: int, *, open_hands: bool = False,
    from_turn: int = 1, luck: LuckMeter | None = None,
) -> BatchResults:
    """Play ``games`` games from ``decks`` between two batch players.

    Hands are (n, 3) uint8 card indexes; a discard is replaced through the flat index
    3 * row + slot (so a player must answer slots 0, 1 or 2, as BatchPlayer says). Finished
    games leave the arrays with one ``take`` each (the game's row is its deck offset / 52),
    and there is no compaction after the last games end.

    With ``from_turn`` > 1 the games go on from a position before that turn: the deck's
    first cards are the hands, dealt as usual, then the discards of the turns before, in
    the order they fell (Player 1's first each turn); the rest is the deck.

    ``luck`` (only from the deal: ``from_turn`` 1) is told each chance event's cards."""
    if luck is not None and from_turn != 1:
        raise ValueError("luck is measured from the deal only")
    turns = np.zeros(games, dtype=np.int8)
    cases = np.zeros(games, dtype=np.int8)
    base = np.arange(0, 52 * games, 52)
    h1 = np.empty((games, HAND_SIZE), dtype=np.uint8)
    h2 = np.empty((games, HAND_SIZE), dtype=np.uint8)
    for depth in range(_DEAL):  # alternate deal: hand 1 takes the even depths
        (h1, h2)[depth % 2][:, depth // 2] = decks.draw(base, depth)
    if luck is not None:
        luck.dealt(h1, h2)
    fallen = np.empty((games, 2 * (from_turn - 1)), dtype=np.uint8)  # the turns before
    for k in range(fallen.shape[1]):
        fallen[:, k] = decks.draw(base, _DEAL + k)
    d1 = np.bitwise_or.reduce(CARD_BIT[fallen[:, 0::2]], axis=1, initial=np.uint64(0))
    d2 = np.bitwise_or.reduce(CARD_BIT[fallen[:, 1::2]], axis=1, initial=np.uint64(0))
    history = (
        np.zeros((games, 52 - _DEAL), dtype=np.uint8)
        if p1.needs_history or p2.needs_history
        else None
    )
    if history is not None:
        history[:, : fallen.shape[1]] = fallen
    for turn in (0, *range(from_turn, MAX_TURNS + 1)):
        if turn:
            depth = _DEAL + 2 * (turn - 1)
            past = rows = None
            if history is not None:
                rows = base // 52
                past = history[rows, : 2 * (turn - 1)]
            seen = d1 | d2
            s1 = p1.choose(BatchView(1, h1, seen, d2, 52 - depth, turn,
                                     h2 if open_hands else None, past))
            s2 = p2.choose(BatchView(2, h2, seen, d1, 52 - depth, turn,
                                     h1 if open_hands else None, past))
            flat1, flat2 = h1.reshape(-1), h2.reshape(-1)
            row3 = np.arange(0, HAND_SIZE * len(base), HAND_SIZE)
            at1, at2 = row3 + s1, row3 + s2
            c1, c2 = flat1[at1], flat2[at2]
            d1 |= CARD_BIT[c1]
            d2 |= CARD_BIT[c2]
            if history is not None and rows is not None:
                history[rows, 2 * turn - 2] = c1
                history[rows, 2 * turn - 1] = c2
            flat1[at1] = decks.draw(base, depth)
            flat2[at2] = decks.draw(base, depth + 1)
            if luck is not None:
                luck.drew(turn, h1, h2, s1, s2, d1 | d2 | hand_bits(h1) | hand_bits(h2),
                          base // 52)
        f1, f2 = flush(h1), flush(h2)
        over = f1 | f2
        if turn == MAX_TURNS:
            over[:] = True
        done = np.flatnonzero(over)
        if not len(done):
            continue
        finished = base[done] // 52
        turns[finished] = turn
        cases[finished] = judge_over(h1, h2, f1, f2, done)
        if len(done) == len(base):
            break
        keep = np.flatnonzero(~over)
        base, d1, d2 = base[keep], d1[keep], d2[keep]
        h1, h2 = h1.take(keep, axis=0), h2.take(keep, axis=0)
    return BatchResults(turns, cases, None if luck is None else luck.luck)
