"""The skill score: how well a person played a game, apart from the luck of the draw.

For every decision the coach knows each discard's win chance; what a move gives up is the
best discard's chance minus the chosen one's (0 for the best). A game's score is the sum
given up, and an accuracy from 0 to 100% graded as chess sites grade a game against an
engine: each move scores

    accuracy(d) = 100 × 2^(−d / HALF_LIFE)      d: the points (0-100) of win chance given up

so the coach's best scores 100% (as does a move within 0.05 points of it, ``EVEN``: the
coach's rounding), every ``HALF_LIFE`` points given up halve a move's score
(1 point: 93%, 6 points: 66%, 10: 50%, 20: 25%), and the game's accuracy is the plain mean
over its decisions. The half-life of 10 points was chosen from measurement
(benchmarks/bench_skill.py, 100 games each against Normal): the heuristic's own moves
score 100.0%, the lab's public rule (keep a suited pair, else the lowest card) 99.6%, the
heuristic with one move in five at random 92.4%, breaking suited pairs
(heuristic:pair=off) 67.3%, random discards 67.8%; breaking a live pair gives up 18-25
points, a wrong card between odd cards 0.1-3.

The coach models some opponents only (tcf_gui.engine.coach.policies); a game against any
other (a user's file, a friend) is scored as if against Normal (coach/policies.py's
``NORMAL``), and the score says so.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Sequence

from tcf_gui.engine.cards import Card, parse_card

#: Points of win chance given up that halve a move's accuracy.
HALF_LIFE = 10.0
#: A move that gives up less than this (a rounding error at one decimal) counts as the best
#: (the review's rule too).
EVEN = 0.0005


def move_accuracy(given_up: float) -> float:
    """A move's accuracy, 0-100, from the win chance it gave up (a fraction of 1); a move
    within ``EVEN`` of the best is the best."""
    if given_up < EVEN:
        return 100.0
    return 100.0 * 2.0 ** (-100.0 * given_up / HALF_LIFE)


def game_accuracy(given_up: Sequence[float]) -> float | None:
    """The mean accuracy of a game's moves; None for a game with no move to grade."""
    if not given_up:
        return None
    return sum(move_accuracy(lost) for lost in given_up) / len(given_up)


@dataclass(frozen=True)
class Decision:
    """One move as the score keeps it: the card discarded, the coach's best, what it cost."""

    turn: int
    card: Card
    best: Card
    given_up: float
    """Win chance given up, a fraction of 1 (0 for the best move)."""

    @property
    def accuracy(self) -> float:
        return move_accuracy(self.given_up)


@dataclass(frozen=True)
class Skill:
    """A game's skill score against the opponent ``model`` (a strategy spec the coach
    models); ``stand_in`` is True when the real opponent could not be modelled and
    Normal stood in for it."""

    model: str
    stand_in: bool
    decisions: tuple[Decision, ...]

    @property
    def given_up(self) -> float:
        """The win chance given up over the game, summed (a fraction of 1)."""
        return sum(decision.given_up for decision in self.decisions)

    @property
    def accuracy(self) -> float | None:
        """0-100, the mean over the decisions; None when the deal ended the game."""
        return game_accuracy([decision.given_up for decision in self.decisions])

    @property
    def costliest(self) -> Decision | None:
        """The decision that gave up most (the first of equals); None if every move was the
        best (to the review's rounding) or there was none."""
        worst = max(self.decisions, key=lambda d: d.given_up, default=None)
        return worst if worst is not None and worst.given_up >= EVEN else None

    def without(self, turns: frozenset[int]) -> "Skill":
        """The score with the decisions of ``turns`` left out (played by a turn timer: no
        decision of the player's)."""
        if not turns:
            return self
        return Skill(self.model, self.stand_in,
                     tuple(d for d in self.decisions if d.turn not in turns))

    # -- as the history stores it ----------------------------------------------------------
    def as_json(self) -> dict[str, Any]:
        """A compact form for the history: the model and each decision's cards and cost."""
        return {"model": self.model, "stand_in": self.stand_in,
                "turns": [[d.turn, d.card.code, d.best.code, round(d.given_up, 6)]
                          for d in self.decisions]}

    @classmethod
    def from_json(cls, data: Any) -> "Skill":
        """The score from ``as_json``'s form; ValueError when it is not that form."""
        try:
            decisions = tuple(Decision(int(turn), parse_card(card), parse_card(best), float(lost))
                              for turn, card, best, lost in data["turns"])
            return cls(str(data["model"]), bool(data["stand_in"]), decisions)
        except (KeyError, TypeError, ValueError) as error:
            raise ValueError(f"not a skill score: {error}") from None
