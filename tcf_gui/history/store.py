"""The game history: one SQLite row per finished game, written the moment the game ends.

The database (``history.sqlite3`` in the user's data folder, see tcf_gui.folders) runs in
WAL mode, and each game is one ``BEGIN IMMEDIATE`` transaction, so two windows writing at
once lose nothing and a process killed mid-write (Ctrl-C, SIGTERM, ``kill -9``) loses at
most the game it was writing. Nothing here raises for a bad disk: a write that fails (disk
full, read-only folder) is kept in memory, retried with the next game, and reported as a
message; a damaged database is moved aside with a timestamp (never deleted) and a fresh one
is started. ``PRAGMA user_version`` holds the schema version.
"""
from __future__ import annotations

import contextlib
import json
import os
import sqlite3
from dataclasses import dataclass, field
from datetime import datetime, timezone
from pathlib import Path
from typing import Any, Iterator, Sequence

from ..engine.game import Game
from ..folders import data_dir, dated_path

DB_NAME = "history.sqlite3"
SCHEMA_VERSION = 1
BUSY_TIMEOUT_MS = 10_000
PLAYED, SPECTATED = "played", "spectated"
PERSON = "you"
"""Player 1's spec in a played game: the person."""

# Split on semicolons into statements: no semicolon anywhere else, comments included.
_SCHEMA = """
CREATE TABLE IF NOT EXISTS games (
    id         INTEGER PRIMARY KEY,
    ended_at   TEXT    NOT NULL,              -- ISO 8601, UTC
    mode       TEXT    NOT NULL CHECK (mode IN ('played', 'spectated')),
    p1         TEXT    NOT NULL,              -- 'you' in a played game
    p2         TEXT    NOT NULL,
    seed       INTEGER,
    open_hands INTEGER NOT NULL DEFAULT 0,
    moves      TEXT    NOT NULL,              -- JSON [[slot1, slot2], ...], slots 0-2
    result     INTEGER CHECK (result BETWEEN 1 AND 7),  -- the result case, NULL if quit
    winner     INTEGER NOT NULL CHECK (winner IN (0, 1, 2)),
    turns      INTEGER NOT NULL,
    coach      INTEGER NOT NULL DEFAULT 0,
    quit       INTEGER NOT NULL DEFAULT 0     -- quit mid-game: counted as a loss
);
CREATE INDEX IF NOT EXISTS games_by_mode ON games (mode, id);
CREATE TABLE IF NOT EXISTS imported (
    id          INTEGER PRIMARY KEY,
    imported_at TEXT    NOT NULL,
    source      TEXT    NOT NULL,
    wins        INTEGER NOT NULL,
    losses      INTEGER NOT NULL,
    draws       INTEGER NOT NULL
);
"""
# The columns of a game as GameRecord.from_row reads them.
_SELECT = ("id, ended_at, mode, p1, p2, seed, open_hands, {moves}, result, winner, turns, coach, "
           "quit")
_COLUMNS = ("ended_at", "mode", "p1", "p2", "seed", "open_hands", "moves", "result", "winner",
            "turns", "coach", "quit")


class HistoryError(Exception):
    """The history cannot be read or written; the message says why, in one line."""


@dataclass(frozen=True)
class GameRecord:
    """One finished game as the history keeps it.

    ``result`` is the result case (1-7, tcf_gui.engine.outcome.Case) and ``winner`` 0 for a
    draw, else the winning player; a game quit mid-way has ``quit`` set, no result, and
    ``winner`` 2 (the loss it counts as). ``moves`` holds both players' slots per turn, so
    ``Game.replay(seed, moves)`` plays the game again.
    """

    mode: str
    p1: str
    p2: str
    seed: int | None
    moves: tuple[tuple[int, int], ...]
    result: int | None
    winner: int
    turns: int
    open_hands: bool = False
    coach: bool = False
    quit: bool = False
    ended_at: str = field(default_factory=lambda: now_iso())
    id: int | None = None

    @classmethod
    def from_game(cls, game: Game, *, mode: str, p1: str, p2: str,
                  coach: bool = False) -> "GameRecord":
        """A finished game, or one quit mid-way (recorded as the person's loss)."""
        case = game.outcome.case if game.outcome is not None else None
        if case is None:
            return cls(mode, p1, p2, game.seed, tuple(game.moves), None, 2, game.turns,
                       game.open_hands, coach, quit=True)
        return cls(mode, p1, p2, game.seed, tuple(game.moves), int(case), case.winner,
                   game.turns, game.open_hands, coach)

    def replay(self) -> Game:
        """The game again, from its seed and moves (tcf_gui.engine.game.Game.replay)."""
        try:
            if self.seed is None:
                raise ValueError("it has no seed")
            return Game.replay(self.seed, self.moves, open_hands=self.open_hands)
        except (ValueError, TypeError, RuntimeError) as error:  # moves edited by hand
            raise HistoryError(f"game {self.id} cannot be replayed: {error}") from None

    @property
    def ended(self) -> datetime:
        return datetime.fromisoformat(self.ended_at)

    def row(self) -> tuple[Any, ...]:
        moves = json.dumps([list(move) for move in self.moves], separators=(",", ":"))
        return (self.ended_at, self.mode, self.p1, self.p2, self.seed, int(self.open_hands),
                moves, self.result, self.winner, self.turns, int(self.coach), int(self.quit))

    @classmethod
    def from_row(cls, row: Sequence[Any]) -> "GameRecord":
        """A game from a row of ``_SELECT``'s columns, in that order."""
        (game_id, ended_at, mode, p1, p2, seed, open_hands, moves_text, result, winner, turns,
         coach, quit_) = row
        try:
            moves = tuple(map(tuple, json.loads(moves_text))) if moves_text != "[]" else ()
        except (ValueError, TypeError):  # edited by hand: the game stays, without its moves
            moves = ()  # (moves are checked when the game is replayed)
        return cls(mode, p1, p2, seed, moves, result, winner, turns, bool(open_hands),
                   bool(coach), bool(quit_), ended_at, game_id)


@dataclass(frozen=True)
class ImportedTotals:
    """Counts brought in from an older record (record.json): no games, no moves."""

    wins: int
    losses: int
    draws: int
    source: str
    imported_at: str

    @property
    def games(self) -> int:
        return self.wins + self.losses + self.draws


def now_iso() -> str:
    """The time now, UTC, to the second, in ISO 8601."""
    return datetime.now(timezone.utc).replace(microsecond=0).isoformat()


def history_path() -> Path:
    """history.sqlite3 in the data folder (tcf_gui.folders.data_dir)."""
    return data_dir() / DB_NAME


def open_history() -> "History":
    """The person's history in the data folder, importing an old record.json once."""
    from ..record import record_path

    return History(history_path(), legacy_record=record_path())


def _is_damage(error: sqlite3.DatabaseError) -> bool:
    """True for a file that is not a database or is corrupt; False for a busy, locked,
    full or read-only one (those are not the file's fault, and it is left alone)."""
    name = getattr(error, "sqlite_errorname", "")
    if name:
        return name.startswith(("SQLITE_CORRUPT", "SQLITE_NOTADB"))
    text = str(error).lower()  # Python 3.10 has no error names
    return "not a database" in text or "malformed" in text


class History:
    """The person's games in SQLite. Open it, ``add`` games, read them; never raises for
    a bad file or disk: ``notices`` collects what the person should be told."""

    def __init__(self, path: Path | None = None, *, legacy_record: Path | None = None) -> None:
        self.path = path or history_path()
        self.legacy_record = legacy_record
        """An old record.json to import once (tcf_gui.record), or None."""
        self.notices: list[str] = []
        """Problems the person should be told of (a damaged database moved aside, a failure)."""
        self.news: list[str] = []
        """What the person may like to know that is no problem (the old record imported)."""
        self.pending: list[GameRecord] = []
        """Games not yet written because the disk refused; retried with the next game."""
        self._db: sqlite3.Connection | None = None
        self._failed = False

    # -- opening -----------------------------------------------------------------------------
    def _connect(self) -> sqlite3.Connection:
        """The open connection, opening (and repairing, migrating) the database if needed."""
        if self._db is not None:
            return self._db
        try:
            self._db = self._open()
        except sqlite3.DatabaseError as error:
            if not _is_damage(error):
                raise HistoryError(f"cannot open the game history {self.path}: {error}") from None
            self._db = self._open_fresh(str(error))
        self._import_legacy()
        return self._db

    def _open(self) -> sqlite3.Connection:
        try:
            self.path.parent.mkdir(parents=True, exist_ok=True)
        except OSError as error:
            raise HistoryError(f"cannot create the folder for the game history: {error}") from None
        if self.path.is_dir():  # a folder in its place: damage of another kind
            raise sqlite3.DatabaseError("file is not a database (it is a folder)")
        db = sqlite3.connect(self.path, timeout=BUSY_TIMEOUT_MS / 1000, isolation_level=None,
                             check_same_thread=False)
        try:
            db.row_factory = sqlite3.Row  # connect's timeout is SQLite's busy timeout
            version = db.execute("PRAGMA user_version").fetchone()[0]
            if version > SCHEMA_VERSION:
                raise HistoryError(f"the game history {self.path} was written by a newer "
                                   f"version of tcf-gui (schema {version}); it is left as it is")
            check = db.execute("PRAGMA quick_check").fetchone()[0]
            if check != "ok":
                raise sqlite3.DatabaseError(f"database disk image is malformed ({check})")
            db.execute("PRAGMA journal_mode = WAL")
            db.execute("PRAGMA synchronous = NORMAL")  # WAL: safe against a killed process
            if version < SCHEMA_VERSION:
                with self._transaction(db):
                    for statement in _SCHEMA.split(";"):
                        if statement.strip():
                            db.execute(statement)
                    db.execute(f"PRAGMA user_version = {SCHEMA_VERSION}")
        except BaseException:
            db.close()
            raise
        return db

    def _open_fresh(self, reason: str) -> sqlite3.Connection:
        """Move a damaged database aside (with its WAL files) and start a new one."""
        aside = dated_path(self.path, "{name}.damaged-{stamp}")
        try:
            os.replace(self.path, aside)
            for suffix in ("-wal", "-shm"):
                companion = self.path.with_name(self.path.name + suffix)
                if companion.exists():
                    os.replace(companion, aside.with_name(aside.name + suffix))
        except OSError as error:
            raise HistoryError(f"the game history {self.path} is damaged ({reason}) and could "
                               f"not be moved aside: {error}") from None
        self.notices.append(f"the game history {self.path} was damaged ({reason}); it is kept "
                            f"as {aside.name} and a new history is started")
        return self._open()

    def _import_legacy(self) -> None:
        """Bring the counts of an old record.json in as one summary row, once; the file is
        kept, renamed to ``record.json.imported``. The rename comes first, so two windows
        starting together cannot both import it."""
        source = self.legacy_record
        if source is None or not source.is_file():
            return
        from ..record import load_record  # the old format's reader, damage-safe

        kept = source.with_name(source.name + ".imported")
        try:
            os.replace(source, kept)
        except OSError as error:
            self.notices.append(f"could not import the old record {source}: {error}")
            return
        record, warning = load_record(kept)
        if warning:
            self.notices.append(warning)
        if not record.games:
            return
        try:
            with self._transaction(self._db_checked()) as db:
                db.execute("INSERT INTO imported (imported_at, source, wins, losses, draws) "
                           "VALUES (?, ?, ?, ?, ?)",
                           (now_iso(), str(source), record.wins, record.losses, record.draws))
        except sqlite3.Error as error:
            with contextlib.suppress(OSError):
                os.replace(kept, source)  # try again next time
            self.notices.append(f"could not import the old record {source}: {error}")
            return
        self.news.append(f"imported the old record {source} ({record}); the file is kept as "
                         f"{kept.name}")

    def _db_checked(self) -> sqlite3.Connection:
        assert self._db is not None
        return self._db

    @staticmethod
    @contextlib.contextmanager
    def _transaction(db: sqlite3.Connection) -> Iterator[sqlite3.Connection]:
        """BEGIN IMMEDIATE (the write lock up front, waiting up to the busy timeout) ...
        COMMIT, or ROLLBACK on any error."""
        db.execute("BEGIN IMMEDIATE")
        try:
            yield db
        except BaseException:
            with contextlib.suppress(sqlite3.Error):
                db.execute("ROLLBACK")
            raise
        db.execute("COMMIT")

    # -- writing -----------------------------------------------------------------------------
    def add(self, *records: GameRecord) -> str | None:
        """Write a finished game (or several, and any that failed before) in one transaction.

        Returns None, or a one-line message when the disk refused: the games are then kept
        in ``pending`` and written with the next one, or lost only if the window closes first.
        """
        self.pending.extend(records)
        return self._flush()

    def _flush(self) -> str | None:
        try:
            db = self._connect()
            with self._transaction(db):
                db.executemany(f"INSERT INTO games ({', '.join(_COLUMNS)}) "
                               f"VALUES ({', '.join('?' * len(_COLUMNS))})",
                               [game.row() for game in self.pending])
        except (HistoryError, sqlite3.Error, OSError) as error:
            message = f"could not save the game to the history ({error}); the game goes on"
            self._failed = True
            return message
        if self._failed:
            self.notices.append(f"the history is saving again ({len(self.pending)} games written)")
        self._failed = False
        self.pending.clear()
        return None

    # -- reading -----------------------------------------------------------------------------
    def _query(self, sql: str, *params: Any) -> list[sqlite3.Row]:
        try:
            return self._connect().execute(sql, params).fetchall()
        except sqlite3.Error as error:
            raise HistoryError(f"cannot read the game history {self.path}: {error}") from None

    def games(self, mode: str = PLAYED, last: int | None = None, *,
              moves: bool = True) -> list[GameRecord]:
        """The games of ``mode``, oldest first; only the last ``last`` if given. Without
        ``moves`` (for counting), each game's moves are left out: ``game(id)`` has them.
        Raises HistoryError when the history cannot be read."""
        columns = _SELECT.format(moves="moves" if moves else "'[]'")
        if last is None:
            rows = self._query(f"SELECT {columns} FROM games WHERE mode = ? ORDER BY id", mode)
        else:
            rows = self._query(f"SELECT * FROM (SELECT {columns} FROM games WHERE mode = ? "
                               "ORDER BY id DESC LIMIT ?) ORDER BY id", mode, last)
        return [GameRecord.from_row(row) for row in rows]

    def game(self, game_id: int) -> GameRecord | None:
        rows = self._query(f"SELECT {_SELECT.format(moves='moves')} FROM games WHERE id = ?", game_id)
        return GameRecord.from_row(rows[0]) if rows else None

    def count(self, mode: str = PLAYED) -> int:
        return int(self._query("SELECT COUNT(*) FROM games WHERE mode = ?", mode)[0][0])

    def totals(self) -> tuple[int, int, int]:
        """The person's wins, losses and draws: played games and imported records."""
        rows = self._query("SELECT winner, COUNT(*) FROM games WHERE mode = ? GROUP BY winner", PLAYED)
        by_winner = {winner: n for winner, n in rows}
        old = self._query("SELECT COALESCE(SUM(wins), 0), COALESCE(SUM(losses), 0), "
                          "COALESCE(SUM(draws), 0) FROM imported")[0]
        return (by_winner.get(1, 0) + old[0], by_winner.get(2, 0) + old[1],
                by_winner.get(0, 0) + old[2])

    def imported(self) -> list[ImportedTotals]:
        return [ImportedTotals(row["wins"], row["losses"], row["draws"], row["source"],
                               row["imported_at"])
                for row in self._query("SELECT * FROM imported ORDER BY id")]

    # -- reset and closing -------------------------------------------------------------------
    def reset(self) -> Path:
        """Start the statistics afresh: first a dated copy of the whole database beside it
        (``history-YYYYmmdd-HHMMSS.sqlite3``), then every game and import is removed."""
        db = self._connect()
        copy = dated_path(self.path, "{stem}-{stamp}{suffix}")
        try:
            with sqlite3.connect(copy) as target:
                db.backup(target)
            target.close()
            with self._transaction(db):
                db.execute("DELETE FROM games")
                db.execute("DELETE FROM imported")
        except sqlite3.Error as error:
            raise HistoryError(f"could not reset the history: {error}") from None
        return copy

    def close(self) -> str | None:
        """Retry any games the disk refused, then close; a message if some are lost."""
        message = self._flush() if self.pending else None
        if message:
            message = f"{len(self.pending)} games could not be saved: {message}"
        if self._db is not None:
            self._db.close()
            self._db = None
        return message
