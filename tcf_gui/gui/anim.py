"""Tweens over a clock value handed in: beats of card flights played one after another.

Nothing here reads a clock. ``Timeline.update(now_ms)`` is told the time, so a test can
play a whole deal by handing in fake milliseconds, and a resized window simply moves the
end points of the flights (places are resolved by the layout at drawing time).
"""
from __future__ import annotations

import math
from collections import deque
from dataclasses import dataclass
from typing import Callable, Protocol

from tcf_gui.engine.cards import Card
from tcf_gui.engine.events import Event
from tcf_gui.config.speeds import SPEEDS as SPEED_ORDER
from tcf_gui.gui.layout import Place

#: Duration multipliers of the speed setting (named slowest first in SPEED_ORDER);
#: instant plays every beat at once.
SPEED_FACTORS = {"slow": 1.7, "normal": 1.0, "fast": 0.45, "instant": 0.0}


class MotionSettings(Protocol):
    speed: str
    reduced_motion: bool


def motion_scale(settings: MotionSettings) -> float:
    """How long the cards take to fly, as a factor of normal speed: none at all (the table
    shows each card where it lands) under Reduced motion."""
    return 0.0 if settings.reduced_motion else SPEED_FACTORS[settings.speed]


def ease_out(t: float) -> float:
    """Cubic ease-out: fast start, gentle landing."""
    t = min(1.0, max(0.0, t))
    return 1 - (1 - t) ** 3


def lerp(a: float, b: float, t: float) -> float:
    """The point a fraction ``t`` of the way from ``a`` to ``b``."""
    return a + (b - a) * t


def faster(speed: str) -> str:
    """The next faster speed, or the same at the end of the scale."""
    index = SPEED_ORDER.index(speed)
    return SPEED_ORDER[min(index + 1, len(SPEED_ORDER) - 1)]


def slower(speed: str) -> str:
    """The next slower speed, or the same at the end of the scale."""
    index = SPEED_ORDER.index(speed)
    return SPEED_ORDER[max(index - 1, 0)]


@dataclass(frozen=True)
class Flight:
    """One card moving from one place to another, turning over on the way if the faces differ."""

    card: Card
    src: Place
    dst: Place
    face_up_from: bool
    face_up_to: bool


@dataclass(frozen=True)
class Beat:
    """Flights that move together for ``duration_ms``, a ``sound`` as they start, and the
    engine ``events`` the shown table takes on when they land."""

    duration_ms: float
    flights: tuple[Flight, ...] = ()
    sound: str | None = None
    events: tuple[Event, ...] = ()


def _ignore(_: object) -> None:
    """The default of a timeline that nobody listens to."""


@dataclass(frozen=True)
class FlightFrame:
    """A flight at one moment: progress ``t`` in 0..1 along an eased path."""

    flight: Flight
    t: float


class Timeline:
    """A queue of beats; the current one runs from ``started`` for its duration. A beat's
    sound goes to ``sound`` as it starts, its events to ``apply`` as it ends."""

    def __init__(self, apply: Callable[[Event], None] = _ignore,
                 sound: Callable[[str], None] = _ignore) -> None:
        self._apply = apply
        self._sound = sound
        self._queue: deque[Beat] = deque()
        self._current: Beat | None = None
        self._started = 0.0
        #: How many times a beat started or ended (each may change the table): a frame's key.
        self.changes = 0

    @property
    def busy(self) -> bool:
        return self._current is not None or bool(self._queue)

    def add(self, beat: Beat) -> None:
        self._queue.append(beat)

    @property
    def in_the_air(self) -> tuple[Event, ...]:
        """The events of the beat now playing: their cards are on their way."""
        return self._current.events if self._current is not None else ()

    def update(self, now: float) -> bool:
        """Advance to ``now``; True if anything started or ended."""
        changed = False
        while True:
            if self._current is None:
                if not self._queue:
                    return changed
                self._start(self._queue.popleft(), now)
                changed = True
            assert self._current is not None
            end = self._started + self._current.duration_ms
            if now < end:
                return changed
            self._finish()
            changed = True
            if self._queue:  # the next beat starts when this one ended, not late
                self._start(self._queue.popleft(), min(end, now))

    def hurry(self) -> None:
        """Play every queued beat to its end at once."""
        while self.busy:
            if self._current is None:
                self._start(self._queue.popleft(), 0.0)
            self._finish()

    def frames(self, now: float) -> list[FlightFrame]:
        """The flights of the current beat at time ``now``."""
        beat = self._current
        if beat is None:
            return []
        t = 1.0 if beat.duration_ms <= 0 else (now - self._started) / beat.duration_ms
        t = min(1.0, max(0.0, t))
        return [FlightFrame(flight, t) for flight in beat.flights]

    def _start(self, beat: Beat, now: float) -> None:
        self.changes += 1
        self._current, self._started = beat, now
        if beat.sound:
            self._sound(beat.sound)

    def _finish(self) -> None:
        self.changes += 1
        beat, self._current = self._current, None
        if beat is not None:
            for event in beat.events:
                self._apply(event)


def flip_scale(t: float) -> float:
    """Horizontal scale of a card turning over at progress t (0 at the half-way edge-on point)."""
    return abs(math.cos(math.pi * t))
