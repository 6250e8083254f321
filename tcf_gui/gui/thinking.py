"""Asking a computer player for its discard without ever freezing the window.

Built-in strategies answer in microseconds and are asked right away. A strategy that runs a
user's code (a spec naming a .py file) is asked on a worker thread: the loop keeps drawing,
the table says that Player 2 is thinking, and a time limit ends the wait. Whatever goes
wrong comes back as one StrategyError, never as a traceback.
"""
from __future__ import annotations

import threading
import time
from typing import Callable

from ..engine.strategies import StrategyError
from ..engine.view import Strategy, View

#: How long a user's strategy may think about one discard, in seconds.
THINK_LIMIT_S = 10.0


def runs_user_code(spec: str) -> bool:
    """True for a spec that runs code from a user's file (it may be slow, or hang)."""
    return ".py" in spec


class Thinker:
    """One question at a time to ``strategy``: ``ask(view)``, then ``answer()`` each frame."""

    def __init__(self, strategy: Strategy, name: str, *, threaded: bool,
                 limit_s: float | None = None, clock: Callable[[], float] = time.monotonic) -> None:
        self.strategy = strategy
        self.name = name
        self.threaded = threaded
        self.limit_s = THINK_LIMIT_S if limit_s is None else limit_s
        self.clock = clock
        self._box: list[object] = []  # the answer or the error, once there is one
        self._asked_at: float | None = None

    @property
    def thinking(self) -> bool:
        return self._asked_at is not None and not self._box

    def ask(self, view: View) -> None:
        box: list[object] = []
        self._box, self._asked_at = box, self.clock()
        if self.threaded:
            threading.Thread(target=self._think, args=(view, box), daemon=True,
                             name=f"strategy {self.name}").start()
        else:
            self._think(view, box)

    def _think(self, view: View, box: list[object]) -> None:
        try:
            box.append(self.strategy(view))
        except StrategyError as error:
            box.append(error)
        except Exception as error:  # a bug in code we do not control: one line, no traceback
            box.append(StrategyError(f"strategy {self.name} failed: {type(error).__name__}: {error}"))

    def answer(self) -> int | None:
        """The slot once decided, None while thinking; StrategyError if it failed or timed out."""
        if self._asked_at is None:
            return None
        if self._box:
            self._asked_at = None
            result = self._box[0]
            if isinstance(result, StrategyError):
                raise result
            return result  # type: ignore[return-value]
        if self.clock() - self._asked_at > self.limit_s:
            self._asked_at = None  # the thread is left to finish; its answer is never read
            self._box = []
            raise StrategyError(f"strategy {self.name} gave no answer within {self.limit_s:g} s")
        return None
