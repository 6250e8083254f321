"""The post-game review: for every turn of the person's game, what the coach would have done.

The person is Player 1, or the seat asked for. Each turn of a game, the review rebuilds the
position the person saw (its hand, the discards so far, the turn) from the game's events,
asks the coach, and sets the card discarded beside the best one and the win chance given up.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Iterable, Iterator, Sequence

from tcf_gui.engine.cards import Card
from tcf_gui.engine.events import Dealt, Discarded, Drew, Event, GameOver
from tcf_gui.engine.game import Game
from tcf_gui.engine.outcome import Outcome
from tcf_gui.engine.skill import EVEN
from tcf_gui.engine.coach.advice import Advice, advise
from tcf_gui.engine.coach.policies import CONTINUATION, NORMAL
from tcf_gui.engine.coach.position import Position

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
    """A reviewed game (tcf_gui.words.review says it in words)."""

    turns: tuple[ReviewedTurn, ...]
    opponent: str
    outcome: Outcome | None


def positions(events: Iterable[Event], open_hands: bool = False,
              seat: int = 1) -> Iterator[tuple[Position, int]]:
    """The position of the player in ``seat`` before each turn (with the other hand when
    hands were open, and the other's discards so far, which the coach reads its hand from)
    and the slot it then discarded. The coach's odds do not depend on the seat: within a
    turn both draw unseen cards, and the game is judged once both drew."""
    hands: tuple[list[Card], list[Card]] = ([], [])
    discards: list[Card] = []
    theirs: list[Card] = []
    for event in events:
        if isinstance(event, Dealt):
            hands[event.player - 1].append(event.card)
        elif isinstance(event, Discarded):
            if event.player == 1:  # the turn's first event: what both knew when choosing
                mine, other = hands[seat - 1], hands[2 - seat]
                position = Position((mine[0], mine[1], mine[2]), tuple(discards), event.turn,
                                    (other[0], other[1], other[2]) if open_hands else None,
                                    tuple(theirs))
            if event.player == seat:
                slot = event.slot
            else:
                theirs.append(event.card)
            discards.append(event.card)
        elif isinstance(event, Drew):
            hands[event.player - 1][event.slot] = event.card
            if event.player == 2:  # the turn's last event
                yield position, slot


def review_events(
    events: Sequence[Event], opponent: str = NORMAL, continuation: str = CONTINUATION,
    open_hands: bool = False, seat: int = 1,
) -> Review:
    """The review of the moves of the player in ``seat`` in a game given by its events, the
    other player being ``opponent`` (a spec)."""
    turns = tuple(
        ReviewedTurn(position.turn, slot, advise(position, opponent, continuation))
        for position, slot in positions(events, open_hands, seat)
    )
    over = [event.outcome for event in events if isinstance(event, GameOver)]
    return Review(turns, opponent, over[-1] if over else None)


def review_game(game: Game, opponent: str = NORMAL, seat: int = 1) -> Review:
    return review_events(game.events, opponent, open_hands=game.open_hands, seat=seat)
