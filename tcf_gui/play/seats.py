"""The seats at a table: whoever or whatever plays one side of a game.

A Seat is asked with a View (``ask``) and answers later (``answer`` returns the slot once it
has one, None while it thinks) or fails with StrategyError. The kinds:

- ``StrategySeat``: a strategy, asked in the loop (the built-ins answer in microseconds);
- ``FileSeat``: a strategy that plays a user's file, sandboxed and asked off the loop, with
  a time limit, so that a slow or hanging file never holds up a window or a server;
- ``PersonSeat``: a person, whose answer is handed in (a click, a key, the terminal);
- ``ReplaySeat``: the moves of a recorded game.

Whether a seat is asked off the loop is its ``off_loop`` property, not a guess from a spec.
A remote player (a network client) is one more kind: it sends the View and answers when the
reply comes, off the loop.
"""
from __future__ import annotations

import random
from functools import partial
from typing import Sequence

from tcf_gui.engine.strategies.registry import StrategyError, loads_file, make_strategy
from tcf_gui.engine.strategies.errors import checked_slot
from tcf_gui.engine.view import Strategy, View
from tcf_gui.i18n import _
from tcf_gui.play.off_loop import OffLoop, OffLoopFailed, failure_line

#: How long a user's strategy may think about one discard, in seconds (the window's limit,
#: over the sandbox's own); its first answer may also take START_LIMIT_S to load the file.
THINK_LIMIT_S = 10.0
START_LIMIT_S = 30.0


class Seat:
    """One side of the table. ``name`` says who sits there (a strategy spec, "you")."""

    #: True when asking may take long (a user's code, a network): asked on a worker thread.
    off_loop = False
    #: True for a person, who sees the table and answers through it.
    person = False

    def __init__(self, name: str) -> None:
        self.name = name
        self.view: View | None = None
        """The View of the open question, None when nothing is asked."""

    @property
    def thinking(self) -> bool:
        """True while a question is open and its answer has not come."""
        return self.view is not None

    def ask(self, view: View) -> None:
        """Ask for a discard from ``view`` (what this seat may know now)."""
        self.view = view

    def withdraw(self) -> None:
        """Drop the open question (its game left the table); a late answer is never read."""
        self.view = None

    def answer(self) -> int | None:
        """The slot once decided (the question is then closed), None while thinking or when
        nothing is asked; StrategyError if the seat failed."""
        raise NotImplementedError

    def close(self) -> None:
        """Let go of what the seat holds (a sandbox, a connection)."""


class StrategySeat(Seat):
    """A strategy: a callable from a View to a slot, asked in the loop unless ``off_loop``."""

    def __init__(self, strategy: Strategy | None, name: str) -> None:
        super().__init__(name)
        self.strategy = strategy
        self._job: OffLoop[int] | None = None
        self._slot: int | None = None
        self._error: StrategyError | None = None

    def ask(self, view: View) -> None:
        super().ask(view)
        self._slot, self._error = None, None
        if self.off_loop:
            self._job = OffLoop(partial(self.decide, view), self.what,
                                limit_s=self.limit_s(), expected=(StrategyError,))
            return
        try:
            self._slot = self.decide(view)
        except Exception as error:  # a bug in a strategy: one line, no traceback
            self._error = StrategyError(failure_line(self.what, error, (StrategyError,)))

    @property
    def thinking(self) -> bool:
        return self._job is not None and not self._job.done

    def withdraw(self) -> None:
        super().withdraw()
        self._job = None

    @property
    def what(self) -> str:
        """The seat as a failure names it: 'strategy mine.py'."""
        return _("strategy {name}").format(name=self.name)

    def decide(self, view: View) -> int:
        """The strategy's slot for ``view``, checked (blocking: off the loop when ``off_loop``)."""
        assert self.strategy is not None
        return checked_slot(self.name, view, self.strategy(view))

    def limit_s(self) -> float | None:
        """How long an answer may take off the loop (None: no limit)."""
        return None

    def answer(self) -> int | None:
        if self.view is None:
            return None
        if self._job is not None:
            if not self._job.done:
                return None
            job, self._job = self._job, None
            try:
                self._slot = job.result()
            except OffLoopFailed as failed:
                self._error = StrategyError(str(failed))
        self.view = None
        if self._error is not None:
            raise self._error
        return self._slot


class FileSeat(StrategySeat):
    """A strategy that plays a user's file: loaded in its sandbox and asked off the loop."""

    off_loop = True

    def __init__(self, spec: str, rng: random.Random) -> None:
        super().__init__(None, spec)
        self.rng = rng

    def decide(self, view: View) -> int:
        if self.strategy is None:  # the sandbox starts with the first question, off the loop
            self.strategy = make_strategy(self.name, self.rng)
        return super().decide(view)

    def limit_s(self) -> float:
        return THINK_LIMIT_S + (START_LIMIT_S if self.strategy is None else 0.0)

    def close(self) -> None:
        self.strategy = None  # its sandbox goes back to the pool (or ends with the program)


class PersonSeat(Seat):
    """A person: asked with their View, they answer with ``give(slot)`` (a click, a key, a
    line typed in the terminal)."""

    person = True

    def __init__(self, name: str = "you") -> None:
        super().__init__(name)
        self._slot: int | None = None

    def give(self, slot: int) -> bool:
        """The person's discard; False when nothing is asked or they have answered already."""
        if self.view is None or self._slot is not None:
            return False
        self._slot = slot
        return True

    @property
    def thinking(self) -> bool:
        return self.view is not None and self._slot is None

    def withdraw(self) -> None:
        super().withdraw()
        self._slot = None

    def answer(self) -> int | None:
        slot = self._slot
        if slot is not None:
            self.view, self._slot = None, None
        return slot


class ReplaySeat(Seat):
    """One player's moves of a recorded game, turn by turn; silent once they run out (a game
    given up mid-way)."""

    def __init__(self, name: str, moves: Sequence[tuple[int, int]], player: int) -> None:
        super().__init__(name)
        self.slots = [move[player - 1] for move in moves]

    def answer(self) -> int | None:
        if self.view is None or self.view.turn > len(self.slots):
            return None
        slot, self.view = self.slots[self.view.turn - 1], None
        return slot


def seat_for(spec: str, rng: random.Random) -> Seat:
    """The seat of the strategy ``spec``: off the loop in a sandbox if it plays a user's file
    (itself or as a member), else in the loop. StrategyError for a spec that names none."""
    if loads_file(spec):
        return FileSeat(spec, rng)
    return StrategySeat(make_strategy(spec, rng), spec)
