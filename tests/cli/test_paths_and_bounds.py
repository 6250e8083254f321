"""Paths and numbers a person may get wrong: nothing is opened for writing before it is known
to be a regular file (a FIFO would block for ever), every number has a bound that the
message names, and a strategy path that is no file says what it is."""
from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

from tcf_gui.cli import main

ROOT = Path(__file__).resolve().parents[2]
CHOOSE = "def choose(view):\n    return 0\n"


def run(*args: str, timeout: float = 60) -> subprocess.CompletedProcess:
    """``tcf-gui ARGS`` in a new process (bounded in time: a hang fails, never blocks)."""
    return subprocess.run([sys.executable, "-m", "tcf_gui", *args], capture_output=True,
                          text=True, timeout=timeout, cwd=ROOT,
                          env={**os.environ, "PYTHONPATH": str(ROOT)})


def one_line(err: str) -> str:
    assert "Traceback" not in err
    (line,) = err.strip().splitlines()
    return line


def test_history_csv_to_a_fifo_is_refused_at_once(tmp_path):
    fifo = tmp_path / "games.csv"
    os.mkfifo(fifo)
    done = run("history", "--csv", str(fifo), timeout=30)
    assert done.returncode == 1
    assert one_line(done.stderr) == f"tcf-gui history: cannot write {fifo}: it is a FIFO, not a file"


@pytest.mark.parametrize("make, what", [(os.mkfifo, "a FIFO"), (os.mkdir, "a folder")])
def test_a_plot_into_no_file_is_refused_before_playing(tmp_path, capsys, make, what):
    target = tmp_path / "run.png"
    make(target)
    with pytest.raises(SystemExit) as exit_:
        main(["stats", "-n", "10", "--plot", str(target)])
    assert exit_.value.code == 2
    assert f"cannot write {str(target)!r}: it is {what}, not a file" in capsys.readouterr().err


@pytest.mark.parametrize("argv, message", [
    (["stats", "-n", "99999999999999999999999"], "is too large: give at most 1000000000000"),
    (["duel", "random", "lazy", "-n", "1" + "0" * 40], "is too large: give at most 1000000000000"),
    (["stats", "--seed", str(1 << 64)], "seed 18446744073709551616 is too large: give at most "
                                        "18446744073709551615"),
    (["history", "--replay", "999999999999999999999"], "is too large: give at most 9223372036854775807"),
    (["history", "--games", "9" * 300], "(300 characters) is too large"),
    (["--spectate", "--seed", "9" * 300], "seed 9999999999... (300 characters) is too large"),
    (["--spectate", "--games", "99999999999999999999999"], "is too large: give at most 1000000000000"),
])
def test_huge_numbers_have_a_clear_bound(capsys, argv, message):
    with pytest.raises(SystemExit) as exit_:
        main(argv)
    assert exit_.value.code == 2
    err = capsys.readouterr().err
    assert message in err and "Traceback" not in err


def test_the_largest_seed_plays(capsys):
    assert main(["stats", "-n", "20", "--seed", str((1 << 64) - 1), "--engine", "single"]) == 0
    assert f"seed {(1 << 64) - 1}" in capsys.readouterr().out


@pytest.mark.parametrize("kind", ["fifo", "folder", "device", "big"])
def test_a_strategy_path_that_is_no_file_says_what_it_is(tmp_path, capsys, kind):
    path = tmp_path / "x.py"
    if kind == "fifo":
        os.mkfifo(path)
    elif kind == "folder":
        path.mkdir()
    elif kind == "device":
        path.symlink_to("/dev/null")
    else:
        with open(path, "wb") as big:
            big.truncate(17 << 20)
    with pytest.raises(SystemExit):
        main(["stats", "-n", "10", "--p2", str(path)])
    expected = {"fifo": "is a FIFO, not a Python file", "folder": "is a folder, not a Python file",
                "device": "is a device, not a Python file",
                "big": "is 17 MiB; a strategy file may hold 16 MiB at most"}[kind]
    assert f"strategy file {str(path)!r} {expected}" in capsys.readouterr().err


@pytest.mark.parametrize("name", ["a,b.py", "p(1).py"])
def test_a_file_name_with_commas_or_parentheses_is_a_file(tmp_path, capsys, name, monkeypatch):
    monkeypatch.chdir(tmp_path)
    (tmp_path / name).write_text(CHOOSE)
    assert main(["stats", "-n", "10", "--p2", name, "--json"]) == 0
    assert main(["stats", "-n", "10", "--p2", f"{name}:choose", "--json"]) == 0
    assert "unknown strategy" not in capsys.readouterr().err


@pytest.mark.parametrize("function", ["__class__", "__dict__", "__loader__", "os"])
def test_only_a_function_of_the_file_plays(tmp_path, capsys, function):
    path = tmp_path / "mine.py"
    path.write_text("import os\n\n" + CHOOSE)
    with pytest.raises(SystemExit):
        main(["stats", "-n", "10", "--p2", f"{path}:{function}"])
    err = capsys.readouterr().err
    assert f"has no function {function!r}; functions in it: choose" in err
