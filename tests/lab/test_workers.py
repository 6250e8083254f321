"""The worker pool: results in order, errors passed on, and never a hang: a dead worker is
reported at once, and no worker outlives the pool, even under a parent with SDL started."""
from __future__ import annotations

import os
import signal
import threading
import time

import pytest

from tcf_gui.lab.workers import WorkerDied, WorkerPool, describe_exit

#: Pools of two workers, timed: one such test at a time, on one xdist worker.
pytestmark = pytest.mark.xdist_group("whole_core")


def square(x: int) -> int:
    return x * x


def fail_on_three(x: int) -> int:
    if x == 3:
        raise ValueError("three is not allowed")
    return x


def die_on_three(x: int) -> int:
    if x == 3:
        os._exit(7)
    return x


def kill_on_two(x: int) -> int:
    if x == 2:
        os.kill(os.getpid(), signal.SIGKILL)
    return x


def pid_after_a_while(x: int) -> int:
    time.sleep(0.05)
    return os.getpid()


def sleep_long(x: int) -> int:
    time.sleep(60)
    return x


def test_results_come_in_order_from_a_lazy_iterable():
    with WorkerPool(2) as pool:
        assert list(pool.imap(square, (x for x in range(50)))) == [x * x for x in range(50)]


def test_an_exception_in_a_worker_is_raised_again_and_the_workers_end():
    pool = WorkerPool(2)
    processes = [process for process, _ in pool._workers]
    with pytest.raises(ValueError, match="three is not allowed"):
        with pool:
            list(pool.imap(fail_on_three, range(10)))
    assert not any(process.is_alive() for process in processes)


@pytest.mark.parametrize("work, how", [(die_on_three, "exit code 7"),
                                       (kill_on_two, "killed by SIGKILL")])
def test_a_dead_worker_is_reported_at_once(work, how):
    start = time.monotonic()
    with pytest.raises(WorkerDied, match=how):
        with WorkerPool(2) as pool:
            list(pool.imap(work, range(10)))
    assert time.monotonic() - start < 10


def test_ctrl_c_ends_the_workers_even_under_a_parent_with_sdl_started():
    """SDL (display and mixer) installs a SIGTERM handler; forked workers must not keep it,
    or terminating them after Ctrl-C would wait for ever."""
    pygame = pytest.importorskip("pygame")
    # Python's own Ctrl-C handler, as in every run of the program: SDL takes SIGINT over
    # when it finds the default action there (which a test run earlier may have left).
    before = signal.signal(signal.SIGINT, signal.default_int_handler)
    try:
        pygame.display.init()
        pygame.mixer.init()
        pool = WorkerPool(2)
        processes = [process for process, _ in pool._workers]
        threading.Timer(0.3, os.kill, (os.getpid(), signal.SIGINT)).start()
        start = time.monotonic()
        with pytest.raises(KeyboardInterrupt):
            with pool:
                list(pool.imap(sleep_long, range(4)))
        assert time.monotonic() - start < 10
        assert not any(process.is_alive() for process in processes)
    finally:
        pygame.mixer.quit()
        pygame.display.quit()
        signal.signal(signal.SIGINT, before)


def test_leaving_the_pool_early_stops_the_workers():
    pool = WorkerPool(2)
    processes = [process for process, _ in pool._workers]
    with pool:
        results = pool.imap(pid_after_a_while, range(100))
        next(results)
        results.close()
    assert not any(process.is_alive() for process in processes)


def test_describe_exit():
    assert describe_exit(3) == "exit code 3"
    assert describe_exit(-9) == "killed by SIGKILL"
    assert describe_exit(None) == "still running"
