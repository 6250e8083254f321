"""Rules a stronger player might be, to check that Expert loses to none of them.

The project keeps a hidden rule stronger than Normal as a check on Expert; these are the
natural candidates for it, built from the leads that found Expert (a flush's strength in a
tie against a suit's unseen cards, the suit of each card, the rank): Expert must not lose
to any of them. Each is a batch form registered for this process only, as ``candidate:rule=NAME``.
"""
from __future__ import annotations

from itertools import combinations
from typing import Any, Callable

import numpy as np

from tcf_gui.lab.batch.strategies import BATCH_FORMS, BatchView, batch_facts, lowest_of_three
from tcf_gui.engine.coach.tiebreak import LIVE, tie_values
from tcf_gui.engine.strategies.heuristic import CardFacts
from tcf_gui.engine.strategies.registry import register, strategy

TIE = np.array(tie_values(), dtype=np.int64)
#: The tie value without the suit: the mean over the four cards of each rank.
RANK_TIE = np.repeat(np.rint(TIE.reshape(13, 4).mean(axis=1)).astype(np.int64), 4)
#: The expected rank of a flush's high card, from the card and two others of its suit (0..12).
HIGH = np.repeat([round(LIVE * float(np.mean([max(r, a, b) for a, b in combinations(
    [x for x in range(13) if x != r], 2)])) / 12) for r in range(13)], 4)

Score = Callable[[CardFacts], Any]
#: A card of a suited pair outweighs any score of the rules below.
PAIR = 100 * LIVE

#: name -> (what it is, the score of each card: the lowest goes)
RULES: dict[str, tuple[str, Score]] = {
    "tie-value": ("unseen cards + 3 x tie value (Expert without reading the opponent)",
                  lambda f: LIVE * f.live + 3 * TIE[f.index]),
    "tie-value-4": ("unseen cards + 4 x tie value", lambda f: LIVE * f.live + 4 * TIE[f.index]),
    "tie-value-last": ("unseen cards first, then tie value (Normal with suits in its last rule)",
                       lambda f: 4 * LIVE * f.live + TIE[f.index]),
    "rank-tie-value": ("unseen cards + 3 x the tie value of the rank (suit-blind)",
                       lambda f: LIVE * f.live + 3 * RANK_TIE[f.index]),
    "high-card": ("unseen cards + 2 x the expected rank of the flush's high card / 12",
                  lambda f: LIVE * f.live + 2 * HIGH[f.index]),
    "rank": ("unseen cards + 2 x rank / 12", lambda f: LIVE * f.live + 2 * LIVE * (f.index >> 2) // 12),
}


@strategy("candidate", "a rule a stronger player might be (benchmarks/strength_candidates.py)",
          rule="tie-value")
class Candidate:
    needs_history = False
    params = ("rule",)

    def __init__(self, rng: Any = None, rule: str = "tie-value") -> None:
        self.score = RULES[rule][1]

    def choose(self, view: BatchView) -> np.ndarray:
        scores = [PAIR * f.paired.astype(np.int64) + self.score(_wide(f)) for f in batch_facts(view)]
        return lowest_of_three(*scores)


def _wide(facts: CardFacts) -> CardFacts:
    return CardFacts(facts.paired, facts.live.astype(np.int64), facts.index.astype(np.int64))


def install() -> list[str]:
    """Register the candidates in this process; their specs."""
    register(Candidate)
    BATCH_FORMS["candidate"] = Candidate
    return [f"candidate:rule={name}" for name in RULES]
