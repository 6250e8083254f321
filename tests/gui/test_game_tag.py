"""The person's table says what kind of game is on it while it goes on (over the middle
row): Today's deal, its practice, open hands, a deal known beforehand, a game brought back
from the last start; an ordinary new game says nothing there."""
from __future__ import annotations

import random

import pygame

from tcf_gui.gui import text_boxes
from tcf_gui.gui.play_scene import PlayScene
from tcf_gui.gui.scene_manager import SceneManager

SIZE = (1280, 720)


def tag_drawn(scene: PlayScene) -> list[str]:
    """The texts drawn in the band over the middle row."""
    with text_boxes.recording() as record:
        scene.manager.draw(pygame.Surface(SIZE))
    band = scene.layout.band(2)
    return [box.text for box in record.boxes if band.contains(pygame.Rect(box.rect))]


def table(settings, history, **given) -> PlayScene:
    scene = PlayScene(settings, SIZE, history=history, **given)
    SceneManager(scene)
    return scene


def test_an_ordinary_game_has_no_tag(settings, history, display):
    scene = table(settings, history)
    assert scene.tag.words() == "" and tag_drawn(scene) == []


def test_todays_deal_and_practice_games_say_so(settings, history, display):
    assert tag_drawn(table(settings, history, daily=True))[0].startswith("Today's deal, ")
    assert "known beforehand" in tag_drawn(table(settings, history, seed=5))[0]
    settings.open_hands = True
    assert tag_drawn(table(settings, history))[0].startswith("Open hands")


def test_a_game_brought_back_says_so_until_it_ends(settings, clock, history, long_seed, display):
    scene = table(settings, history, seed=long_seed)
    clock.play_turn(scene, 1)
    scene.quit()
    again = table(settings, history, seed=long_seed, resume=True)  # a known deal resumes by its seed
    [words] = tag_drawn(again)
    assert words == "A deal known beforehand: a practice game, brought back from your last start"
    clock.play_to_end(again, random.Random(3))
    assert words not in tag_drawn(again)  # the end's own lines are there
    clock.key(again, pygame.K_n)
    assert "brought back" not in again.tag.words()  # the next game of the run is not
