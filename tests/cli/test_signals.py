"""Ctrl-C and SIGTERM during a long run: one quiet line (or none), the right exit code, no
worker traceback, and no process of the run left behind."""
from __future__ import annotations

import os
import signal
import subprocess
import sys
import time

import pytest

pytestmark = [pytest.mark.skipif(os.name != "posix", reason="process groups and signals"),
              pytest.mark.xdist_group("whole_core")]  # runs of two workers, interrupted on time

LONG = "100000000"


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
        time.sleep(2.5)
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
