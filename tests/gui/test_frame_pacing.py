"""The loop's decisions: which frames are drawn, how often it looks, which framebuffer it asks for."""
from __future__ import annotations

import itertools
import os
import subprocess
import sys

import pygame
import pytest

from tcf_gui.lab.runner import run_statistics
from tcf_gui.gui import app
from tcf_gui.gui.spectator import GAME_PAUSE_MS, TURN_PAUSE_MS, SpectatorScene

SIZE = (1280, 720)
EVENT = pygame.event.Event(pygame.USEREVENT)


class PlainScene:
    """A scene that only says whether it moves."""

    title = "plain"
    done = False

    def __init__(self) -> None:
        self.animating = True


class KeyedScene(PlainScene):
    """A scene that also tells the loop what its picture depends on."""

    def __init__(self) -> None:
        super().__init__()
        self.frame_key: object = ("start",)


def test_a_frame_is_drawn_only_when_the_scene_says_it_changed_or_an_event_came():
    pacer, scene = app.FramePacer(), KeyedScene()
    assert pacer.should_draw(scene, [])  # the first frame
    assert not pacer.should_draw(scene, [])  # same key, no event: nothing to draw
    assert not pacer.should_draw(scene, [])
    assert pacer.should_draw(scene, [EVENT])  # an event may change anything
    scene.frame_key = ("moved",)
    assert pacer.should_draw(scene, [])
    assert not pacer.should_draw(scene, [])


def test_a_scene_without_a_key_is_drawn_while_it_moves_and_once_when_it_stops():
    pacer, scene = app.FramePacer(), PlainScene()
    assert [pacer.should_draw(scene, []) for _ in range(3)] == [True, True, True]
    scene.animating = False
    assert pacer.should_draw(scene, [])  # the frame that ended the animation
    assert not pacer.should_draw(scene, [])


def test_the_loop_looks_slowly_when_nothing_moves_and_no_input_came():
    pacer, scene = app.FramePacer(), KeyedScene()
    assert pacer.fps(scene, [], now=0) == app.FPS
    scene.animating = False
    assert pacer.fps(scene, [EVENT], now=1000) == app.FPS  # input: stay quick a moment
    assert pacer.fps(scene, [], now=1000 + app.RECENT_INPUT_MS) == app.IDLE_FPS


def test_the_spectator_is_redrawn_while_cards_fly_and_not_during_its_pauses(settings, clock):
    frame_ms = 10
    scene = SpectatorScene(settings, SIZE, seed=3, games=2)
    pacer = app.FramePacer()
    skipped_ms = 0
    games = []
    while not scene.done:
        if not games or games[-1] is not scene.game:
            games.append(scene.game)
        clock.step(scene, ms=frame_ms)
        draw = pacer.should_draw(scene, [])
        assert draw or not scene.timeline.frames(scene.now)  # a card in the air is always drawn
        skipped_ms += 0 if draw else frame_ms
    # Still: a pause after the deal and after every turn, and one after every game; the frame
    # on which each pause begins is drawn (the last card landed).
    pauses = sum(game.turns + 2 for game in games)
    still_ms = sum((game.turns + 1) * TURN_PAUSE_MS + GAME_PAUSE_MS for game in games)
    assert skipped_ms >= still_ms - 2 * frame_ms * pauses


def test_at_speed_instant_one_update_plays_as_many_turns_as_the_budget_allows(settings, clock):
    settings.speed = "instant"
    scene = SpectatorScene(settings, SIZE, seed=5, games=30)
    scene.budget_clock = lambda: 0.0  # a budget that never runs out
    clock.step(scene)
    assert scene.done and scene.counters == run_statistics("random", "heuristic", 30, 5)


def test_at_speed_instant_an_exhausted_budget_still_plays_on_every_update(settings, clock):
    settings.speed = "instant"
    scene = SpectatorScene(settings, SIZE, seed=5, games=3)
    ticks = itertools.count()
    scene.budget_clock = lambda: float(next(ticks))  # each look at the clock: a second later
    for updates in range(1, 500):
        clock.step(scene)
        if scene.done:
            break
    assert scene.done and scene.counters == run_statistics("random", "heuristic", 3, 5)
    assert updates > 3  # a step or two per update, not all at once


@pytest.mark.parametrize("driver, user, expected", [
    ("x11", None, "0"),
    ("x11", "1", "1"),  # the user's choice wins
    ("wayland", None, None),
    ("windows", None, None),
    ("cocoa", None, None),
])
def test_the_framebuffer_is_chosen_per_video_driver(monkeypatch, driver, user, expected):
    if user is None:
        monkeypatch.delenv(app.FRAMEBUFFER_ACCELERATION, raising=False)
    else:
        monkeypatch.setenv(app.FRAMEBUFFER_ACCELERATION, user)
    app.choose_framebuffer(driver)
    assert app.os.environ.get(app.FRAMEBUFFER_ACCELERATION) == expected


FIRST_FRAME_PROBE = """
import sys
import pygame
from tcf_gui.gui import app
from tcf_gui.gui.scene_manager import SceneManager
from tcf_gui.gui.spectator import SpectatorScene
from tcf_gui.gui.play_scene import PlayScene
from tcf_gui.config.settings import Settings
screen = app.open_window("probe", (1280, 720))
for make in (PlayScene, SpectatorScene):
    scene = make(Settings(), screen.get_size())
    SceneManager(scene).draw(screen)
    pygame.display.flip()
print("numpy" in sys.modules)
"""


def test_the_first_frames_load_no_numpy():
    """numpy costs about 0.1 s of CPU to load: the felt and the cards are drawn without it."""
    done = subprocess.run([sys.executable, "-c", FIRST_FRAME_PROBE], capture_output=True, text=True,
                          env=os.environ | {"SDL_VIDEODRIVER": "dummy"}, timeout=60)
    assert done.returncode == 0, done.stderr
    assert done.stdout.split() == ["False"]
