"""The post-game review: for every turn of the person's game, what the coach would have done.

The person is Player 1. Each turn of a game, the review rebuilds the position the person
saw (its hand, the discards so far, the turn) from the game's events, asks the coach, and
sets the card discarded beside the best one and the win chance given up.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Iterable, Iterator, Sequence

from ..cards import Card
from ..events import Dealt, Discarded, Drew, Event, GameOver
from ..explain import explain
from ..game import Game
from ..outcome import Outcome
from ..skill import EVEN
from .advice import Advice, advise
from .policies import CONTINUATION
from .position import Position

_WORDS = ["no", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten"]


@dataclass(frozen=True)
class ReviewedTurn:
    turn: int
    slot: int
    """The slot (0-2) the person discarded."""
    advice: Advice

    @property
    def hand(self) -> tuple[Card, Card, Card]:
        return self.advice.position.hand

    @property
    def card(self) -> Card:
        return self.hand[self.slot]

    @property
    def win(self) -> float:
        """The win chance after the move made."""
        return self.advice.choices[self.slot].win

    @property
    def given_up(self) -> float:
        """Win chance given up against the coach's best discard (0 for the best)."""
        return self.advice.given_up(self.slot)

    @property
    def was_best(self) -> bool:
        return self.given_up < EVEN


@dataclass(frozen=True)
class Review:
    turns: tuple[ReviewedTurn, ...]
    opponent: str
    outcome: Outcome | None

    def result(self) -> str | None:
        """How the game ended, in words ('You win with ...'); None while it goes on."""
        if self.outcome is None:
            return None
        return explain(self.outcome, len(self.turns), ("You", "Player 2")).title

    def summary(self) -> str:
        """One line, e.g. '6 of 7 moves were the best; one move gave up 18 points of win chance'."""
        count = len(self.turns)
        if not count:
            return "No moves to review: the deal ended the game."
        best = sum(turn.was_best for turn in self.turns)
        if best == count:
            return "The one move was the best." if count == 1 else f"All {count} moves were the best."
        worse = [turn for turn in self.turns if not turn.was_best]
        points = 100 * sum(turn.given_up for turn in worse)
        moves = f"{_count(len(worse))} {'move' if len(worse) == 1 else 'moves'}"
        line = (f"{best} of {count} {'move was' if count == 1 else 'moves were'} the best; "
                f"{moves} gave up {points:.0f} points of win chance")
        if len(worse) > 1:
            most = max(worse, key=lambda turn: turn.given_up)
            line += f" in all (the most, {100 * most.given_up:.0f}, on turn {most.turn})"
        return line


def _count(number: int) -> str:
    return _WORDS[number] if number < len(_WORDS) else str(number)


def positions(events: Iterable[Event], open_hands: bool = False) -> Iterator[tuple[Position, int]]:
    """Player 1's position before each turn (with Player 2's hand when hands were open, and
    its discards so far, which the coach reads its hand from) and the slot it then discarded."""
    hands: tuple[list[Card], list[Card]] = ([], [])
    discards: list[Card] = []
    theirs: list[Card] = []
    for event in events:
        if isinstance(event, Dealt):
            hands[event.player - 1].append(event.card)
        elif isinstance(event, Discarded):
            if event.player == 1:
                mine, other = hands
                position = Position((mine[0], mine[1], mine[2]), tuple(discards), event.turn,
                                    (other[0], other[1], other[2]) if open_hands else None,
                                    tuple(theirs))
                slot = event.slot
            else:
                theirs.append(event.card)
            discards.append(event.card)
        elif isinstance(event, Drew):
            hands[event.player - 1][event.slot] = event.card
            if event.player == 2:
                yield position, slot


def review_events(
    events: Sequence[Event], opponent: str = "heuristic", continuation: str = CONTINUATION,
    open_hands: bool = False,
) -> Review:
    """The review of a game given by its events, Player 2 being ``opponent`` (a spec)."""
    turns = tuple(
        ReviewedTurn(position.turn, slot, advise(position, opponent, continuation))
        for position, slot in positions(events, open_hands)
    )
    over = [event.outcome for event in events if isinstance(event, GameOver)]
    return Review(turns, opponent, over[-1] if over else None)


def review_game(game: Game, opponent: str = "heuristic") -> Review:
    return review_events(game.events, opponent, open_hands=game.open_hands)
