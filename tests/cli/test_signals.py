"""Ctrl-C and SIGTERM during a long run: one quiet line (or none), the right exit code, no
worker traceback, and no process of the run left behind."""
from __future__ import annotations

import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

pytestmark = [pytest.mark.skipif(os.name != "posix", reason="process groups and signals"),
              pytest.mark.xdist_group("whole_core")]  # runs of two workers, interrupted on time

LONG = "100000000"
#: CPU seconds a run has spent once it is surely under way (loading takes about 0.4).
GOING_CPU_S = 1.0


def _group(pgid: int) -> list[int]:
    """The processes of process group ``pgid``: their CPU seconds each."""
    cpu = []
    for stat in Path("/proc").glob("[0-9]*/stat"):
        try:
            fields = stat.read_text().rsplit(")", 1)[1].split()
        except OSError:
            continue  # (a process that ended meanwhile)
        if int(fields[2]) == pgid:
            cpu.append((int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK"))
    return cpu


def _wait_until_going(pgid: int, workers: int) -> None:
    """Until the run is under way: its worker processes started, and a second of CPU spent
    by them all (the program loaded and its signal handling in place, whatever the
    machine's load), or at most 20 s."""
    deadline = time.monotonic() + 20
    while time.monotonic() < deadline:
        cpu = _group(pgid)
        if len(cpu) >= 1 + workers and sum(cpu) >= GOING_CPU_S:
            return
        time.sleep(0.05)


def _interrupt(argv: list[str], sig: signal.Signals, to_group: bool) -> tuple[int, str, bool]:
    """Start ``tcf-gui argv`` in a process group of its own, send ``sig`` after it got going
    (to the whole group, as a terminal's Ctrl-C does, or to the main process alone), and
    return its exit code, its stderr and whether any process of the group is left."""
    workers = int(argv[argv.index("--workers") + 1]) if "--workers" in argv else 0
    process = subprocess.Popen(
        [sys.executable, "-m", "tcf_gui", *argv], stdout=subprocess.DEVNULL,
        stderr=subprocess.PIPE, text=True, start_new_session=True,
        preexec_fn=lambda: signal.signal(signal.SIGINT, signal.SIG_DFL),
    )
    try:
        _wait_until_going(process.pid, workers)
        assert process.poll() is None, process.stderr.read() if process.stderr else ""
        if to_group:
            os.killpg(process.pid, sig)
        else:
            process.send_signal(sig)
        _, err = process.communicate(timeout=20)
        deadline = time.monotonic() + 5
        while True:
            try:
                os.killpg(process.pid, 0)
            except ProcessLookupError:
                return process.returncode, err, False
            if time.monotonic() > deadline:
                return process.returncode, err, True
            time.sleep(0.05)
    finally:
        try:
            os.killpg(process.pid, signal.SIGKILL)
        except ProcessLookupError:
            pass


@pytest.mark.parametrize("argv", [
    ["stats", "-n", LONG, "--workers", "2"],
    ["duel", "random", "heuristic", "-n", LONG, "--workers", "2"],
    ["tournament", "-n", LONG, "--engine", "single"],
])
def test_ctrl_c_prints_only_interrupted(argv):
    code, err, left = _interrupt(argv, signal.SIGINT, to_group=True)
    assert (code, err.strip(), left) == (130, "interrupted", False)


def test_sigterm_is_quiet_and_ends_the_workers():
    code, err, left = _interrupt(["stats", "-n", LONG, "--workers", "2"], signal.SIGTERM,
                                 to_group=False)
    assert (code, err, left) == (143, "", False)
