"""What the table shows, as a pure function of the engine's events, and the beats that
animate them.

``TableState.apply(event)`` gives the next shown state; it never mutates. The Choreographer
turns a step's events into beats: card flights with a sound, carrying the events that the
shown state takes on when the flights land. So the picture lags the engine only by the
animation, and a game's events replayed through ``apply`` give exactly the table shown.
"""
from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field, replace
from typing import Iterable, Sequence

from tcf_gui.engine.cards import Card, Suit
from tcf_gui.engine.events import Dealt, Discarded, Drew, Event, GameOver
from tcf_gui.engine.outcome import Outcome
from tcf_gui.gui.anim import Beat, Flight
from tcf_gui.gui.layout import DECK, DISCARD, hand_place

#: Beat lengths at normal speed, in milliseconds.
DEAL_MS = 230
DISCARD_MS = 340
DRAW_MS = 290
REVEAL_MS = 460
SUIT_SIZE = 13


def _empty_hands() -> dict[int, tuple[Card | None, ...]]:
    return {1: (None,) * 3, 2: (None,) * 3}


@dataclass(frozen=True)
class TableState:
    """The cards as shown: hands (None is a void), deck count, discards, the shown result."""

    hands: dict[int, tuple[Card | None, ...]] = field(default_factory=_empty_hands)
    face_up: dict[int, bool] = field(default_factory=lambda: {1: True, 2: False})
    deck_count: int = 52
    discards: tuple[Card, ...] = ()
    turns_shown: int = 0
    dealt: bool = False
    outcome: Outcome | None = None

    def hand_full(self, player: int) -> bool:
        return all(card is not None for card in self.hands[player])

    def apply(self, event: Event) -> "TableState":
        """The table after ``event`` has been shown."""
        if isinstance(event, (Dealt, Drew)):
            state = replace(self, hands=self._with_card(event.player, event.slot, event.card),
                            deck_count=event.cards_left)
            if isinstance(event, Drew):
                return replace(state, turns_shown=event.turn) if event.player == 2 else state
            return replace(state, dealt=state.hand_full(1) and state.hand_full(2))
        if isinstance(event, Discarded):
            return replace(self, hands=self._with_card(event.player, event.slot, None),
                           discards=self.discards + (event.card,))
        return replace(self, outcome=event.outcome, face_up={**self.face_up, 2: True})

    def _with_card(self, player: int, slot: int, card: Card | None) -> dict[int, tuple[Card | None, ...]]:
        hand = list(self.hands[player])
        hand[slot] = card
        return {**self.hands, player: tuple(hand)}

    def unseen_by_suit(self) -> dict[Suit, int]:
        """Per suit, the cards the person at the window has not seen: not discarded, and not
        in a hand shown face up (their own; the other when open; none for a spectator of a
        friend's game, whose face-down cards only stand in). What they may count, nothing
        more."""
        seen = list(self.discards)
        for player in (1, 2):
            if self.face_up[player]:
                seen += [card for card in self.hands[player] if card is not None]
        counts = Counter(card.suit for card in seen)
        return {suit: SUIT_SIZE - counts[suit] for suit in Suit}


def counted(state: TableState, in_the_air: Iterable[Event]) -> TableState:
    """The table as every number on screen counts it: the cards on their way counted where
    they go (a card that left the deck is out of it, a card thrown is discarded), so the
    deck, the status line and the discards board agree on every frame."""
    return replay(in_the_air, state)


def replay(events: Iterable[Event], state: TableState | None = None) -> TableState:
    """The shown state after ``events``, from ``state`` (a fresh table by default)."""
    state = state or TableState()
    for event in events:
        state = state.apply(event)
    return state


class Choreographer:
    """Builds the beats of engine events for one shown table."""

    def __init__(self, state: TableState, scale: float = 1.0) -> None:
        self.scale = scale
        #: The table as it will be once every beat built so far has played.
        self._future = state

    def beats(self, events: Sequence[Event]) -> list[Beat]:
        """The beats of a step's events, in order: deal cards, discards together, draws, end."""
        beats: list[Beat] = []
        discards = [e for e in events if isinstance(e, Discarded)]
        if discards:
            beats.append(self._discards(discards))
        for event in events:
            if isinstance(event, (Dealt, Drew)):
                beats.append(self._from_deck(event))
            elif isinstance(event, GameOver):
                beats.extend(self._game_over(event))
        return beats

    def _ms(self, base: float) -> float:
        return base * self.scale

    def _from_deck(self, event: Dealt | Drew) -> Beat:
        """A card flies from the deck into a hand: dealt, or drawn into a void."""
        flight = Flight(event.card, DECK, hand_place(event.player, event.slot), False,
                        self._future.face_up[event.player])
        self._future = self._future.apply(event)
        ms = DEAL_MS if isinstance(event, Dealt) else DRAW_MS
        return Beat(self._ms(ms), (flight,), "deal", (event,))

    def _discards(self, events: list[Discarded]) -> Beat:
        face_up = self._future.face_up
        flights = tuple(Flight(e.card, hand_place(e.player, e.slot), DISCARD, face_up[e.player], True)
                        for e in events)
        self._future = replay(events, self._future)
        return Beat(self._ms(DISCARD_MS), flights, "discard", tuple(events))

    def _game_over(self, event: GameOver) -> list[Beat]:
        """Player 2's hidden cards turn over in place, then the result shows."""
        beats = []
        if not self._future.face_up[2]:
            flights = tuple(Flight(card, hand_place(2, slot), hand_place(2, slot), False, True)
                            for slot, card in enumerate(self._future.hands[2]) if card is not None)
            beats.append(Beat(self._ms(REVEAL_MS), flights))
        self._future = self._future.apply(event)
        beats.append(Beat(0, (), "win" if event.outcome.winner else "draw", (event,)))
        return beats
