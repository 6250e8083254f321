"""Rows edited by hand (SQLite keeps any value in a column without a CHECK): a game no game
could have left is passed over with one notice, the file keeps it as it is, and every
command and screen that reads the history goes on. A game in progress owned by nonsense is
free to take."""
from __future__ import annotations

import json
import sqlite3

import pytest

from history_helpers import real_games

from tcf_gui.cli import main
from tcf_gui.history import History, history_path
from tcf_gui.history.unfinished import owner_alive

#: A column and a value no game of ours writes there.
EDITS = [("ended_at", "2026-13-45T99:99"), ("ended_at", b"2026"), ("p2", b"\x00\xff"),
         ("seed", "x"), ("open_hands", 5), ("moves", b"[]"), ("result", 1.5), ("turns", "x"),
         ("turns", 99), ("coach", "yes"), ("accuracy", "x"), ("accuracy", 101),
         ("given_up", "[]"), ("skill", b"{}")]


def edited(column: str, value: object) -> History:
    """The history of the tests' data folder: three real games, the second edited."""
    history = History(history_path())
    history.add(*real_games(3))
    history.close()
    with sqlite3.connect(history_path()) as db:
        db.execute(f"UPDATE games SET {column} = ? WHERE id = 2", (value,))
    db.close()
    return History(history_path())


@pytest.mark.parametrize("column, value", EDITS)
def test_a_game_edited_beyond_reading_is_passed_over_once(column, value):
    history = edited(column, value)
    assert [game.id for game in history.games()] == [1, 3] and history.game(2) is None
    assert history.unreadable_notice == ("1 game in the history cannot be read (edited by "
                                         f"hand?): it is not shown, and left as it is in {history.path}")
    history.games()
    assert history.notices == [history.unreadable_notice]  # said once
    history.close()
    with sqlite3.connect(history_path()) as db:  # the row is kept as it was
        assert db.execute("SELECT COUNT(*) FROM games").fetchone() == (3,)
    db.close()


@pytest.mark.parametrize("column, value", EDITS[::3])
def test_the_history_commands_read_on_past_an_edited_game(column, value, capsys):
    edited(column, value).close()
    for command in (["history", "--games", "5"], ["history", "--json"], ["history", "--csv", "-"],
                    ["history", "--replay", "2"]):
        code = main(command)
        out, err = capsys.readouterr()
        assert "Traceback" not in err and "cannot be read (edited by hand?)" in err
        assert code == (2 if "--replay" in command else 0)
    assert main(["history", "--json"]) == 0
    assert json.loads(capsys.readouterr().out)["levels"][0]["games"] == 2


@pytest.mark.parametrize("owner", [b"\x00\xff", 1 << 62, "99999999999999999999:x", "-5:x", "", 7])
def test_a_game_in_progress_owned_by_nonsense_is_free(owner):
    assert owner_alive(owner) is False  # type: ignore[arg-type]
