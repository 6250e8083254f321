"""The game history: one SQLite row per finished game, written the moment the game ends,
and the game in progress on each window's table (tcf_gui.history.unfinished).

The database (``history.sqlite3`` in the user's data folder, see tcf_gui.system.folders) runs in
WAL mode, and each game is one ``BEGIN IMMEDIATE`` transaction, so two windows writing at
once lose nothing and a process killed mid-write (Ctrl-C, SIGTERM, ``kill -9``) loses at
most the game it was writing. Nothing here raises for a bad disk: a write that fails (disk
full, read-only folder) is kept in memory, retried with the next game, and reported as a
message; a damaged database is moved aside with a timestamp (never deleted) and a fresh one
is started. ``PRAGMA user_version`` holds the schema version; an older schema is migrated in
one transaction that keeps every game.
"""
from __future__ import annotations

import contextlib
import dataclasses
import json
import os
import sqlite3
import time
from dataclasses import dataclass, field
from datetime import datetime, timezone
from pathlib import Path
from typing import Any, Iterator, Sequence

from tcf_gui.engine.game import MAX_TURNS, Game
from tcf_gui.engine.outcome import Case
from tcf_gui.engine.skill import Skill
from tcf_gui.system.folders import data_dir, dated_path
from tcf_gui.i18n import _, ngettext
from tcf_gui.history.kinds import CHOSEN_DEALS, FRIEND, KINDS, ORDINARY
from tcf_gui.history.unfinished import UnfinishedGame, new_owner, owner_alive

DB_NAME = "history.sqlite3"
SCHEMA_VERSION = 4
BUSY_TIMEOUT_MS = 10_000
PERSON = "you"
"""Player 1's name in a game the person played."""

_KINDS_SQL = ", ".join(f"'{name}'" for name in KINDS)


def _games_table(name: str, version: int = SCHEMA_VERSION) -> str:
    """The games table as schema ``version`` (2 or later) has it."""
    return f"""CREATE TABLE {name} (
    id         INTEGER PRIMARY KEY,
    ended_at   TEXT    NOT NULL,              -- ISO 8601, UTC
    kind       TEXT    NOT NULL CHECK (kind IN ({_KINDS_SQL})),  -- tcf_gui.history.kinds
    p1         TEXT    NOT NULL,              -- 'you' in a game the person played
    p2         TEXT    NOT NULL,
    seed       INTEGER,
    open_hands INTEGER NOT NULL DEFAULT 0,
    moves      TEXT    NOT NULL,              -- JSON [[slot1, slot2], ...], slots 0-2
    result     INTEGER CHECK (result BETWEEN 1 AND 7),  -- the result case, NULL if given up
    winner     INTEGER NOT NULL CHECK (winner IN (0, 1, 2)),
    turns      INTEGER NOT NULL,
    coach      INTEGER NOT NULL DEFAULT 0,
    -- quit: given up mid-game (counted as a loss)
    quit       INTEGER NOT NULL DEFAULT 0{
        "".join(f",{chr(10)}    {column}" for column in _SKILL_COLUMNS) if version >= 3 else ""}{
        f",{chr(10)}    {_STRAIGHT_COLUMN}" if version >= 4 else ""}
)"""


#: The skill score (schema 3; tcf_gui.engine.skill), NULL until it is worked out: the
#: accuracy 0-100 (NULL also for a game with no move to grade), the win chance given up
#: summed (a fraction of 1), and the whole score as JSON (the model, each decision).
_SKILL_COLUMNS = ("accuracy REAL", "given_up REAL", "skill TEXT")
#: Schema 4: 1 when the winner's hand is a straight flush (also against a bust hand, result
#: case 2 or 3), 0 when it is not; NULL for a draw, a game given up, or one that cannot be
#: replayed.
_STRAIGHT_COLUMN = "straight INTEGER CHECK (straight IN (0, 1))"


_UNFINISHED = f"""CREATE TABLE unfinished (
    id         INTEGER PRIMARY KEY,
    started_at TEXT    NOT NULL,
    saved_at   TEXT    NOT NULL,
    kind       TEXT    NOT NULL CHECK (kind IN ({_KINDS_SQL})),
    p1         TEXT    NOT NULL,
    p2         TEXT    NOT NULL,
    seed       INTEGER NOT NULL,
    open_hands INTEGER NOT NULL DEFAULT 0,
    moves      TEXT    NOT NULL,
    coach      INTEGER NOT NULL DEFAULT 0,
    owner      TEXT                           -- the window playing it now, NULL: it waits
)"""
_IMPORTED = """CREATE TABLE imported (
    id          INTEGER PRIMARY KEY,
    imported_at TEXT    NOT NULL,
    source      TEXT    NOT NULL,
    wins        INTEGER NOT NULL,
    losses      INTEGER NOT NULL,
    draws       INTEGER NOT NULL
)"""
_GAMES_INDEX = "CREATE INDEX games_by_kind ON games (kind, id)"

#: A new database: every table of the current schema.
_SCHEMA = (_games_table("games"), _GAMES_INDEX, _IMPORTED, _UNFINISHED)

#: From each older schema version to the next, keeping every game.
_MIGRATIONS = {
    # 1 -> 2: a game's kind instead of its mode (spectated games become watched, games
    # with open hands are kept apart as such), and the games in progress.
    1: (_games_table("games_v2", 2),
        "INSERT INTO games_v2 (id, ended_at, kind, p1, p2, seed, open_hands, moves, result, "
        "winner, turns, coach, quit) SELECT id, ended_at, CASE WHEN mode = 'spectated' THEN "
        "'watched' WHEN open_hands THEN 'open' ELSE 'ordinary' END, p1, p2, seed, open_hands, "
        "moves, result, winner, turns, coach, quit FROM games",
        "DROP TABLE games",
        "ALTER TABLE games_v2 RENAME TO games",
        _GAMES_INDEX,
        _UNFINISHED),
    # 2 -> 3: the skill score, empty for the games before it (worked out on demand).
    2: tuple(f"ALTER TABLE games ADD COLUMN {column}" for column in _SKILL_COLUMNS),
    # 3 -> 4: whether the winner held a straight flush (filled by replaying: _fill_straight).
    3: (f"ALTER TABLE games ADD COLUMN {_STRAIGHT_COLUMN}",),
}

# The columns of a game as GameRecord.from_row reads them.
_SELECT = ("id, ended_at, kind, p1, p2, seed, open_hands, {moves}, result, winner, turns, coach, "
           "quit, accuracy, given_up, skill, straight")
_COLUMNS = ("ended_at", "kind", "p1", "p2", "seed", "open_hands", "moves", "result", "winner",
            "turns", "coach", "quit", "accuracy", "given_up", "skill", "straight")
_UNFINISHED_COLUMNS = ("started_at", "saved_at", "kind", "p1", "p2", "seed", "open_hands",
                       "moves", "coach", "owner")


class HistoryError(Exception):
    """The history cannot be read or written; the message says why, in one line."""


@dataclass(frozen=True)
class GameRecord:
    """One finished game as the history keeps it.

    ``kind`` says which statistics count it (tcf_gui.history.kinds). ``result`` is the
    result case (1-7, tcf_gui.engine.outcome.Case) and ``winner`` 0 for a draw, else the
    winning player; a game given up mid-way has ``quit`` set, no result, and ``winner`` 2
    (the loss it counts as). ``moves`` holds both players' slots per turn, so
    ``Game.replay(seed, moves)`` plays the game again.
    """

    kind: str
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
    accuracy: float | None = None
    """The skill score, 0-100 (None: not worked out yet, or no move to grade)."""
    given_up: float | None = None
    """Win chance given up over the game (a fraction of 1), once scored."""
    skill_json: str | None = None
    """The whole score as stored (``skill`` reads it); None until it is worked out."""
    straight: bool | None = None
    """Whether the winner's hand was a straight flush (None: a draw, or a game given up)."""

    @classmethod
    def from_game(cls, game: Game, *, kind: str, p1: str, p2: str,
                  coach: bool = False) -> "GameRecord":
        """A finished game, or one given up mid-way (recorded as the person's loss)."""
        outcome = game.outcome
        if outcome is None or outcome.case is None:
            return cls(kind, p1, p2, game.seed, tuple(game.moves), None, 2, game.turns,
                       game.open_hands, coach, quit=True)
        return cls(kind, p1, p2, game.seed, tuple(game.moves), int(outcome.case),
                   outcome.case.winner, game.turns, game.open_hands, coach,
                   straight=outcome.straight_win)

    @property
    def ending(self) -> Case | None:
        """How the game ended, as the statistics count it: the result case, except that a
        straight flush that won against a bust hand counts with the straight flushes."""
        if self.result is None:
            return None
        case = Case(self.result)
        if self.straight and case in _PLAIN_FLUSH_WINS:
            return _PLAIN_FLUSH_WINS[case]
        return case

    @property
    def scored(self) -> bool:
        return self.skill_json is not None

    @property
    def skill(self) -> Skill | None:
        """The skill score, None when not worked out (or stored beyond reading)."""
        if self.skill_json is None:
            return None
        try:
            return Skill.from_json(json.loads(self.skill_json))
        except ValueError:
            return None

    def with_skill(self, skill: Skill) -> "GameRecord":
        """This game with its skill score."""
        return dataclasses.replace(self, accuracy=skill.accuracy, given_up=skill.given_up,
                                   skill_json=json.dumps(skill.as_json(), separators=(",", ":")))

    def replay(self) -> Game:
        """The game again, from its seed and moves (tcf_gui.engine.game.Game.replay)."""
        try:
            if self.seed is None:
                raise ValueError(_("it has no seed"))
            return Game.replay(self.seed, self.moves, open_hands=self.open_hands)
        except (ValueError, TypeError, RuntimeError) as error:  # moves edited by hand
            raise HistoryError(_("game {id} cannot be replayed: {reason}").format(
                id=self.id, reason=error)) from None

    @property
    def ended(self) -> datetime:
        return datetime.fromisoformat(self.ended_at)

    def row(self) -> tuple[Any, ...]:
        return (self.ended_at, self.kind, self.p1, self.p2, self.seed, int(self.open_hands),
                _moves_text(self.moves), self.result, self.winner, self.turns, int(self.coach),
                int(self.quit), self.accuracy, self.given_up, self.skill_json,
                None if self.straight is None else int(self.straight))

    @classmethod
    def from_row(cls, row: Sequence[Any]) -> "GameRecord":
        """A game from a row of ``_SELECT``'s columns, in that order. ValueError (naming the
        column) for a row that no game could have left, one edited by hand: SQLite keeps
        any value in any column that has no CHECK."""
        (game_id, ended_at, kind, p1, p2, seed, open_hands, moves_text, result, winner, turns,
         coach, quit_, accuracy, given_up, skill, straight) = row
        bad = _bad_column(ended_at=_iso_time(ended_at), kind=kind in KINDS,
                          p1=isinstance(p1, str), p2=isinstance(p2, str),
                          seed=seed is None or type(seed) is int,
                          flags=all(flag in (0, 1) for flag in (open_hands, coach, quit_)),
                          moves=isinstance(moves_text, str),
                          result=result is None or _whole(result, 1, len(Case)),
                          winner=_whole(winner, 0, 2), turns=_whole(turns, 0, MAX_TURNS),
                          accuracy=accuracy is None or _number(accuracy, 0, 100),
                          given_up=given_up is None or _number(given_up, 0, MAX_TURNS),
                          skill=skill is None or isinstance(skill, str),
                          straight=straight is None or _whole(straight, 0, 1))
        if bad is not None:
            raise ValueError(bad)
        return cls(kind, p1, p2, seed, _moves(moves_text), result, winner, turns, bool(open_hands),
                   bool(coach), bool(quit_), ended_at, game_id, accuracy, given_up, skill,
                   None if straight is None else bool(straight))


#: A plain-flush win and the count it joins when the winner's flush was a straight one.
_PLAIN_FLUSH_WINS = {Case.P1_FLUSH: Case.P1_STRAIGHT, Case.P2_FLUSH: Case.P2_STRAIGHT}


def _moves_text(moves: Sequence[tuple[int, int]]) -> str:
    return json.dumps([list(move) for move in moves], separators=(",", ":"))


def _unfinished(row: sqlite3.Row) -> UnfinishedGame:
    return UnfinishedGame(row["kind"], row["p1"], row["p2"], row["seed"], _moves(row["moves"]),
                          bool(row["open_hands"]), bool(row["coach"]), row["started_at"],
                          row["id"])


def _moves(text: str) -> tuple[tuple[int, int], ...]:
    """Moves as stored; none when edited beyond reading as pairs of whole numbers (the game
    stays: whether the moves fit the deal is checked when it is replayed)."""
    try:
        moves = json.loads(text) if text != "[]" else []
    except (TypeError, ValueError, RecursionError):
        return ()
    if not isinstance(moves, list) or not all(
            isinstance(move, list) and len(move) == 2 and all(type(slot) is int for slot in move)
            for move in moves):
        return ()
    return tuple((move[0], move[1]) for move in moves)


def _whole(value: Any, low: int, high: int) -> bool:
    return type(value) is int and low <= value <= high


def _number(value: Any, low: float, high: float) -> bool:
    return type(value) in (int, float) and low <= value <= high  # (NaN is neither)


def _iso_time(value: Any) -> bool:
    try:
        datetime.fromisoformat(value)
    except (TypeError, ValueError):
        return False
    return True


def _bad_column(**fits: bool) -> str | None:
    """The first column named that does not fit, else None."""
    return next((column for column, fit in fits.items() if not fit), None)


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
    """history.sqlite3 in the data folder (tcf_gui.system.folders.data_dir)."""
    return data_dir() / DB_NAME


def open_history() -> "History":
    """The person's history in the data folder, importing an old record.json once."""
    from tcf_gui.history.record import record_path

    return History(history_path(), legacy_record=record_path())


def _upgrade(version: int) -> list[str]:
    """The statements that bring a database of schema ``version`` to the current one: all
    of the schema for a new one, else the migrations in turn."""
    if version == 0:
        return list(_SCHEMA)
    return [statement for step in range(version, SCHEMA_VERSION) for statement in _MIGRATIONS[step]]


def _fill_straight(db: sqlite3.Connection) -> None:
    """Schema 4's ``straight`` for the games an older schema kept: each won game with a seed
    is replayed (about 40 us a game); one that cannot be, or has no seed, stays NULL."""
    rows = db.execute("SELECT id, seed, moves, open_hands FROM games "
                      "WHERE winner != 0 AND quit = 0 AND seed IS NOT NULL").fetchall()
    for game_id, seed, moves_text, open_hands in rows:
        try:
            game = Game.replay(seed, _moves(moves_text), open_hands=bool(open_hands))
        except (ValueError, TypeError, RuntimeError):
            continue
        if game.outcome is not None and game.outcome.straight_win is not None:
            db.execute("UPDATE games SET straight = ? WHERE id = ?",
                       (int(game.outcome.straight_win), game_id))


class ForeignSchema(sqlite3.DatabaseError):
    """A valid SQLite file whose tables are not this version's history (another program's
    database, or tables edited by hand): moved aside like damage."""


def _columns(db: sqlite3.Connection, table: str) -> list[tuple[str, str, int, int]]:
    """Each column of ``table``: name, declared type, NOT NULL, place in the primary key."""
    return [(row[1], str(row[2]).upper(), row[3], row[5])
            for row in db.execute(f"PRAGMA table_info({table})")]


def _tables(db: sqlite3.Connection) -> list[str]:
    return [row[0] for row in db.execute("SELECT name FROM sqlite_master WHERE type = 'table'")]


def _expected_tables() -> dict[str, list[tuple[str, str, int, int]]]:
    """The tables of the current schema as SQLite describes them: read from ``_SCHEMA``
    itself, made in a database in memory, so that this check follows every schema change."""
    with contextlib.closing(sqlite3.connect(":memory:")) as memory:
        for statement in _SCHEMA:
            memory.execute(statement)
        return {table: _columns(memory, table) for table in _tables(memory)}


def _check_foreign(db: sqlite3.Connection, version: int) -> None:
    """ForeignSchema unless the tables ``db`` holds fit schema ``version`` (extra tables
    are no matter): for a new database none of ours may exist yet, for the current one each
    must have exactly its columns (an older one is checked once migrated)."""
    expected = _expected_tables()
    present = set(_tables(db))
    if version == 0:
        taken = sorted(present & set(expected))
        if taken:
            raise ForeignSchema(_("it holds a table {table!r} that is not tcf-gui's").format(
                table=taken[0]))
    elif version == SCHEMA_VERSION:
        for table, columns in expected.items():
            if _columns(db, table) != columns:
                raise ForeignSchema(_("its table {table!r} is not tcf-gui's").format(table=table))


def _wal(db: sqlite3.Connection) -> None:
    """Turn ``db`` to WAL mode, waiting up to the busy timeout: the first change of a new
    database needs a lock SQLite does not wait for when others have it open (they start
    together); once made, the change is kept in the file and asks for no lock again."""
    deadline = time.monotonic() + BUSY_TIMEOUT_MS / 1000
    while True:
        try:
            db.execute("PRAGMA journal_mode = WAL")
            return
        except sqlite3.OperationalError as error:
            if "locked" not in str(error).lower() or time.monotonic() > deadline:
                raise
        time.sleep(0.005)


def _schema_error(error: sqlite3.OperationalError) -> bool:
    """Whether a migration failed on the file's own tables (no such table or column, one
    already there): not on the disk, a lock, or a mistake in the migration itself."""
    text = str(error).lower()
    return "no such" in text or "already exists" in text


def _is_damage(error: sqlite3.DatabaseError) -> bool:
    """True for a file that is not a database, is corrupt or is not a history (ForeignSchema);
    False for a busy, locked, full or read-only one (those are not the file's fault, and it
    is left alone)."""
    if isinstance(error, ForeignSchema):
        return True
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
        """An old record.json to import once (tcf_gui.history.record), or None."""
        self.notices: list[str] = []
        """Problems the person should be told of (a damaged database moved aside, a failure)."""
        self._unreadable: set[int] = set()  # the ids of rows from_row refused, said once
        self.unreadable_notice: str | None = None
        """How many games read so far could not be (rows edited by hand), once there are any."""
        self.news: list[str] = []
        """What the person may like to know that is no problem (the old record imported)."""
        self.pending: list[GameRecord] = []
        """Games not yet written because the disk refused; retried with the next game."""
        self._settled: list[int] = []
        """Games in progress that pending games settle (removed when those are written)."""
        self.owner = new_owner()
        """This window's claim on the game in progress it plays (tcf_gui.history.unfinished)."""
        self._db: sqlite3.Connection | None = None
        self._failed = False
        self._keep_failed = False

    # -- opening -----------------------------------------------------------------------------
    def _connect(self) -> sqlite3.Connection:
        """The open connection, opening (and repairing, migrating) the database if needed."""
        if self._db is not None:
            return self._db
        try:
            self._db = self._open()
        except sqlite3.DatabaseError as error:
            if not _is_damage(error):
                raise HistoryError(_("cannot open the game history {path}: {reason}").format(
                    path=self.path, reason=error)) from None
            self._db = self._open_fresh(str(error))
        self._import_legacy()
        return self._db

    def _open(self) -> sqlite3.Connection:
        try:
            self.path.parent.mkdir(parents=True, exist_ok=True)
        except OSError as error:
            raise HistoryError(_("cannot create the folder for the game history: {reason}").format(
                reason=error)) from None
        if self.path.is_dir():  # a folder in its place: damage of another kind
            raise sqlite3.DatabaseError("file is not a database (it is a folder)")
        db = sqlite3.connect(self.path, timeout=BUSY_TIMEOUT_MS / 1000, isolation_level=None,
                             check_same_thread=False)
        try:
            db.row_factory = sqlite3.Row  # connect's timeout is SQLite's busy timeout
            version = self._version(db)
            check = db.execute("PRAGMA quick_check").fetchone()[0]
            if check != "ok":
                raise sqlite3.DatabaseError(f"database disk image is malformed ({check})")
            if version == SCHEMA_VERSION:  # (one that needs making is checked under the lock)
                _check_foreign(db, version)
            _wal(db)
            db.execute("PRAGMA synchronous = NORMAL")  # WAL: safe against a killed process
            if version < SCHEMA_VERSION:
                self._make_or_migrate(db)
        except BaseException:
            db.close()
            raise
        return db

    def _version(self, db: sqlite3.Connection) -> int:
        """The schema version of ``db``; a HistoryError when a newer tcf-gui wrote it."""
        version = int(db.execute("PRAGMA user_version").fetchone()[0])
        if version > SCHEMA_VERSION:
            raise HistoryError(_("the game history {path} was written by a newer version of "
                                 "tcf-gui (schema {version}); it is left as it is").format(
                path=self.path, version=version))
        return version

    def _make_or_migrate(self, db: sqlite3.Connection) -> None:
        """Create or migrate the schema, its check included, under one write lock: another
        process starting at the same moment may have made it meanwhile (its tables are then
        ours, not a foreign database's, and the version read under the lock says so)."""
        version = 0
        try:
            with self._transaction(db):
                version = self._version(db)
                _check_foreign(db, version)
                for statement in _upgrade(version):
                    db.execute(statement)
                if 0 < version < 4:  # games kept before schema 4
                    _fill_straight(db)
                db.execute(f"PRAGMA user_version = {SCHEMA_VERSION}")
        except sqlite3.OperationalError as error:
            if not _schema_error(error):  # busy, read-only, full: not the file's fault
                raise
            raise ForeignSchema(_("its schema {version} does not migrate: {reason}").format(
                version=version, reason=error)) from None
        _check_foreign(db, SCHEMA_VERSION)

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
            raise HistoryError(_("the game history {path} is damaged ({reason}) and could not "
                                 "be moved aside: {error}").format(
                path=self.path, reason=reason, error=error)) from None
        self.notices.append(_("the game history {path} was damaged ({reason}); it is kept as "
                              "{aside} and a new history is started").format(
            path=self.path, reason=reason, aside=aside.name))
        return self._open()

    def _import_legacy(self) -> None:
        """Bring the counts of an old record.json in as one summary row, once; the file is
        kept, renamed to ``record.json.imported``. The rename comes first, so two windows
        starting together cannot both import it."""
        source = self.legacy_record
        if source is None or not source.is_file():
            return
        from tcf_gui.history.record import load_record  # the old format's reader, damage-safe

        kept = source.with_name(source.name + ".imported")
        try:
            os.replace(source, kept)
        except OSError as error:
            self.notices.append(_("could not import the old record {path}: {reason}").format(
                path=source, reason=error))
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
            self.notices.append(_("could not import the old record {path}: {reason}").format(
                path=source, reason=error))
            return
        self.news.append(_("imported the old record {path} ({record}); the file is kept as "
                           "{kept}").format(path=source, record=record, kept=kept.name))

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
    def add(self, *records: GameRecord, settles: UnfinishedGame | None = None) -> str | None:
        """Write a finished game (or several, and any that failed before) in one transaction;
        the game in progress it ``settles`` leaves the history in the same one.

        Returns None, or a one-line message when the disk refused: the games are then kept
        in ``pending`` and written with the next one, or lost only if the window closes first.
        """
        self.pending.extend(records)
        if settles is not None and settles.id is not None:
            self._settled.append(settles.id)
        return self._flush()

    def _flush(self) -> str | None:
        try:
            db = self._connect()
            with self._transaction(db):
                db.executemany(f"INSERT INTO games ({', '.join(_COLUMNS)}) "
                               f"VALUES ({', '.join('?' * len(_COLUMNS))})",
                               [game.row() for game in self.pending])
                db.executemany("DELETE FROM unfinished WHERE id = ?",
                               [(game_id,) for game_id in self._settled])
        except (HistoryError, sqlite3.Error, OSError) as error:
            message = _("could not save the game to the history ({reason}); the game goes "
                        "on").format(reason=error)
            self._failed = True
            return message
        if self._failed:
            self.notices.append(ngettext("the history is saving again ({n} game written)",
                                         "the history is saving again ({n} games written)",
                                         len(self.pending)).format(n=len(self.pending)))
        self._failed = False
        self.pending.clear()
        self._settled.clear()
        return None

    def set_skill(self, game: GameRecord, skill: Skill) -> str | None:
        """Store the skill score of ``game`` (one already added, or read from the history).
        A game still waiting for the disk takes it with it; returns None, or a one-line
        message when the disk refused (the score is worked out again on demand)."""
        scored = game.with_skill(skill)
        for index, pending in enumerate(self.pending):
            if pending == game:
                self.pending[index] = scored
                return None
        values = (scored.accuracy, scored.given_up, scored.skill_json)
        try:
            db = self._connect()
            with self._transaction(db):
                if game.id is not None:
                    db.execute("UPDATE games SET accuracy = ?, given_up = ?, skill = ? "
                               "WHERE id = ?", (*values, game.id))
                else:  # a game this window wrote: the newest row of it
                    db.execute("UPDATE games SET accuracy = ?, given_up = ?, skill = ? WHERE id = "
                               "(SELECT MAX(id) FROM games WHERE ended_at = ? AND kind = ? AND "
                               "p2 = ? AND seed IS ? AND moves = ?)",
                               (*values, game.ended_at, game.kind, game.p2, game.seed,
                                _moves_text(game.moves)))
        except (HistoryError, sqlite3.Error, OSError) as error:
            return _("could not save the skill score ({reason})").format(reason=error)
        return None

    def unscored(self, kinds: Sequence[str], last: int | None = None) -> list[GameRecord]:
        """The person's games of ``kinds`` with no skill score yet that can be scored (they
        keep their deal), newest first; only the last ``last`` games of those kinds are
        looked at. Raises HistoryError when the history cannot be read."""
        where = f"kind IN ({', '.join('?' * len(kinds))})"
        limit = "" if last is None else f" ORDER BY id DESC LIMIT {int(last)}"
        rows = self._query(f"SELECT * FROM (SELECT {_SELECT.format(moves='moves')} FROM games "
                           f"WHERE {where}{limit}) WHERE skill IS NULL AND seed IS NOT NULL "
                           "AND p1 = ? ORDER BY id DESC", *kinds, PERSON)
        return self._records(rows)

    # -- the game in progress ----------------------------------------------------------------
    def keep_unfinished(self, game: UnfinishedGame) -> str | None:
        """Write the game in progress on this window's table, as this window's: a new row
        the first time (``game.id`` is set), the same row after. A one-line message when the
        disk refused (the next turn tries again)."""
        game.started_at = game.started_at or now_iso()
        values = (game.started_at, now_iso(), game.kind, game.p1, game.p2, game.seed,
                  int(game.open_hands), _moves_text(game.moves), int(game.coach), self.owner)
        try:
            db = self._connect()
            with self._transaction(db):
                updated = game.id is not None and db.execute(
                    f"UPDATE unfinished SET ({', '.join(_UNFINISHED_COLUMNS)}) = "
                    f"({', '.join('?' * len(values))}) WHERE id = ?", (*values, game.id)).rowcount
                if not updated:
                    game.id = db.execute(
                        f"INSERT INTO unfinished ({', '.join(_UNFINISHED_COLUMNS)}) "
                        f"VALUES ({', '.join('?' * len(values))})", values).lastrowid
        except (HistoryError, sqlite3.Error, OSError) as error:
            first, self._keep_failed = not self._keep_failed, True
            return (_("could not save the game in progress ({reason}); the game goes on").format(
                reason=error) if first else None)  # said once, not at every turn
        self._keep_failed = False
        return None

    def resume_unfinished(self, kind: str | None = None,
                          seed: int | None = None) -> UnfinishedGame | None:
        """Take the game in progress saved last whose window has ended (however it ended),
        for this window to play on (only one of ``kind`` and ``seed``, if given; else none
        whose deal was chosen, CHOSEN_DEALS); None when there is none or the history cannot
        be read."""
        try:
            db = self._connect()
            with self._transaction(db):
                # (a friend's game is kept unfinished when its server went away, never resumed)
                for row in db.execute("SELECT * FROM unfinished WHERE kind != ? "
                                      "ORDER BY saved_at DESC, id DESC", (FRIEND,)):
                    if (kind, seed) != (None, None) and (row["kind"], row["seed"]) != (kind, seed):
                        continue
                    if (kind, seed) == (None, None) and row["kind"] in CHOSEN_DEALS:
                        continue
                    if self._free(row["owner"]):
                        db.execute("UPDATE unfinished SET owner = ? WHERE id = ?",
                                   (self.owner, row["id"]))
                        return _unfinished(row)
        except (HistoryError, sqlite3.Error, OSError) as error:
            self.notices.append(_("could not read the game in progress ({reason})").format(
                reason=error))
        return None

    def _free(self, owner: str | None) -> bool:
        """True when a game in progress of ``owner`` may be taken by this window."""
        return owner is None or owner == self.owner or not owner_alive(owner)

    def unfinished_of(self, kind: str, seed: int) -> tuple[UnfinishedGame, bool] | None:
        """The game in progress of ``kind`` dealt from ``seed``, if any, and whether this
        window may take it (False: another window plays it now). Raises HistoryError."""
        for row in self._query("SELECT * FROM unfinished WHERE kind = ? AND seed = ? "
                               "ORDER BY saved_at DESC, id DESC", kind, seed):
            return _unfinished(row), self._free(row["owner"])
        return None

    def release_unfinished(self, game: UnfinishedGame) -> None:
        """Leave a game in progress of this window to the next start (it stays unfinished,
        to be played then)."""
        if game.id is not None:
            with contextlib.suppress(HistoryError, sqlite3.Error, OSError):
                db = self._connect()
                with self._transaction(db):
                    db.execute("UPDATE unfinished SET owner = NULL WHERE id = ? AND owner = ?",
                               (game.id, self.owner))

    def drop_unfinished(self, game: UnfinishedGame) -> None:
        """Forget a game in progress that can no longer be played (it is not counted)."""
        if game.id is not None:
            with contextlib.suppress(HistoryError, sqlite3.Error, OSError):
                db = self._connect()
                with self._transaction(db):
                    db.execute("DELETE FROM unfinished WHERE id = ?", (game.id,))

    def unfinished_count(self) -> int:
        return int(self._query("SELECT COUNT(*) FROM unfinished")[0][0])

    # -- reading -----------------------------------------------------------------------------
    def _query(self, sql: str, *params: Any) -> list[sqlite3.Row]:
        try:
            return self._connect().execute(sql, params).fetchall()
        except sqlite3.Error as error:
            raise HistoryError(_("cannot read the game history {path}: {reason}").format(
                path=self.path, reason=error)) from None

    def games(self, kinds: Sequence[str] = (ORDINARY,), last: int | None = None, *,
              moves: bool = True) -> list[GameRecord]:
        """The games of the ``kinds`` given (tcf_gui.history.kinds), oldest first; only the
        last ``last`` if given. Without ``moves`` (for counting), each game's moves are left
        out: ``game(id)`` has them. Raises HistoryError when the history cannot be read."""
        columns = _SELECT.format(moves="moves" if moves else "'[]'")
        where = f"kind IN ({', '.join('?' * len(kinds))})"
        if last is None:
            rows = self._query(f"SELECT {columns} FROM games WHERE {where} ORDER BY id", *kinds)
        else:
            rows = self._query(f"SELECT * FROM (SELECT {columns} FROM games WHERE {where} "
                               "ORDER BY id DESC LIMIT ?) ORDER BY id", *kinds, last)
        return self._records(rows)

    def game(self, game_id: int) -> GameRecord | None:
        rows = self._query(f"SELECT {_SELECT.format(moves='moves')} FROM games WHERE id = ?", game_id)
        records = self._records(rows)
        return records[0] if records else None

    def _records(self, rows: Sequence[Sequence[Any]]) -> list[GameRecord]:
        """The games of ``rows``, less those no game could have left (edited by hand): they
        stay in the file as they are, and a notice says how many were passed over."""
        records, unreadable = [], set()
        for row in rows:
            try:
                records.append(GameRecord.from_row(row))
            except ValueError:
                unreadable.add(row[0])
        if unreadable - self._unreadable:
            self._unreadable |= unreadable
            self.unreadable_notice = ngettext(  # (the path last: a short line cuts it)
                "{n} game in the history cannot be read (edited by hand?): it is not shown, "
                "and left as it is in {path}", "{n} games in the history cannot be read "
                "(edited by hand?): they are not shown, and left as they are in {path}",
                len(self._unreadable)).format(n=len(self._unreadable), path=self.path)
            self.notices.append(self.unreadable_notice)
        return records

    def count(self, kinds: Sequence[str] = (ORDINARY,)) -> int:
        return int(self._query(f"SELECT COUNT(*) FROM games WHERE kind IN "
                               f"({', '.join('?' * len(kinds))})", *kinds)[0][0])

    def kind_counts(self) -> dict[str, int]:
        """How many games of each kind the history holds (kinds with none left out)."""
        return {kind: n for kind, n in self._query("SELECT kind, COUNT(*) FROM games GROUP BY kind")}

    def totals(self) -> tuple[int, int, int]:
        """The person's wins, losses and draws: ordinary games and imported records."""
        rows = self._query("SELECT winner, COUNT(*) FROM games WHERE kind = ? GROUP BY winner",
                           ORDINARY)
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
        """Start the statistics afresh: a dated copy of the whole database beside it
        (``history-YYYYmmdd-HHMMSS.sqlite3``), then every game and import is removed, both
        under one write lock: a game another process commits meanwhile waits, and lands after
        the reset; every game before it is in the copy."""
        db = self._connect()
        copy = dated_path(self.path, "{stem}-{stamp}{suffix}")
        try:
            with self._transaction(db):  # no other process commits from here on
                with contextlib.closing(sqlite3.connect(self.path)) as reader, \
                        contextlib.closing(sqlite3.connect(copy)) as target:
                    reader.backup(target)  # a reader sees every game committed before
                db.execute("DELETE FROM games")
                db.execute("DELETE FROM imported")
        except sqlite3.Error as error:
            raise HistoryError(_("could not reset the history: {reason}").format(
                reason=error)) from None
        return copy

    def close(self) -> str | None:
        """Retry any games the disk refused, leave this window's game in progress to the
        next start, then close; a message if some games are lost."""
        message = self._flush() if self.pending or self._settled else None
        if message:
            message = ngettext("{n} game could not be saved: {reason}",
                               "{n} games could not be saved: {reason}", len(self.pending)).format(
                n=len(self.pending), reason=message)
        if self._db is not None:
            with contextlib.suppress(sqlite3.Error):
                with self._transaction(self._db) as db:
                    db.execute("UPDATE unfinished SET owner = NULL WHERE owner = ?", (self.owner,))
            self._db.close()
            self._db = None
        return message
