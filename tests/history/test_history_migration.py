"""An older history is migrated in place and keeps every game: schema 1 (a game's mode,
'played' or 'spectated') becomes schema 2 (a game's kind, and the games in progress), and
that schema 3 (the skill score: tests/history/test_history_skill.py)."""
from __future__ import annotations

import json
import sqlite3

from tcf_gui.history import KINDS, History, UnfinishedGame
from tcf_gui.history.store import SCHEMA_VERSION

#: The schema as versions before kinds wrote it (schema 1), word for word.
SCHEMA_1 = """
CREATE TABLE IF NOT EXISTS games (
    id         INTEGER PRIMARY KEY,
    ended_at   TEXT    NOT NULL,
    mode       TEXT    NOT NULL CHECK (mode IN ('played', 'spectated')),
    p1         TEXT    NOT NULL,
    p2         TEXT    NOT NULL,
    seed       INTEGER,
    open_hands INTEGER NOT NULL DEFAULT 0,
    moves      TEXT    NOT NULL,
    result     INTEGER CHECK (result BETWEEN 1 AND 7),
    winner     INTEGER NOT NULL CHECK (winner IN (0, 1, 2)),
    turns      INTEGER NOT NULL,
    coach      INTEGER NOT NULL DEFAULT 0,
    quit       INTEGER NOT NULL DEFAULT 0
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
PRAGMA user_version = 1;
"""

#: (mode, p1, p2, seed, open_hands, moves, result, winner, turns, coach, quit) -> kind
ROWS = [
    (("played", "you", "heuristic", 11, 0, [[0, 1], [2, 2]], 2, 1, 2, 0, 0), "ordinary"),
    (("played", "you", "random", 12, 1, [[1, 0]], 5, 2, 1, 1, 0), "open"),
    (("spectated", "random", "heuristic", 13, 0, [[0, 0]], 1, 0, 1, 0, 0), "watched"),
    (("spectated", "lazy", "heuristic", 14, 1, [], 3, 2, 0, 0, 0), "watched"),
    (("played", "you", "expert", None, 0, [[2, 0]], None, 2, 1, 1, 1), "ordinary"),
]


def schema_1_history(path) -> list[tuple]:
    db = sqlite3.connect(path)
    db.executescript(SCHEMA_1)
    rows = []
    for n, (values, _) in enumerate(ROWS, start=1):
        mode, p1, p2, seed, open_hands, moves, result, winner, turns, coach, quit_ = values
        row = (f"2025-0{n}-01T10:00:00+00:00", mode, p1, p2, seed, open_hands,
               json.dumps(moves, separators=(",", ":")), result, winner, turns, coach, quit_)
        db.execute("INSERT INTO games (ended_at, mode, p1, p2, seed, open_hands, moves, result, "
                   "winner, turns, coach, quit) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)", row)
        rows.append(row)
    db.execute("INSERT INTO imported (imported_at, source, wins, losses, draws) "
               "VALUES ('2025-01-01T00:00:00+00:00', 'record.json', 3, 2, 1)")
    db.commit()
    db.close()
    return rows


def test_schema_1_is_migrated_and_keeps_every_game(tmp_path):
    path = tmp_path / "history.sqlite3"
    rows = schema_1_history(path)
    history = History(path)
    games = history.games(tuple(KINDS))
    assert [game.kind for game in games] == [kind for _, kind in ROWS]
    for game, row in zip(games, rows):
        ended_at, _, p1, p2, seed, open_hands, moves, result, winner, turns, coach, quit_ = row
        assert (game.ended_at, game.p1, game.p2, game.seed, game.open_hands,
                [list(m) for m in game.moves], game.result, game.winner, game.turns, game.coach,
                game.quit) == (ended_at, p1, p2, seed, bool(open_hands), json.loads(moves),
                               result, winner, turns, bool(coach), bool(quit_))
    assert [game.id for game in games] == [1, 2, 3, 4, 5]
    assert history.totals() == (3 + 1, 2 + 1, 1)  # ordinary games and the imported record
    assert history.imported()[0].wins == 3
    history.close()
    db = sqlite3.connect(path)
    assert db.execute("PRAGMA user_version").fetchone()[0] == SCHEMA_VERSION == 4
    tables = {name for (name,) in db.execute("SELECT name FROM sqlite_master")}
    assert {"games", "imported", "unfinished", "games_by_kind"} <= tables
    assert "games_v2" not in tables and "games_by_mode" not in tables
    assert db.execute("PRAGMA integrity_check").fetchone()[0] == "ok"
    db.close()


def test_a_migrated_history_takes_new_games_and_games_in_progress(tmp_path):
    path = tmp_path / "history.sqlite3"
    schema_1_history(path)
    history = History(path)
    game = UnfinishedGame("ordinary", "you", "heuristic", 99, ((0, 1),))
    assert history.keep_unfinished(game) is None and game.id is not None
    history.close()
    again = History(path)
    resumed = again.resume_unfinished()
    assert resumed == game and again.count(tuple(KINDS)) == len(ROWS)
    again.close()


def test_a_migration_that_fails_changes_nothing(tmp_path, monkeypatch):
    from tcf_gui.history import store

    path = tmp_path / "history.sqlite3"
    schema_1_history(path)
    broken = (*store._MIGRATIONS[1][:3], "THIS IS NOT SQL")
    monkeypatch.setitem(store._MIGRATIONS, 1, broken)
    history = History(path)
    assert history.add(*[]) is not None  # the history cannot be opened: a message, no raise
    history.close()
    db = sqlite3.connect(path)
    assert db.execute("PRAGMA user_version").fetchone()[0] == 1
    assert db.execute("SELECT COUNT(*) FROM games WHERE mode IS NOT NULL").fetchone()[0] == len(ROWS)
    db.close()
