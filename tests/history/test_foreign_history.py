"""A valid SQLite file that is not this version's history (another program's database, a
table edited by hand) is moved aside like a damaged one, and a new history is started: no
game is refused at every start. The expected tables are read from the store's own schema."""
from __future__ import annotations

import sqlite3

import pytest

from history_helpers import real_games

from tcf_gui.history import History, store


def foreign(path, statements, version: int) -> None:
    with sqlite3.connect(path) as db:
        for statement in statements:
            db.execute(statement)
        db.execute(f"PRAGMA user_version = {version}")
    db.close()


@pytest.mark.parametrize("statements, version", [
    (["CREATE TABLE games (id INTEGER PRIMARY KEY, title TEXT, score REAL)"], 0),
    (["CREATE TABLE games (id INTEGER PRIMARY KEY, title TEXT)"], 1),
    (["CREATE TABLE games (id INTEGER PRIMARY KEY, title TEXT)", "CREATE TABLE unfinished (x)",
      "CREATE TABLE imported (y)"], store.SCHEMA_VERSION),
])
def test_a_foreign_schema_is_moved_aside(tmp_path, statements, version):
    path = tmp_path / "history.sqlite3"
    foreign(path, statements, version)
    history = History(path)
    assert history.add(*real_games(3)) is None
    assert len(history.games()) == 3
    (notice,) = history.notices
    assert "is not tcf-gui's" in notice or "does not migrate" in notice
    history.close()
    (aside,) = tmp_path.glob("history.sqlite3.damaged-*")
    with sqlite3.connect(aside) as kept:  # the foreign file is kept as it was
        assert kept.execute("SELECT name FROM sqlite_master WHERE name = 'games'").fetchone()
    kept.close()


def test_a_column_edited_by_hand_is_foreign_too(tmp_path):
    path = tmp_path / "history.sqlite3"
    history = History(path)
    history.add(*real_games(2))
    history.close()
    with sqlite3.connect(path) as db:
        db.execute("ALTER TABLE games ADD COLUMN extra TEXT")
    db.close()
    history = History(path)
    assert len(history.games()) == 0 and history.notices
    history.close()


def test_the_expected_tables_come_from_the_schema_itself():
    tables = store._expected_tables()
    assert {"games", "imported", "unfinished"} <= set(tables)
    assert [column[0] for column in tables["games"]][:3] == ["id", "ended_at", "kind"]


def test_our_own_history_is_never_foreign(tmp_path):
    path = tmp_path / "history.sqlite3"
    for _ in range(3):
        history = History(path)
        history.add(*real_games(2))
        history.close()
    history = History(path)
    assert len(history.games()) == 6 and not history.notices
    history.close()
