"""The spectator's counters keep beside the hands at 800x600, with a fresh run's seed."""
from __future__ import annotations

import pytest
from screen_tour import text_problems

from tcf_gui.gui.scene_manager import SceneManager
from tcf_gui.gui.spectator import SpectatorScene

#: A fresh run's seed as the window makes one (20 digits): the head 'run seed ...' was wider
#: than the room beside Player 2's hand and ran over its third card.
LONG_SEED = 18138347791973162970


@pytest.mark.parametrize("language", ["en", "de", "pl"])
def test_the_run_seed_wraps_inside_the_counters_room_at_800x600(language, speak, settings, clock,
                                                                history):
    speak(language)
    scene = SpectatorScene(settings, (1280, 720), seed=LONG_SEED)
    SceneManager(scene)
    clock.wait(scene, 1000)
    scene.paused = True
    clock.settle(scene)
    assert not text_problems(scene.manager, (800, 600))
