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
#: CPU seconds each worker has spent before the signal: it is playing games, not starting.
WORKING = 0.1


def _group(pgid: int) -> dict[int, tuple[str, float]]:
    """The processes of group ``pgid``: pid -> (the status file, CPU seconds used)."""
    found = {}
    for stat in Path("/proc").glob("[0-9]*/stat"):
        try:
            fields = stat.read_text().rsplit(")", 1)[1].split()
            status = (stat.parent / "status").read_text()
        except (OSError, IndexError):
            continue  # ended meanwhile
        if int(fields[2]) == pgid:
            ticks = int(fields[11]) + int(fields[12])  # utime + stime
            found[int(stat.parent.name)] = (status, ticks / os.sysconf("SC_CLK_TCK"))
    return found


def _handles(status: str, field: str, sig: signal.Signals) -> bool:
    """Whether the /proc status line ``field`` (SigCgt, SigIgn) holds ``sig``."""
    line = next(line for line in status.splitlines() if line.startswith(field + ":"))
    return bool(int(line.split()[1], 16) >> (sig - 1) & 1)


def _wait_until_going(process: subprocess.Popen, workers: int) -> None:
    """Return once the run got going: the main process is inside the command (its SIGTERM
    handler is set, cli.main) and each of its ``workers`` worker processes ignores Ctrl-C
    (lab.workers.reset_signals) and has spent WORKING seconds of CPU playing; or once the
    run ended (the caller then shows why)."""
    pid = process.pid
    deadline = time.monotonic() + 60
    while time.monotonic() < deadline and process.poll() is None:
        group = _group(pid)
        main = group.pop(pid, None)
        playing = [cpu for status, cpu in group.values()
                   if _handles(status, "SigIgn", signal.SIGINT) and cpu >= WORKING]
        if main and _handles(main[0], "SigCgt", signal.SIGTERM) and len(playing) >= workers:
            return
        time.sleep(0.02)
    if process.poll() is None:
        raise AssertionError(f"the run never got going: {_group(pid)}")


def _interrupt(argv: list[str], sig: signal.Signals, to_group: bool) -> tuple[int, str, bool]:
    """Start ``tcf-gui argv`` in a process group of its own, send ``sig`` after it got going
    (to the whole group, as a terminal's Ctrl-C does, or to the main process alone), and
    return its exit code, its stderr and whether any process of the group is left."""
    process = subprocess.Popen(
        [sys.executable, "-m", "tcf_gui", *argv], stdout=subprocess.DEVNULL,
        stderr=subprocess.PIPE, text=True, start_new_session=True,
        preexec_fn=lambda: signal.signal(signal.SIGINT, signal.SIG_DFL),
    )
    try:
        _wait_until_going(process, int(argv[argv.index("--workers") + 1])
                          if "--workers" in argv else 0)
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
