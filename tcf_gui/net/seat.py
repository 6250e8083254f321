"""A network player's seat at the server's table: one more kind of Seat.

The table session asks it with a View as it asks any seat; the seat passes the question on
to its client (``on_ask``) and answers once the client's move has come (``give``). Two
clocks run on it, both read from an injected ``clock`` so that tests move time by hand:

- the turn timer: a seat that lets ``timer_s`` pass without committing to a move
  (``commit``, tcf_gui.net.proof) plays its lowest card (``timed_out`` says so for that
  turn); once committed, the move is the one it opens (``give``); it stands still while the
  seat is ``paused`` (the other player is away);
- the hold: a seat whose connection dropped keeps its place for ``hold_s``; after that its
  answer is a StrategyError, which ends the game as abandoned by that player.
"""
from __future__ import annotations

import time
from typing import Callable

from tcf_gui.engine.strategies.registry import StrategyError
from tcf_gui.engine.view import View
from tcf_gui.i18n import _
from tcf_gui.play.seats import Seat

#: How long a dropped connection keeps its seat, in seconds.
HOLD_S = 60.0


def lowest_slot(hand: tuple) -> int:
    """The slot of the lowest card in the lab's linear order (rank, then suit)."""
    return min(range(len(hand)), key=lambda slot: hand[slot])


class Abandoned(StrategyError):
    """The player left the table (gone past the hold, or said so)."""


class RemoteSeat(Seat):
    """A person at another machine, asked through their connection."""

    off_loop = True
    person = True

    def __init__(self, name: str, *, timer_s: float = 0, hold_s: float = HOLD_S,
                 clock: Callable[[], float] = time.monotonic) -> None:
        super().__init__(name)
        self.timer_s = timer_s
        self.hold_s = hold_s
        self.clock = clock
        self.on_ask: Callable[[View], None] = lambda view: None
        """Called with the View each time the seat is asked (the table tells the client)."""
        self.asked_at = 0.0
        self.away_since: float | None = None
        """When the connection dropped; None while connected."""
        self.left = False
        """True once the player said they leave (or the hold ran out)."""
        self.timed_out = False
        """True when the last answer was the lowest card played by the timer."""
        self.paused_at: float | None = None
        """When the turn timer stopped (the other player went away); None while it runs."""
        self._slot: int | None = None
        self.commitment: str | None = None
        """The commitment to this turn's move, once the client sent it."""

    # -- the connection ----------------------------------------------------------------------
    def dropped(self) -> None:
        if self.away_since is None:
            self.away_since = self.clock()

    def back(self) -> None:
        self.away_since = None

    def leave(self) -> None:
        self.left = True

    def pause(self) -> None:
        """Stop the turn timer (the other player is away)."""
        if self.paused_at is None:
            self.paused_at = self.clock()

    def unpause(self) -> None:
        """Run the turn timer on from where it stopped."""
        if self.paused_at is not None:
            self.asked_at += self.clock() - self.paused_at
            self.paused_at = None

    @property
    def gone(self) -> bool:
        """Left, or away longer than the hold."""
        return self.left or (self.away_since is not None
                             and self.clock() - self.away_since >= self.hold_s)

    # -- the question --------------------------------------------------------------------------
    def ask(self, view: View) -> None:
        super().ask(view)
        self._slot, self.timed_out, self.commitment = None, False, None
        self.asked_at = self.clock()
        if self.paused_at is not None:  # asked while stopped: it starts when it runs again
            self.paused_at = self.asked_at
        self.on_ask(view)

    def seconds_left(self) -> float | None:
        """Seconds until the timer plays for this seat (None: no timer or nothing asked)."""
        if not self.timer_s or self.view is None:
            return None
        now = self.clock() if self.paused_at is None else self.paused_at
        return max(0.0, self.asked_at + self.timer_s - now)

    def deadline(self) -> float | None:
        """The clock time at which this seat needs looking at again (timer or hold)."""
        times = []
        if (self.view is not None and self.timer_s and self.commitment is None
                and self.paused_at is None):
            times.append(self.asked_at + self.timer_s)
        if self.away_since is not None and not self.left:
            times.append(self.away_since + self.hold_s)
        return min(times) if times else None

    def commit(self, committed: str) -> bool:
        """The client's commitment to its move (its timer stops); False when nothing is
        asked or it committed already."""
        if self.view is None or self.commitment is not None:
            return False
        self.commitment = committed
        return True

    def give(self, slot: int) -> bool:
        """The client's move, once it opened its commitment; False when nothing is asked,
        nothing committed or it was answered already."""
        if self.view is None or self.commitment is None or self._slot is not None:
            return False
        self._slot = slot
        return True

    @property
    def answered(self) -> bool:
        """Committed to this turn's move (the other player is told it has chosen)."""
        return self.view is not None and self.commitment is not None

    @property
    def thinking(self) -> bool:
        return self.view is not None and self.commitment is None

    def withdraw(self) -> None:
        super().withdraw()
        self._slot, self.commitment = None, None

    def answer(self) -> int | None:
        if self.gone:
            raise Abandoned(_("{name} left the table").format(name=self.name))
        if self.view is None:
            return None
        slot = self._slot
        if (slot is None and self.commitment is None and self.timer_s and self.paused_at is None
                and self.clock() - self.asked_at >= self.timer_s):
            slot, self.timed_out = lowest_slot(self.view.hand), True
        if slot is not None:
            self.view, self._slot, self.commitment = None, None, None
        return slot
