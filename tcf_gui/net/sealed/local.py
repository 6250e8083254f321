"""A sealed game played in one process between two seats, each knowing only what it was
sent: the reference of the order of the sealed deck's messages (tests, benchmarks).

What one seat sends the other is JSON as the wire would carry it (points and keys in hex)
and is kept, in order, in the receiving side's ``got``: all a host's process (player 1) or
a server between the two would hold. The discards themselves are chosen by ``choose`` from
the seat's own hand; protocol 2 commits to them before either is opened, which this game
leaves out (it carries only the sealed deck's part).
"""
from __future__ import annotations

import json
from dataclasses import dataclass, field
from typing import Any, Callable

from tcf_gui.engine.analysis import is_flush
from tcf_gui.engine.cards import Card
from tcf_gui.engine.game import HAND_SIZE, MAX_TURNS, Game
from tcf_gui.i18n import _
from tcf_gui.net.protocol import dump
from tcf_gui.net.sealed.audit import check_sealed_deal
from tcf_gui.net.sealed.group import SealedError
from tcf_gui.net.sealed.seat import SealedSeat, drawn_position

Chooser = Callable[[tuple[Card, ...]], int]


def from_hex(value: Any) -> bytes:
    """The bytes a peer's hex string gives, or SealedError."""
    try:
        return bytes.fromhex(value)
    except (TypeError, ValueError) as error:
        raise SealedError(_("a key of the sealed deck is not a valid key")) from error


@dataclass
class Side:
    seat: SealedSeat
    seed: str
    choose: Chooser
    hand: list[int] = field(default_factory=list)
    """The positions of the seat's hand, slot by slot."""
    passes: list[list[bytes]] = field(default_factory=list)
    got: list[str] = field(default_factory=list)
    """Every message this side received, as sent."""
    shown: bool = False
    """True once the seat showed its hand as a flush."""

    def cards(self) -> tuple[Card, ...]:
        return tuple(self.seat.opened[p] for p in self.hand)

    def take(self, message: dict[str, Any]) -> dict[str, Any]:
        """Receive ``message``: keep it as the wire carries it, read it back."""
        text = dump(message)
        self.got.append(text)
        read: dict[str, Any] = json.loads(text)
        return read

    def open_keys(self, message: dict[str, Any]) -> None:
        for position, key in message["keys"]:
            self.seat.open(int(position), from_hex(key))


def _keys(game: int, keys: dict[int, bytes]) -> dict[str, Any]:
    return {"type": "sealed_keys", "game": game,
            "keys": [[position, key.hex()] for position, key in keys.items()]}


@dataclass
class SealedGame:
    """Game ``game`` dealt by seeds ``seeds`` (player 1's, player 2's)."""

    game: int
    seeds: tuple[str, str]
    choosers: tuple[Chooser, Chooser]
    sides: tuple[Side, Side] = field(init=False)
    moves: list[tuple[int, int]] = field(default_factory=list)

    def __post_init__(self) -> None:
        self.sides = tuple(Side(SealedSeat(player, seed, self.game), seed, choose)  # type: ignore[assignment]
                           for player, seed, choose in zip((1, 2), self.seeds, self.choosers))

    def send(self, sender: int, message: dict[str, Any]) -> dict[str, Any]:
        return self.sides[2 - sender].take(message)

    def deal(self) -> None:
        """The three passes, then each seat's keys for the other's three cards."""
        one, two = self.sides
        first = one.seat.first_pass()
        got = self.send(1, {"type": "sealed_pass", "game": self.game, "pass": 1,
                            "points": [p.hex() for p in first]})
        second = two.seat.second_pass([from_hex(p) for p in got["points"]])
        got = self.send(2, {"type": "sealed_pass", "game": self.game, "pass": 2,
                            "points": [p.hex() for p in second]})
        third = one.seat.third_pass([from_hex(p) for p in got["points"]])
        got = self.send(1, {"type": "sealed_pass", "game": self.game, "pass": 3,
                            "points": [p.hex() for p in third]})
        two.seat.take_sealed([from_hex(p) for p in got["points"]])
        for side in self.sides:
            side.passes = [first, second, third]
        for player, side in zip((1, 2), self.sides):
            self.sides[2 - player].open_keys(self.send(player, _keys(self.game,
                                                                     side.seat.deal_keys())))
            side.hand = [2 * slot + player - 1 for slot in range(HAND_SIZE)]
        self.show_flushes()

    def turn(self) -> None:
        """Both discard (each opens its own discard for the other), then each gives its key
        for the card the other draws, hand 1's first."""
        turn = len(self.moves) + 1
        slots = tuple(side.choose(side.cards()) for side in self.sides)
        self.moves.append((slots[0], slots[1]))
        for player, side, slot in zip((1, 2), self.sides, slots):
            key = side.seat.own_key(side.hand[slot])
            self.sides[2 - player].open_keys(self.send(player, _keys(self.game,
                                                                     {side.hand[slot]: key})))
        for player, side in zip((1, 2), self.sides):
            position, key = side.seat.draw_key(turn)
            self.sides[2 - player].open_keys(self.send(player, _keys(self.game,
                                                                     {position: key})))
        for player, side, slot in zip((1, 2), self.sides, slots):
            side.hand[slot] = drawn_position(turn, player)
        self.show_flushes()

    def show_flushes(self) -> None:
        """A seat whose hand is a flush shows it: its keys for its three cards, which the
        other opens and checks."""
        for player, side in zip((1, 2), self.sides):
            if is_flush(side.cards()) and not side.shown:
                self.show(player)

    def show(self, player: int) -> None:
        side, other = self.sides[player - 1], self.sides[2 - player]
        side.shown = True
        other.open_keys(self.send(player, _keys(self.game, {p: side.seat.own_key(p)
                                                            for p in side.hand})))
        if not is_flush([other.seat.opened[p] for p in side.hand]):
            raise SealedError(_("a hand shown as a flush is not one"))

    @property
    def over(self) -> bool:
        return any(side.shown for side in self.sides) or len(self.moves) == MAX_TURNS

    def play(self) -> None:
        self.deal()
        while not self.over:
            self.turn()

    def reveal(self) -> list[Game]:
        """Both seeds sent; each side checks the deal and replays the game from it. The
        games each side replays; SealedError when a side finds the deal or a claim false
        (a flush not shown ends the replay before the table ended)."""
        replays = []
        for player, side in zip((1, 2), self.sides):
            got = self.send(3 - player, {"type": "sealed_seed", "game": self.game,
                                         "seed": self.seeds[2 - player]})
            seeds = (side.seed, got["seed"]) if player == 1 else (got["seed"], side.seed)
            deck = check_sealed_deal(self.game, seeds, side.passes, side.seat.received,
                                     side.seat.opened, player)
            replay = Game(deck=deck)
            replay.deal()
            for move in self.moves:
                if replay.over:
                    raise SealedError(_("a flush was hidden at the table"))
                replay.play_turn(*move)
            if not replay.over:
                raise SealedError(_("a flush was hidden at the table"))
            replays.append(replay)
        return replays
