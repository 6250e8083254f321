"""The package type-checks: the hints on public functions say what the code does."""
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]


def test_mypy_finds_no_errors(request, tmp_path):
    """The whole package, checked incrementally: mypy's cache lives in the pytest cache
    (.pytest_cache/d/mypy), so a later run rechecks only what changed and what depends on it
    (a run without the cache plugin checks from nothing in a temporary folder)."""
    pytest.importorskip("mypy")
    plugins = request.config.pluginmanager
    cache = request.config.cache.mkdir("mypy") if plugins.hasplugin("cacheprovider") else tmp_path
    result = subprocess.run([sys.executable, "-m", "mypy", "--cache-dir", str(cache)], cwd=ROOT,
                            capture_output=True, text=True)
    assert result.returncode == 0, result.stdout + result.stderr
