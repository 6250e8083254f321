"""The two places of a server's table, as both kinds of table keep them (tcf_gui.net.table,
tcf_gui.net.sealed.table): who sits where, found by seat or by resume token."""
from __future__ import annotations

import secrets
from typing import Generic, Protocol, TypeVar

from tcf_gui.net.seat import RemoteSeat


class Held(Protocol):
    """A player's place: the seat (its name and its hold) and the resume token."""

    seat: RemoteSeat
    token: str


P = TypeVar("P", bound=Held)


class Places(Generic[P]):
    """A table's places by seat (1, 2): full, their names, the one a token names."""

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
