"""A seat's secrets in the sealed deck, all drawn from its one seed (hex, as
tcf_gui.net.proof.new_secret makes): its global key, its permutation of the 52 positions and
its key for each position. The same seed gives the same secrets, so keeping the seed keeps
them, and revealing it at the end lets the other side redo the seat's passes."""
from __future__ import annotations

import hashlib
from dataclasses import dataclass, field

from tcf_gui.net.sealed.group import scalar

DECK_SIZE = 52
_DOMAIN = b"tcf-gui sealed deck v1 seat\n"


def _material(seed: str, game: int, label: str, counter: int = 0) -> bytes:
    return hashlib.sha512(_DOMAIN + f"{game} {label} {counter} {seed}".encode()).digest()


def _scalar(seed: str, game: int, label: str) -> bytes:
    counter = 0
    while True:
        try:
            return scalar(_material(seed, game, label, counter))
        except ValueError:  # a zero scalar: about one chance in 2**252
            counter += 1


def permutation(seed: str, game: int) -> tuple[int, ...]:
    """A uniform permutation of the 52 positions: Fisher-Yates drawing each index by
    rejection from 64-bit words of SHA-512 in counter mode."""
    order = list(range(DECK_SIZE))
    words: list[int] = []
    counter = 0
    for top in range(DECK_SIZE - 1, 0, -1):
        span = top + 1
        limit = (1 << 64) - (1 << 64) % span
        while True:
            if not words:
                digest = _material(seed, game, "shuffle", counter)
                counter += 1
                words = [int.from_bytes(digest[i:i + 8], "big") for i in range(0, 64, 8)]
            word = words.pop()
            if word < limit:
                break
        pick = word % span
        order[top], order[pick] = order[pick], order[top]
    return tuple(order)


@dataclass(frozen=True)
class SeatKeys:
    seed: str
    game: int
    global_key: bytes = field(init=False)
    order: tuple[int, ...] = field(init=False)
    """The seat's shuffle: position ``i`` of its pass takes position ``order[i]`` of the
    pass before (player 1: of the card points in make-deck order)."""
    position_keys: tuple[bytes, ...] = field(init=False)

    def __post_init__(self) -> None:
        object.__setattr__(self, "global_key", _scalar(self.seed, self.game, "global"))
        object.__setattr__(self, "order", permutation(self.seed, self.game))
        object.__setattr__(self, "position_keys", tuple(
            _scalar(self.seed, self.game, f"position {i}") for i in range(DECK_SIZE)))


def sealed_secrets(kept: object) -> bool:
    """Whether ``kept`` (read back from disk: tcf_gui.net.kept_seats) is a sealed seat's
    secret as a client keeps it: its game and its seed."""
    return (isinstance(kept, dict) and set(kept) == {"game", "sealed"}
            and type(kept["game"]) is int and kept["game"] >= 1
            and isinstance(kept["sealed"], str) and len(kept["sealed"]) == 64
            and all(char in "0123456789abcdef" for char in kept["sealed"]))
