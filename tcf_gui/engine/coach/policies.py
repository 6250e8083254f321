"""Strategies as the coach models them: which card they give up, seen suit by suit.

A policy answers, for many states at once, the chance of discarding each position of the
hand (see hands.py for how hands are written), from the hand and the live count of each
suit as that player sees it: the deck plus the other player's hand.
"""
from __future__ import annotations

from typing import Any, Callable, Protocol

import numpy as np

from tcf_gui.engine.strategies.registry import StrategyError, parse_spec
from tcf_gui.engine.coach.tiebreak import LIVE, PAIR, TIE_WEIGHT, tie_values
from tcf_gui.engine.strategies.heuristic import RULES
from tcf_gui.i18n import _
from tcf_gui.engine.coach.hands import UNKNOWN, HandTable

NORMAL = "heuristic"
"""The opponent the coach models when none is named, and a game is scored against when
the coach cannot model its real opponent: Normal's strategy (one place to change it)."""

CONTINUATION = "expert:search=off"
"""How the coach assumes the person plays after the move it rates (one place to change it):
the expert's rule, which its search follows in about 99% of positions."""

_POSITIONS = np.arange(3)


class SuitPolicy(Protocol):
    keeps_pairs: bool
    """True when a suited pair whose suit is still live is always kept (the odd card goes)."""

    def canonical_live(self, live: np.ndarray) -> np.ndarray:
        """(states, 4) live counts that lead to the same choices as ``live`` in every hand,
        and are equal for as many states as possible (the quick estimate merges them)."""
        ...

    def discard(self, table: HandTable, hands: np.ndarray, live: np.ndarray) -> np.ndarray:
        """(states, 3) chances of discarding each position of ``table``'s ``hands`` (ids),
        given the (states, 4) live counts."""
        ...


def one_hot(positions: np.ndarray) -> np.ndarray:
    return (_POSITIONS[None, :] == positions[:, None]).astype(float)


def lowest(table: HandTable, hands: np.ndarray, allowed: np.ndarray, by_rank: bool) -> np.ndarray:
    """The lowest allowed card where rank decides and every allowed card is known; otherwise
    each allowed card with equal chance (unknown cards are alike in rank)."""
    chances = allowed / allowed.sum(axis=1, keepdims=True)
    if by_rank:
        tokens = table.tokens[hands]
        decided = (~allowed | (tokens < UNKNOWN)).all(axis=1)
        if decided.any():
            ranked = np.where(allowed[decided], tokens[decided], UNKNOWN)
            chances[decided] = one_hot(ranked.argmin(axis=1))
    return chances


class RandomModel:
    """random: each card with chance 1/3."""

    keeps_pairs = False

    def __init__(self, **_: Any) -> None:
        pass

    def discard(self, table: HandTable, hands: np.ndarray, live: np.ndarray) -> np.ndarray:
        return np.full((len(hands), 3), 1 / 3)

    def canonical_live(self, live: np.ndarray) -> np.ndarray:
        return np.zeros_like(live)  # it never looks at them


class RuleModel:
    """heuristic (any of its switches): the card with the lowest
    score under the rules of ``RULES`` goes. The scores of the pair and counting rules are
    known from the suits; the high-card rule ranks known cards, and between unknown cards
    each is equally likely to go (as is any tie the real player breaks by slot order)."""

    def __init__(self, **switches: bool) -> None:
        self.switches = {rule.name: switches.get(rule.name, True) for rule in RULES}
        self.keeps_pairs = self.switches.get("pair", False)
        self._sees_live = any(self.switches[rule.name] for rule in RULES if rule.fact == "live")

    def discard(self, table: HandTable, hands: np.ndarray, live: np.ndarray) -> np.ndarray:
        facts = {
            "paired": table.paired[hands],
            "live": np.take_along_axis(live, table.suits[hands], axis=1),
        }
        score = np.zeros((len(hands), 3), dtype=np.int64)
        by_rank = False
        for rule in RULES:
            if not self.switches[rule.name]:
                continue
            if rule.fact == "index":
                by_rank = True  # the last rule: it only orders cards the others leave equal
            else:
                score += rule.weight * facts[rule.fact]
        return lowest(table, hands, score == score.min(axis=1, keepdims=True), by_rank)

    def canonical_live(self, live: np.ndarray) -> np.ndarray:
        """The rules only compare live counts (a pair outweighs any of them), so each count
        may be replaced by how many suits have fewer: order and ties stay as they were."""
        if not self._sees_live:
            return np.zeros_like(live)
        return (live[:, :, None] > live[:, None, :]).sum(axis=2)


class ExpertModel:
    """expert, searching or not: its rule (coach/expert.py), the card with the lowest
    ``PAIR * paired + LIVE * live + TIE_WEIGHT * tie value`` goes. A known card has its own
    tie value; an unknown card the mean of its suit's 13 (one of them will come). The
    search itself is modelled by its rule, which it follows in about 99% of positions."""

    keeps_pairs = True

    def __init__(self, search: bool = True) -> None:
        values = np.array(tie_values(), dtype=np.int64)
        self.values = np.zeros(UNKNOWN + 4, dtype=np.int64)
        self.values[:52] = values
        self.values[UNKNOWN:] = np.rint(values.reshape(13, 4).mean(axis=0))

    def discard(self, table: HandTable, hands: np.ndarray, live: np.ndarray) -> np.ndarray:
        score = (PAIR * table.paired[hands]
                 + LIVE * np.take_along_axis(live, table.suits[hands], axis=1)
                 + TIE_WEIGHT * self.values[table.tokens[hands]])
        allowed = score == score.min(axis=1, keepdims=True)
        return allowed / allowed.sum(axis=1, keepdims=True)

    def canonical_live(self, live: np.ndarray) -> np.ndarray:
        """Tie values differ by less than two unseen cards' worth (TIE_WEIGHT * 0.61 < 2),
        so a gap of two or more between two suits' counts decides like any larger gap: each
        gap is cut to at most 2, counting up from the smallest count."""
        order = np.argsort(live, axis=1, kind="stable")
        ordered = np.take_along_axis(live, order, axis=1)
        steps = np.minimum(np.diff(ordered, axis=1), 2)
        canonical = np.zeros_like(live)
        np.put_along_axis(canonical, order, np.concatenate(
            [np.zeros((len(live), 1), dtype=live.dtype), steps.cumsum(axis=1)], axis=1), axis=1)
        return canonical


MODELS: dict[str, Callable[..., SuitPolicy]] = {
    "random": RandomModel,
    NORMAL: RuleModel,
    "expert": ExpertModel,
}


class CoachError(ValueError):
    """The coach cannot answer for this opponent; the message is one line for the user."""


def suit_policy(spec: str) -> SuitPolicy:
    """The model of the strategy that ``spec`` names, with its parameters."""
    try:
        info, params = parse_spec(spec)
    except StrategyError as error:
        raise CoachError(str(error)) from None
    model = MODELS.get(info.name)
    if model is None:
        raise CoachError(_("the coach cannot model the opponent {spec!r}; it models {models} "
                           "(with any of their parameters)").format(
                               spec=spec, models=", ".join(MODELS)))
    return model(**params)
