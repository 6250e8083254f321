"""Attacks on other processes: killing or stopping the other strategy's sandbox, a fork
bomb, a daemon, a thread that never ends. Each is refused; the attacker then plays as its
honest twin and gains nothing, the other strategy plays on unharmed, and nothing is left
behind, not even when the run itself is killed with SIGKILL. A sandbox killed from outside
is reported as such, without blaming its strategy."""
from __future__ import annotations

import os
import random
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from hostile_helpers import alive, descendants, told, wins_as_player_2

from tcf_gui.engine.game import Game
from tcf_gui.engine.match import Match
from tcf_gui.engine.strategies.registry import StrategyError, make_strategy
from tcf_gui.engine.strategies.sandbox import stop_all

ROOT = Path(__file__).resolve().parents[2]
GAMES = 60


def sandbox_pids(strategy) -> list[int]:
    """The processes of a sandboxed strategy (bwrap's and the interpreter's)."""
    pid = strategy._process.process.pid
    return [pid, *descendants(pid)]


@pytest.mark.parametrize("attack", ["kill", "stop"])
def test_a_sandbox_cannot_signal_the_other(filtered, hostile, capfd, attack):
    other = make_strategy(str(hostile("honest.py")), random.Random(1))
    pids = sandbox_pids(other)
    attacker = make_strategy(f"{hostile('neighbour.py', NEIGHBOURS=', '.join(map(str, pids)))}:{attack}",
                             random.Random(2))
    match = Match(other, attacker, 11)
    results = [match.play_next().outcome.case.winner for _ in range(GAMES)]  # no failure
    twin = Match(other, make_strategy(str(hostile("honest.py")), random.Random(2)), 11)
    assert results == [twin.play_next().outcome.case.winner for _ in range(GAMES)]
    assert all(alive(pid) for pid in pids)
    (result,) = told(capfd.readouterr().err, "NEIGHBOUR")
    assert result.startswith(f"{attack} ")
    assert "sent" not in result  # refused (PermissionError), or no such process in its view


@pytest.mark.parametrize("attack, refused", [
    ("fork_bomb", "fork_bomb refused PermissionError"),
    ("daemon", "daemon refused PermissionError"),
    ("thread", "thread refused RuntimeError: can't start new thread"),
])
def test_no_new_process_or_thread(filtered, hostile, capfd, attack, refused):
    spec = f"{hostile('neighbour.py', NEIGHBOURS='')}:{attack}"
    assert wins_as_player_2(spec, 3, GAMES) == wins_as_player_2(str(hostile("honest.py")), 3, GAMES)
    (result,) = told(capfd.readouterr().err, "NEIGHBOUR")
    assert result.startswith(refused)


def test_a_sandbox_killed_from_outside_is_not_blamed(filtered, hostile):
    spec = str(hostile("honest.py"))
    strategy = make_strategy(spec, random.Random(1))
    game = Game(4)
    game.deal()
    assert strategy(game.view(2)) in (0, 1, 2)
    os.kill(sandbox_pids(strategy)[-1], signal.SIGKILL)  # the interpreter itself
    with pytest.raises(StrategyError) as error:
        strategy(game.view(2))
    assert str(error.value) == (f"the sandbox of strategy {spec} was killed from outside "
                                "(SIGKILL); the strategy is not to blame")


def test_a_strategy_that_kills_itself_cannot_say_it_was_killed(filtered, hostile):
    spec = f"{hostile('neighbour.py', NEIGHBOURS='')}:kill_self"
    with pytest.raises(StrategyError) as error:
        Match("heuristic", spec, 1).play_next()
    assert str(error.value).startswith(f"strategy {spec} raised PermissionError")


@pytest.mark.parametrize("workers", ["1", "2"])
def test_a_killed_run_leaves_no_process_behind(level, hostile, workers):
    spec = f"{hostile('neighbour.py', NEIGHBOURS='')}:thread"
    run = subprocess.Popen(
        [sys.executable, "-m", "tcf_gui", "stats", "-n", "1000000000", "--p2", spec,
         "--workers", workers], cwd=ROOT, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE,
        env={**os.environ, "PYTHONPATH": str(ROOT), "TCF_GUI_SANDBOX": level})
    try:
        for line in run.stderr:  # the sandbox tells when it has tried its thread
            if b"] NEIGHBOUR thread" in line:
                break
        left = descendants(run.pid)
        assert left, "the run has no sandbox"
        os.kill(run.pid, signal.SIGKILL)
        run.wait()
        deadline = time.monotonic() + 5
        while any(map(alive, left)) and time.monotonic() < deadline:
            time.sleep(0.05)
        assert not [pid for pid in left if alive(pid)]
    finally:
        run.kill()
        run.wait()
        run.stderr.close()
        stop_all()
