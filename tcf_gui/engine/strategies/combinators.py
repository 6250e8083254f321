"""Strategies made of strategies: ``majority:A,B,C`` and ``mix:p=0.3,A,B``.

Each member gets its own random generator, drawn in order from the combinator's, so a
combinator is as reproducible as its members.
"""
from __future__ import annotations

import random
from collections import Counter

from tcf_gui.i18n import _
from tcf_gui.engine.view import View
from tcf_gui.engine.strategies.registry import StrategyError, combinator, make_strategy, member_rngs


@combinator(
    "majority",
    "the slot most of its members choose; on a tie, the tied slot chosen by the "
    "earliest member (three different answers: the first member's choice)",
    least=2,
)
class MajorityStrategy:
    name = "majority"

    def __init__(self, rng: random.Random, members: tuple[str, ...]) -> None:
        self.members = [make_strategy(spec, r) for spec, r in zip(members, member_rngs(rng, len(members)))]

    def __call__(self, view: View) -> int:
        votes = [member(view) for member in self.members]
        counts = Counter(votes)
        most = max(counts.values())
        return next(vote for vote in votes if counts[vote] == most)


@combinator(
    "mix",
    "plays its first member's choice with probability p, its second's otherwise "
    "(e.g. mix:p=0.1,random,heuristic: the heuristic with 10% random slips)",
    least=2,
    most=2,
    p=0.5,
)
class MixStrategy:
    name = "mix"

    def __init__(self, rng: random.Random, members: tuple[str, ...], p: float = 0.5) -> None:
        if not 0.0 <= p <= 1.0:
            raise StrategyError(_("mix:p is a probability from 0 to 1, not {p}").format(p=p))
        first_rng, second_rng, self._coin = member_rngs(rng, 3)
        self.first = make_strategy(members[0], first_rng)
        self.second = make_strategy(members[1], second_rng)
        self.p = p

    def __call__(self, view: View) -> int:
        return self.first(view) if self._coin.random() < self.p else self.second(view)
