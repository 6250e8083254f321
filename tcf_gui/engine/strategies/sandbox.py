"""A user's strategy file runs in a process of its own that sees Views and answers slots.

The process is a fresh Python interpreter (``python -m tcf_gui.engine.strategies.sandbox_process``,
nothing else on its command line) started with the user's file: it never holds a deck, the
game's random generator, the other player's data or the run's seed, so walking the stack or
the garbage collector there finds nothing to cheat with. It gets one View at a time from
the one-game engine and a BatchView (every active game of a turn in one message) from the
batch engine; it answers with slots, checked there and here.

Every decision has a time limit (``set_decision_limit``). A strategy that runs over it,
raises anything (KeyboardInterrupt and SystemExit included), answers a bad slot or ends its
own process raises StrategyError here, with one line naming the strategy and the reason.

Processes are reused: when a strategy is dropped its process goes back to a pool kept per
spec (a few at most), so a run of many chunks starts each user strategy's process once per
seat and worker.
Two strategies alive at once never share a process. They all end with this process: a
sandbox process also stops by itself when its input closes.

This is not a security boundary: code on the same machine can read files and other
processes as the user can. It keeps an honest strategy from peeking at the game.
"""
from __future__ import annotations

import atexit
import os
import random
import subprocess
import sys
import weakref
from typing import TYPE_CHECKING, Any

from ..view import View, as_slot
from .errors import StrategyError

if TYPE_CHECKING:
    from multiprocessing.connection import Connection

    import numpy as np

    from ..batch.view import BatchView

#: Seconds a decision may take (default), and how often a busy sandbox says it is alive.
DEFAULT_DECISION_SECONDS = 5.0
TICK_SECONDS = 0.2
#: Seconds to import the user's file and build the strategy.
START_SECONDS = 30.0

_limit = DEFAULT_DECISION_SECONDS


def set_decision_limit(seconds: float) -> None:
    """The time limit of one decision of a user's strategy, in seconds (above 0)."""
    global _limit
    if not seconds > 0:
        raise ValueError(f"a time limit must be above 0 seconds, not {seconds}")
    _limit = float(seconds)


def decision_limit() -> float:
    return _limit


def _describe_exit(code: int | None) -> str:
    from ..workers import describe_exit

    return describe_exit(code)


class SandboxProcess:
    """One sandbox interpreter and the two pipes to it (pickled messages, in order)."""

    def __init__(self) -> None:
        if os.name != "posix":
            raise StrategyError("strategies from files run in a separate process, which needs "
                                "Linux, macOS or another POSIX system")
        from multiprocessing.connection import Connection

        to_child, from_parent = os.pipe()
        to_parent, from_child = os.pipe()
        try:
            self.process = subprocess.Popen(
                [sys.executable, "-m", "tcf_gui.engine.strategies.sandbox_process"],
                stdin=to_child, stdout=from_child, close_fds=True,
            )
        finally:
            os.close(to_child)
            os.close(from_child)
        self.requests: Connection = Connection(from_parent, readable=False)
        self.replies: Connection = Connection(to_parent, writable=False)
        self.broken = False

    def ask(self, message: tuple, label: str, limit: float) -> Any:
        """Send ``message`` and wait for the answer; StrategyError on any failure, after
        which this process is ended."""
        try:
            self.requests.send(message)
            while True:
                if not self.replies.poll(limit + TICK_SECONDS):
                    self.stop()
                    raise StrategyError(f"strategy {label} took longer than the time limit "
                                        f"of {limit:g} s for one decision")
                reply = self.replies.recv()
                if reply[0] != "tick":
                    break
        except (EOFError, OSError):
            self.stop()
            raise StrategyError(f"strategy {label} ended its own process "
                                f"({_describe_exit(self.process.returncode)})") from None
        if reply[0] == "error":
            self.stop()
            raise StrategyError(reply[1])
        return reply[1]

    def tell(self, message: tuple) -> None:
        """Send a message that has no answer."""
        try:
            self.requests.send(message)
        except OSError:
            self.stop()

    def stop(self) -> None:
        """End the process (its input closes, then a kill if it lingers)."""
        self.broken = True
        for conn in (self.requests, self.replies):
            conn.close()
        if self.process.poll() is None:
            try:
                self.process.wait(0.5)
            except subprocess.TimeoutExpired:
                self.process.kill()
                self.process.wait()

    def forget(self) -> None:
        """In a forked child: close the inherited pipes, leave the process to its owner."""
        self.broken = True
        for conn in (self.requests, self.replies):
            conn.close()


_IDLE: dict[str, list[SandboxProcess]] = {}
_ALL: "weakref.WeakSet[SandboxProcess]" = weakref.WeakSet()


def _take(spec: str) -> SandboxProcess:
    idle = _IDLE.get(spec, [])
    while idle:
        process = idle.pop()
        if not process.broken and process.process.poll() is None:
            return process
    process = SandboxProcess()
    _ALL.add(process)
    return process


#: Idle sandbox processes kept for reuse, at most (the oldest beyond are ended).
MOST_IDLE = 4


def _give_back(spec: str, process: SandboxProcess) -> None:
    if process.broken:
        return
    process.tell(("drop",))
    _IDLE.setdefault(spec, []).append(process)
    idle = [(spec, p) for spec, processes in _IDLE.items() for p in processes]
    for old_spec, old in idle[:max(0, len(idle) - MOST_IDLE)]:
        _IDLE[old_spec].remove(old)
        old.stop()


def stop_all() -> None:
    """End every sandbox process of this process (at exit, and when a run is done)."""
    for process in list(_ALL):
        process.stop()
    _IDLE.clear()


def _forget_all() -> None:
    for process in list(_ALL):
        process.forget()
    _ALL.clear()
    _IDLE.clear()


atexit.register(stop_all)
if hasattr(os, "register_at_fork"):
    os.register_at_fork(after_in_child=_forget_all)


class SandboxedStrategy:
    """The strategy ``spec`` (which loads a user's file) as played in a sandbox process.

    Call it with a View like any strategy; as a BatchPlayer, ``choose`` plays every game of
    a BatchView in one message."""

    needs_history = True

    def __init__(self, spec: str, rng: random.Random) -> None:
        self.name = spec
        self._process = _take(spec)
        self._process.ask(("make", spec, rng), spec, START_SECONDS)
        weakref.finalize(self, _give_back, spec, self._process)

    def __call__(self, view: View) -> int:
        slot = as_slot(self._process.ask(("one", view), self.name, _limit))
        if slot is None:  # the sandbox checked it; this is only for a sandbox gone wrong
            raise StrategyError(f"strategy {self.name} gave no slot")
        return slot

    def choose(self, view: "BatchView") -> "np.ndarray":
        """A slot for every game of ``view`` (the sandbox builds each game's View)."""
        import numpy as np

        slots = np.asarray(self._process.ask(("many", view), self.name, _limit))
        if slots.shape != (len(view),) or not np.isin(slots, (0, 1, 2)).all():
            raise StrategyError(f"strategy {self.name} gave no slot")
        return slots
