"""The server's schedule for the garbage collector (tcf_gui.net.collector): sweeps free the
new cycles and freeze what lives; cycles among frozen objects wait for a whole pass, which
comes when the memory held grew enough or its time came."""
from __future__ import annotations

import asyncio
import gc
import sys
import weakref

import pytest

from tcf_gui.net.collector import NEVER, Collector


class Node:
    other: "Node | None" = None


def cycle() -> tuple[Node, "weakref.ref[Node]"]:
    """Two objects that refer to each other: only the collector frees them."""
    first, second = Node(), Node()
    first.other, second.other = second, first
    return first, weakref.ref(first)


def frozen(obj: object) -> bool:
    """Whether ``obj`` is in the frozen generation (no pass looks at it)."""
    return gc.is_tracked(obj) and not any(o is obj for o in gc.get_objects())


@pytest.fixture
def collector_state():
    """The process's collector as it was after the test (these tests freeze its objects)."""
    thresholds = gc.get_threshold()
    yield
    gc.unfreeze()
    gc.set_threshold(*thresholds)


def test_start_freezes_what_is_there_and_leaves_the_oldest_generation_to_the_sweeps(
        collector_state):
    kept = Node()
    Collector().start()
    assert frozen(kept)
    assert gc.get_threshold()[2] == NEVER


def test_a_sweep_frees_the_new_cycles_and_freezes_what_lives(collector_state):
    now = [0.0]
    collector = Collector(lambda: now[0], whole_s=60.0)
    collector.start()
    kept = Node()
    gone = cycle()[1]
    assert gone() is not None and not frozen(kept)
    now[0] = 1.0
    collector.sweep()
    assert gone() is None, "a cycle made since the last sweep is freed by the next"
    assert frozen(kept)
    assert collector.wholes == 1, "a sweep is no whole pass"


def test_a_cycle_among_frozen_objects_waits_for_the_whole_pass_its_time_brings(collector_state):
    now = [0.0]
    collector = Collector(lambda: now[0], whole_s=60.0, whole_growth=10.0)
    collector.start()
    first, ref = cycle()
    now[0] = 1.0
    collector.sweep()
    del first  # the cycle is garbage now, but frozen
    now[0] = 59.0
    collector.sweep()
    assert ref() is not None, "a sweep looks at nothing frozen"
    now[0] = 61.0
    collector.sweep()
    assert ref() is None and collector.wholes == 2


def test_a_whole_pass_comes_once_the_memory_held_grew_by_its_share(collector_state):
    now = [0.0]
    collector = Collector(lambda: now[0], whole_s=3600.0, whole_growth=0.05)
    collector.start()
    first, ref = cycle()
    collector.sweep()  # a few objects more since the start's whole pass: a sweep
    assert collector.wholes == 1 and frozen(first)
    del first  # garbage now, frozen
    keep = [Node() for _ in range(sys.getallocatedblocks() // 10)]  # a tenth more blocks
    collector.sweep()  # long before its time
    assert ref() is None and collector.wholes == 2
    assert frozen(keep[0])


def test_run_sweeps_on_its_clock_until_cancelled(collector_state):
    async def main() -> int:
        collector = Collector(sweep_s=0.01)
        collector.start()
        task = asyncio.create_task(collector.run())
        gone = cycle()[1]
        for _ in range(200):
            await asyncio.sleep(0.01)
            if gone() is None:
                break
        task.cancel()
        with pytest.raises(asyncio.CancelledError):
            await task
        return gone() is None

    assert asyncio.run(main())
