"""Chunks on a Dask distributed cluster (the optional extra ``[cluster]``).

``connect(address)`` opens a client: ``local`` or ``local:N`` starts a local cluster of N
worker processes (default: one per core) that no one else can join: TLS with credentials
made for it alone and kept in memory, on the loopback only (its dashboard too), and its
workers' files (what they spill to disk, their locks) in a folder of its own that only
this user can enter, not Dask's shared /tmp/dask-scratch-space. Anything
else is a scheduler address such as ``tls://10.0.0.5:8786`` (with the files of use_tls, or
Dask's own TLS configuration) or ``tcp://10.0.0.5:8786``. ``cluster_imap`` then plays items on the cluster's workers and
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
import shutil
import tempfile
import time
from collections import deque
from contextlib import contextmanager, suppress
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
    from tcf_gui.i18n import _
    from tcf_gui.system.installation import extra_hint

    return _("Dask is not installed; to run on a cluster: {hint}").format(
        hint=extra_hint("cluster", '"dask[distributed]"'))


def cluster_available() -> bool:
    """Whether the optional extra (dask.distributed) is installed."""
    return find_spec("distributed") is not None


#: Memory a local Dask worker process needs, at least (its interpreter, Dask, the engine).
LOCAL_WORKER_BYTES = 256 << 20
#: Local worker processes per core, at most (as --workers).
LOCAL_WORKERS_PER_CORE = 2


def most_local_workers() -> int:
    """The largest local cluster this machine can hold: LOCAL_WORKERS_PER_CORE per core, and
    LOCAL_WORKER_BYTES of memory each."""
    cores = os.cpu_count() or 1
    try:
        memory = os.sysconf("SC_PHYS_PAGES") * os.sysconf("SC_PAGE_SIZE")
    except (ValueError, OSError, AttributeError):  # not known here: the cores decide
        memory = cores * LOCAL_WORKERS_PER_CORE * LOCAL_WORKER_BYTES
    return max(1, min(LOCAL_WORKERS_PER_CORE * cores, memory // LOCAL_WORKER_BYTES))


def check_address(text: str) -> str:
    """``text`` if it names a scheduler (``local``, ``local:N`` with N from 1 to what this
    machine can hold, or an address such as ``tls://host:8786``, ``tcp://host:8786`` or
    ``host:8786``), else a ValueError saying what is wrong."""
    from tcf_gui.i18n import _

    local = _LOCAL.fullmatch(text)
    if local is not None:
        if local.group(1) is not None:
            workers, most = int(local.group(1)), most_local_workers()
            if workers < 1:
                raise ValueError(_("{text!r}: a local cluster needs at least 1 worker")
                                 .format(text=text))
            if workers > most:
                raise ValueError(_("{text!r}: this machine can hold a local cluster of {most} "
                                   "workers at most ({per_core} per core, 256 MiB each)")
                                 .format(text=text, most=most, per_core=LOCAL_WORKERS_PER_CORE))
        return text
    if not re.fullmatch(r"[a-z][a-z0-9+.-]*://\S+|[\w.-]+:\d+", text):
        raise ValueError(_("{text!r} is not a scheduler address: give tls://HOST:PORT, "
                           "tcp://HOST:PORT, local or local:N").format(text=text[:100]))
    return text


@dataclass(frozen=True)
class TlsFiles:
    """The files that let this machine into a remote scheduler over TLS (Dask's Security)."""

    ca: str
    cert: str
    key: str | None = None


_tls: TlsFiles | None = None


def use_tls(files: TlsFiles | None) -> None:
    """Connect to remote schedulers with these files from now on (None: as Dask's own
    configuration says, e.g. distributed.comm.tls in ~/.config/dask/*.yaml)."""
    global _tls
    _tls = files


def _security(local: bool) -> Any:
    """A local cluster's Dask Security: TLS with credentials made for it alone, in memory;
    for a remote scheduler, the files given (use_tls), else None (Dask's configuration)."""
    from distributed.security import Security

    if local:
        return Security.temporary()
    if _tls is None:
        return None
    return Security(tls_ca_file=_tls.ca, tls_client_cert=_tls.cert, tls_client_key=_tls.key,
                    require_encryption=True)


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
        cluster = scratch = None
        failure: str | None = None
        try:
            if local is not None:
                workers = int(local.group(1) or min(os.cpu_count() or 1, most_local_workers()))
                # Only this process may join: TLS with credentials of its own, on the
                # loopback only (the read-only dashboard too, on a port of its own); the
                # workers' files in a fresh folder of mode 0700 (a shared one in /tmp, of a
                # name anyone can guess, could be made by another user first).
                scratch = tempfile.mkdtemp(prefix="tcf-gui-dask-")
                cluster = LocalCluster(n_workers=workers, threads_per_worker=1, processes=True,
                                       host="127.0.0.1", dashboard_address="127.0.0.1:0",
                                       security=_security(local=True), local_directory=scratch,
                                       silence_logs=logging.CRITICAL)
                client = Client(cluster, timeout=CONNECT_SECONDS)
            else:
                _knock(address)
                client = Client(address, timeout=CONNECT_SECONDS, security=_security(local=False))
        except Exception as error:  # whatever Dask raises; it is reported in one line
            if cluster is not None:
                cluster.close()
            _remove(scratch)
            failure = _failure(address, local is not None, error)
        if failure is not None:
            collect_failed_clients()
            raise ClusterError(failure)
        try:
            try:
                client.wait_for_workers(1, timeout=CONNECT_SECONDS)
            except (OSError, TimeoutError) as error:
                from tcf_gui.i18n import _

                raise ClusterError(_("the Dask scheduler at {address} has no workers (waited "
                                     "{seconds} s)").format(
                    address=address, seconds=f"{CONNECT_SECONDS:g}")) from error
            yield client
        finally:
            try:
                client.close(timeout=5)
            except (OSError, RuntimeError, TimeoutError):
                # (a client whose scheduler went away can fail to close in Dask's own ways,
                # "Cannot change state of expiring Timeout" once: what ended the run is told)
                pass
            if cluster is not None:
                cluster.close(timeout=5)
            _remove(scratch)


def collect_failed_clients() -> None:
    """Close now the Dask Clients whose start failed. Such a half-made Client is left to
    the garbage collector (its traceback holds it), and its __del__ takes the one lock all of
    Dask's loop runners share (distributed.utils.LoopRunner._lock): run inside the next
    Client's start, which holds that lock, it waits there (until a 10 s timeout fails the
    start, or for good). Call it where no Client is starting."""
    import gc

    gc.collect()


def _remove(folder: str | None) -> None:
    """Remove a local cluster's folder (its workers have ended), if there is one."""
    if folder is not None:
        shutil.rmtree(folder, ignore_errors=True)


def _failure(address: str, local: bool, error: Exception) -> str:
    """The one line for a cluster that could not be started or reached."""
    from tcf_gui.i18n import _

    if local:
        if isinstance(error, ImportError):  # TLS needs the cryptography package
            return _("cannot start a local Dask cluster: {error}; install the cluster extra "
                     "again").format(error=_first_line(error))
        return _("cannot start a local Dask cluster: {error}").format(error=_first_line(error))
    if isinstance(error, OSError):
        return _("cannot reach the Dask scheduler at {address}: {error}").format(
            address=address, error=_first_line(error))
    if "tls" in _first_line(error).lower() or "certificate" in _first_line(error).lower():
        return _("cannot reach the Dask scheduler at {address}: {error} (check --tls-ca, "
                 "--tls-cert and --tls-key, or Dask's TLS configuration)").format(
            address=address, error=_first_line(error))
    # Anything else: something answered, but not as a Dask scheduler does (its own words,
    # such as a numpy allocation of exabytes for a garbage header, mean nothing here).
    return _("cannot reach the Dask scheduler at {address}: what answers there does not "
             "speak Dask's protocol ({kind})").format(address=address,
                                                     kind=type(error).__name__)


def _knock(address: str) -> None:
    """For a TCP address, open and close a plain connection first: a refused connection or
    an unknown host then fails at once, where Dask would retry until its timeout."""
    import socket

    found = re.fullmatch(r"(?:tcp://|tls://)?\[?([^\[\]/]+?)\]?:(\d+)/?", address)
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

    from tcf_gui.i18n import _

    pending: deque[Any] = deque()
    source = iter(items)
    threads = _Threads(client)
    task = _OnWorker(func)
    try:
        while True:
            with _reaching_the_scheduler():
                room = QUEUED_PER_THREAD * threads() - len(pending)
            for _slot, item in zip(range(room), source):
                with _reaching_the_scheduler():
                    pending.append(client.submit(task, item, pure=False))
            if not pending:
                return
            future = pending.popleft()
            try:
                result = future.result()
            except KilledWorker:
                raise ClusterError(_("Dask workers kept dying while playing a chunk; see the "
                                     "workers' logs")) from None
            except CancelledError:
                raise ClusterError(_lost()) from None
            yield result
    finally:
        if pending and client.status == "running":
            with suppress(OSError):  # the scheduler is gone: nothing is left to cancel
                client.cancel(list(pending))


def _lost() -> str:
    from tcf_gui.i18n import _

    return _("lost the connection to the Dask scheduler")


@contextmanager
def _reaching_the_scheduler() -> Iterator[None]:
    """The client's own calls: one that cannot reach the scheduler any more (it went away;
    the client tries again for CONNECT_SECONDS) is a ClusterError."""
    try:
        yield
    except OSError:  # Dask's CommClosedError and its timeouts are OSErrors
        raise ClusterError(_lost()) from None
