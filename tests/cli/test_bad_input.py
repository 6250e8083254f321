"""Inputs and surroundings that once gave a traceback or were silently misread: each gives a
clear one-line message and an exit code now."""
from __future__ import annotations

import os
import subprocess
import sys

import pytest

from tcf_gui import cli


def tcf(*argv: str, **options) -> subprocess.CompletedProcess:
    env = {**os.environ, **options.pop("env", {})}
    return subprocess.run([sys.executable, "-m", "tcf_gui", *argv], capture_output=True,
                          text=True, timeout=120, env=env, **options)


def shell(command: str, **env: str) -> subprocess.CompletedProcess:
    """``command`` in sh with ``$TCF`` running tcf-gui (for redirections such as >&-)."""
    return subprocess.run(["sh", "-c", command], capture_output=True, text=True, timeout=120,
                          env={**os.environ, "TCF": f"{sys.executable} -m tcf_gui", **env})


def one_line(text: str) -> str:
    assert "Traceback" not in text
    lines = text.strip().splitlines()
    assert len(lines) == 1, text
    return lines[0]


@pytest.mark.skipif(os.name != "posix", reason="shell redirections")
@pytest.mark.parametrize("command, message", [
    ("$TCF stats -n 10 >&-", "tcf-gui stats: error: cannot write the output: standard output is closed"),
    ("$TCF stats -n 10 > /dev/full", "tcf-gui stats: error: cannot write the output: No space left on device"),
    ("$TCF demo > /dev/full", "tcf-gui demo: error: cannot write the output: No space left on device"),
    ("$TCF play --text --seed 1 <&-", "tcf-gui play: error: standard input is closed; play --text "
                                      "reads your moves from it"),
])
def test_closed_and_full_streams(command, message):
    if "/dev/full" in command and not os.path.exists("/dev/full"):
        pytest.skip("no /dev/full here")
    result = shell(command)
    assert result.returncode in (1, 2)
    assert one_line(result.stderr) == message


def test_an_ascii_terminal_gets_the_demo_without_the_em_dash():
    result = tcf("demo", env={"PYTHONIOENCODING": "ascii:strict"})
    assert result.returncode == 0 and result.stderr == ""
    full = tcf("demo", env={"PYTHONIOENCODING": "utf-8"}).stdout
    assert "\u2014" in full
    assert result.stdout == "".join(c if ord(c) < 128 else "?" for c in full)


@pytest.mark.parametrize("argv, message", [
    (["--spectate", "--seed", "5", "stats", "-n", "10"],
     "tcf-gui: error: --spectate, --seed are flags of the game window and cannot go with the "
     "command stats; a command's own options come after it (tcf-gui stats --help)"),
    (["stats", "--watch", "1000", "-n", "5"],
     "tcf-gui stats: error: --watch 1000 asks to trace more games than the run plays (-n 5)"),
    (["stats", "-n", "5", "--plot", "a" * 300 + ".png"],
     f"tcf-gui stats: error: argument --plot: cannot write '{'a' * 300}.png': File name too long"),
    (["stats", "--p1", "majority:" + "(" * 3000 + "random" + ")" * 3000 + ",lazy"],
     "tcf-gui stats: error: argument --p1: strategy spec nests parentheses 3000 deep; at most 32 "
     "levels are allowed"),
])
def test_refused_in_one_line(argv, message, capsys):
    with pytest.raises(SystemExit) as stop:
        cli.main(argv)
    assert stop.value.code == 2
    assert one_line(capsys.readouterr().err.splitlines()[-1]) == message


def test_too_many_workers_are_capped_with_a_message(capsys, monkeypatch):
    monkeypatch.setattr(os, "cpu_count", lambda: 2)
    assert cli.main(["stats", "-n", "10", "--workers", "1000", "--json"]) == 0
    assert capsys.readouterr().err == ("tcf-gui stats: using 4 worker processes, not 1000 "
                                       "(2 per core is the most that helps)\n")


@pytest.mark.parametrize("source, reason", [
    ("raise KeyboardInterrupt\n", "KeyboardInterrupt (line 1)"),
    ("raise BaseException('odd')\n", "BaseException: odd (line 1)"),
])
def test_a_strategy_file_that_raises_anything_at_import(tmp_path, capsys, source, reason):
    path = tmp_path / "mine.py"
    path.write_text(source)
    with pytest.raises(SystemExit) as stop:
        cli.main(["stats", "--p1", str(path)])
    assert stop.value.code == 2
    assert capsys.readouterr().err.splitlines()[-1] == (
        f"tcf-gui stats: error: argument --p1: strategy file '{path}' does not import: {reason}")
