"""Many processes on one history at once: first starts that make the database together, and a
reset while others write. Every game is counted: none may be lost, and no live history may be
taken for a foreign one and moved aside."""
from __future__ import annotations

import sqlite3
import subprocess
import sys
import time
from pathlib import Path

from tcf_gui.history import History

TESTS = str(Path(__file__).resolve().parent.parent)
#: Processes that start at once, fresh histories each of them starts on, games each writes.
STARTERS, ROUNDS, GAMES = 6, 8, 3

STARTER = """
import sys, time
from pathlib import Path
sys.path.insert(0, {tests!r})
from history_helpers import made_up_games
from tcf_gui.history import History
folder, me = Path(sys.argv[1]), int(sys.argv[2])
for round in range({rounds}):
    (folder / f"ready-{{round}}-{{me}}").touch()
    while not (folder / f"go-{{round}}").exists():
        time.sleep(0.001)
    history = History(folder / f"h{{round}}.sqlite3")
    for game in made_up_games({games}, seed=me):
        assert history.add(game) is None, history.notices
    assert history.notices == [], history.notices
    assert history.close() is None
print("done", flush=True)
"""


def _wait_for(paths: list[Path], procs: list[subprocess.Popen], deadline: float) -> None:
    while not all(path.exists() for path in paths):
        assert time.monotonic() < deadline, "the processes did not get ready"
        for proc in procs:
            assert proc.poll() is None, proc.communicate()[1][-2000:]
        time.sleep(0.002)


def test_processes_starting_a_new_history_at_once_lose_no_game(tmp_path):
    code = STARTER.format(tests=TESTS, rounds=ROUNDS, games=GAMES)
    procs = [subprocess.Popen([sys.executable, "-c", code, str(tmp_path), str(me)],
                              stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
             for me in range(STARTERS)]
    try:
        deadline = time.monotonic() + 120
        for round in range(ROUNDS):
            _wait_for([tmp_path / f"ready-{round}-{me}" for me in range(STARTERS)], procs,
                      deadline)
            (tmp_path / f"go-{round}").touch()  # all of them open the new history now
        for proc in procs:
            out, err = proc.communicate(timeout=120)
            assert proc.returncode == 0 and out.strip() == "done", err[-2000:]
    finally:
        for proc in procs:
            proc.kill()
            proc.wait()
    assert not list(tmp_path.glob("*damaged*"))
    for round in range(ROUNDS):
        history = History(tmp_path / f"h{round}.sqlite3")
        assert history.count() == STARTERS * GAMES, round
        history.close()


WRITER = """
import sys
from pathlib import Path
sys.path.insert(0, {tests!r})
from history_helpers import made_up_games
from tcf_gui.history import History
history = History(Path(sys.argv[1]))
for game in made_up_games(int(sys.argv[2]), seed=int(sys.argv[3])):
    assert history.add(game) is None
history.close()
print("done", flush=True)
"""


def _games_in(path: Path) -> int:
    with sqlite3.connect(path) as db:
        return int(db.execute("SELECT COUNT(*) FROM games").fetchone()[0])


def test_a_reset_while_others_write_keeps_every_game_in_the_copy_or_the_history(tmp_path):
    path = tmp_path / "history.sqlite3"
    History(path).close()  # made before: this test is about the reset
    writers, games = 3, 400
    code = WRITER.format(tests=TESTS)
    procs = [subprocess.Popen([sys.executable, "-c", code, str(path), str(games), str(seed)],
                              stdout=subprocess.PIPE, text=True) for seed in range(writers)]
    copies = []
    try:
        history = History(path)
        while len(copies) < 5 and any(proc.poll() is None for proc in procs):
            if history.count():
                copies.append(history.reset())
        history.close()
        for proc in procs:
            out, _ = proc.communicate(timeout=120)
            assert proc.returncode == 0 and out.strip() == "done"
    finally:
        for proc in procs:
            proc.kill()
            proc.wait()
    assert copies, "no reset happened while the writers wrote"
    assert _games_in(path) + sum(map(_games_in, copies)) == writers * games
