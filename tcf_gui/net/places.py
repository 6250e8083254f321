"""The two places of a server's table, as both kinds of table keep them (tcf_gui.net.table,
tcf_gui.net.sealed.table): who sits where, found by seat, by resume token or by connection."""
from __future__ import annotations

import secrets
from typing import TYPE_CHECKING, Generic, Protocol, TypeVar

from tcf_gui.net.seat import RemoteSeat

if TYPE_CHECKING:
    from tcf_gui.net.messages import ServerMessage


class Peer(Protocol):
    """A connected client as a table sees it."""

    def send(self, message: ServerMessage) -> None: ...


class Held(Protocol):
    """A player's place: the seat number, the seat (its name and its hold), the resume
    token and the connection (None while away)."""

    player: int
    seat: RemoteSeat
    token: str
    peer: Peer | None


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
