"""Each game's luck on the batch engine, for results adjusted for luck (duel --luck-adjusted).

A game's luck, from Player 1's side, is the sum over its chance events (the deal, then each
turn's two draws) of V(position after the cards came) - E[V over the cards that could have
come], where V is a fixed value of positions. Each term averages to zero over the cards
that could come, whatever the players chose before, so result - luck has the expected
result as its mean: an unbiased estimate, whose variance is smaller the better V follows
the chance to win. V only makes the estimate tighter or looser, never biased.

V reads a position at the level of suits (the cards themselves matter only in a tie of two
flushes): after the cards came, a hand with two cards of a suit has that suit's cards still
in the deck as its outs; V looks up (turn, Player 1's outs, Player 2's outs, whether both
wait on the same suit) in a table measured on games of the lab's strategies
(tcf_gui.lab.batch.luck_values, written by benchmarks/luck_table.py). A finished game's V
is its result. The expectation over a turn's draws is exact: Player 1 draws a card of suit
x with chance D[x] / R, then Player 2 one of suit y with chance (D[y] - [x = y]) / (R - 1),
where D holds the deck's cards of each suit and R its size; when those draws would make two
flushes, which one wins depends on the ranks, and its chance is the mean over every pair of
cards that makes both (flush_duel). Over the deal it is exact too: V0, the mean of V over
every split of the suits of the six dealt cards (deal_mean; two flushes dealt are as likely
to go either way, the hands being exchangeable).
"""
from __future__ import annotations

from functools import lru_cache
from itertools import product
from math import comb

import numpy as np

from tcf_gui.engine.game import HAND_SIZE, MAX_TURNS
from tcf_gui.lab.batch.luck_values import VALUES
from tcf_gui.lab.batch.judging import WINNER, flush, judge_over
from tcf_gui.lab.batch.tables import CARD_BIT, CLUB_BITS

#: Outs range over -1 (no two cards of a suit) .. 11, so 13 values each.
OUTS = 13
#: Positions before the last turn's draw may be live: turns 0 (the deal) .. MAX_TURNS - 1.
LIVE = MAX_TURNS * OUTS * OUTS * 2
#: The table's last three entries: the values of a finished game.
WIN1, WIN2, EVEN = LIVE, LIVE + 1, LIVE + 2
SIZE = LIVE + 3
_SUITS = np.arange(4, dtype=np.int8)


@lru_cache(maxsize=1)
def table() -> np.ndarray:
    """V over the cells of ``cell``, float64 (two flushes' cell, EVEN, stands for the
    table only: LuckMeter counts their result)."""
    values = np.asarray(VALUES, dtype=np.float64)
    if values.shape != (SIZE,):
        raise ValueError(f"the luck table holds {values.shape} values, not ({SIZE},)")
    return values


def live_cell(turn: np.ndarray | int, outs1: np.ndarray | int, outs2: np.ndarray | int,
              same: np.ndarray | int) -> np.ndarray:
    """The table's cell of a live position after ``turn``'s draws (0: the deal)."""
    return ((np.asarray(turn, dtype=np.int32) * OUTS + outs1 + 1) * OUTS + outs2 + 1) * 2 + same


def cell(turn: int, flush1: np.ndarray, flush2: np.ndarray, outs1: np.ndarray,
         outs2: np.ndarray, same: np.ndarray) -> np.ndarray:
    """The cell of each position after ``turn``'s cards came (any shapes that broadcast)."""
    live = live_cell(min(turn, MAX_TURNS - 1), outs1, outs2, same)
    over = np.where(flush1 & flush2, EVEN, np.where(flush1, WIN1, np.where(flush2, WIN2, live)))
    return np.where(~flush1 & ~flush2, EVEN, over) if turn == MAX_TURNS else over


def _pair_suit(counts: np.ndarray) -> np.ndarray:
    """The suit of which a 3-card hand holds exactly two, or -1: counts (..., 4)."""
    two = counts == 2
    return np.where(two.any(axis=-1), two.argmax(axis=-1), -1).astype(np.int8)


def deal_cells(c1: np.ndarray, c2: np.ndarray, deck: np.ndarray) -> np.ndarray:
    """The cells after the deal from the suit counts (..., 4) of both hands and the deck."""
    pair1, pair2 = _pair_suit(c1), _pair_suit(c2)
    outs1 = np.where(pair1 >= 0, np.take_along_axis(deck, np.maximum(pair1, 0)[..., None],
                                                    axis=-1)[..., 0], -1)
    outs2 = np.where(pair2 >= 0, np.take_along_axis(deck, np.maximum(pair2, 0)[..., None],
                                                    axis=-1)[..., 0], -1)
    same = ((pair1 == pair2) & (pair1 >= 0)).astype(np.int32)
    return cell(0, c1.max(axis=-1) == 3, c2.max(axis=-1) == 3, outs1, outs2, same)


@lru_cache(maxsize=1)
def deal_mean() -> float:
    """E[V after the deal], exactly: over the suits of both hands (multivariate
    hypergeometric: hand 1 three of the 52 cards, hand 2 three of the other 49)."""
    splits = [c for c in product(range(HAND_SIZE + 1), repeat=4) if sum(c) == HAND_SIZE]
    c1 = np.array([a for a in splits for _b in splits])
    c2 = np.array([b for _a in splits for b in splits])
    chance = np.array([
        np.prod([comb(13, x) for x in a]) * np.prod([comb(13 - x, y) for x, y in zip(a, b)])
        for a, b in zip(c1.tolist(), c2.tolist())], dtype=np.float64)
    chance /= comb(52, HAND_SIZE) * comb(52 - HAND_SIZE, HAND_SIZE)
    return float(chance @ table()[deal_cells(c1, c2, 13 - c1 - c2)])


def suit_counts(hands: np.ndarray) -> np.ndarray:
    """(n, 4) int8: the cards of each suit in each row of (n, 3) card indexes."""
    suits = hands & 3
    return ((suits[:, :, None] == _SUITS).sum(axis=1)).astype(np.int8)


def deck_counts(drawn: np.ndarray) -> np.ndarray:
    """(n, 4) int16: the cards of each suit still in each deck, from the (n,) uint64 masks
    of every card drawn from it so far (both hands and every discard)."""
    return np.stack([13 - np.bitwise_count((drawn >> np.uint64(s)) & CLUB_BITS)
                     for s in range(4)], axis=1).astype(np.int16)


class LuckMeter:
    """Adds up each game's luck as play_batch plays it (``luck``, by game, from Player 1's
    side: a game's result less its luck is an unbiased estimate of its expected result)."""

    def __init__(self, games: int) -> None:
        self.luck = np.zeros(games, dtype=np.float64)

    def dealt(self, h1: np.ndarray, h2: np.ndarray) -> None:
        """The deal's luck: V after it less its mean over every deal. Two flushes dealt count
        as the game's result: the hands are exchangeable, so that averages 1/2 too."""
        c1, c2 = suit_counts(h1), suit_counts(h2)
        value = table()[deal_cells(c1, c2, 13 - c1 - c2)]
        self.luck += _with_results(value, h1, h2) - deal_mean()

    def drew(self, turn: int, h1: np.ndarray, h2: np.ndarray, s1: np.ndarray, s2: np.ndarray,
             drawn: np.ndarray, rows: np.ndarray) -> None:
        """A turn's luck: ``h1``, ``h2`` the hands after the draws into slots ``s1``, ``s2``,
        ``drawn`` the masks of every card drawn so far, ``rows`` the games' numbers."""
        realized, expected = self.values(turn, h1, h2, s1, s2, drawn)
        self.luck[rows] += realized - expected

    @classmethod
    def values(cls, turn: int, h1: np.ndarray, h2: np.ndarray, s1: np.ndarray,
               s2: np.ndarray, drawn: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
        """(n,) V after the turn's draws, and its mean over the draws that could have come
        (as ``drew``). Two flushes made by the draws count as the game's result, and their
        chance to go either way as the mean over every pair of cards that makes both
        (flush_duel)."""
        grid, deck = cls.grid(turn, h1, h2, s1, s2, drawn)
        values = table()[grid]
        n = np.arange(len(h1))
        x, y = h1[n, s1] & 3, h2[n, s2] & 3
        kept1 = [h1[n, (s1 + k) % 3] for k in (1, 2)]
        kept2 = [h2[n, (s2 + k) % 3] for k in (1, 2)]
        both = np.flatnonzero(((kept1[0] ^ kept1[1]) & 3 == 0)
                              & ((kept2[0] ^ kept2[1]) & 3 == 0))  # both may make flushes
        if len(both):
            came = CARD_BIT[h1[both, s1[both]]] | CARD_BIT[h2[both, s2[both]]]
            unseen = ~(drawn[both] ^ came)
            values[both, kept1[0][both] & 3, kept2[0][both] & 3] = flush_duel(
                kept1[0][both], kept1[1][both], kept2[0][both], kept2[1][both], unseen)
        realized = _with_results(values[n, x, y], h1, h2)
        return realized, expected_over_draws(values, deck)

    @staticmethod
    def grid(turn: int, h1: np.ndarray, h2: np.ndarray, s1: np.ndarray, s2: np.ndarray,
             drawn: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
        """(n, 4, 4) the cell after Player 1 drew a card of suit x and Player 2 one of suit
        y, given the turn's kept cards, and (n, 4) the deck's cards of each suit before the
        draws. Column by column in int16 (this is most of what measuring luck costs)."""
        n = np.arange(len(h1))
        x, y = h1[n, s1] & 3, h2[n, s2] & 3
        deck = deck_counts(drawn)  # after the draws: put the two drawn cards back
        deck[n, x] += 1
        deck[n, y] += 1
        flush1, pair1 = _after_draw(h1[n, (s1 + 1) % 3] & 3, h1[n, (s1 + 2) % 3] & 3)
        flush2, pair2 = _after_draw(h2[n, (s2 + 1) % 3] & 3, h2[n, (s2 + 2) % 3] & 3)
        # outs + 1 in the cell's units, less the player's own draw of its pair's suit (a
        # draw that makes a pair is one of its cards); the other's draw comes off below
        own1 = np.take_along_axis(deck, np.maximum(pair1, 0), axis=1) - (pair1 == _SUITS)
        own2 = np.take_along_axis(deck, np.maximum(pair2, 0), axis=1) - (pair2 == _SUITS)
        part1 = np.where(pair1 >= 0, (own1 + 1) * (OUTS * 2), 0).astype(np.int16)
        part2 = np.where(pair2 >= 0, (own2 + 1) * 2, 0).astype(np.int16)
        p1, p2 = pair1[:, :, None], pair2[:, None, :]
        grid = (part1[:, :, None] + part2[:, None, :]
                + int(live_cell(min(turn, MAX_TURNS - 1), -1, -1, 0)))
        grid -= (_SUITS[None, None, :] == p1) * np.int16(OUTS * 2)  # Player 2 drew its suit
        grid -= (_SUITS[None, :, None] == p2) * np.int16(2)  # Player 1 drew Player 2's suit
        grid += (p1 == p2) & (p1 >= 0)
        f1, f2 = flush1[:, :, None], flush2[:, None, :]
        over = f1 | f2
        if turn == MAX_TURNS:  # the deck is empty: a draw unless a flush came
            grid[:] = EVEN
        if over.any():
            grid = np.where(over, np.where(f1 & f2, EVEN, np.where(f1, WIN1, WIN2)), grid)
        return grid, deck


def expected_over_draws(values: np.ndarray, deck: np.ndarray) -> np.ndarray:
    """(n,) the mean of ``values`` (n, 4, 4) over Player 1's draw of a card of suit x, with
    chance D[x] / R, then Player 2's of suit y, (D[y] - [x = y]) / (R - 1), from the deck's
    cards of each suit D, (n, 4), R of them."""
    d = deck.astype(np.float64)
    size = float(deck[0].sum())
    both = np.einsum("nx,nxy,ny->n", d, values, d) - np.einsum("nx,nxx->n", d, values)
    return both / (size * (size - 1))


def _after_draw(a: np.ndarray, b: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """For kept suits ``a``, ``b`` (n,) and each suit x drawn (n, 4): whether it makes a
    flush, and the suit of which the hand then holds two (-1: none, or a flush)."""
    xs = _SUITS[None, :]
    a, b = a.astype(np.int8)[:, None], b.astype(np.int8)[:, None]
    paired = a == b
    made = paired & (xs == a)
    pair = np.where(paired, np.where(made, -1, a),
                    np.where(xs == a, a, np.where(xs == b, b, -1)))
    return made, pair.astype(np.intp)


def _with_results(values: np.ndarray, h1: np.ndarray, h2: np.ndarray) -> np.ndarray:
    """``values`` with the rows where both hands are flushes set to the result."""
    flush1, flush2 = flush(h1), flush(h2)
    both = np.flatnonzero(flush1 & flush2)
    if len(both):
        values = values.copy()
        values[both] = WINNER[judge_over(h1, h2, flush1, flush2, both)] == 1
    return values


def flush_duel(a1: np.ndarray, b1: np.ndarray, a2: np.ndarray, b2: np.ndarray,
               deck: np.ndarray) -> np.ndarray:
    """Player 1's chance to win when both players' draws make flushes: (m,) over every pair
    of cards of the deck (the uint64 masks ``deck``), Player 1's of the suit of its kept
    cards ``a1``, ``b1``, Player 2's another of the suit of ``a2``, ``b2``. 1/2 when no pair
    of cards makes both (it then has no chance to happen).

    Player 1's card beats Player 2's when only it makes a straight, or both or neither do
    and its flush's high card is greater: for each of Player 1's cards, the count of
    Player 2's below it comes from a running count over its high cards, for each kind
    (straight or not), rather than from all 13 x 13 pairs."""
    m = len(deck)
    high1, straight1, can1 = _flushes(a1, b1, deck)
    high2, straight2, can2 = _flushes(a2, b2, deck)
    rows = np.arange(m)[:, None]
    kinds = (rows * 2 + straight2) * 52 + high2  # several cards may share a high card
    bins = np.bincount(kinds[can2], minlength=104 * m).reshape(m, 2, 52).astype(np.int16)
    below = np.cumsum(bins, axis=2, dtype=np.int16) - bins  # Player 2's below, same kind
    beaten = below[rows, straight1.view(np.int8), high1].astype(np.int16)
    beaten += straight1 * (can2 & ~straight2).sum(axis=1)[:, None]
    count1, count2 = can1.sum(axis=1), can2.sum(axis=1)
    same = (a1 & 3) == (a2 & 3)
    if same.any():  # one suit: a card cannot go to both, so neither pair (c, c) counts
        self_win = (straight1 & ~straight2) | ((straight1 == straight2) & (high2 < high1))
        beaten -= (same[:, None] & self_win)
    pairs = count1 * count2 - same * count1
    wins = (beaten * can1).sum(axis=1)
    return np.where(pairs > 0, wins / np.maximum(pairs, 1), 0.5)


def _flushes(a: np.ndarray, b: np.ndarray, deck: np.ndarray) -> tuple[np.ndarray, ...]:
    """(m, 13) for each rank of the suit of ``a``, ``b``: the high card and straight-p of
    the flush it would make, and whether that card is in the deck."""
    cards = (np.arange(13, dtype=np.int16) * 4)[None, :] + (a & 3).astype(np.int16)[:, None]
    high = np.maximum(np.maximum(a, b).astype(np.int16)[:, None], cards)
    low = np.minimum(np.minimum(a, b).astype(np.int16)[:, None], cards)
    straight = (high >> 2) - (low >> 2) == 2
    can = (deck[:, None] >> cards.astype(np.uint64)) & np.uint64(1) == 1
    return high, straight, can
