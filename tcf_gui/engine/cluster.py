"""Chunks on a Dask distributed cluster (the optional extra ``[cluster]``).

``connect(address)`` opens a client: ``local`` or ``local:N`` starts a local cluster of N
worker processes (default: one per core); anything else is a scheduler address such as
``tcp://10.0.0.5:8786``. ``cluster_imap`` then plays items on the cluster's workers and
yields the results in order, like the local pool. A chunk is a pure function of its task,
so a chunk that a lost worker was playing is simply played again elsewhere (Dask does
that), with the same result. Every failure of the cluster itself is a ClusterError with a
one-line message: a scheduler that cannot be reached or has no workers within
``CONNECT_SECONDS``, a scheduler that goes away, workers that keep dying on a chunk.
Leaving ``cluster_imap`` early (an error, Ctrl-C) cancels the chunks still queued.
"""
from __future__ import annotations

# Dask, logging and socket are imported only when a cluster run starts: the commands that
# merely offer --scheduler start fast.
import os
import re
import time
from collections import deque
from contextlib import contextmanager
from dataclasses import dataclass
from importlib.util import find_spec
from typing import TYPE_CHECKING, Any, Callable, Generic, Iterable, Iterator, TypeVar

if TYPE_CHECKING:
    from distributed import Client

T = TypeVar("T")
R = TypeVar("R")

#: Seconds to reach the scheduler and to see its first worker.
CONNECT_SECONDS = 10.0
#: Chunks queued on the cluster per worker thread: enough to keep every worker busy while
#: results travel back, few enough that a huge run holds little.
QUEUED_PER_THREAD = 3

_LOCAL = re.compile(r"local(?::(\d+))?")


class ClusterError(RuntimeError):
    """The cluster cannot be reached, went away or keeps losing workers (one line)."""


def install_hint() -> str:
    """One line: Dask is missing, and how to get it into this installation."""
    from ..i18n import _
    from ..installation import extra_hint

    return _("Dask is not installed; to run on a cluster: {hint}").format(
        hint=extra_hint("cluster", '"dask[distributed]"'))


def cluster_available() -> bool:
    """Whether the optional extra (dask.distributed) is installed."""
    return find_spec("distributed") is not None


def check_address(text: str) -> str:
    """``text`` if it names a scheduler (``local``, ``local:N`` with N >= 1, or an address
    such as ``tcp://host:8786`` or ``host:8786``), else a ValueError saying what is wrong."""
    local = _LOCAL.fullmatch(text)
    if local is not None:
        if local.group(1) is not None and int(local.group(1)) < 1:
            raise ValueError(f"{text!r}: a local cluster needs at least 1 worker")
        return text
    if not re.fullmatch(r"[a-z][a-z0-9+.-]*://\S+|[\w.-]+:\d+", text):
        raise ValueError(f"{text!r} is not a scheduler address: give tcp://HOST:PORT, "
                         "local or local:N")
    return text


@contextmanager
def _quiet_dask() -> Iterator[None]:
    """Dask logs every lost connection and worker with a traceback; the lab reports what
    matters in one line, so Dask's loggers stay quiet while the client is open."""
    import logging

    names = [name for name in logging.root.manager.loggerDict
             if name == "distributed" or name.startswith("distributed.")]
    loggers = [logging.getLogger(name) for name in {"distributed", *names}]
    levels = [logger.level for logger in loggers]
    for logger in loggers:
        logger.setLevel(logging.CRITICAL)
    try:
        yield
    finally:
        for logger, level in zip(loggers, levels):
            logger.setLevel(level)


@contextmanager
def connect(address: str) -> Iterator["Client"]:
    """A Dask client for ``address`` (see the module), closed (with its local cluster, if it
    started one) on leaving; a ClusterError when it is unreachable or has no workers."""
    if not cluster_available():
        raise ClusterError(install_hint())
    import logging

    from distributed import Client, LocalCluster

    with _quiet_dask():
        local = _LOCAL.fullmatch(check_address(address))
        cluster = None
        try:
            if local is not None:
                workers = int(local.group(1) or os.cpu_count() or 1)
                cluster = LocalCluster(n_workers=workers, threads_per_worker=1, processes=True,
                                       dashboard_address=":0", silence_logs=logging.CRITICAL)
                client = Client(cluster, timeout=CONNECT_SECONDS)
            else:
                _knock(address)
                client = Client(address, timeout=CONNECT_SECONDS)
        except Exception as error:  # whatever Dask raises; it is reported in one line
            if cluster is not None:
                cluster.close()
            if local:
                raise ClusterError(f"cannot start a local Dask cluster: {_first_line(error)}") from None
            hint = "" if isinstance(error, OSError) else " (is a Dask scheduler listening there?)"
            raise ClusterError(f"cannot reach the Dask scheduler at {address}: "
                               f"{_first_line(error)}{hint}") from None
        try:
            try:
                client.wait_for_workers(1, timeout=CONNECT_SECONDS)
            except (OSError, TimeoutError) as error:
                raise ClusterError(f"the Dask scheduler at {address} has no workers "
                                   f"(waited {CONNECT_SECONDS:g} s)") from error
            yield client
        finally:
            client.close(timeout=5)
            if cluster is not None:
                cluster.close(timeout=5)


def _knock(address: str) -> None:
    """For a TCP address, open and close a plain connection first: a refused connection or
    an unknown host then fails at once, where Dask would retry until its timeout."""
    import socket

    found = re.fullmatch(r"(?:tcp://)?\[?([^\[\]/]+?)\]?:(\d+)/?", address)
    if found is None:
        return
    try:
        socket.create_connection((found[1], int(found[2])), timeout=CONNECT_SECONDS).close()
    except OSError as error:
        raise OSError(error.strerror or str(error) or type(error).__name__) from None


def _first_line(error: BaseException) -> str:
    lines = str(error).strip().splitlines()
    return lines[0] if lines else type(error).__name__


class _Threads:
    """The cluster's worker threads, asked of the scheduler at most once a second (workers
    come and go; asking for every chunk would cost a round trip each)."""

    def __init__(self, client: "Client") -> None:
        self.client, self.count, self.asked = client, 1, -1.0

    def __call__(self) -> int:
        now = time.monotonic()
        if now - self.asked >= 1.0:
            self.count = max(1, sum(self.client.nthreads().values()))
            self.asked = now
        return self.count


_MALLOC_TUNED = False
M_TRIM_THRESHOLD, M_MMAP_THRESHOLD = -1, -3  # glibc's mallopt parameters


def _tune_malloc() -> None:
    """Dask's nanny starts workers with MALLOC_TRIM_THRESHOLD_=65536, and any fixed malloc
    threshold also freezes glibc's mmap threshold at 128 KiB: every array the engine makes
    and drops (hundreds of KiB) is then mapped and unmapped afresh, which doubles the time
    of a chunk. Raise both thresholds, once per worker process (glibc only)."""
    global _MALLOC_TUNED
    if _MALLOC_TUNED:
        return
    _MALLOC_TUNED = True
    if not any(name.startswith("MALLOC_") for name in os.environ):
        return
    import ctypes

    try:
        mallopt = ctypes.CDLL(None).mallopt
    except (OSError, AttributeError):  # not glibc
        return
    mallopt(M_MMAP_THRESHOLD, 32 << 20)
    mallopt(M_TRIM_THRESHOLD, 64 << 20)


@dataclass(frozen=True)
class _OnWorker(Generic[T, R]):
    """``func`` as a Dask task: malloc tuned first (it pickles by reference)."""

    func: Callable[[T], R]

    def __call__(self, item: T) -> R:
        _tune_malloc()
        return self.func(item)


def cluster_imap(client: "Client", func: Callable[[T], R], items: Iterable[T]) -> Iterator[R]:
    """``func(item)`` for each item on the cluster's workers, yielded in order. Items are
    taken as the queue drains, so a long lazy iterable is fine. An exception that ``func``
    raises comes back here and is raised again; a cluster failure is a ClusterError."""
    from distributed import CancelledError, KilledWorker

    pending: deque[Any] = deque()
    source = iter(items)
    threads = _Threads(client)
    task = _OnWorker(func)
    try:
        while True:
            room = QUEUED_PER_THREAD * threads() - len(pending)
            for _, item in zip(range(room), source):
                pending.append(client.submit(task, item, pure=False))
            if not pending:
                return
            future = pending.popleft()
            try:
                result = future.result()
            except KilledWorker:
                raise ClusterError("Dask workers kept dying while playing a chunk; "
                                   "see the workers' logs") from None
            except CancelledError:
                raise ClusterError("lost the connection to the Dask scheduler") from None
            yield result
    finally:
        if pending and client.status == "running":
            client.cancel(list(pending))
