"""Luck and skill told apart: a finished game's result split, from Player 1's side, into
what was expected before the deal, what the cards did and what the decisions did.

The value V of a moment of the game is Player 1's expected score (win 1, draw 0.5, loss 0)
from there, with both hands known (hidden hands are revealed once the game is over), the
deck unseen, and both players playing on as the coach models them: Player 1 as the
coach's model of the person (policies.CONTINUATION, the expert's rule), Player 2 as the
review's opponent model (policies.NORMAL unless the opponent is one the coach models).
Each player's model sees only what that player saw (its own hand, the discards, the live
counts), not the other's hand, unless hands were played open. The search is the coach's
(search.py), exact at the level of suits.

A turn is three steps, each with its own share:

- **Player 1's discard.** Before it, V = Σ_k Σ_j p1(k) p2(j) W(k, j), where W(k, j) is
  the value after Player 1 throws slot k and Player 2 slot j (the average over the draws
  that may follow) and p1, p2 are the models' chances of each discard. Player 1 chooses
  without knowing Player 2's discard, so its choice k is valued against Player 2's
  *model*: skill₁ = Σ_j p2(j) W(k, j) − V.
- **Player 2's discard**, given the discard Player 1 really made (the two are
  simultaneous; taking Player 1's first is a convention, and the order changes the split
  only on a turn where both leave their models at once): skill₂ = W(k, j) − Σ_j p2(j) W(k, j).
- **The draws.** luck = V(next turn) − W(k, j); after the last turn, V is the result.

The deal is a chance event too: its luck is V(before turn 1) − start, where start is the
expected score before the deal (``START``, measured over random deals). Summed, the shares
telescope: result = start + luck + skill, exactly (to rounding) for every game. A decision
as the model plays it adds 0; one the model rates worse subtracts. Skill here is judged
with both hands known; the review's points given up (coach/review.py) judge a player by
what it could know, and the error labels follow those.

The luck of the draws averages to zero over the draws that could have come as far as the
suit-level search is exact: W(k, j) is the search's average over the suits of the draws.
Within a suit the exact card changes little (the tie-break of a same-turn double flush,
the rank rule between unknown cards) and the search values states below
search.NEGLIGIBLE by an estimate (tail.py); the measured mean luck is in docs/luck.md.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Sequence

import numpy as np

from tcf_gui.engine.cards import Card
from tcf_gui.engine.coach.policies import CONTINUATION, NORMAL, suit_policy
from tcf_gui.engine.coach.position import Position
from tcf_gui.engine.coach.search import Search, _Layer
from tcf_gui.engine.events import Dealt, Discarded, Drew, Event, GameOver
from tcf_gui.engine.skill import Luck


class Revealed(Search):
    """The search from a moment where both hands are known to the accounting, while the
    players (unless hands are open) see only their own."""

    def __init__(self, hand1: Sequence[Card], hand2: Sequence[Card], discards: Sequence[Card],
                 turn: int, person: str, opponent: str, open_hands: bool = False) -> None:
        position = Position((hand1[0], hand1[1], hand1[2]), tuple(discards), turn,
                            (hand2[0], hand2[1], hand2[2]))
        super().__init__(position, suit_policy(person), suit_policy(opponent))
        self.hidden_play = not open_hands
        self.slots1 = _slots(self.hands1.hands[0], hand1)
        self.slots2 = _slots(self.hands2.hands[0], hand2)

    def _live(self, deck: np.ndarray, other: np.ndarray) -> np.ndarray:
        return deck + other if self.hidden_play else deck

    def pair_values(self, wanted: Sequence[tuple[int, int]] | None = None) -> np.ndarray:
        """(3, 3): Player 1's expected score after Player 1 throws slot k and Player 2
        slot j (rows k, columns j), averaged over the draws that follow; only the ``wanted``
        pairs are worked out (the rest are NaN), every pair when None."""
        pairs = np.array(sorted(set(wanted)) if wanted is not None
                         else [(k, j) for k in range(3) for j in range(3)], dtype=np.int64)
        count = len(pairs)
        deck = np.array(self.hidden[0][1], dtype=np.int64)
        layer: _Layer | None = _Layer(np.arange(count), np.zeros(count, dtype=np.int64),
                                      np.zeros(count, dtype=np.int64),
                                      np.tile(deck, (count, 1)), np.ones(count))
        choices1: np.ndarray | None = np.eye(3)[self.slots1][pairs[:, 0]]
        choices2: np.ndarray | None = np.eye(3)[self.slots2][pairs[:, 1]]
        totals, estimated = np.zeros((count, 4)), np.zeros(count)
        while layer is not None:
            layer = self._turn(layer, choices1, totals, estimated, choices2)
            choices1 = choices2 = None
        values = np.full((3, 3), np.nan)
        kept = totals[:, :3].sum(axis=1)
        values[pairs[:, 0], pairs[:, 1]] = (totals[:, 0] + 0.5 * totals[:, 1]) / kept
        return values

    def models(self) -> tuple[np.ndarray, np.ndarray]:
        """Each model's chance of throwing slot 0, 1 and 2 now."""
        deck = np.array([self.hidden[0][1]], dtype=np.int64)
        first = np.zeros(1, dtype=np.int64)
        live1 = self._live(deck, self.hands2.counts[first])
        live2 = self._live(deck, self.hands1.counts[first])
        p1 = self.person.discard(self.hands1, first, live1)[0]
        p2 = self.opponent.discard(self.hands2, first, live2)[0]
        return p1[self.slots1], p2[self.slots2]


def _slots(start: tuple[int, ...], hand: Sequence[Card]) -> list[int]:
    """For each slot of ``hand``, its position in the search's sorted hand."""
    return [start.index(card.index) for card in hand]


@dataclass(frozen=True)
class TurnShare:
    """One turn's shares of Player 1's expected score."""

    turn: int
    before: float
    """V before the turn's discards."""
    skill1: float
    skill2: float
    luck: float
    """What the turn's draws did."""
    after: float
    """V after the draws (the result when the game ended on this turn)."""


@dataclass(frozen=True)
class Accounting:
    """A game's result split into start, luck and skill, from Player 1's side."""

    start: float
    deal: float
    """The luck of the deal."""
    turns: tuple[TurnShare, ...]
    end: float
    """The result (1, 0.5, 0) when the game is over, else V after the last turn given."""
    over: bool
    person: str
    opponent: str
    lean: tuple[float, float] = (0.0, 0.0)
    """deal_lean: the deal's favour to Player 1 under even play, and its 95% half-width."""

    @property
    def luck(self) -> float:
        return self.deal + sum(turn.luck for turn in self.turns)

    @property
    def skill1(self) -> float:
        return sum(turn.skill1 for turn in self.turns)

    @property
    def skill2(self) -> float:
        return sum(turn.skill2 for turn in self.turns)

    @property
    def skill(self) -> float:
        """Both players' decisions' effect on Player 1's expected score."""
        return self.skill1 + self.skill2

    @property
    def decisive(self) -> int | None:
        """The turn whose draws helped the winner most (0: the deal); None for a draw, a
        game not over, or when the cards favoured the loser everywhere."""
        if not self.over or self.end == 0.5:
            return None
        sign = 1.0 if self.end == 1.0 else -1.0
        shares = [(self.deal * sign, 0)] + [(t.luck * sign, t.turn) for t in self.turns]
        best, turn = max(shares)
        return turn if best > 0 else None

    def summary(self) -> Luck:
        """The numbers the skill score keeps."""
        return Luck(self.start, self.luck, self.skill, self.end,
                    (self.deal, *(turn.luck for turn in self.turns)), self.decisive, *self.lean)


#: Player 1's expected score before the deal, by (Player 1's model, Player 2's): the mean
#: of V before turn 1 over random deals, and the half-width of its 95% interval
#: (benchmarks/bench_game_luck.py --start measures them; docs/luck.md has the run).
START: dict[tuple[str, str], tuple[float, float]] = {
    (CONTINUATION, NORMAL): (0.49928, 0.00898),  # 2000 deals
    (CONTINUATION, "random"): (0.79194, 0.00875),  # 2000 deals
    (CONTINUATION, CONTINUATION): (0.50182, 0.01047),  # 1500 deals: Expert, and even play
    (NORMAL, CONTINUATION): (0.50122, 0.01048),  # 1500 deals: a person in seat 2 (a friend's)
}


def start_value(person: str, opponent: str) -> float:
    """``START`` for the pair; for a pair not measured, the pair with Normal in the place
    of the model that is not the person's."""
    pair = (person, opponent)
    if pair not in START:
        pair = (person, NORMAL) if person == CONTINUATION else (NORMAL, opponent)
    return START[pair][0]


def value_before(hand1: Sequence[Card], hand2: Sequence[Card], discards: Sequence[Card],
                 turn: int, person: str, opponent: str, open_hands: bool = False,
                 thrown: tuple[int, int] | None = None) -> tuple[float, np.ndarray, np.ndarray]:
    """V before a turn's discards, the pair values and Player 2's model's chances. Only the
    pairs the accounting needs are worked out (the rest are NaN): where both models may
    throw, Player 1's thrown slot against each throw of Player 2's model, and the slots
    both threw (``thrown``)."""
    search = Revealed(hand1, hand2, discards, turn, person, opponent, open_hands)
    p1, p2 = search.models()
    mine = None if thrown is None else thrown[0]
    wanted = [(k, j) for k in range(3) for j in range(3)
              if p2[j] > 0 and (p1[k] > 0 or k == mine) or (k, j) == thrown]
    pairs = search.pair_values(wanted)
    value = float(sum(p1[k] * p2[j] * pairs[k, j] for k, j in wanted if p1[k] > 0))
    return value, pairs, p2


def deal_lean(events: Sequence[Event], open_hands: bool = False) -> tuple[float, float]:
    """How much a dealt game's deal favoured Player 1 under even play (both seats played as
    the coach models the person): V before turn 1 less the average deal's (negative: it
    favoured Player 2), and the 95% half-width of that average's measurement."""
    hand1, hand2, _, _ = moments(events)[0]
    over = [event.outcome for event in events if isinstance(event, GameOver) and event.turns == 0]
    start, error = START[(CONTINUATION, CONTINUATION)]
    if over:
        return score_of(over[0].winner) - start, error
    return value_before(hand1, hand2, (), 1, CONTINUATION, CONTINUATION, open_hands)[0] - start, error


def moments(events: Sequence[Event]) -> list[tuple[tuple[Card, ...], tuple[Card, ...],
                                                    tuple[Card, ...], tuple[int, int] | None]]:
    """Each moment before a turn (and the last): both hands, the discards so far and the
    slots then thrown (None for the last moment)."""
    hands: tuple[list[Card], list[Card]] = ([], [])
    discards: list[Card] = []
    slots: list[int] = []
    found: list = []
    for event in events:
        if isinstance(event, Dealt):
            hands[event.player - 1].append(event.card)
        elif isinstance(event, Discarded):
            if event.player == 1:
                found.append((tuple(hands[0]), tuple(hands[1]), tuple(discards)))
            slots.append(event.slot)
            discards.append(event.card)
        elif isinstance(event, Drew):
            hands[event.player - 1][event.slot] = event.card
            if event.player == 2:
                found[-1] = (*found[-1], (slots[-2], slots[-1]))
    last = (tuple(hands[0]), tuple(hands[1]), tuple(discards), None)
    return [*found, last]


def score_of(winner: int | None) -> float:
    """Player 1's score for a game won by ``winner`` (1, 2, 0 for a draw)."""
    return {1: 1.0, 2: 0.0}.get(winner if winner is not None else 0, 0.5)


def account(events: Sequence[Event], opponent: str = NORMAL, seat: int = 1,
            open_hands: bool = False) -> Accounting:
    """The accounting of a game given by its events (both hands known: a finished game, or a
    friend's once the deal is revealed), the player in ``seat`` modelled as the coach models
    the person and the other as ``opponent`` (a spec the coach models). Blocking, about
    0.05-0.5 s a game: call it off the loop."""
    person, opponent = (CONTINUATION, opponent) if seat == 1 else (opponent, CONTINUATION)
    over = [event.outcome for event in events if isinstance(event, GameOver)]
    start = start_value(person, opponent)
    steps = moments(events)
    values: list[float] = []
    turns: list[TurnShare] = []
    for number, (hand1, hand2, discards, _) in enumerate(steps, start=1):
        if number == len(steps) and over:
            break
        thrown = steps[number - 1][3] if number < len(steps) else None
        value, pairs, p2 = value_before(hand1, hand2, discards, number, person, opponent,
                                        open_hands, thrown)  # type: ignore[arg-type]
        values.append(value)
        if thrown is not None:
            k, j = thrown  # type: ignore[misc]
            against = float(sum(p2[x] * pairs[k, x] for x in range(3) if p2[x] > 0))
            turns.append(TurnShare(number, values[-1], against - values[-1],
                                   float(pairs[k, j]) - against, 0.0, 0.0))
    end = score_of(over[-1].winner) if over else values[-1]
    afters = values[1:len(turns)] + [end]
    lean = deal_lean(events, open_hands)
    if not turns:
        return Accounting(start, end - start, (), end, bool(over), person, opponent, lean)
    shares = tuple(
        TurnShare(t.turn, t.before, t.skill1, t.skill2,
                  after - (t.before + t.skill1 + t.skill2), after)
        for t, after in zip(turns, afters))
    return Accounting(start, values[0] - start, shares, end, bool(over), person, opponent, lean)
