"""A won game is celebrated for a moment over the table: any key or click ends it and does
nothing else, it ends by itself, a lost game has none, and Reduced motion leaves it out."""
from __future__ import annotations

import itertools
from functools import lru_cache

import pygame
import pytest

from tcf_gui.engine.game import Game
from tcf_gui.engine.match import player_rngs
from tcf_gui.engine.strategies.registry import make_strategy
from tcf_gui.gui.celebration import CELEBRATION_MS, Celebration, celebrate_wins
from tcf_gui.gui.play_scene import PlayScene
from tcf_gui.gui.scene_manager import SceneManager

SIZE = (1280, 720)


@lru_cache(maxsize=None)
def ending_seed(winner: int) -> int:
    """The first run seed whose game 1, the person always discarding card 1 against the
    heuristic, lasts a turn or more and is won by ``winner``."""
    for seed in itertools.count(1):
        game = Game(seed).play_out(lambda view: 0, make_strategy("heuristic", player_rngs(seed)[1]))
        if game.turns and game.outcome.winner == winner:
            return seed
    raise AssertionError("unreachable")


def played_out(settings, clock, winner: int) -> PlayScene:
    scene = PlayScene(settings, SIZE, seed=ending_seed(winner))
    SceneManager(scene)
    celebrate_wins(scene)
    while not scene.game.over:
        clock.rest(scene)
        clock.key(scene, pygame.K_1)
    clock.settle(scene)
    clock.step(scene)
    return scene


@pytest.mark.parametrize("skip", ["key", "click"])
def test_a_win_is_celebrated_and_any_key_or_click_skips_it(settings, clock, display, skip):
    scene = played_out(settings, clock, 1)
    celebration = scene.manager.stack[-1]
    assert isinstance(celebration, Celebration) and celebration.animating
    clock.wait(scene, CELEBRATION_MS // 2)
    before = display.copy()
    scene.manager.stack[0].draw(before)
    scene.manager.draw(display)
    assert pygame.image.tobytes(display, "RGB") != pygame.image.tobytes(before, "RGB")  # sparks
    seed = scene.game.seed
    if skip == "key":
        clock.key(scene, pygame.K_n)  # N would deal anew: here it only ends the celebration
    else:
        clock.post(scene, pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=(5, 5), button=1))
    assert scene.manager.stack == [scene] and scene.game.seed == seed and scene.game.over


def test_the_celebration_ends_by_itself(settings, clock):
    scene = played_out(settings, clock, 1)
    assert isinstance(scene.manager.stack[-1], Celebration)
    clock.wait(scene, CELEBRATION_MS + 100)
    assert scene.manager.stack == [scene]


def test_no_celebration_for_a_loss_or_under_reduced_motion(settings, clock):
    lost = played_out(settings, clock, 2)
    assert lost.game.outcome.winner == 2 and lost.manager.stack == [lost]
    settings.reduced_motion = True
    won = played_out(settings, clock, 1)
    assert won.game.outcome.winner == 1 and won.manager.stack == [won]
