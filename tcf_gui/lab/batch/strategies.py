"""Batch forms of the built-in strategies: the same decisions, for every active game at once.

Each form takes the parameters of its one-game strategy (tcf_gui.engine.strategies) and a
numpy Generator for any randomness. BATCH_FORMS maps the registered name to the form.
"""
from __future__ import annotations

from typing import Any, Callable

import numpy as np

from tcf_gui.engine.strategies.heuristic import SWITCHES, CardFacts, HeuristicStrategy, rule_score
from tcf_gui.engine.strategies.registry import StrategyError, parse_spec
from tcf_gui.engine.strategies.simple import LazyStrategy
from tcf_gui.engine.coach.belief import expected_suits, pattern_beliefs
from tcf_gui.engine.coach.expert import normal_model
from tcf_gui.engine.coach.tiebreak import LIVE, PAIR, TIE_WEIGHT, tie_values
from tcf_gui.lab.batch.tables import CLUB_BITS, hand_bits
from tcf_gui.engine.batch_view import BatchPlayer, BatchView


class BatchRandom:
    """random: a slot chosen uniformly at random."""

    needs_history = False
    params: tuple[str, ...] = ()

    def __init__(self, rng: np.random.Generator) -> None:
        self.rng = rng

    def choose(self, view: BatchView) -> np.ndarray:
        return self.rng.integers(0, 3, size=len(view))


class BatchLazy(LazyStrategy):
    """lazy: always the same slot."""

    needs_history = False
    params = ("slot",)

    def choose(self, view: BatchView) -> np.ndarray:
        return np.full(len(view), self.slot)


class BatchHeuristic(HeuristicStrategy):
    """heuristic: the rules of the one-game form (its RULES table, with the same switches),
    scored on every active game at once from the same CardFacts, one column per slot."""

    needs_history = False
    params = SWITCHES

    def choose(self, view: BatchView) -> np.ndarray:
        scores = [rule_score(f, self.switches, np.int16) for f in batch_facts(view)]
        if np.ndim(scores[0]) == 0:  # every rule off: all equal, the first slot goes
            return np.zeros(len(view), dtype=np.uint8)
        return lowest_of_three(*scores)


class BatchExpert:
    """expert: its rule (coach/expert.py: a pair, then live cards against tie value),
    with or without ``search``: the lab plays the rule for the search too, which chooses
    alike in about 99% of positions (benchmarks/bench_strength.py measures it). It reads
    the opponent's discards in order, so it asks for the history."""

    needs_history = True
    params = ("search",)
    exact = "expert:search=off"
    """The one-game spec whose every choice this form makes (``expert`` itself searches)."""

    def __init__(self, rng: np.random.Generator, search: bool = True) -> None:
        self.values = np.array(tie_values(), dtype=np.int64)

    def choose(self, view: BatchView) -> np.ndarray:
        values = self.values
        facts = batch_facts(view)
        # the reading only matters without a pair (a pair outweighs any count: expert.PAIR)
        taken = opponent_held(view, facts[0].paired + facts[1].paired == 0)
        rows = np.arange(len(view))
        scores = [PAIR * f.paired.astype(np.int64) + LIVE * f.live.astype(np.int64)
                  - taken[rows, f.index & 3] + TIE_WEIGHT * values[f.index] for f in facts]
        return lowest_of_three(*scores)


def opponent_held(view: BatchView, wanted: np.ndarray) -> np.ndarray:
    """(n, 4): the cards of each suit the opponent is expected to hold (in the expert's
    score units), read from its discards (coach/belief.py), in the ``wanted`` rows; zero in
    the others, when hands are open, and without the history of a whole game (as the
    one-game form: opponent_suits)."""
    taken = np.zeros((len(view), 4), dtype=np.int64)
    history = view.history
    if (view.opponent_hands is not None or view.turn == 1 or history is None
            or history.shape[1] != 2 * (view.turn - 1) or not wanted.any()):
        return taken
    rows = np.flatnonzero(wanted)
    history = history[rows].astype(np.int64)
    seen = view.discards[rows] | hand_bits(view.hands[rows])
    unseen = np.stack([13 - np.bitwise_count((seen >> np.uint64(suit)) & CLUB_BITS)
                       for suit in range(4)], axis=1).astype(np.int64)
    thrown = history[:, 1::2] if view.player == 1 else history[:, 0::2]
    by_suit = np.eye(4, dtype=np.int64)[history & 3]  # [row, discard, suit]
    by_turn = by_suit[:, 0::2] + by_suit[:, 1::2]
    seen_before = np.cumsum(by_turn, axis=1) - by_turn  # the turns before each
    beliefs, _ = pattern_beliefs(unseen, thrown, seen_before, normal_model())
    # in the score's units, rounded half to even as the one-game form rounds (expert.in_units)
    taken[rows] = np.rint(expected_suits(beliefs) * LIVE).astype(np.int64)
    return taken


def batch_facts(view: BatchView) -> list[CardFacts]:
    """The CardFacts of each slot's card in every row, as (n,) uint8 arrays, column by column.

    A card's live count is 13 less the cards of its suit the player has seen: itself, its
    suit-mates in the hand, and those among the discards (and the open opponent hand)."""
    hands = view.hands
    seen = view.discards
    if view.opponent_hands is not None:
        seen = seen | hand_bits(view.opponent_hands)
    cards = [hands[:, 0], hands[:, 1], hands[:, 2]]
    suits = [(card & 3).astype(np.uint8, copy=False) for card in cards]
    same01, same02, same12 = (
        (suits[i] == suits[j]).view(np.uint8) for i, j in ((0, 1), (0, 2), (1, 2))
    )
    mates = (same01 + same02, same01 + same12, same02 + same12)
    return [
        CardFacts(
            np.minimum(mate, 1),
            12 - mate - np.bitwise_count((seen >> suit) & CLUB_BITS),
            card,
        )
        for card, suit, mate in zip(cards, suits, mates)
    ]


def lowest_of_three(a: np.ndarray, b: np.ndarray, c: np.ndarray) -> np.ndarray:
    """The slot (0, 1, 2) of each row's lowest score, the first on a tie (as ``lowest``);
    column by column, without a reduction over a length-3 axis."""
    return np.where(c < np.minimum(a, b), np.uint8(2), (b < a).view(np.uint8))


BatchFactory = Callable[..., BatchPlayer]

#: Registered strategy name -> its batch form, called as ``form(rng, **params)``. Each form
#: lists the parameters it implements in ``params``.
BATCH_FORMS: dict[str, BatchFactory] = {
    "random": BatchRandom,
    "lazy": BatchLazy,
    "heuristic": BatchHeuristic,
    "expert": BatchExpert,
}


def exact_one_game_spec(spec: str) -> str:
    """The spec whose one-game form makes exactly the choices of ``spec``'s batch form: the
    spec itself, but for a form that plays a cheaper rule (``exact``)."""
    found = batch_form(spec)
    return getattr(found[0], "exact", spec) if found else spec


def batch_form(spec: str) -> tuple[BatchFactory, dict[str, Any]] | None:
    """The batch form of ``spec`` with its parameters, or None when it has none, or when
    its form does not implement every parameter the strategy has (a parameter added to the
    one-game form only): such a spec plays its exact one-game form on the hybrid path."""
    try:
        info, params = parse_spec(spec)
    except (StrategyError, ValueError):
        return None
    form = BATCH_FORMS.get(info.name)
    if form is None or not set(info.params) <= set(getattr(form, "params", ())):
        return None
    return form, params
