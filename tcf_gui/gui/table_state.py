"""What the table shows, and the beats that turn the engine's events into card flights.

The engine decides; this module only mirrors its events. Each event becomes a beat whose
start and end change the shown table (a card leaves the deck when its flight starts and
lands in the hand when it ends), so the picture lags the engine only by the animation.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Callable, Iterable, Sequence

from ..engine.cards import Card
from ..engine.events import Dealt, Discarded, Drew, Event, GameOver
from ..engine.outcome import Outcome
from .anim import Beat, Flight
from .layout import DECK, DISCARD, hand_place

#: Beat lengths at normal speed, in milliseconds.
DEAL_MS = 230
DISCARD_MS = 340
DRAW_MS = 290
REVEAL_MS = 460


@dataclass
class TableState:
    """The cards as shown: hands (None is a void), deck count, discards, the shown result."""

    hands: dict[int, list[Card | None]] = field(default_factory=lambda: {1: [None] * 3, 2: [None] * 3})
    face_up: dict[int, bool] = field(default_factory=lambda: {1: True, 2: False})
    deck_count: int = 52
    discards: list[Card] = field(default_factory=list)
    turns_shown: int = 0
    dealt: bool = False
    outcome: Outcome | None = None

    def hand_full(self, player: int) -> bool:
        return all(card is not None for card in self.hands[player])


Sound = Callable[[str], None]


def _silent(name: str) -> None:
    """The sound player used when none is given."""


class Choreographer:
    """Builds the beats of engine events for one shown table."""

    def __init__(self, state: TableState, scale: float = 1.0, sound: Sound = _silent) -> None:
        self.state = state
        self.scale = scale
        self.sound = sound
        #: The hands as they will be once every beat built so far has played.
        self._future: dict[int, list[Card | None]] = {p: list(h) for p, h in state.hands.items()}

    def beats(self, events: Sequence[Event]) -> list[Beat]:
        """The beats of a step's events, in order: deal cards, discards together, draws, end."""
        beats: list[Beat] = []
        discards = [e for e in events if isinstance(e, Discarded)]
        if discards:
            beats.append(self._discards(discards))
        for event in events:
            if isinstance(event, (Dealt, Drew)):
                self._future[event.player][event.slot] = event.card
                beats.append(self._from_deck(event))
            elif isinstance(event, GameOver):
                beats.extend(self._game_over(event))
        return beats

    def _ms(self, base: float) -> float:
        return base * self.scale

    def _from_deck(self, event: Dealt | Drew) -> Beat:
        """A card flies from the deck into a hand: dealt, or drawn into a void."""
        state = self.state
        flight = Flight(event.card, DECK, hand_place(event.player, event.slot), False,
                        state.face_up[event.player])

        def start() -> None:
            state.deck_count = event.cards_left
            self.sound("deal")

        def land() -> None:
            state.hands[event.player][event.slot] = event.card
            if isinstance(event, Drew):
                if event.player == 2:
                    state.turns_shown = event.turn
            elif state.hand_full(1) and state.hand_full(2):
                state.dealt = True

        return Beat(self._ms(DEAL_MS if isinstance(event, Dealt) else DRAW_MS), [flight], start, land)

    def _discards(self, events: Iterable[Discarded]) -> Beat:
        state = self.state
        events = list(events)
        flights = [Flight(e.card, hand_place(e.player, e.slot), DISCARD, state.face_up[e.player], True)
                   for e in events]

        def start() -> None:
            for e in events:
                state.hands[e.player][e.slot] = None
            self.sound("discard")

        def land() -> None:
            state.discards.extend(e.card for e in events)

        return Beat(self._ms(DISCARD_MS), flights, start, land)

    def _game_over(self, event: GameOver) -> list[Beat]:
        state = self.state
        beats = []
        if not state.face_up[2]:
            flights = [Flight(card, hand_place(2, slot), hand_place(2, slot), False, True)
                       for slot, card in enumerate(self._future[2]) if card is not None]
            beats.append(Beat(self._ms(REVEAL_MS), flights,
                              on_end=lambda: state.face_up.__setitem__(2, True)))

        def show() -> None:
            state.outcome = event.outcome
            self.sound("win" if event.outcome.winner else "draw")

        beats.append(Beat(0, on_end=show))
        return beats

