"""What a game step did, for a window to animate and a transcript to print."""
from __future__ import annotations

from dataclasses import dataclass

from tcf_gui.engine.cards import Card
from tcf_gui.engine.outcome import Outcome


@dataclass(frozen=True)
class Dealt:
    """A card went from the top of the deck to ``player``'s ``slot`` during the deal."""

    player: int
    slot: int
    card: Card
    cards_left: int


@dataclass(frozen=True)
class Discarded:
    """``player`` discarded the card in ``slot``, face up; the slot is a void."""

    player: int
    slot: int
    card: Card
    turn: int


@dataclass(frozen=True)
class Drew:
    """The top card of the deck filled ``player``'s void in ``slot``."""

    player: int
    slot: int
    card: Card
    cards_left: int
    turn: int


@dataclass(frozen=True)
class GameOver:
    """The game ended after ``turns`` turns with ``outcome``."""

    outcome: Outcome
    turns: int


Event = Dealt | Discarded | Drew | GameOver
