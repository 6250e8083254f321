"""How a process that holds a thousand connections keeps the garbage collector's pauses short.

CPython's collector stops the whole process for each pass, and a pass costs in proportion to
the objects of the generations it looks at: about 1 µs each in a loaded ``tcf-gui server``,
whose objects are spread over a hundred megabytes. Such a server holds about 250,000 objects
(the connections' and the tables'), so a pass over the old ones stalls every table for a
quarter of a second or more, and Python's own schedule makes one whenever the old ones grew
by a quarter. ``Collector`` keeps the passes small instead:

- every ``SWEEP_S`` seconds a sweep collects everything not frozen (what was made since the
  last sweep and still lives, and the cycles among it) and then freezes what survived, so
  that no later pass looks at it again; young passes between sweeps come only if the
  sweeps fall behind (``YOUNG_OBJECTS``), and the oldest generation gets no pass of its own;
- what was frozen is still freed by its reference counts, but a reference cycle among frozen
  objects waits for a whole pass: everything unfrozen and collected, the one long pause. A
  closed connection left such cycles (inside asyncio and websockets) until the server broke
  them as it closes (tcf_gui.net.server.Counted); a whole pass is a safety net for any
  other. It comes when the memory blocks Python's allocator holds grew by ``WHOLE_GROWTH``
  since the last one (so the cycles waiting are a bounded share of the memory; counting the
  frozen objects themselves takes a walk over all of them, 30 ms in a loaded server), and
  at least every ``WHOLE_S`` seconds.

Measured with benchmarks/bench_server.py (docs/benchmarks.md, "What one server holds")."""
from __future__ import annotations

import asyncio
import gc
import sys
import time
from dataclasses import dataclass
from typing import Callable

#: Seconds between two sweeps: a sweep's pause grows with the objects made since the last
#: one and still alive (in a loaded server, mostly the connections' reads in flight), so
#: sweeping more often makes each pause shorter for about the same work.
SWEEP_S = 0.1
#: A young pass between sweeps after this many objects made and not yet freed (Python's
#: default: 700): only when the sweeps fall behind.
YOUNG_OBJECTS = 50_000
#: A whole pass once the allocator's blocks grew by this share since the last one.
WHOLE_GROWTH = 0.25
#: A whole pass at least this often (seconds).
WHOLE_S = 600.0
#: The oldest generation's own threshold: never reached (only the sweeps pass over it).
NEVER = 1 << 30


@dataclass
class Collector:
    """The collector's schedule for a long-running process with an asyncio loop."""

    clock: Callable[[], float] = time.monotonic
    sweep_s: float = SWEEP_S
    whole_s: float = WHOLE_S
    whole_growth: float = WHOLE_GROWTH
    wholes: int = 0
    """Whole passes made so far."""
    _blocks_after_whole: int = 0
    _whole_at: float = 0.0

    def start(self) -> None:
        """Collect and freeze what the process made so far, and take the schedule."""
        gc.set_threshold(YOUNG_OBJECTS, gc.get_threshold()[1], NEVER)
        self._whole()

    def sweep(self) -> None:
        """Collect what is not frozen and freeze the rest, or make a whole pass when one is due."""
        grown = sys.getallocatedblocks() > self._blocks_after_whole * (1 + self.whole_growth)
        if grown or self.clock() >= self._whole_at:
            self._whole()
            return
        gc.collect()
        gc.freeze()

    def _whole(self) -> None:
        gc.unfreeze()
        gc.collect()
        gc.freeze()
        self.wholes += 1
        self._blocks_after_whole = sys.getallocatedblocks()
        self._whole_at = self.clock() + self.whole_s

    async def run(self) -> None:
        """Sweep every ``sweep_s`` seconds until cancelled."""
        while True:
            await asyncio.sleep(self.sweep_s)
            self.sweep()
