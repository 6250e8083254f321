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

from dataclasses import dataclass, replace
from typing import Any, Literal, Sequence

from tcf_gui.engine.cards import Card, parse_card

#: Points of win chance given up that halve a move's accuracy.
HALF_LIFE = 10.0
#: A move that gives up less than this (a rounding error at one decimal) counts as the best
#: (the review's rule too).
EVEN = 0.0005


Label = Literal["doubtful", "bad", "very_bad"]

#: The error labels, the worst first, each with the points given up (a fraction of 1) from
#: which a decision earns it. Read from benchmarks/bench_game_luck.py (decisions against Normal,
#: docs/luck.md): the rule players' moves give up under 1 point (Normal: 99% under 0.75),
#: a wrong card between odd cards 0.1-3 points, breaking a live suited pair 15-30.
LABELS: tuple[tuple[float, Label], ...] = ((0.15, "very_bad"), (0.06, "bad"), (0.02, "doubtful"))


def error_label(given_up: float) -> Label | None:
    """The label of a decision that gave up ``given_up`` (None: no error)."""
    return next((label for least, label in LABELS if given_up >= least), None)


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

    @property
    def label(self) -> Label | None:
        return error_label(self.given_up)


@dataclass(frozen=True)
class Luck:
    """A game's result split into what the deal promised, what the cards did and what the
    decisions did (tcf_gui.engine.coach.luck), from Player 1's side, fractions of 1:
    ``result = start + luck + skill``."""

    start: float
    """Player 1's expected score before the deal."""
    luck: float
    skill: float
    """Both players' decisions' effect."""
    result: float
    """1, 0.5 or 0; for a game not over, the expected score after its last turn."""
    turns: tuple[float, ...]
    """The luck of the deal, then of each turn's draws."""
    decisive: int | None = None
    """The chance event that helped the winner most (0: the deal, else the turn)."""
    lean: float | None = None
    """How much the deal favoured Player 1 under even play (negative: Player 2)."""
    lean_error: float = 0.0
    """The 95% half-width of ``lean`` (the measurement of the average deal)."""

    def for_seat(self, seat: int) -> "Luck":
        """The same game from ``seat``'s side (Player 2's expected score is 1 less Player
        1's, so its start and result are 1 less Player 1's, its luck and skill negated)."""
        if seat == 1:
            return self
        return Luck(1 - self.start, -self.luck, -self.skill, 1 - self.result,
                    tuple(-x for x in self.turns), self.decisive,
                    None if self.lean is None else -self.lean, self.lean_error)

    @property
    def adjusted(self) -> float:
        """The result had luck been even: start + skill."""
        return self.start + self.skill

    def as_json(self) -> dict[str, Any]:
        return {"start": round(self.start, 6), "luck": round(self.luck, 6),
                "skill": round(self.skill, 6), "result": self.result,
                "turns": [round(luck, 6) for luck in self.turns], "decisive": self.decisive,
                "lean": None if self.lean is None else round(self.lean, 6),
                "lean_error": round(self.lean_error, 6)}

    @classmethod
    def from_json(cls, data: Any) -> "Luck":
        """The luck from ``as_json``'s form (KeyError, TypeError, ValueError otherwise)."""
        decisive, lean = data["decisive"], data.get("lean")
        return cls(float(data["start"]), float(data["luck"]), float(data["skill"]),
                   float(data["result"]), tuple(float(x) for x in data["turns"]),
                   None if decisive is None else int(decisive),
                   None if lean is None else float(lean), float(data.get("lean_error", 0.0)))


@dataclass(frozen=True)
class Skill:
    """A game's skill score against the opponent ``model`` (a strategy spec the coach
    models); ``stand_in`` is True when the real opponent could not be modelled and
    Normal stood in for it."""

    model: str
    stand_in: bool
    decisions: tuple[Decision, ...]
    luck: Luck | None = None
    """The game's luck, when worked out (games scored before it was have none)."""
    seat: int = 1
    """The seat whose decisions are scored."""

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

    def errors(self) -> dict[Label, int]:
        """How many decisions earned each label (every label, 0 when none did)."""
        counts: dict[Label, int] = {label: 0 for _, label in LABELS}
        for decision in self.decisions:
            label = decision.label
            if label is not None:
                counts[label] += 1
        return counts

    def without(self, turns: frozenset[int]) -> "Skill":
        """The score with the decisions of ``turns`` left out (played by a turn timer: no
        decision of the player's)."""
        if not turns:
            return self
        return replace(self, decisions=tuple(d for d in self.decisions if d.turn not in turns))

    # -- as the history stores it ----------------------------------------------------------
    def as_json(self) -> dict[str, Any]:
        """A compact form for the history: the model and each decision's cards and cost."""
        data: dict[str, Any] = {
            "model": self.model, "stand_in": self.stand_in,
            "turns": [[d.turn, d.card.code, d.best.code, round(d.given_up, 6)]
                      for d in self.decisions]}
        if self.luck is not None:
            data["luck"] = self.luck.as_json()
            data["seat"] = self.seat
        return data

    @classmethod
    def from_json(cls, data: Any) -> "Skill":
        """The score from ``as_json``'s form; ValueError when it is not that form."""
        try:
            decisions = tuple(Decision(int(turn), parse_card(card), parse_card(best), float(lost))
                              for turn, card, best, lost in data["turns"])
            luck = Luck.from_json(data["luck"]) if "luck" in data else None
            return cls(str(data["model"]), bool(data["stand_in"]), decisions, luck,
                       int(data.get("seat", 1)))
        except (KeyError, TypeError, ValueError) as error:
            raise ValueError(f"not a skill score: {error}") from None
