"""Reduced motion (Options): the cards are shown where they land, without flying; speed
still paces the game, and the option changes the table at once."""
from __future__ import annotations

import pygame

from tcf_gui.gui.play_scene import PlayScene
from tcf_gui.gui.scene_manager import SceneManager

SIZE = (1280, 720)


def dealt_after(settings, clock, frames: int, seed: int) -> bool:
    scene = PlayScene(settings, SIZE, seed=seed)
    SceneManager(scene)
    for _ in range(frames):
        clock.step(scene)
    return scene.state.dealt and not scene.timeline.in_the_air


def test_the_deal_lands_at_once_under_reduced_motion(settings, clock, open_seed):
    assert not dealt_after(settings, clock, 3, open_seed)  # six cards fly at normal speed
    settings.reduced_motion = True
    assert dealt_after(settings, clock, 3, open_seed)


def test_a_turn_lands_at_once_once_the_option_is_turned_on(settings, clock, open_seed):
    scene = PlayScene(settings, SIZE, seed=open_seed)
    SceneManager(scene)
    clock.rest(scene)
    scene.set_option("reduced_motion", True)
    clock.key(scene, pygame.K_1)
    for _ in range(120):  # Player 2 thinks on a worker; no card is ever seen in the air
        assert not scene.timeline.in_the_air
        if scene.state.turns_shown == 1:
            break
        clock.step(scene)
    assert scene.state.turns_shown == 1
