"""The two places of a server's table, as both kinds of table keep them (tcf_gui.net.table,
tcf_gui.net.sealed.table): who sits where, found by seat, by resume token or by connection."""
from __future__ import annotations

import json
import secrets
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Generic, Iterator, Protocol, TypeVar, cast

from tcf_gui.net.protocol import dump
from tcf_gui.net.seat import RemoteSeat

if TYPE_CHECKING:
    from tcf_gui.net.messages import ServerMessage


class Peer(Protocol):
    """A connected client as a table sees it."""

    def send(self, message: ServerMessage) -> None: ...


class Kept:
    """The game's messages to one place, sent again when the player comes back. Each is kept
    as its text: a string is nothing the garbage collector looks at, where a message's dict
    and lists, kept for a whole game at every table, made most of what a loaded server's
    passes had to look at (tcf_gui.net.collector)."""

    def __init__(self) -> None:
        self._texts: list[str] = []

    def append(self, message: ServerMessage) -> None:
        self._texts.append(dump(message))

    def clear(self) -> None:
        self._texts.clear()

    def __iter__(self) -> Iterator[ServerMessage]:
        return (cast("ServerMessage", json.loads(text)) for text in self._texts)


@dataclass
class Held:
    """A player's place: the seat number, the seat (its name and its hold), the resume
    token, the connection (None while away), the game's messages sent to it (sent again on
    a resume) and whether the player asked for another game."""

    player: int
    seat: RemoteSeat
    token: str = field(default_factory=lambda: secrets.token_urlsafe(24))
    peer: Peer | None = None
    log: Kept = field(default_factory=Kept)
    rematch: bool = False


P = TypeVar("P", bound=Held)


class Places(Generic[P]):
    """A table's places by seat (1, 2): full, their names, the one a token or a connection
    names, the other of a place."""

    places: dict[int, P]

    @property
    def full(self) -> bool:
        return len(self.places) == 2

    def names(self) -> list[str | None]:
        return [self.places[p].seat.name if p in self.places else None for p in (1, 2)]

    def place_of(self, token: str) -> P | None:
        """The place ``token`` names (compared in constant time), else None."""
        for place in self.places.values():
            if secrets.compare_digest(place.token, token):
                return place
        return None

    def _place_of_peer(self, peer: Peer) -> P | None:
        """The place ``peer`` is connected to, else None (a spectator, or a stale connection)."""
        for place in self.places.values():
            if place.peer is peer:
                return place
        return None

    def _other(self, place: P) -> P | None:
        return self.places.get(3 - place.player)
