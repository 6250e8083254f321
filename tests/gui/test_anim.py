"""The speed scale and the timeline, with fake milliseconds."""
from __future__ import annotations

from tcf_gui.gui.anim import SPEED_FACTORS, SPEED_ORDER, Beat, Timeline, faster, slower


def test_every_saved_speed_has_a_multiplier_and_they_fall_from_slow_to_instant():
    assert tuple(SPEED_FACTORS) == SPEED_ORDER
    assert [SPEED_FACTORS[name] for name in SPEED_ORDER] == sorted(SPEED_FACTORS.values(), reverse=True)
    assert faster("instant") == "instant" and slower("slow") == "slow"
    assert [faster(name) for name in SPEED_ORDER[:-1]] == list(SPEED_ORDER[1:])


def test_beats_play_one_after_another_and_hurry_ends_them_all():
    log: list[str] = []
    timeline = Timeline(apply=lambda event: log.append(f"-{event}"),
                        sound=lambda name: log.append(f"+{name}"))
    for name in "abc":
        timeline.add(Beat(100, sound=name, events=(name,)))  # type: ignore[arg-type]
    timeline.update(0)
    timeline.update(150)  # a ends at 100, b started then
    assert log == ["+a", "-a", "+b"]
    timeline.hurry()
    assert log == ["+a", "-a", "+b", "-b", "+c", "-c"] and not timeline.busy
