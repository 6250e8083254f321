"""The list of slow tests (tests/slow_tests.py) names test functions that still exist: a test
renamed or moved would otherwise leave the slow run unmarked without a word."""
import re
from pathlib import Path

from slow_tests import SLOW_TESTS

ROOT = Path(__file__).resolve().parents[1]


def test_every_slow_test_named_is_a_test_function():
    missing = []
    for name in sorted(SLOW_TESTS):
        path, function = name.split("::")
        source = ROOT / path
        if not (source.is_file() and re.search(rf"^def {function}\(", source.read_text(), re.M)):
            missing.append(name)
    assert not missing, f"tests/slow_tests.py names tests that are not there: {missing}"
