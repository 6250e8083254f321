"""Worker processes that never hang: a small pool that maps a function over items in order.

Unlike ``multiprocessing.Pool`` it notices a worker that dies (``os._exit``, a signal, the
out-of-memory killer) and raises ``WorkerDied`` at once instead of waiting for ever for the
lost result. Workers start with default signal handling (a forked child would otherwise
inherit SDL's SIGTERM handler from a parent with a window or mixer open, and could not be
terminated) and ignore Ctrl-C, which the parent handles: leaving the pool because of an
error or an interrupt terminates the workers, and leaving it normally lets them finish and
joins them. No worker outlives the ``with`` block.
"""
from __future__ import annotations

import os
import signal
import sys
from typing import TYPE_CHECKING, Any, Callable, Iterable, Iterator, TypeVar

from tcf_gui.i18n import _

if TYPE_CHECKING:  # multiprocessing loads only when a pool starts (tcf-gui starts faster)
    from multiprocessing.connection import Connection

T = TypeVar("T")
R = TypeVar("R")

#: Seconds a worker gets to stop on its own (after the pool is done) or after SIGTERM.
STOP_SECONDS = 2.0
#: How long the pool waits for an answer before it looks again (the main thread then runs
#: its signal handlers: Ctrl-C is felt within this).
WAKE_SECONDS = 0.5


class WorkerDied(RuntimeError):
    """A worker process ended without answering."""


def reset_signals() -> None:
    """Default SIGTERM (so that terminate() ends the process) and no Ctrl-C: the parent, in
    the same process group, gets it too and stops the workers itself."""
    signal.signal(signal.SIGTERM, signal.SIG_DFL)
    signal.signal(signal.SIGINT, signal.SIG_IGN)


def die_with_parent(parent: int) -> None:
    """On Linux, be killed when the parent process ``parent`` dies (a run killed with
    SIGKILL then leaves no worker behind, nor the sandboxes a worker started)."""
    if not sys.platform.startswith("linux"):
        return
    from tcf_gui.engine.strategies.sandbox.kernel import PR_SET_PDEATHSIG, prctl

    prctl(PR_SET_PDEATHSIG, signal.SIGKILL, what="parent-death signal")
    if os.getppid() != parent:  # it died before the signal was set
        os._exit(1)


def describe_exit(exitcode: int | None) -> str:
    """'exit code 3' or 'killed by SIGKILL'."""
    if exitcode is None:
        return _("still running")
    if exitcode < 0:
        try:
            return _("killed by {signal}").format(signal=signal.Signals(-exitcode).name)
        except ValueError:
            return _("killed by signal {number}").format(number=-exitcode)
    return _("exit code {code}").format(code=exitcode)


def _serve(conn: Connection, parent: int, initializer: Callable[..., None] | None,
           initargs: tuple) -> None:
    """A worker's loop: (index, func, item) in, (index, ok, result or error) out; None stops."""
    reset_signals()
    die_with_parent(parent)
    if initializer is not None:
        initializer(*initargs)
    while True:
        try:
            job = conn.recv()
        except EOFError:
            return
        if job is None:
            return
        index, func, item = job
        try:
            reply = (index, True, func(item))
        except Exception as error:
            reply = (index, False, error)
        try:
            conn.send(reply)
        except Exception as error:  # the result or the error does not pickle
            conn.send((index, False, RuntimeError(f"{type(error).__name__}: {error}")))


class WorkerPool:
    """``workers`` processes (forked where the platform can, else spawned)."""

    def __init__(self, workers: int, initializer: Callable[..., None] | None = None,
                 initargs: tuple = ()) -> None:
        if workers < 1:
            raise ValueError(f"workers must be 1 or more, not {workers}")
        import multiprocessing

        methods = multiprocessing.get_all_start_methods()
        context = multiprocessing.get_context("fork" if "fork" in methods else None)
        self._workers: list[tuple[Any, Connection]] = []
        try:
            for _worker in range(workers):
                parent, child = context.Pipe()
                process = context.Process(target=_serve,
                                          args=(child, os.getpid(), initializer, initargs),
                                          daemon=True)
                process.start()
                child.close()
                self._workers.append((process, parent))
        except BaseException:
            self.terminate()
            raise

    def imap(self, func: Callable[[T], R], items: Iterable[T]) -> Iterator[R]:
        """``func(item)`` for each item, in order, each item handed to the next idle worker.
        Items are taken only as workers become free, so a long lazy iterable is fine.

        An exception raised by ``func`` comes back here and is raised again; a worker that
        dies raises WorkerDied."""
        from multiprocessing.connection import wait

        pending = iter(items)
        idle = list(self._workers)
        busy: dict[Connection, tuple[Any, int]] = {}
        done: dict[int, R] = {}
        sent = following = 0
        exhausted = False
        while True:
            while idle and not exhausted:
                try:
                    item = next(pending)
                except StopIteration:
                    exhausted = True
                    break
                process, conn = idle.pop()
                try:
                    conn.send((sent, func, item))
                except OSError:
                    process.join(STOP_SECONDS)
                    raise WorkerDied(_("a worker process ended before its work ({how})").format(
                        how=describe_exit(process.exitcode))) from None
                busy[conn] = (process, sent)
                sent += 1
            while following in done:
                yield done.pop(following)
                following += 1
            if not busy:
                return
            by_sentinel = {process.sentinel: conn for conn, (process, _sent) in busy.items()}
            # A bounded wait: a Ctrl-C the kernel handed to another thread is seen here too.
            for ready in wait([*busy, *by_sentinel], timeout=WAKE_SECONDS):
                conn = by_sentinel.get(ready, ready)  # type: ignore[call-overload,arg-type]
                if conn not in busy:
                    continue  # its answer and its end both showed up in this round
                process, _sent = busy[conn]
                try:
                    index, ok, result = conn.recv()
                except (EOFError, OSError):
                    process.join(STOP_SECONDS)
                    raise WorkerDied(_("a worker process stopped without an answer ({how})").format(
                        how=describe_exit(process.exitcode))) from None
                del busy[conn]
                idle.append((process, conn))
                if not ok:
                    raise result
                done[index] = result

    def close(self) -> None:
        """Ask every worker to stop after its work and wait for it (terminate if it won't)."""
        for _, conn in self._workers:
            try:
                conn.send(None)
            except OSError:
                pass
        for process, _ in self._workers:
            process.join(STOP_SECONDS)
        self.terminate()

    def terminate(self) -> None:
        """Stop every worker now: SIGTERM, then SIGKILL for any that lingers."""
        for process, _ in self._workers:
            if process.is_alive():
                process.terminate()
        for process, conn in self._workers:
            process.join(STOP_SECONDS)
            if process.is_alive():
                process.kill()
                process.join()
            conn.close()
        self._workers = []

    def __enter__(self) -> "WorkerPool":
        return self

    def __exit__(self, kind: type[BaseException] | None, *rest: object) -> None:
        if kind is None:
            self.close()
        else:
            self.terminate()
