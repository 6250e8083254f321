"""What a newcomer tripped over: a tool's --help naming a module that does not exist, the test
run's random-order seed hidden by -q, no licence file."""
from __future__ import annotations

import os
import re
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]


def test_make_assets_help_names_a_command_that_runs():
    done = subprocess.run([sys.executable, "tools/make_assets.py", "--help"], cwd=ROOT,
                          capture_output=True, text=True, timeout=60, check=True)
    usage = re.match(r"usage: (python \S+)", done.stdout)
    assert usage and usage.group(1) == "python tools/make_assets.py"
    assert (ROOT / usage.group(1).split()[1]).is_file()


#: A quiet run in two worker processes, as README's test command runs (-n auto).
QUIET_RUN = [sys.executable, "-m", "pytest", "-q", "-n", "2", "-p", "no:cacheprovider",
             "tests/history/test_record.py"]


def test_a_quiet_test_run_prints_its_random_order_seed():
    done = subprocess.run(
        QUIET_RUN,
        cwd=ROOT, capture_output=True, text=True, timeout=120,
        env=os.environ | {"PYTHONPATH": str(ROOT)})
    assert done.returncode == 0, done.stdout[-2000:]
    seeds = re.findall(r"--randomly-seed=(\d+) repeats it", done.stdout)
    assert len(seeds) == 1
    # The seed given is the one printed: in one process, the workers' path was shown above
    # (starting two more workers costs seconds and checks nothing more of the line).
    again = subprocess.run(
        [*QUIET_RUN[:4], *QUIET_RUN[6:], f"--randomly-seed={seeds[0]}"],
        cwd=ROOT, capture_output=True, text=True, timeout=120,
        env=os.environ | {"PYTHONPATH": str(ROOT)})
    assert f"--randomly-seed={seeds[0]} repeats it" in again.stdout


def test_the_licence_is_mit_as_pyproject_says():
    text = (ROOT / "LICENSE").read_text()
    assert text.startswith("MIT License") and 'license = "MIT"' in (ROOT / "pyproject.toml").read_text()
