"""Start-up: ``tcf-gui --help`` loads no command, no engine and nothing heavy; the commands
load numpy (and the batch engine), Dask, SQLite and pygame only when a run needs them; and
OpenBLAS is held to one thread unless the user says otherwise. (Module imports, checked in a
new interpreter: the speed itself is measured in benchmarks/bench_engine.py.)"""
from __future__ import annotations

import os
import subprocess
import sys

import pytest

PROBE = (
    "import os, sys; import tcf_gui.cli; "
    "print(sorted(m for m in ('numpy', 'multiprocessing', 'distributed', 'tcf_gui.lab.plots') if m in sys.modules)); "
    "print(os.environ.get('OPENBLAS_NUM_THREADS'))"
)

#: Runs tcf-gui with the arguments after ``-c ...``, its output discarded, then prints which
#: of the modules named in the environment's PROBED it imported.
RUN_PROBE = """
import contextlib, io, os, sys
from tcf_gui.cli import main
with contextlib.redirect_stdout(io.StringIO()):
    try:
        main(sys.argv[1:])
    except SystemExit:
        pass
print(sorted(m for m in os.environ["PROBED"].split() if m in sys.modules))
"""

HEAVY = ["numpy", "pygame", "sqlite3", "platformdirs", "distributed"]


def _probe(env: dict[str, str]) -> list[str]:
    done = subprocess.run([sys.executable, "-c", PROBE], capture_output=True, text=True,
                          env=env, timeout=60, check=True)
    return done.stdout.splitlines()


def _imported(argv: list[str], modules: list[str]) -> str:
    done = subprocess.run([sys.executable, "-c", RUN_PROBE, *argv], capture_output=True,
                          text=True, input="", env=os.environ | {"PROBED": " ".join(modules)},
                          timeout=60, check=True)
    return done.stdout.strip()


def test_the_entry_point_imports_no_numpy_and_sets_one_blas_thread():
    env = {k: v for k, v in os.environ.items() if k != "OPENBLAS_NUM_THREADS"}
    assert _probe(env) == ["[]", "1"]


def test_a_users_blas_setting_wins():
    assert _probe(os.environ | {"OPENBLAS_NUM_THREADS": "4"})[1] == "4"


@pytest.mark.parametrize("argv", [["--help"], ["--seed", "3", "--help"]])
def test_help_loads_no_command_no_engine_and_no_settings(argv):
    light = ["tcf_gui.engine.cards", "tcf_gui.engine.game", "tcf_gui.gui.launch", "tcf_gui.config.settings",
             "tcf_gui.commands.stats", "tcf_gui.commands.play", "tcf_gui.commands.history"]
    assert _imported(argv, HEAVY + light) == "[]"


@pytest.mark.parametrize("argv", [["demo", "make-deck"], ["play", "--text", "--seed", "1"],
                                  ["stats", "--help"], ["coach", "--help"]])
def test_a_command_loads_its_own_module_and_nothing_heavy(argv):
    others = [f"tcf_gui.commands.{name}" for name in ("demo", "play", "stats", "coach")
              if name != argv[0]]
    assert _imported(argv, HEAVY + others) == "[]"
    assert _imported(argv, [f"tcf_gui.commands.{argv[0]}"]) == f"['tcf_gui.commands.{argv[0]}']"
