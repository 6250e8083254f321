"""The coach's computation: win, draw and loss chances of each discard, turn by turn.

The game is followed suit by suit (see hands and policies): a state is the person's hand,
the opponent's hand and the count of each suit in the deck, with its probability. All
states of a turn are expanded together with numpy: both players' modelled choices and
every pair of draws, exactly. A state in which both players hold a suited pair they keep is
finished at once by the closed race of race.py. A state less likely than ``NEGLIGIBLE`` is
valued by the quick estimate of tail.py instead (its weight is reported as ``estimated``).
"""
from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache
from itertools import product
from math import comb, prod
from typing import Mapping, Sequence

import numpy as np

from tcf_gui.engine.coach.hands import UNKNOWN, Hand, HandTable
from tcf_gui.engine.coach.policies import SuitPolicy
from tcf_gui.engine.coach.position import Position, PositionError
from tcf_gui.engine.coach.race import race_apart, race_same
from tcf_gui.engine.coach.tail import completion, pattern_of, race_estimate
from tcf_gui.engine.coach.tiebreak import TieBreak

NEGLIGIBLE = 3e-3
"""Measured against 1e-7 over positions of real games against heuristic: 0.2 points apart on
average (0.4 at most), in about a tenth of the time."""
_SUITS = np.arange(4)
_ONE = np.eye(4, dtype=np.int64)
_DECK_CODE = 14 ** np.arange(4)  # a suit holds at most 13 cards (and is live for as many)


@dataclass(frozen=True)
class Odds:
    """The chances after one discard, as fractions of 1."""

    win: float
    draw: float
    loss: float
    flush_next: float
    """The chance that the very next draw completes the person's flush."""
    estimated: float = 0.0
    """Probability weight of the unlikely states valued by the quick estimate (tail.py)."""


@lru_cache(maxsize=None)
def race_tables() -> tuple[np.ndarray, np.ndarray]:
    """race_apart and race_same for every count, as arrays [d1, d2, deck] and [d, deck]."""
    apart = np.zeros((14, 14, 47, 4))
    same = np.zeros((14, 47, 4))
    for deck in range(2, 47, 2):
        for d1 in range(min(13, deck) + 1):
            same[d1, deck] = race_same(d1, deck)
            for d2 in range(min(13, deck - d1) + 1):
                apart[d1, d2, deck] = race_apart(d1, d2, deck)
    return apart, same


def hidden_hands(unseen: Sequence[int], belief: Mapping[Hand, float] | None = None
                 ) -> list[tuple[Hand, tuple[int, ...], float]]:
    """Every suit pattern of the opponent's hidden hand that is not a flush (the game would
    be over), with the deck it leaves and its probability: by ``belief`` (belief.py) when
    given, else by the number of ways the unseen cards make it."""
    found = []
    for held in product(range(3), repeat=4):
        if sum(held) != 3 or any(h > u for h, u in zip(held, unseen)):
            continue
        hand = tuple(sorted(UNKNOWN + s for s in range(4) for _ in range(held[s])))
        deck = tuple(u - h for u, h in zip(unseen, held))
        weight = (float(prod(comb(u, h) for h, u in zip(held, unseen))) if belief is None
                  else belief.get(hand, 0.0))
        if weight:
            found.append((hand, deck, weight))
    if belief is not None and not found:  # the belief rules out every hand the cards allow
        return hidden_hands(unseen)
    total = sum(w for _, _, w in found)
    if not total:
        raise PositionError("no hidden hand fits this position: the opponent would hold a flush")
    return [(hand, deck, w / total) for hand, deck, w in found]  # type: ignore[misc]


@dataclass
class _Layer:
    """The states before one turn: which discard they follow (0-2), both players' hand
    ids, deck counts and probabilities."""

    choice: np.ndarray
    hand1: np.ndarray
    hand2: np.ndarray
    deck: np.ndarray
    weight: np.ndarray


class Search:
    """The odds of every discard from one position, against one opponent model."""

    def __init__(self, position: Position, person: SuitPolicy, opponent: SuitPolicy,
                 belief: Mapping[Hand, float] | None = None) -> None:
        unseen = position.unseen()
        pools = [[c.index for c in unseen if c.suit == s] for s in range(4)]
        counts = tuple(len(p) for p in pools)
        self.open = position.opponent_hand is not None
        if self.open:  # the opponent's hand is known: only the deck is unseen
            known = tuple(sorted(card.index for card in position.opponent_hand or ()))
            self.hidden = [(known, counts, 1.0)]
        else:
            self.hidden = hidden_hands(counts, belief)
        # A discard not named is any unseen card, so the deck is drawn from as if it held
        # them too: the draws are as likely; the game ends with this many still in it.
        self.unnamed = position.missing_discards
        self.position = position
        self.person, self.opponent = person, opponent
        # race.py's closed race ends with the deck: only for a deck of named cards
        self.both_keep_pairs = person.keeps_pairs and opponent.keeps_pairs and not self.unnamed
        self.hands1 = HandTable([tuple(sorted(card.index for card in position.hand))])
        self.hands2 = HandTable([hand for hand, _, _ in self.hidden])
        shown = [[c.index for c in position.opponent_hand or () if c.suit == s] for s in range(4)]
        self._tie_tables(TieBreak(pools, shown))
        self.patterns1, self.patterns2 = pattern_of(self.hands1), pattern_of(self.hands2)

    def _tie_tables(self, tiebreak: TieBreak) -> None:
        """Player 1's chance in a same-turn double flush, by hand and Player 2's suit: after
        discarding a position and completing (tie_after), or completing a held pair (tie_pair)."""
        hands = self.hands1.hands
        self.tie_after = np.full((len(hands), 3, 4), 0.5)
        self.tie_pair = np.full((len(hands), 4), 0.5)
        for h, hand in enumerate(hands):
            for i in range(3):
                suit = self.hands1.kept_pair[h, i]
                if suit >= 0:
                    known = tuple(t for t in hand[:i] + hand[i + 1:] if t < UNKNOWN)
                    self.tie_after[h, i] = [tiebreak.p1_wins(known, suit, s2) for s2 in range(4)]
            suit = self.hands1.pair_suit[h]
            if suit >= 0:
                known = tuple(t for t in hand if t < UNKNOWN and t & 3 == suit)
                self.tie_pair[h] = [tiebreak.p1_wins(known, suit, s2) for s2 in range(4)]

    def all_odds(self) -> list[Odds]:
        """The chances after discarding slot 0, 1 and 2 of the position's hand now."""
        totals = np.zeros((3, 4))  # per discard: win, draw, loss, completed on the first draw
        estimated = np.zeros(3)
        count = len(self.hidden)
        start = self.hands1.hands[0]
        layer: _Layer | None = _Layer(
            np.repeat(np.arange(3), count),
            np.zeros(3 * count, dtype=np.int64),
            np.tile([self.hands2.ids[hand] for hand, _, _ in self.hidden], 3),
            np.tile(np.array([deck for _, deck, _ in self.hidden], dtype=np.int64), (3, 1)),
            np.tile([w for _, _, w in self.hidden], 3),
        )
        slots = [start.index(card.index) for card in self.position.hand]
        choices: np.ndarray | None = np.repeat(np.eye(3)[slots], count, axis=0)
        while layer is not None:
            layer = self._turn(layer, choices, totals, estimated)
            choices = None
        kept = totals[:, :3].sum(axis=1)
        odds = []
        for k in range(3):
            win, draw, loss = (totals[k, :3] / kept[k]).tolist()
            odds.append(Odds(win, draw, loss, float(totals[k, 3]), float(estimated[k])))
        return odds

    def _turn(
        self, layer: _Layer, choices1: np.ndarray | None, totals: np.ndarray,
        estimated: np.ndarray, choices2: np.ndarray | None = None,
    ) -> _Layer | None:
        """Play one turn from every state of a layer; the next layer (None once all is done).
        ``choices1`` and ``choices2`` force each state's discards on this turn (the opening
        turn); else the models choose. ``totals`` has a row per value of ``layer.choice``."""
        deck = layer.deck
        size = int(deck[0].sum())
        opening = choices1 is not None
        if choices1 is None:
            live1 = self._live(deck, self.hands2.counts[layer.hand2])
            choices1 = self.person.discard(self.hands1, layer.hand1, live1)
        if choices2 is None:
            live2 = self._live(deck, self.hands1.counts[layer.hand1])
            choices2 = self.opponent.discard(self.hands2, layer.hand2, live2)
        both = choices1[:, :, None] * choices2[:, None, :]
        s, i, j = np.nonzero(both)
        held = deck[s]
        # [row, x, y]: Player 1 draws a card of suit x, then Player 2 one of suit y
        chance = (layer.weight[s] * both[s, i, j])[:, None, None] * (held[:, :, None] / size) \
            * ((held[:, None, :] - _ONE[None]) / (size - 1))
        choice, h1, h2 = layer.choice[s], layer.hand1[s], layer.hand2[s]
        flush1 = _SUITS[None, :] == self.hands1.kept_pair[h1, i][:, None]  # [row, x]
        flush2 = _SUITS[None, :] == self.hands2.kept_pair[h2, j][:, None]  # [row, y]
        first = chance * flush1[:, :, None]
        tie = first * flush2[:, None, :]
        tie_won = tie * self.tie_after[h1, i][:, None, :]
        beaten = chance * ~flush1[:, :, None] * flush2[:, None, :]
        _add(totals[:, 0], choice, (first - tie + tie_won).sum(axis=(1, 2)))
        _add(totals[:, 2], choice, (tie - tie_won + beaten).sum(axis=(1, 2)))
        if opening:
            _add(totals[:, 3], choice, first.sum(axis=(1, 2)))
        going = chance * (~flush1[:, :, None] & ~flush2[:, None, :])
        if size == self.unnamed + 2:
            _add(totals[:, 1], choice, going.sum(axis=(1, 2)))
            return None
        r, x, y = np.nonzero(going > 0)
        state = _Layer(
            choice[r],
            self.hands1.next[h1[r], i[r], x],
            self.hands2.next[h2[r], j[r], y],
            held[r] - _ONE[x] - _ONE[y],
            going[r, x, y],
        )
        if self.both_keep_pairs:
            state = self._settle(state, totals)
        code = ((state.choice * len(self.hands1) + state.hand1) * len(self.hands2)
                + state.hand2) * 14**4 + state.deck @ _DECK_CODE
        _, at, inverse = np.unique(code, return_index=True, return_inverse=True)
        merged = np.bincount(inverse.ravel(), weights=state.weight)
        keep = merged >= NEGLIGIBLE
        if not keep.all():
            few = at[~keep]
            rare = _Layer(state.choice[few], state.hand1[few], state.hand2[few], state.deck[few],
                          merged[~keep])
            self._estimate(rare, totals)
            _add(estimated, rare.choice, rare.weight)
        at = at[keep]
        if not len(at):
            return None
        return _Layer(state.choice[at], state.hand1[at], state.hand2[at], state.deck[at],
                      merged[keep])

    def _live(self, deck: np.ndarray, other: np.ndarray) -> np.ndarray:
        """The live count of each suit as a player sees it: the deck, and the other player's
        hand (``other``, its counts by suit) unless hands are open."""
        return deck if self.open else deck + other

    def _estimate(self, layer: _Layer, totals: np.ndarray) -> None:
        """Value unlikely states by the quick estimate of tail.py."""
        deck = layer.deck
        size = int(deck[0].sum())
        live1 = self._live(deck, self.hands2.counts[layer.hand2])
        live2 = self._live(deck, self.hands1.counts[layer.hand1])
        turns = (size - self.unnamed) // 2
        first = _completion(self.person, self.patterns1[layer.hand1], live1, deck, turns)
        second = _completion(self.opponent, self.patterns2[layer.hand2], live2, deck, turns)
        tie = self.tie_pair[layer.hand1].mean(axis=1)
        odds = race_estimate(first, second, tie) * layer.weight[:, None]
        for k in range(3):
            _add(totals[:, k], layer.choice, odds[:, k])

    def _settle(self, layer: _Layer, totals: np.ndarray) -> _Layer:
        """Finish the states where both hold a suited pair with cards left to complete it;
        return the others."""
        suit1, suit2 = self.hands1.pair_suit[layer.hand1], self.hands2.pair_suit[layer.hand2]
        rows = np.arange(len(layer.weight))
        left1, left2 = layer.deck[rows, suit1], layer.deck[rows, suit2]
        done = (suit1 >= 0) & (suit2 >= 0) & (left1 > 0) & (left2 > 0)
        if done.any():
            size = int(layer.deck[0].sum())
            a, b = left1[done], left2[done]
            apart, same = race_tables()
            race = np.where((suit1[done] == suit2[done])[:, None], same[a, size], apart[a, b, size])
            p1 = self.tie_pair[layer.hand1[done], suit2[done]]
            w, choice = layer.weight[done], layer.choice[done]
            _add(totals[:, 0], choice, w * (race[:, 0] + race[:, 1] * p1))
            _add(totals[:, 1], choice, w * race[:, 3])
            _add(totals[:, 2], choice, w * (race[:, 2] + race[:, 1] * (1 - p1)))
        going = ~done
        return _Layer(layer.choice[going], layer.hand1[going], layer.hand2[going],
                      layer.deck[going], layer.weight[going])


def _completion(policy: SuitPolicy, start: np.ndarray, live: np.ndarray, deck: np.ndarray,
                turns: int) -> np.ndarray:
    """tail.completion, computed once for each distinct row (many states share a hand
    pattern, the same choices from their live counts, and a deck) and spread back to every
    row."""
    live = policy.canonical_live(live)
    code = (start * 14**4 + live @ _DECK_CODE) * 14**4 + deck @ _DECK_CODE  # one int per row
    _, first, inverse = np.unique(code, return_index=True, return_inverse=True)
    found = completion(policy, start[first], live[first], deck[first], turns)
    return found[inverse.ravel()]


def _add(total: np.ndarray, choice: np.ndarray, amounts: np.ndarray) -> None:
    """Add each amount to the total of its discard (or of what ``choice`` numbers)."""
    total += np.bincount(choice, weights=amounts, minlength=len(total))
