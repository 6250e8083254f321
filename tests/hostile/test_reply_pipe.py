"""Attacks through the sandbox's reply pipe: a pickle that would run code in the engine and
rig the judge, a length header and then nothing, endless "still thinking" messages, random
bytes, an error line too long or that blames another strategy. Each is stopped within the
time limit with one line naming the strategy, and exit status 2 from a command."""
from __future__ import annotations

import time

import pytest

from tcf_gui.cli import main
from tcf_gui.lab.runner import run_games
from tcf_gui.engine.strategies.registry import StrategyError

#: The attack (a function of pipe.py) and what the one line says.
ATTACKS = {
    "pickle_rig": "broke the sandbox's reply format (the byte ",
    "header_only": "broke the sandbox's reply format (the byte ",
    "ticks": "broke the sandbox's reply format (the byte ",
    "garbage": "broke the sandbox's reply format (the byte ",
    "long_error": "broke the sandbox's reply format (an error message of 60000 bytes)",
    "error_header_only": "took longer than the time limit of 0.5 s for one decision",
    "silence": "took longer than the time limit of 0.5 s for one decision",
    "dribble": "took longer than the time limit of 0.5 s for one decision",
}
#: Seconds a stopped run may take beyond the time limit (a sandbox starts, a machine is busy).
SLACK = 10


def stopped(spec: str, **run) -> str:
    """The one line a run of ``spec`` as Player 2 stops with (it must stop, and quickly)."""
    start = time.monotonic()
    with pytest.raises(StrategyError) as error:
        run_games("heuristic", spec, 2000, seed=5, **run)
    assert time.monotonic() - start < 0.5 + SLACK
    message = str(error.value)
    assert "\n" not in message and message.startswith(f"strategy {spec}")
    return message


@pytest.mark.parametrize("attack", sorted(ATTACKS))
def test_a_reply_pipe_attack_is_stopped_in_one_line(level, hostile, tmp_path, attack):
    marker = tmp_path / "engine-ran-sandbox-code"
    spec = f"{hostile('pipe.py', MARKER=marker)}:{attack}"
    assert ATTACKS[attack] in stopped(spec, workers=1)
    assert not marker.exists()


@pytest.mark.parametrize("engine, workers", [("single", None), ("batch", 2)])
@pytest.mark.parametrize("attack", ["pickle_rig", "silence"])
def test_every_engine_stops_it(hostile, tmp_path, attack, engine, workers, monkeypatch):
    from tcf_gui.engine.strategies.sandbox import client

    monkeypatch.setattr(client, "_limit", 0.5)
    marker = tmp_path / "engine-ran-sandbox-code"
    spec = f"{hostile('pipe.py', MARKER=marker)}:{attack}"
    assert ATTACKS[attack] in stopped(spec, engine=engine, workers=workers)
    assert not marker.exists()


def test_an_error_line_names_only_its_own_strategy(level, hostile, tmp_path):
    """A sandbox may not put words in another strategy's mouth, nor escape codes on the
    terminal: its line is shown as its own, cleaned."""
    path = hostile("pipe.py", MARKER=tmp_path / "marker")
    message = stopped(f"{path}:lying_error", workers=1)
    assert message == (f"strategy {path}:lying_error: strategy heuristic returned 7 on turn 1; "
                       "a discard is slot 0, 1 or 2")
    message = stopped(f"{path}:escape_codes", workers=1)
    assert message.startswith(f"strategy {path}:escape_codes: ")
    assert message.isprintable() and "forged second line" in message


def test_the_command_exits_2_with_one_line(level, hostile, tmp_path, capsys):
    path = hostile("pipe.py", MARKER=tmp_path / "marker")
    assert main(["stats", "-n", "500", "--p2", f"{path}:garbage", "--time-limit", "0.5"]) == 2
    level_line, error = capsys.readouterr().err.splitlines()
    assert level_line.startswith(f"tcf-gui stats: strategy files run at the {level} level")
    assert error.startswith(f"tcf-gui stats: error: strategy {path}:garbage broke the sandbox's")


def test_the_pickle_runs_code_where_it_is_unpickled(hostile, tmp_path):
    """The test's own check: the pickle_rig payload is a working exploit (an engine that
    unpickled its replies, as an earlier one did, ran it)."""
    import importlib.util
    import pickle

    marker = tmp_path / "engine-ran-sandbox-code"
    spec = importlib.util.spec_from_file_location("pipe_attack", hostile("pipe.py", MARKER=marker))
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    pickle.loads(pickle.dumps(("slots", module.Rig())))
    assert marker.exists()


def test_a_local_cluster_stops_it_too(hostile, tmp_path, monkeypatch):
    pytest.importorskip("distributed")
    from tcf_gui.engine.strategies.sandbox import client

    monkeypatch.setattr(client, "_limit", 0.5)
    marker = tmp_path / "engine-ran-sandbox-code"
    path = hostile("pipe.py", MARKER=marker)
    with pytest.raises(StrategyError) as error:
        run_games("heuristic", f"{path}:pickle_rig", 5000, seed=5, scheduler="local:1")
    assert str(error.value).startswith(f"strategy {path}:pickle_rig broke the sandbox's reply")
    assert not marker.exists()
