"""A user's strategy file plays in a sandbox process that holds nothing of the game: a
strategy that searches the stack, the garbage collector and every module finds no deck,
no other player's View, no generator and no seed, on every engine path. And every way such
a strategy can fail ends the run with one line, quickly, never a hang."""
from __future__ import annotations

import json
import re
import time

import pytest

from tcf_gui.cli import main
from tcf_gui.engine.match import Match
from tcf_gui.engine.strategies.registry import StrategyError
from tcf_gui.lab.runner import run_games
from tcf_gui.engine.strategies import registry
from tcf_gui.engine.strategies.sandbox import client as sandbox
from tcf_gui.engine.strategies.sandbox import levels

CHEATER = r'''
import gc, inspect, json, os, sys

SUSPECTS = {"Game", "Match", "ShuffledDecks", "GivenDecks", "Generator", "SeedSequence",
            "PCG64", "BitGenerator", "RunResult", "ChunkTask"}
looks = 0


def suspicious(value, player):
    kind = type(value).__name__
    if kind in SUSPECTS:
        return kind
    if kind == "generator" and value.gi_code.co_name == "game_seeds":
        return "the run's game_seeds"
    if kind == "View" and (value.player != player or value.opponent_hand is not None):
        return "another player's View"
    if kind == "BatchView" and (value.player != player or value.opponent_hands is not None):
        return "another player's BatchView"
    return None


def search(view):
    found = set()

    def check(where, values):
        for value in values:
            try:
                name = suspicious(value, view.player)
            except Exception:
                continue
            if name:
                found.add(f"{where}: {name}")

    frame = sys._getframe()
    while frame is not None:
        check("stack", list(frame.f_locals.values()) + list(frame.f_globals.values()))
        frame = frame.f_back
    for info in inspect.stack():
        check("inspect.stack", list(info.frame.f_locals.values()))
    check("gc", gc.get_objects())
    for module in list(sys.modules.values()):
        check("module globals", list(getattr(module, "__dict__", {}).values()))
    if len(sys.argv) > 1 or "seed" in os.path.basename(sys.argv[0]):  # (a folder may say seed)
        found.add(f"argv: {sys.argv}")
    return found


def choose(view):
    global looks
    if looks < 6:  # a thorough look is slow; a few decisions on each path are enough
        looks += 1
        print("FOUND", json.dumps(sorted(search(view))), file=sys.stderr, flush=True)
    return 0
'''


@pytest.fixture
def cheater(tmp_path):
    path = tmp_path / "cheater.py"
    path.write_text(CHEATER)
    return path


def findings(capfd) -> set[str]:
    """What the cheater found (it says so on stderr, the one channel out of its sandbox)."""
    shown = (re.fullmatch(r"(?:\[[^\]]*\] )?FOUND (.*)", line)  # marked, from a sandbox
             for line in capfd.readouterr().err.splitlines())
    lines = [match[1] for match in shown if match]
    assert lines, "the strategy never looked"
    return {item for line in lines for item in json.loads(line)}


def test_the_search_does_find_the_game_when_a_strategy_runs_in_process(cheater, monkeypatch,
                                                                       capfd):
    """The test's own check: played in this process (as before the sandbox), it finds the
    Game with the deck and the run's seed stream."""
    monkeypatch.setattr(registry, "_files_here", True)
    Match(str(cheater), "heuristic", 3).play_next()
    found = findings(capfd)
    assert "stack: Game" in found and "gc: the run's game_seeds" in found


@pytest.mark.parametrize("path", ["one-game engine", "batch engine", "batch engine, 2 workers",
                                  "match (spectator and window)", "duel", "tournament"])
@pytest.mark.xdist_group("whole_core")  # a pool of two
def test_the_sandbox_holds_nothing_of_the_game(cheater, path, capfd):
    spec = str(cheater)
    if path == "one-game engine":
        run_games(spec, "heuristic", 20, seed=4, engine="single")
    elif path == "batch engine":
        run_games("heuristic", spec, 50, seed=4, workers=1)
    elif path == "batch engine, 2 workers":
        run_games(spec, "random", 20_000, seed=4, workers=2)
    elif path == "match (spectator and window)":
        match = Match("random", spec, 4)
        for _ in range(3):
            match.play_next()
    elif path == "duel":
        assert main(["duel", spec, "heuristic", "-n", "30", "--engine", "single"]) == 0
    else:
        assert main(["tournament", spec, "random", "lazy", "-n", "30", "--workers", "1"]) == 0
    assert findings(capfd) == set()


MISBEHAVING = '''
import ctypes, os, time

def slow(view):
    time.sleep(60)

def leave(view):
    os._exit(3)

def crash(view):
    ctypes.string_at(0)  # reads address 0: SIGSEGV

def interrupt(view):
    raise KeyboardInterrupt

def base(view):
    raise BaseException("odd")

def generator_exit(view):
    raise GeneratorExit

class Index:
    def __index__(self):
        raise RuntimeError("no index")

def index(view):
    return Index()

def yes(view):
    return True
'''

REASONS = {
    "slow": "took longer than the time limit of 1 s",
    "leave": "ended its own process (exit code 3)",
    "crash": "ended its own process (killed by SIGSEGV)",
    "interrupt": "raised KeyboardInterrupt",
    "base": "raised BaseException: odd",
    "generator_exit": "raised GeneratorExit",
    "index": "returned <",
    "yes": "returned True",
}


@pytest.fixture
def misbehaving(tmp_path, monkeypatch):
    path = tmp_path / "misbehaving.py"
    path.write_text(MISBEHAVING)
    monkeypatch.setattr(sandbox, "_limit", 1.0)
    return path


@pytest.mark.parametrize("engine, workers", [("single", None), ("batch", 1), ("batch", 2)])
@pytest.mark.parametrize("function", sorted(REASONS))
@pytest.mark.xdist_group("whole_core")  # a pool of two, timed
def test_a_misbehaving_strategy_ends_the_run_in_one_line(misbehaving, function, engine, workers):
    spec = f"{misbehaving}:{function}"
    start = time.monotonic()
    with pytest.raises(StrategyError) as error:
        run_games("random", spec, 10_000, seed=1, engine=engine, workers=workers)
    message = str(error.value)
    assert message.startswith(f"strategy {spec}") and "\n" not in message
    assert REASONS[function] in message
    assert time.monotonic() - start < 15


def test_the_time_limit_flag(misbehaving, capsys, monkeypatch):
    monkeypatch.setattr(sandbox, "_limit", sandbox.DEFAULT_DECISION_SECONDS)
    code = main(["stats", "-n", "10", "--p2", f"{misbehaving}:slow", "--time-limit", "0.3"])
    assert code == 2
    level, error = capsys.readouterr().err.splitlines()  # the isolation level, then the error
    assert level.startswith("tcf-gui stats: strategy files run at the ")
    assert error == (f"tcf-gui stats: error: strategy {misbehaving}:slow took longer than the "
                     "time limit of 0.3 s for one decision")


def test_a_strategy_that_prints_does_not_spoil_the_answers(tmp_path, capfd):
    path = tmp_path / "chatty.py"
    path.write_text("def choose(view):\n    print('thinking', view.turn)\n    return 1\n")
    assert main(["stats", "-n", "5", "--p1", str(path), "--json", "--workers", "1"]) == 0
    out, err = capfd.readouterr()
    assert json.loads(out)["games"] == 5
    assert f"[{path}] thinking 1" in err.splitlines()  # marked with the strategy's name


def test_idle_sandboxes_are_few(tmp_path):
    from tcf_gui.engine.strategies.registry import make_strategy

    started = []
    for number in range(sandbox.MOST_IDLE + 3):
        path = tmp_path / f"mine{number}.py"
        path.write_text("def choose(view):\n    return 0\n")
        strategy = make_strategy(str(path))
        started.append(strategy._process)
        del strategy  # its process goes back to the idle pool
    idle = [process for processes in sandbox._IDLE.values() for process in processes]
    assert len(idle) <= sandbox.MOST_IDLE
    ended = [process for process in started if process not in idle]
    assert len(ended) >= 3 and all(process.process.poll() is not None for process in ended)


@pytest.fixture
def fresh_probe():
    """bubblewrap's check, made again for the test and once more after it."""
    levels.bubblewrap_problem.cache_clear()
    yield
    levels.bubblewrap_problem.cache_clear()


def test_the_strongest_level_does_not_depend_on_the_folder_it_starts_from(tmp_path, monkeypatch,
                                                                          fresh_probe):
    """A run started in a folder the sandbox does not show (under /tmp, which it replaces
    with its own), or in one deleted since, still gets bubblewrap: it used to fall back to
    a weaker level there. The file is found from a relative path as before."""
    monkeypatch.chdir("/")
    if levels.bubblewrap_problem() is not None:
        pytest.skip(f"bubblewrap is not available here: {levels.bubblewrap_problem()}")
    folder = tmp_path / "games"
    folder.mkdir()
    (folder / "mine.py").write_text("def choose(view):\n    return 0\n")
    monkeypatch.chdir(folder)
    levels.bubblewrap_problem.cache_clear()
    assert levels.bubblewrap_problem() is None
    assert run_games("mine.py:choose", "random", 20, seed=1).counters.games == 20
    gone = tmp_path / "gone"
    gone.mkdir()
    monkeypatch.chdir(gone)
    gone.rmdir()
    levels.bubblewrap_problem.cache_clear()
    assert levels.working_folder() == "/" and levels.bubblewrap_problem() is None
