"""Asking something slow without holding up a loop: one call on a worker thread, polled.

A window's loop (or a server's) must never wait on a user's strategy, the coach or the
review. ``OffLoop(work, what)`` runs ``work()`` on a daemon thread at once; the loop looks
at ``done`` each frame and then takes ``result()``. Whatever goes wrong comes back as one
``OffLoopFailed`` with one line in one wording (``failure_line``), never a traceback, and a
time limit ends a wait that lasts too long (the thread is left to finish; its answer is
never read). The threads are daemons: a call that never returns cannot keep the program
from exiting.
"""
from __future__ import annotations

import threading
import time
from concurrent.futures import Future, wait
from typing import Callable, Generic, TypeVar

from tcf_gui.i18n import _

T = TypeVar("T")


class OffLoopFailed(Exception):
    """The work raised, or gave no answer within its time limit: the message is one line.
    Work may raise it itself to say why in its own words."""


def failure_line(what: str, error: BaseException,
                 expected: tuple[type[BaseException], ...] = ()) -> str:
    """One line for a failure of ``what``: an ``expected`` error (one that explains itself,
    such as StrategyError) keeps its own message, anything else (a bug) is named with it."""
    if isinstance(error, expected):
        return str(error)
    # TRANSLATORS: {what} names the work that failed ("the skill score", "strategy mine.py");
    # {error} is the programmer's name of the error and its message.
    return _("{what} failed ({error})").format(what=what, error=f"{type(error).__name__}: {error}")


class OffLoop(Generic[T]):
    """``work()`` on a worker thread; ``done`` tells when ``result()`` may be taken."""

    def __init__(self, work: Callable[[], T], what: str, *, limit_s: float | None = None,
                 expected: tuple[type[BaseException], ...] = (),
                 clock: Callable[[], float] = time.monotonic) -> None:
        self.what = what
        self.limit_s = limit_s
        self.expected = expected
        self.clock = clock
        self.asked_at = clock()
        self._future: Future[T] = Future()
        threading.Thread(target=self._run, args=(work,), daemon=True, name=what).start()

    def _run(self, work: Callable[[], T]) -> None:
        try:
            self._future.set_result(work())
        except BaseException as error:  # a user's code may raise even SystemExit
            self._future.set_exception(error)

    @property
    def timed_out(self) -> bool:
        return (not self._future.done() and self.limit_s is not None
                and self.clock() - self.asked_at > self.limit_s)

    def wait(self, timeout_s: float) -> None:
        """Block up to ``timeout_s`` for the work to end (for a program about to exit)."""
        wait([self._future], timeout=max(0.0, timeout_s))

    @property
    def done(self) -> bool:
        """True once ``result()`` answers without waiting: the work ended, or ran over time."""
        return self._future.done() or self.timed_out

    def result(self) -> T:
        """The work's answer; OffLoopFailed if it raised or ran over time. Call it once
        ``done`` (before, it waits for the work)."""
        if self.timed_out:
            raise OffLoopFailed(_("{what} gave no answer within {seconds} s").format(
                what=self.what, seconds=f"{self.limit_s:g}"))
        error = self._future.exception()
        if error is not None:
            raise OffLoopFailed(failure_line(self.what, error, (OffLoopFailed, *self.expected))) from None
        return self._future.result()
