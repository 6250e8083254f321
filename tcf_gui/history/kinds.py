"""What kind of game a history row is, and which statistics count it.

A game's kind is fixed when it is dealt and stored with it. The person's statistics count
ordinary games only by default: a game whose deal could be known beforehand (a seed given
with ``--seed``, a deal replayed from the list), a game with open hands, or a practice run
of the daily deal would let a record be padded, so each lies in a pool of its own, and a
list of games marks it. Games against a friend and the daily deal's counted games have
their own pools too, and watched games (two computer players) are never the person's.
"""
from __future__ import annotations

from dataclasses import dataclass

from tcf_gui.i18n import N_, _


@dataclass(frozen=True)
class Kind:
    """One kind of game: its name in the history, the pool whose statistics count it, and
    the mark a list of games shows beside it ("" for none)."""

    name: str
    pool: str
    mark: str

    def marked(self) -> str:
        """The mark in the current language ("" for an ordinary game)."""
        return _(self.mark) if self.mark else ""


ORDINARY, OPEN, SEEDED, PRACTICE, DAILY, FRIEND, WATCHED = (
    "ordinary", "open", "seeded", "practice", "daily", "friend", "watched")

#: The pools, in the order the statistics offer them, with their titles.
POOLS = {
    "computer": N_("Against the computer"),
    "practice": N_("Practice"),
    "daily": N_("Daily deal"),
    "friends": N_("Friends"),
    "watched": N_("Watched"),
}

KINDS = {kind.name: kind for kind in (
    Kind(ORDINARY, "computer", ""),
    Kind(OPEN, "practice", N_("open hands")),
    Kind(SEEDED, "practice", N_("known seed")),
    Kind(PRACTICE, "practice", N_("daily practice")),
    Kind(DAILY, "daily", N_("daily deal")),
    Kind(FRIEND, "friends", N_("friend")),
    Kind(WATCHED, "watched", N_("watched")),
)}


#: Kinds whose deal was chosen (a known seed, today's deal): a game of one of them left
#: unfinished waits for its own command (``--seed S``, ``--daily``), never a plain start.
CHOSEN_DEALS = (SEEDED, DAILY, PRACTICE)


def pool_kinds(pool: str) -> tuple[str, ...]:
    """The kinds of game that ``pool`` counts."""
    return tuple(name for name, kind in KINDS.items() if kind.pool == pool)


def game_kind(*, watched: bool, seeded: bool, open_hands: bool) -> str:
    """The kind of a game played against the computer (or of one only watched): a known
    seed before open hands, either before an ordinary game."""
    if watched:
        return WATCHED
    if seeded:
        return SEEDED
    return OPEN if open_hands else ORDINARY
