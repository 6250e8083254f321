"""OffLoop: slow work on a worker thread, polled; one line for any failure; a time limit."""
from __future__ import annotations

import threading
import time

import pytest

from tcf_gui.play import OffLoop, OffLoopFailed, failure_line

#: The asker is timed to half a second: one such test at a time, on one xdist worker.
pytestmark = pytest.mark.xdist_group("whole_core")


def wait_done(job: OffLoop, limit_s: float = 10.0) -> None:
    deadline = time.monotonic() + limit_s
    while not job.done:
        assert time.monotonic() < deadline, "the worker never answered"
        time.sleep(0.001)


def test_the_answer_comes_from_another_thread_and_the_asker_never_waits():
    release = threading.Event()
    seen = []

    def work() -> int:
        release.wait(10)
        seen.append(threading.current_thread().name)
        return 42

    started = time.monotonic()
    job = OffLoop(work, "the sum")
    assert not job.done and time.monotonic() - started < 0.5
    release.set()
    wait_done(job)
    assert job.result() == 42 and seen == ["the sum"]


@pytest.mark.parametrize("error, line", [
    (ZeroDivisionError("boom"), "the coach failed (ZeroDivisionError: boom)"),
    (SystemExit(3), "the coach failed (SystemExit: 3)"),
    (OffLoopFailed("it cannot model lazy"), "it cannot model lazy"),
    (LookupError("no such level"), "no such level"),  # expected: its own words
])
def test_a_failure_is_one_line_in_one_wording(error, line):
    def work():
        raise error

    job = OffLoop(work, "the coach", expected=(LookupError,))
    wait_done(job)
    with pytest.raises(OffLoopFailed) as failed:
        job.result()
    assert str(failed.value).endswith(line) and "\n" not in str(failed.value)


def test_the_time_limit_ends_the_wait_and_a_late_answer_is_never_read():
    now = [0.0]
    release = threading.Event()
    job = OffLoop(lambda: release.wait(10) or 1, "strategy mine.py", limit_s=2,
                  clock=lambda: now[0])
    now[0] = 1.5
    assert not job.done
    now[0] = 2.5
    assert job.done
    with pytest.raises(OffLoopFailed, match="strategy mine.py gave no answer within 2 s"):
        job.result()
    release.set()


def test_failure_line_names_a_bug_and_keeps_an_expected_message():
    assert failure_line("the review", ValueError("bad")) == "the review failed (ValueError: bad)"
    assert failure_line("x", ValueError("said so"), (ValueError,)) == "said so"
