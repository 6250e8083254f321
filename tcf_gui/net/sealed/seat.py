"""One player's side of the sealed deck: its passes of the deal, the keys it gives and the
cards it opens (the scheme: tcf_gui.net.sealed).

A seat gives its key for a position of the other player's only when that card is dealt or
drawn (``deal_keys``, then ``draw_key`` turn by turn, never ahead), and its key for a
position of its own only once that card was dealt to it (``own_key``: a discard, or a hand
shown as a flush). Whatever the other side sends is checked before it is used: 52 distinct
points of the group, keys that are keys, a key that opens a card not opened before.
"""
from __future__ import annotations

from tcf_gui.engine.cards import Card
from tcf_gui.engine.game import HAND_SIZE, MAX_TURNS
from tcf_gui.i18n import _
from tcf_gui.net.sealed.group import (CARD_OF_POINT, DECK_POINTS, SealedError, check_point,
                                      check_scalar, invert, multiply, times)
from tcf_gui.net.sealed.keys import DECK_SIZE, SeatKeys

DEALT = 2 * HAND_SIZE


def _whole(value: object) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def owner(position: int) -> int:
    """The player whose hand position ``position`` goes to (1: even, 2: odd)."""
    return 1 + position % 2


def drawn_position(turn: int, player: int) -> int:
    """The position ``player`` draws in ``turn`` (1 to MAX_TURNS)."""
    return DEALT + 2 * (turn - 1) + player - 1


def check_deck(points: object) -> list[bytes]:
    """``points`` when they are 52 distinct points of the group, else SealedError."""
    if not isinstance(points, (list, tuple)) or len(points) != DECK_SIZE:
        raise SealedError(_("the sealed deck does not hold 52 cards"))
    checked = [check_point(point) for point in points]
    if len(set(checked)) != DECK_SIZE:
        raise SealedError(_("the sealed deck holds the same card twice"))
    return checked


class SealedSeat:
    """Player ``player``'s side of game ``game``, its secrets drawn from ``seed``."""

    def __init__(self, player: int, seed: str, game: int) -> None:
        if player not in (1, 2):
            raise ValueError(f"player {player} is not 1 or 2")
        self.player = player
        self.keys = SeatKeys(seed, game)
        self.sealed: tuple[bytes, ...] = ()
        """The sealed deck once the three passes are done."""
        self.opened: dict[int, Card] = {}
        """The cards opened for this seat, by position."""
        self.received: dict[int, bytes] = {}
        """The other seat's keys this seat was given, by position."""
        self.turns_given = -1
        """-1 before the deal keys were given; then the last turn whose draw key was."""

    def first_pass(self) -> list[bytes]:
        """Player 1: the card points under its global key, in its order."""
        self._expect(1)
        key = self.keys.global_key
        return [times(key, DECK_POINTS[k]) for k in self.keys.order]

    def second_pass(self, first: object) -> list[bytes]:
        """Player 2: player 1's pass in its own order, a key of its own on each position."""
        self._expect(2)
        points = check_deck(first)
        return [times(key, points[k]) for key, k in zip(self.keys.position_keys,
                                                         self.keys.order)]

    def third_pass(self, second: object) -> list[bytes]:
        """Player 1: its global key taken off player 2's pass and its own position keys put
        on: the sealed deck, which it keeps and sends."""
        self._expect(1)
        points = check_deck(second)
        off = invert(self.keys.global_key)
        self.sealed = tuple(times(multiply(key, off), point)
                            for key, point in zip(self.keys.position_keys, points))
        return list(self.sealed)

    def take_sealed(self, third: object) -> None:
        """Player 2: keep the sealed deck player 1 sent."""
        self._expect(2)
        self.sealed = tuple(check_deck(third))

    def deal_keys(self) -> dict[int, bytes]:
        """This seat's keys for the other player's three dealt cards."""
        self.turns_given = max(self.turns_given, 0)
        return {p: self.keys.position_keys[p] for p in range(DEALT) if owner(p) != self.player}

    def draw_key(self, turn: int) -> tuple[int, bytes]:
        """The position the other player draws in ``turn`` and this seat's key for it; a
        turn is given once the turn before it was (asked again after a reconnect: given
        again), never ahead."""
        if not _whole(turn) or not 1 <= turn <= min(self.turns_given + 1, MAX_TURNS):
            raise SealedError(_("a key of the sealed deck was asked out of turn"))
        self.turns_given = max(self.turns_given, turn)
        position = drawn_position(turn, 3 - self.player)
        return position, self.keys.position_keys[position]

    def own_key(self, position: int) -> bytes:
        """This seat's key for a card dealt or drawn to it, opening it for both."""
        if not _whole(position) or position not in self.opened or owner(position) != self.player:
            raise SealedError(_("a key of the sealed deck was asked out of turn"))
        return self.keys.position_keys[position]

    def open(self, position: int, key: object) -> Card:
        """The card at ``position``, opened with the other seat's ``key`` for it."""
        if not _whole(position) or not 0 <= position < len(self.sealed):
            raise SealedError(_("a key of the sealed deck was asked out of turn"))
        theirs = check_scalar(key)
        known = self.received.get(position)
        if known is not None:
            if known != theirs:
                raise SealedError(_("a key of the sealed deck does not open a card"))
            return self.opened[position]
        both = multiply(self.keys.position_keys[position], theirs)
        card = CARD_OF_POINT.get(times(invert(both), self.sealed[position]))
        if card is None or card in self.opened.values():
            raise SealedError(_("a key of the sealed deck does not open a card"))
        self.received[position], self.opened[position] = theirs, card
        return card

    def _expect(self, player: int) -> None:
        if self.player != player:
            raise SealedError(_("a pass of the sealed deck came out of turn"))
