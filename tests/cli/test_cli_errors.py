"""Bad arguments: argparse's one-line error, exit code 2, never a traceback."""
from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

from tcf_gui.cli import main

REPO = Path(__file__).resolve().parents[2]

BAD_ARGUMENTS = [
    (["stats", "-n", "0"], "not positive"),
    (["stats", "-n", "many"], "not a whole number"),
    (["stats", "--p1", "nosuch"], "unknown strategy 'nosuch'"),
    (["stats", "--p2", "heuristic:pair=maybe"], "takes on or off"),
    (["stats", "--seed", "-1"], "negative"),
    (["stats", "--frobnicate"], "unrecognized arguments"),
    (["demo", "nosuch"], "no demonstration 'nosuch'"),
    (["demo", "flush-p", "nosuch"], "no demonstration 'nosuch'"),
    (["demo", "--seed", "x"], "not a whole number"),
    (["demo", "--seed", "-3"], "negative"),
    (["play", "--text", "--seed", "x"], "not a whole number"),
    (["play", "--text", "--seed", "-1"], "negative"),
    (["play", "--text", "--p2", "lazy"], "unrecognized arguments"),
    (["nosuchcommand"], "no command 'nosuchcommand'"),
]


@pytest.mark.parametrize("argv, message", BAD_ARGUMENTS, ids=lambda v: " ".join(v) if isinstance(v, list) else None)
def test_bad_arguments_exit_2_with_a_message(capsys, argv, message):
    with pytest.raises(SystemExit) as exit_info:
        main(argv)
    assert exit_info.value.code == 2
    captured = capsys.readouterr()
    assert message in captured.err
    assert "error:" in captured.err and "Traceback" not in captured.err
    assert captured.out == ""


def test_a_bad_argument_in_a_real_process_prints_no_traceback():
    result = subprocess.run([sys.executable, "-m", "tcf_gui", "demo", "--seed", "x"], cwd=REPO,
                            capture_output=True, text=True, timeout=60)
    assert result.returncode == 2
    assert result.stderr.splitlines()[-1] == \
        "tcf-gui demo: error: argument --seed: seed 'x' is not a whole number"
    assert "Traceback" not in result.stderr and result.stdout == ""


def test_a_closed_pipe_ends_quietly():
    """`tcf-gui stats --watch 300 ... | head -1`: no traceback when the reader goes away.

    The trace is far longer than a pipe's buffer, so the writer must meet the closed pipe."""
    import subprocess
    import sys

    command = [sys.executable, "-m", "tcf_gui", "stats", "-n", "300", "--engine", "single",
               "--watch", "300"]
    process = subprocess.Popen(command, stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    assert process.stdout.readline()
    process.stdout.close()
    _, err = process.communicate(timeout=60)
    assert b"Traceback" not in err
    assert process.returncode == 141


@pytest.mark.parametrize("argv, first, guess", [
    (["stat"], "tcf-gui: error: no command 'stat'", "Did you mean stats?"),
    (["stats", "--sed", "5"], "tcf-gui stats: error: unrecognized arguments: --sed 5",
     "Did you mean --seed?"),
    (["--sed", "5"], "tcf-gui: error: unrecognized arguments: --sed", "Did you mean --seed?"),
    (["histroy"], "tcf-gui: error: no command 'histroy'", "Did you mean history?"),
])
def test_a_mistyped_command_or_option_is_named_in_at_most_three_lines(capsys, argv, first, guess):
    with pytest.raises(SystemExit) as exit_info:
        main(argv)
    captured = capsys.readouterr()
    lines = captured.err.splitlines()
    assert exit_info.value.code == 2 and captured.out == ""
    assert lines[:2] == [first, guess] and len(lines) == 3 and "--help" in lines[2]


@pytest.mark.parametrize("argv", [["xyzzy"], ["play", "--text", "--p2", "lazy"]])
def test_no_guess_is_made_when_nothing_is_alike(capsys, argv):
    """--p2 is compared as 'p2': it is not offered --open because both start with dashes."""
    with pytest.raises(SystemExit):
        main(argv)
    lines = capsys.readouterr().err.splitlines()
    assert len(lines) == 2 and "Did you mean" not in lines[1] and "--help" in lines[1]
