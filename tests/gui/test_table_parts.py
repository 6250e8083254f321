"""A table screen is its parts: the scene draws them bottom up and hands a click to the
topmost part that takes it; only a click no part took reaches the scene (the wheel's way to
the log panel is in test_turn_log.py)."""
from __future__ import annotations

import pygame

from tcf_gui.gui.play_scene import PlayScene
from tcf_gui.gui.scene_manager import SceneManager
from tcf_gui.gui.table_view import Part

SIZE = (1280, 720)


class Recorder(Part):
    """A part that notes what it is asked, and takes the events it is told to."""

    def __init__(self, name: str, seen: list[str], takes: bool) -> None:
        self.name, self.seen, self.takes = name, seen, takes

    def draw(self, surface: pygame.Surface) -> None:
        self.seen.append(f"draw {self.name}")

    def handle(self, event: pygame.event.Event) -> bool:
        self.seen.append(f"handle {self.name}")
        return self.takes


def ready(settings, clock, seed: int) -> PlayScene:
    scene = PlayScene(settings, SIZE, seed=seed)
    SceneManager(scene)
    clock.rest(scene)
    assert scene.awaiting_choice
    return scene


def test_the_parts_are_drawn_bottom_up_and_the_topmost_takes_a_click(settings, clock, open_seed):
    scene = ready(settings, clock, open_seed)
    seen: list[str] = []
    scene.extras.append(Recorder("on the cards", seen, takes=True))
    scene.overlays.append(Recorder("over the banner", seen, takes=False))
    scene.draw(pygame.Surface(SIZE))
    assert seen == ["draw on the cards", "draw over the banner"]
    assert scene.parts.index(scene.cards[-1]) < scene.parts.index(scene.extras[-1]) \
        < scene.parts.index(scene.menu_button) < scene.parts.index(scene.overlays[-1])
    seen.clear()
    card = scene.layout.hands[1][0].center
    clock.wait(scene, 1000)
    clock.click(scene, card)  # the part on the cards takes it: the person's hand never hears it
    assert seen == ["handle over the banner", "handle on the cards"]
    assert scene.game.moves == [] and scene.awaiting_choice
    seen.clear()
    clock.click(scene, scene.layout.menu_button.center)  # the Menu button lies over the cards
    assert seen == ["handle over the banner"] and len(scene.manager.stack) == 2

