"""Start-up: the commands load numpy (and the batch engine) and Dask only when a run starts,
and OpenBLAS is held to one thread unless the user says otherwise."""
from __future__ import annotations

import os
import subprocess
import sys

PROBE = (
    "import os, sys; import tcf_gui.cli; "
    "print(sorted(m for m in ('numpy', 'multiprocessing', 'distributed', 'tcf_gui.plots') if m in sys.modules)); "
    "print(os.environ.get('OPENBLAS_NUM_THREADS'))"
)


def _probe(env: dict[str, str]) -> list[str]:
    done = subprocess.run([sys.executable, "-c", PROBE], capture_output=True, text=True,
                          env=env, timeout=60, check=True)
    return done.stdout.splitlines()


def test_the_entry_point_imports_no_numpy_and_sets_one_blas_thread():
    env = {k: v for k, v in os.environ.items() if k != "OPENBLAS_NUM_THREADS"}
    assert _probe(env) == ["[]", "1"]


def test_a_users_blas_setting_wins():
    assert _probe(os.environ | {"OPENBLAS_NUM_THREADS": "4"})[1] == "4"
