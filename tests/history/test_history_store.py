"""The game history in SQLite: round trips, two writers at once, a killed writer, damaged
files moved aside, a disk that refuses, the record.json import, the schema version, reset."""
from __future__ import annotations

import os
import random
import signal
import sqlite3
import subprocess
import sys
import time
from pathlib import Path

import pytest
from history_helpers import made_up_games, real_games, write_old_record

from tcf_gui.history import WATCHED, GameRecord, History, HistoryError, history_path
from tcf_gui.history.store import SCHEMA_VERSION

WRITER = """
import sys
from pathlib import Path
sys.path.insert(0, {tests!r})
from history_helpers import made_up_games
from tcf_gui.history import History
history = History(Path(sys.argv[1]))
for i, game in enumerate(made_up_games(int(sys.argv[2]), seed=int(sys.argv[3]))):
    assert history.add(game) is None
    print(i + 1, flush=True)
history.close()
"""
TESTS = str(Path(__file__).resolve().parent.parent)


def writer(path: Path, games: int, seed: int) -> subprocess.Popen:
    return subprocess.Popen([sys.executable, "-c", WRITER.format(tests=TESTS), str(path),
                             str(games), str(seed)], stdout=subprocess.PIPE, text=True)


def test_round_trip_replays_every_game(tmp_path):
    history = History(tmp_path / "h.sqlite3")
    games = real_games(12, seed=5)
    for game in games:
        assert history.add(game) is None
    read = history.games()
    assert [g.id for g in read] == list(range(1, 13))
    for original, stored in zip(games, read):
        assert stored == GameRecord(**{**vars(original), "id": stored.id})
        replayed = stored.replay()
        assert replayed.outcome is not None and replayed.outcome.case == stored.result
        assert replayed.turns == stored.turns
    assert history.notices == []
    history.close()


def test_the_default_place_is_the_data_folder(tmp_path, monkeypatch):
    monkeypatch.setenv("TCF_GUI_DATA_DIR", str(tmp_path))
    assert history_path() == tmp_path / "history.sqlite3"
    monkeypatch.delenv("TCF_GUI_DATA_DIR")
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "xdg"))
    if sys.platform.startswith("linux"):
        assert history_path() == tmp_path / "xdg" / "tcf-gui" / "history.sqlite3"


def test_watched_games_are_kept_apart(tmp_path):
    history = History(tmp_path / "h.sqlite3")
    history.add(*made_up_games(3, seed=1), *made_up_games(2, seed=2, kind=WATCHED))
    assert history.count() == 3 and history.count((WATCHED,)) == 2
    assert all(g.kind == WATCHED for g in history.games((WATCHED,)))
    assert [g.id for g in history.games(last=2)] == [2, 3]
    assert history.kind_counts() == {"ordinary": 3, WATCHED: 2}


def test_a_quit_game_is_a_loss_without_result(tmp_path):
    from tcf_gui.engine.game import Game

    game = Game(3)
    game.deal()
    record = GameRecord.from_game(game, kind="ordinary", p1="you", p2="random")
    assert (record.quit, record.result, record.winner, record.turns) == (True, None, 2, 0)
    history = History(tmp_path / "h.sqlite3")
    history.add(record)
    assert history.games()[0].quit


def test_two_processes_writing_at_once_lose_nothing(tmp_path):
    path = tmp_path / "h.sqlite3"
    History(path).count()  # created once; both writers then race on every game
    procs = [writer(path, 1000, seed) for seed in (1, 2)]
    for proc in procs:
        out, _ = proc.communicate(timeout=240)
        assert proc.returncode == 0 and out.split()[-1] == "1000"
    history = History(path)
    assert history.count() == 2000
    assert history._connect().execute("PRAGMA integrity_check").fetchone()[0] == "ok"


def writing(path: Path, seed: int, at_least: int) -> tuple[subprocess.Popen, int]:
    """A writer of many games, once it has said it wrote ``at_least``; and how many it said."""
    proc = writer(path, 100_000, seed)
    assert proc.stdout is not None
    acknowledged = 0
    while acknowledged < at_least:
        acknowledged = int(proc.stdout.readline())
    return proc, acknowledged


def test_a_writer_killed_mid_write_leaves_a_readable_history(tmp_path):
    path = tmp_path / "h.sqlite3"
    proc, acknowledged = writing(path, 3, 300)
    time.sleep(random.Random(0).uniform(0, 0.05))  # somewhere inside a later transaction
    proc.send_signal(signal.SIGKILL)
    proc.wait(timeout=30)
    history = History(path)
    assert history.count() >= acknowledged
    assert history.notices == []
    assert history._connect().execute("PRAGMA integrity_check").fetchone()[0] == "ok"
    assert history.add(*made_up_games(1)) is None


def _fill(path: Path, n: int = 50) -> None:
    history = History(path)
    history.add(*made_up_games(n))
    history.close()


def _random_bytes(path: Path) -> None:
    path.write_bytes(random.Random(7).randbytes(8192))


def _truncated(path: Path) -> None:
    _fill(path, 3000)
    data = path.read_bytes()
    path.write_bytes(data[: len(data) // 2])


def _folder(path: Path) -> None:
    path.mkdir()
    (path / "something").write_text("kept")


@pytest.mark.parametrize("damage", [_random_bytes, _truncated, _folder])
def test_a_damaged_history_is_moved_aside_and_a_new_one_started(tmp_path, damage):
    path = tmp_path / "h.sqlite3"
    damage(path)
    before = sorted(p.name for p in tmp_path.iterdir())
    history = History(path)
    assert history.add(*made_up_games(2)) is None
    assert history.count() == 2
    assert len(history.notices) == 1 and "damaged" in history.notices[0]
    aside = [p for p in tmp_path.iterdir() if ".damaged-" in p.name and not p.name.endswith(("-wal", "-shm"))]
    assert len(aside) == 1 and aside[0].name in history.notices[0]
    assert len(before) == 1 or damage is not _folder
    if damage is _folder:
        assert (aside[0] / "something").read_text() == "kept"


def test_a_full_disk_gives_a_message_and_the_games_are_written_later(tmp_path):
    history = History(tmp_path / "h.sqlite3")
    db = history._connect()
    pages = db.execute("PRAGMA page_count").fetchone()[0]
    db.execute(f"PRAGMA max_page_count = {pages}")  # SQLite's own "disk full"
    message = history.add(*made_up_games(400, seed=1))
    assert message is not None and "full" in message and "goes on" in message
    assert len(history.pending) == 400 and history.count() == 0
    db.execute("PRAGMA max_page_count = 1000000")
    assert history.add(*made_up_games(1, seed=2)) is None
    assert history.count() == 401 and history.pending == []
    assert any("saving again" in notice for notice in history.notices)


def test_a_folder_that_cannot_be_made_gives_a_message(tmp_path):
    (tmp_path / "file").write_text("x")
    history = History(tmp_path / "file" / "h.sqlite3")
    message = history.add(*made_up_games(1))
    assert message is not None and "could not save" in message
    with pytest.raises(HistoryError):
        history.games()


def test_a_newer_schema_is_left_alone(tmp_path):
    path = tmp_path / "h.sqlite3"
    with sqlite3.connect(path) as db:
        db.execute(f"PRAGMA user_version = {SCHEMA_VERSION + 1}")
    db.close()
    history = History(path)
    assert "newer version" in (history.add(*made_up_games(1)) or "")
    assert [p.name for p in tmp_path.iterdir()] == ["h.sqlite3"]


def test_the_schema_version_is_kept(tmp_path):
    history = History(tmp_path / "h.sqlite3")
    assert history._connect().execute("PRAGMA user_version").fetchone()[0] == SCHEMA_VERSION
    assert history._connect().execute("PRAGMA journal_mode").fetchone()[0] == "wal"


def test_record_json_is_imported_once_and_kept(tmp_path):
    legacy = tmp_path / "config" / "record.json"
    write_old_record(legacy, 5, 3, 1)
    history = History(tmp_path / "h.sqlite3", legacy_record=legacy)
    [totals] = history.imported()
    assert (totals.wins, totals.losses, totals.draws, totals.games) == (5, 3, 1, 9)
    assert not legacy.exists() and (legacy.parent / "record.json.imported").is_file()
    assert any("imported the old record" in news for news in history.news)
    assert history.notices == []
    history.add(*real_games(4, seed=3))
    wins = sum(g.winner == 1 for g in history.games())
    assert history.totals() == (5 + wins, 3 + sum(g.winner == 2 for g in history.games()),
                                1 + sum(g.winner == 0 for g in history.games()))
    history.close()
    again = History(tmp_path / "h.sqlite3", legacy_record=legacy)
    assert len(again.imported()) == 1 and again.news == []


def test_a_damaged_record_json_is_kept_and_imports_nothing(tmp_path):
    legacy = tmp_path / "record.json"
    legacy.write_text("{broken")
    history = History(tmp_path / "h.sqlite3", legacy_record=legacy)
    assert history.imported() == []
    assert any(p.name.startswith("record.json.imported") for p in tmp_path.iterdir())


def test_reset_keeps_a_dated_copy_first(tmp_path):
    path = tmp_path / "h.sqlite3"
    history = History(path)
    history.add(*made_up_games(7))
    copy = history.reset()
    assert history.count() == 0 and copy.parent == tmp_path and copy != path
    assert History(copy).count() == 7
    history.add(*made_up_games(2))
    second = history.reset()  # within the same second: a name of its own, nothing overwritten
    assert second != copy and History(second).count() == 2 and History(copy).count() == 7


def test_moves_edited_by_hand_do_not_break_reading(tmp_path):
    path = tmp_path / "h.sqlite3"
    history = History(path)
    history.add(*made_up_games(2))
    history._connect().execute("UPDATE games SET moves = 'nonsense' WHERE id = 1")
    assert history.games()[0].moves == ()


@pytest.mark.skipif(os.name != "posix", reason="POSIX signals")
def test_sigterm_loses_nothing_written(tmp_path):
    path = tmp_path / "h.sqlite3"
    proc, acknowledged = writing(path, 4, 100)
    proc.terminate()
    proc.wait(timeout=30)
    assert History(path).count() >= acknowledged


def test_a_read_only_history_gives_a_message_and_the_games_are_kept(tmp_path):
    history = History(tmp_path / "h.sqlite3")
    history._connect().execute("PRAGMA query_only = ON")  # SQLite refuses every write
    message = history.add(*made_up_games(2))
    assert message is not None and "readonly" in message.replace("-", "").replace(" ", "")
    assert len(history.pending) == 2
    history._connect().execute("PRAGMA query_only = OFF")
    assert history.close() is None  # written on the way out
    assert History(tmp_path / "h.sqlite3").count() == 2
