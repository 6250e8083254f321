"""The game state machine: shuffle, deal, turns of simultaneous discards, game over."""
from __future__ import annotations

import random
import secrets
from typing import Iterable, Sequence

from tcf_gui.engine.seeds import GAME_SEEDS
from tcf_gui.engine.cards import Card, make_deck
from tcf_gui.engine.events import Dealt, Discarded, Drew, Event, GameOver
from tcf_gui.engine.outcome import Outcome, judge
from tcf_gui.engine.view import Strategy, View, as_slot

HAND_SIZE = 3
MAX_TURNS = (52 - 2 * HAND_SIZE) // 2  # 23: each turn takes two cards from the deck


def new_seed() -> int:
    """A fresh, unguessable seed for a run the user did not seed, from the operating
    system's entropy: 63 random bits at or above GAME_SEEDS."""
    return GAME_SEEDS | secrets.randbits(63)


def new_game_seed() -> int:
    """A fresh, unguessable seed for one game the user did not seed."""
    return secrets.randbelow(GAME_SEEDS)


def shuffled_deck(rng: random.Random) -> list[Card]:
    """A uniformly shuffled deck, top card first."""
    deck = make_deck()
    rng.shuffle(deck)
    return deck


class Game:
    """One game of Three Card Flush.

    Build it with a ``seed`` (the deck is shuffled by ``random.Random(seed)``) or with an
    explicit ``deck`` (top card first). ``deal()`` deals, then ``play_turn(slot1, slot2)``
    plays turns until ``over``. Every step returns the events it caused, and the game keeps
    them all in ``events``, with the moves in ``moves``, so it can be replayed.
    """

    def __init__(
        self,
        seed: int | None = None,
        *,
        deck: Sequence[Card] | None = None,
        open_hands: bool = False,
    ) -> None:
        if deck is None:
            self.seed: int | None = new_game_seed() if seed is None else seed
            deck = shuffled_deck(random.Random(self.seed))
        else:
            self.seed = seed
            if sorted(deck) != sorted(make_deck()):
                raise ValueError("a deck must hold each of the 52 cards exactly once")
        self.open_hands = open_hands
        self._deck = list(reversed(deck))  # top of the deck at the end, for cheap pops
        self.hands: tuple[list[Card], list[Card]] = ([], [])
        self.discards: list[tuple[int, Card]] = []
        self.moves: list[tuple[int, int]] = []
        self.events: list[Event] = []
        self.outcome: Outcome | None = None
        self.dealt = False

    # -- state -----------------------------------------------------------------------------
    @property
    def cards_left(self) -> int:
        return len(self._deck)

    @property
    def deck(self) -> tuple[Card, ...]:
        """The cards still in the deck, top first (for tests and replays, never for players)."""
        return tuple(reversed(self._deck))

    @property
    def over(self) -> bool:
        return self.outcome is not None and self.outcome.over

    @property
    def turns(self) -> int:
        """Turns actually taken."""
        return len(self.moves)

    @property
    def hand1(self) -> tuple[Card, ...]:
        return tuple(self.hands[0])

    @property
    def hand2(self) -> tuple[Card, ...]:
        return tuple(self.hands[1])

    def view(self, player: int) -> View:
        """What ``player`` (1 or 2) may know now."""
        me, other = self.hands[player - 1], self.hands[2 - player]
        return View(
            player=player,
            hand=tuple(me),  # type: ignore[arg-type]
            discards=tuple(card for _, card in self.discards),
            opponent_discards=tuple(card for who, card in self.discards if who != player),
            cards_left=len(self._deck),
            turn=len(self.moves) + 1,
            opponent_hand=tuple(other) if self.open_hands else None,  # type: ignore[arg-type]
        )

    # -- steps -----------------------------------------------------------------------------
    def deal(self) -> list[Event]:
        """Deal alternately hand 1, hand 2, ... three cards each, then analyse."""
        if self.dealt:
            raise RuntimeError("the hands are already dealt")
        self.dealt = True
        events: list[Event] = []
        for slot in range(HAND_SIZE):
            for player in (1, 2):
                card = self._deck.pop()
                self.hands[player - 1].append(card)
                events.append(Dealt(player, slot, card, len(self._deck)))
        return self._record(events)

    def play_turn(self, slot1: int, slot2: int) -> list[Event]:
        """Both players discard at once; then hand 1's void is filled, then hand 2's."""
        if not self.dealt:
            raise RuntimeError("deal first")
        if self.over:
            raise RuntimeError("the game is over")
        checked = as_slot(slot1), as_slot(slot2)
        for slot, given in zip(checked, (slot1, slot2)):
            if slot is None:  # refused here, before the game changes
                raise ValueError(f"a discard is slot 0, 1 or 2, not {given!r}")
        slot1, slot2 = checked  # type: ignore[assignment]
        turn = len(self.moves) + 1
        self.moves.append((slot1, slot2))
        events: list[Event] = []
        for player, slot in ((1, slot1), (2, slot2)):
            card = self.hands[player - 1][slot]
            self.discards.append((player, card))
            events.append(Discarded(player, slot, card, turn))
        for player, slot in ((1, slot1), (2, slot2)):
            card = self._deck.pop()
            self.hands[player - 1][slot] = card
            events.append(Drew(player, slot, card, len(self._deck), turn))
        return self._record(events)

    def _record(self, events: list[Event]) -> list[Event]:
        self.outcome = judge(self.hands[0], self.hands[1], deck_empty=not self._deck)
        if self.outcome.over:
            events.append(GameOver(self.outcome, len(self.moves)))
        self.events.extend(events)
        return events

    # -- whole games -----------------------------------------------------------------------
    def play_out(self, p1: Strategy, p2: Strategy) -> "Game":
        """Deal if needed and let two strategies play to the end."""
        if not self.dealt:
            self.deal()
        while not self.over:
            self.play_turn(p1(self.view(1)), p2(self.view(2)))
        return self

    def hand_history(self) -> list[tuple[tuple[Card, ...], tuple[Card, ...]]]:
        """Both hands after the deal and after every turn: the lines of play-game."""
        return hand_history(self.events)

    @classmethod
    def replay(
        cls, seed: int, moves: Iterable[tuple[int, int]], *, open_hands: bool = False
    ) -> "Game":
        """The game that ``seed`` deals, played with the recorded ``moves``."""
        game = cls(seed, open_hands=open_hands)
        game.deal()
        for slot1, slot2 in moves:
            game.play_turn(slot1, slot2)
        return game


def hand_history(events: Iterable[Event]) -> list[tuple[tuple[Card, ...], tuple[Card, ...]]]:
    """Both hands after the deal and after every turn, from a game's events."""
    hands: list[list[Card]] = [[], []]
    history = []
    for event in events:
        if isinstance(event, Dealt):
            hands[event.player - 1].append(event.card)
            if len(hands[1]) == HAND_SIZE:
                history.append((tuple(hands[0]), tuple(hands[1])))
        elif isinstance(event, Drew):
            hands[event.player - 1][event.slot] = event.card
            if event.player == 2:
                history.append((tuple(hands[0]), tuple(hands[1])))
    return history


def play_game(
    p1: Strategy, p2: Strategy, seed: int | None = None, *, open_hands: bool = False
) -> Game:
    """Play one whole game between two strategies."""
    return Game(seed, open_hands=open_hands).play_out(p1, p2)
