"""The engine's side of a sandbox: start the process, ask it for slots, end it.

A sandbox process (server.py) is a fresh Python interpreter, started at the isolation level
in force (levels.py) with nothing on its command line and a bare environment; it confines
itself (confine.py) before it loads the user's file. It never holds a deck, the game's
random generator, the other player's data or the run's seed. It gets one View at a time from
the one-game engine and a BatchView (every active game of a turn in one message) from the
batch engine.

It has no terminal: a session of its own, and three pipes for its stdin, its replies and
what it prints (shown cleaned, marked with the strategy's name: output.py).

Nothing it sends back is unpickled or evaluated: every reply byte is checked (protocol.py),
and every write and read has a deadline, so a strategy that runs over its time limit, stops
reading, sends garbage, raises anything (KeyboardInterrupt and SystemExit included), answers
a bad slot or ends its process raises StrategyError here, with one line naming it and the
reason. A sandbox killed from outside is said to be, and its strategy is not blamed.

Processes are reused: when a strategy is dropped its process goes back to a pool kept per
spec and level (a few at most). They all end with this process: each is killed with its
whole process group when it is no longer needed, and dies with this process in any case.
"""
from __future__ import annotations

import atexit
import os
import random
import select
import signal
import subprocess
import sys
import threading
import time
import weakref
from concurrent.futures import ThreadPoolExecutor
from typing import TYPE_CHECKING

from tcf_gui.i18n import _, language
from tcf_gui.engine.view import View
from tcf_gui.engine.strategies import user_file
from tcf_gui.engine.strategies.errors import RAISED, RETURNED, StrategyError, own_start
from tcf_gui.engine.strategies.sandbox import protocol, seccomp
from tcf_gui.engine.strategies.sandbox.confine import CPU_SECONDS
from tcf_gui.engine.strategies.sandbox.levels import Isolation, command, isolation, readable_paths, sandbox_env
from tcf_gui.engine.strategies.sandbox.output import Output, read_ready
from tcf_gui.engine.strategies.sandbox.sealing import sealed_seed

if TYPE_CHECKING:
    import numpy as np

    from tcf_gui.engine.batch_view import BatchView

#: Seconds a decision may take (default).
DEFAULT_DECISION_SECONDS = 5.0
#: Seconds to start a sandbox and to import the user's file and build the strategy.
START_SECONDS = 30.0
#: Seconds granted beyond a time limit, for the pipes and a busy machine.
GRACE_SECONDS = 0.5
#: A process busy this long (about its CPU time) is not reused: its CPU limit is near.
RETIRE_BUSY_SECONDS = CPU_SECONDS / 2
#: Idle sandbox processes kept for reuse, at most (the oldest beyond are ended).
MOST_IDLE = 4
#: Signals only the process itself brings about (a fault, a limit it ran over): every other
#: signal came from outside, since the seccomp filter lets no sandbox send any.
OWN_SIGNALS = frozenset(getattr(signal, name) for name in (
    "SIGSEGV", "SIGBUS", "SIGILL", "SIGFPE", "SIGSYS", "SIGXCPU", "SIGXFSZ", "SIGABRT",
    "SIGTRAP") if hasattr(signal, name))

_limit = DEFAULT_DECISION_SECONDS


def set_decision_limit(seconds: float) -> None:
    """The time limit of one decision of a user's strategy, in seconds (above 0)."""
    global _limit
    if not seconds > 0:
        raise ValueError(f"a time limit must be above 0 seconds, not {seconds}")
    _limit = float(seconds)


def decision_limit() -> float:
    return _limit


def _signal_name(number: int) -> str:
    try:
        return signal.Signals(number).name
    except ValueError:
        return _("signal {number}").format(number=number)


_sealed = False


def _seal_this_process() -> None:
    """Make this process non-dumpable (Linux): its memory, environment and open files in
    /proc are then closed to other processes of the same user, sandboxes included."""
    global _sealed
    if not _sealed and sys.platform.startswith("linux"):
        from tcf_gui.engine.strategies.sandbox.kernel import PR_SET_DUMPABLE, prctl

        prctl(PR_SET_DUMPABLE, 0, what="non-dumpable")
    _sealed = True


_spawner: ThreadPoolExecutor | None = None


def _spawn(argv: list[str], stdin: int, stdout: int, stderr: int) -> subprocess.Popen[bytes]:
    """Start a sandbox process in a session of its own (no controlling terminal) with only
    these three pipes open. A child dies with the thread that started it (its parent-death
    signal), so one started from a passing thread is started by a thread that lives as long
    as this process."""
    global _spawner

    def start() -> subprocess.Popen[bytes]:
        return subprocess.Popen(argv, stdin=stdin, stdout=stdout, stderr=stderr,
                                env=sandbox_env(), close_fds=True, start_new_session=True)

    if threading.current_thread() is threading.main_thread():
        return start()
    if _spawner is None:
        _spawner = ThreadPoolExecutor(1, thread_name_prefix="tcf-sandbox-starter")
    return _spawner.submit(start).result()


_SLOT_BYTES = bytes(sorted(protocol.SLOTS))


def _wait_for(fd: int, events: int, deadline: float, output: Output) -> bool:
    """Whether ``fd`` is ready for ``events`` before ``deadline`` (time.monotonic); what
    the sandbox prints meanwhile is shown (so that it never waits on a full pipe)."""
    while True:
        poller = select.poll()
        poller.register(fd, events)
        if output.open:
            poller.register(output.fd, select.POLLIN)
        remaining = deadline - time.monotonic()
        if remaining <= 0:
            return False
        ready = dict(poller.poll(max(1, int(remaining * 1000))))
        if fd in ready:
            return True
        if output.fd not in ready:
            return False
        output.drain()


class SandboxProcess:
    """One sandbox process for the strategy ``spec``, confined at ``where``'s level, and the
    two pipes to it."""

    def __init__(self, spec: str, members: list[tuple[str, str]], where: Isolation) -> None:
        """``members``: (path as written, function) of every user file ``spec`` plays."""
        if os.name != "posix":
            raise StrategyError(_("strategies from files run in a separate process, which "
                                  "needs Linux, macOS or another POSIX system"))
        files = sorted({path for path, _ in members})
        self.spec, self.level = spec, where.level
        self.labels = {spec, *(f"{path}:{function}" for path, function in members)}
        self.files = files
        self.broken = self.killed = False
        self.busy = 0.0
        _seal_this_process()
        to_child, self.requests = os.pipe()
        self.replies, from_child = os.pipe()
        printed, prints = os.pipe()
        try:
            self.process = _spawn(command(where.level, files), to_child, from_child, prints)
        except OSError as error:
            for fd in (self.requests, self.replies, printed):
                os.close(fd)
            raise StrategyError(_("cannot start a sandbox for strategy {spec}: {error}").format(
                spec=spec, error=error)) from None
        finally:
            for fd in (to_child, from_child, prints):
                os.close(fd)
        self.output = Output(printed, spec)
        os.set_blocking(self.requests, False)
        os.set_blocking(self.replies, False)
        readable = [str(path) for path in readable_paths(files)]
        self.ask(("confine", where.level, readable, language()), 0, spec, START_SECONDS,
                 _("to start"))

    # -- asking ------------------------------------------------------------------------------
    def ask(self, message: tuple, expect: int, label: str, limit: float,
            doing: str | None = None) -> bytes:
        """Send ``message`` and return the reply's ``expect`` slots (READY when 0); a
        StrategyError naming ``label`` on any failure, after which this process is ended.
        The reply must begin within ``limit`` seconds, and each next slot come within
        ``limit`` seconds of the one before."""
        doing = _("for one decision") if doing is None else doing
        if self.broken:
            raise StrategyError(_("strategy {label} has no sandbox any more").format(label=label))
        start = time.monotonic()
        self.output.new_decision()
        try:
            self._write(protocol.frame(message), start + limit + GRACE_SECONDS, label, limit,
                        doing)
            reply = self._read(expect, label, limit, doing)
            self.output.drain()  # printed before the reply (the sandbox flushes it first)
            return reply
        except BaseException:
            self.stop()
            raise
        finally:
            self.busy += time.monotonic() - start

    def tell(self, message: tuple) -> None:
        """Send a message that has no answer (a sandbox that does not take it is ended)."""
        try:
            self._write(protocol.frame(message), time.monotonic() + GRACE_SECONDS, self.spec,
                        GRACE_SECONDS, "")
        except StrategyError:
            self.stop()

    def _write(self, data: bytes, deadline: float, label: str, limit: float, doing: str) -> None:
        view = memoryview(data)
        while view:
            if not _wait_for(self.requests, select.POLLOUT, deadline, self.output):
                self._too_slow(label, limit, doing)
            try:
                view = view[os.write(self.requests, view):]
            except BlockingIOError:
                continue
            except OSError:  # the pipe is closed: the process has ended
                self._ended(label)

    def _read(self, expect: int, label: str, limit: float, doing: str) -> bytes:
        got = bytearray()
        while True:
            deadline = time.monotonic() + limit + GRACE_SECONDS
            chunk = self._read_some(max(1, expect - len(got)), deadline, label, limit, doing)
            if expect == 0:
                if chunk[0] == protocol.READY:
                    return b""
                other = chunk
            elif not chunk.translate(None, _SLOT_BYTES):
                got += chunk
                if len(got) == expect:
                    return bytes(got)
                continue
            else:
                at = next(i for i, byte in enumerate(chunk) if byte not in protocol.SLOTS)
                got += chunk[:at]
                other = chunk[at:]
            if other[0] == protocol.ERROR:
                raise StrategyError(self._error_text(other[1:], label, limit, doing))
            self._broken_reply(label, _("the byte {byte}").format(byte=f"{other[0]:#04x}"))

    def _read_some(self, size: int, deadline: float, label: str, limit: float,
                   doing: str) -> bytes:
        while True:
            if not _wait_for(self.replies, select.POLLIN, deadline, self.output):
                self._too_slow(label, limit, doing)
            data = read_ready(self.replies, size)
            if data is None:
                continue
            if not data:
                self._ended(label)
            return data

    def _read_exactly(self, size: int, start: bytes, label: str, limit: float,
                      doing: str) -> bytes:
        data = bytearray(start[:size])
        while len(data) < size:
            deadline = time.monotonic() + limit + GRACE_SECONDS
            data += self._read_some(size - len(data), deadline, label, limit, doing)
        return bytes(data)

    def _error_text(self, rest: bytes, label: str, limit: float, doing: str) -> str:
        """The one line of an ERROR reply (whose first bytes after ERROR are ``rest``)."""
        header = self._read_exactly(protocol.ERROR_HEADER, rest, label, limit, doing)
        length = protocol.error_length(header)
        if length > protocol.MAX_ERROR_BYTES:
            self._broken_reply(label, _("an error message of {length} bytes").format(
                length=length))
        text = protocol.clean_text(self._read_exactly(
            length, rest[protocol.ERROR_HEADER:], label, limit, doing))
        if text.startswith(self.own_starts()):  # a line about this sandbox's own strategies
            return text
        return _("strategy {spec}: {text}").format(spec=self.spec, text=text)

    def own_starts(self) -> tuple[str, ...]:
        """How the lines the sandbox writes about its own strategies and files start, in
        the language in force (the sandbox speaks it too: it comes with every request to
        make a strategy)."""
        starts = {own_start(line, label=label) for line in (RETURNED, RAISED)
                  for label in self.labels}
        starts |= {own_start(line, path=path) for line in user_file.FILE_LINES
                   for path in self.files}
        return tuple(start for start in starts if start)

    # -- failures ----------------------------------------------------------------------------
    def _too_slow(self, label: str, limit: float, doing: str) -> None:
        self.stop()
        raise StrategyError(_("strategy {label} took longer than the time limit of {limit} s "
                              "{doing}").format(label=label, limit=f"{limit:g}", doing=doing))

    def _broken_reply(self, label: str, what: str) -> None:
        self.stop()
        raise StrategyError(_("strategy {label} broke the sandbox's reply format ({what})")
                            .format(label=label, what=what))

    def _ended(self, label: str) -> None:
        """The process closed its end of a pipe: say how it ended, and whose doing it was."""
        try:
            code = self.process.wait(1.0)
        except subprocess.TimeoutExpired:
            self.stop()
            raise StrategyError(_("strategy {label} closed its reply pipe").format(
                label=label)) from None
        self.stop()
        raise StrategyError(self.death(label, code))

    def death(self, label: str, code: int) -> str:
        """The line that says how the sandbox of ``label`` ended with return code ``code``."""
        number = -code if code < 0 else None
        if self.level == "bubblewrap" and code > 128:  # bwrap passes a signal on as 128 + N
            number = code - 128
        if number is None:
            return _("strategy {label} ended its own process (exit code {code})").format(
                label=label, code=code)
        name = _signal_name(number)
        if number in OWN_SIGNALS:
            return _("strategy {label} ended its own process (killed by {signal})").format(
                label=label, signal=name)
        if seccomp.supported():
            return _("the sandbox of strategy {label} was killed from outside ({signal}); the "
                     "strategy is not to blame").format(label=label, signal=name)
        return _("the sandbox of strategy {label} was killed by {signal}").format(
            label=label, signal=name)

    def stop(self) -> None:
        """End the process and its whole process group at once (nothing of it is kept), then
        close its pipes: it never sees them closed, so it has nothing to say about that."""
        if self.process.poll() is None:
            self.killed = True
            try:
                os.killpg(self.process.pid, signal.SIGKILL)
            except OSError:  # its group is gone already
                self.process.kill()
            self.process.wait()
        if not self.broken:
            self.broken = True
            for fd in (self.requests, self.replies):
                os.close(fd)
        self.output.drain()  # what it printed last (its whole group is gone: never blocks)
        self.output.close()

    def forget(self) -> None:
        """In a forked child: close the inherited pipes, leave the process to its owner."""
        if not self.broken:
            self.broken = True
            for fd in (self.requests, self.replies):
                os.close(fd)
        if self.output.open:
            self.output.open = False
            os.close(self.output.fd)


_IDLE: dict[tuple[str, str], list[SandboxProcess]] = {}
_ALL: "weakref.WeakSet[SandboxProcess]" = weakref.WeakSet()


def _take(spec: str, members: list[tuple[str, str]]) -> SandboxProcess:
    where = isolation()
    idle = _IDLE.get((spec, where.level), [])
    while idle:
        process = idle.pop()
        if not process.broken and process.process.poll() is None \
                and process.busy < RETIRE_BUSY_SECONDS:
            return process
        process.stop()
    process = SandboxProcess(spec, members, where)
    _ALL.add(process)
    return process


def _give_back(key: tuple[str, str], process: SandboxProcess) -> None:
    if process.broken:
        return
    process.tell(("drop",))
    if process.broken:
        return
    _IDLE.setdefault(key, []).append(process)
    idle = [(key, p) for key, processes in _IDLE.items() for p in processes]
    for old_key, old in idle[:max(0, len(idle) - MOST_IDLE)]:
        _IDLE[old_key].remove(old)
        old.stop()


def stop_all() -> None:
    """End every sandbox process of this process (at exit, and when a run is done)."""
    for process in list(_ALL):
        process.stop()
    _IDLE.clear()


def _forget_all() -> None:
    global _spawner
    for process in list(_ALL):
        process.forget()
    _ALL.clear()
    _IDLE.clear()
    _spawner = None  # its thread is not in the child


atexit.register(stop_all)
if hasattr(os, "register_at_fork"):
    os.register_at_fork(after_in_child=_forget_all)


class SandboxedStrategy:
    """The strategy ``spec`` (which loads a user's file) as played in a sandbox process.

    Call it with a View like any strategy; as a BatchPlayer, ``choose`` plays every game of
    a BatchView in one message. Its random generator is sealed from ``rng`` (sealing.py);
    ``members`` are (path, function) of every user file the spec plays (registry.file_members)."""

    needs_history = True

    def __init__(self, spec: str, rng: random.Random, members: list[tuple[str, str]]) -> None:
        self.name = spec
        self._process = _take(spec, members)
        self._process.output.new_run()
        self._process.ask(("make", spec, sealed_seed(rng), language()), 0, spec, START_SECONDS,
                          _("to load"))
        weakref.finalize(self, _give_back, (spec, self._process.level), self._process)

    def __call__(self, view: View) -> int:
        return self._process.ask(("one", view), 1, self.name, _limit)[0]

    def choose(self, view: "BatchView") -> "np.ndarray":
        """A slot for every game of ``view`` (the sandbox builds each game's View)."""
        import numpy as np

        if not len(view):
            return np.zeros(0, dtype=np.intp)
        slots = self._process.ask(("many", view), len(view), self.name, _limit)
        return np.frombuffer(slots, dtype=np.uint8).astype(np.intp)
