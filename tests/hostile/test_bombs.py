"""Bombs: a strategy that takes memory or disk until something stops it. Its limits stop it
(1 GiB of address space, 64 MiB per file, a private /tmp of 16 MiB under bubblewrap, no
write at all under Landlock); it then plays as its honest twin and gains nothing, or, if it
lets the error out, the run stops with one line."""
from __future__ import annotations

import re

import pytest

from hostile_helpers import told, wins_as_player_2

from tcf_gui.lab.runner import run_games
from tcf_gui.engine.strategies.registry import StrategyError
from tcf_gui.engine.strategies.sandbox import client
from tcf_gui.engine.strategies.sandbox.confine import FILE_BYTES, MEMORY_BYTES

GAMES = 40


def test_a_memory_bomb_stops_at_the_limit(level, hostile, capfd, monkeypatch):
    monkeypatch.setattr(client, "_limit", 10.0)  # filling 1 GiB takes a while
    spec = f"{hostile('bombs.py', FILE='')}:memory"
    assert wins_as_player_2(spec, 2, GAMES) == wins_as_player_2(str(hostile("honest.py")), 2, GAMES)
    (result,) = told(capfd.readouterr().err, "BOMB")
    held = re.fullmatch(r"memory MemoryError after (\d+) MiB", result)
    assert held and int(held[1]) < MEMORY_BYTES >> 20, result


def test_a_memory_error_let_out_is_one_line(level, hostile):
    spec = f"{hostile('bombs.py', FILE='')}:memory_raise"
    with pytest.raises(StrategyError) as error:
        run_games("random", spec, 100, workers=1)
    assert str(error.value) == f"strategy {spec} raised MemoryError"


def test_a_file_bomb_stops_at_the_limit(level, hostile, tmp_path, capfd, monkeypatch):
    monkeypatch.setattr(client, "_limit", 10.0)  # writing 64 MiB takes a while
    spec = f"{hostile('bombs.py', FILE=tmp_path / 'bomb')}:file_size"
    assert wins_as_player_2(spec, 2, GAMES) == wins_as_player_2(str(hostile("honest.py")), 2, GAMES)
    results = dict(line.split(" ", 1) for line in told(capfd.readouterr().err, "BOMB"))
    for where, result in results.items():
        stopped = re.fullmatch(r"(\w+) after (\d+) MiB: .*", result)
        assert stopped and int(stopped[2]) <= FILE_BYTES >> 20, (where, result)
    if level == "landlock":  # nothing may be written at all
        assert results == {"file": "PermissionError after 0 MiB: Permission denied",
                           "tmp": "PermissionError after 0 MiB: Permission denied"}
    assert not (tmp_path / "bomb").exists()
