"""The coach's answer for one position: the odds of each of the three discards."""
from __future__ import annotations

from dataclasses import dataclass

from tcf_gui.engine.cards import Card
from tcf_gui.engine.coach.belief import opponent_belief
from tcf_gui.engine.coach.policies import CONTINUATION, NORMAL, suit_policy
from tcf_gui.engine.coach.position import Position
from tcf_gui.engine.coach.search import Odds, Search


@dataclass(frozen=True)
class Choice:
    """One discard and its odds (fractions of 1)."""

    slot: int
    """0, 1 or 2 (the window and the command line show slots 1-3)."""
    card: Card
    odds: Odds

    @property
    def win(self) -> float:
        return self.odds.win

    @property
    def draw(self) -> float:
        return self.odds.draw

    @property
    def loss(self) -> float:
        return self.odds.loss


@dataclass(frozen=True)
class Advice:
    position: Position
    opponent: str
    continuation: str
    choices: tuple[Choice, Choice, Choice]

    @property
    def best(self) -> Choice:
        """The discard with the best chance to win (then the least chance to lose)."""
        return max(self.choices, key=lambda c: (round(c.win, 12), -round(c.loss, 12), -c.slot))

    def given_up(self, slot: int) -> float:
        """Win chance lost by discarding ``slot`` instead of the best card (0 for the best)."""
        return max(0.0, self.best.win - self.choices[slot].win)


def advise(position: Position, opponent: str = NORMAL, continuation: str = CONTINUATION) -> Advice:
    """The odds of each discard, if the person plays on as ``continuation`` and the seated
    ``opponent`` (a strategy spec) plays as it does; the opponent's hidden hand is read from
    the discards it made when the position names them (belief.py). Raises CoachError for an
    opponent the coach cannot model."""
    model = suit_policy(opponent)
    belief = opponent_belief(position, model)
    odds = Search(position, suit_policy(continuation), model, belief).all_odds()
    choices = tuple(Choice(slot, position.hand[slot], odds[slot]) for slot in range(3))
    return Advice(position, opponent, continuation, choices)  # type: ignore[arg-type]
