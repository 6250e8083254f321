"""The person's record against the computer: wins, losses and draws (a session's tally; the
all-time numbers come from the game history, tcf_gui.history).

Versions before the history kept the all-time record as record.json in the config folder;
``load_record`` still reads it (damage-safe, see tcf_gui.config.saved), once, to import it."""
from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from tcf_gui.engine.outcome import tally
from tcf_gui.i18n import _
from tcf_gui.config.saved import config_dir, load_saved


@dataclass
class Record:
    """Games won, lost and drawn, from Player 1's side."""

    wins: int = 0
    losses: int = 0
    draws: int = 0

    def add(self, winner: int) -> None:
        """Count a finished game: ``winner`` is 1 (you), 2 (the computer) or 0 (a draw)."""
        self.wins, self.losses, self.draws = tally((self.wins, self.losses, self.draws), winner)

    def __sub__(self, other: "Record") -> "Record":
        return Record(self.wins - other.wins, self.losses - other.losses,
                      self.draws - other.draws)

    def __iadd__(self, other: "Record") -> "Record":
        self.wins += other.wins
        self.losses += other.losses
        self.draws += other.draws
        return self

    @property
    def games(self) -> int:
        return self.wins + self.losses + self.draws

    def __str__(self) -> str:
        # TRANSLATORS: games won (W), lost (L) and drawn (D), as short as a score line.
        return _("{won} W · {lost} L · {drawn} D").format(won=self.wins, lost=self.losses,
                                                          drawn=self.draws)


def record_path() -> Path:
    """Where versions before the history kept the record: record.json in the config folder."""
    return config_dir() / "record.json"


#: More games than anyone plays, and small enough for any store (SQLite's 64-bit integers).
MOST_GAMES = 10**12


def _valid(name: str, value: object) -> bool:
    return isinstance(value, int) and not isinstance(value, bool) and 0 <= value <= MOST_GAMES


def load_record(path: Path | None = None) -> tuple[Record, str | None]:
    """The old all-time record and a warning (None when all was well)."""
    return load_saved(Record, path or record_path(), _valid)
