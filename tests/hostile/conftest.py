"""The hostile-strategy suite: every attack on the sandbox found so far, each as a real
strategy file (tests/hostile/strategies), played at every isolation level this machine
offers. Each attack must gain nothing (its results no better than its honest twin's, on
the same seed) or be stopped with one line; what a level does not promise is skipped,
with the reason."""
from __future__ import annotations

from pathlib import Path

import pytest

from tcf_gui.engine.strategies.sandbox import client, levels, seccomp

STRATEGIES = Path(__file__).parent / "strategies"


@pytest.fixture(params=levels.LEVELS)
def level(request, monkeypatch):
    """Every sandbox started in the test runs at this level (skipped where there is none)."""
    problem = levels.unavailable(request.param)
    if problem is not None:
        pytest.skip(f"the {request.param} level is not available here: {problem}")
    monkeypatch.setenv(levels.LEVEL_ENV, request.param)
    monkeypatch.setattr(client, "_limit", 0.5)  # half a second a decision: hangs end quickly
    return request.param


@pytest.fixture
def hostile(tmp_path):
    """``hostile("pipe.py", MARKER=...)``: a copy of that strategy file in a folder of the
    test's own, with each @NAME@ in it replaced; its path."""

    def copy(name: str, **values: object) -> Path:
        text = (STRATEGIES / name).read_text()
        for key, value in values.items():
            text = text.replace(f"@{key}@", str(value))
        path = tmp_path / name
        path.write_text(text)
        return path

    return copy


@pytest.fixture
def filtered(level):
    """The level, where the seccomp filter holds (Linux on x86-64 or ARM64): no new process
    or thread, no signal to anyone."""
    if not seccomp.supported():
        pytest.skip("no seccomp filter on this system: a sandbox may start processes and "
                    "send signals here (docs/sandbox.md)")
    return level
