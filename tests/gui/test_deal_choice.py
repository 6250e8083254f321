"""Restart this deal and Play deal number, from the person's menu: the deal chosen is a
practice game; no deal seen is dropped uncounted (a game under way is given up when it is
restarted, asked first, and kept for the next start when another deal is chosen)."""
from __future__ import annotations

import random

import pygame

from tcf_gui.gui.deal_choice import DealNumber
from tcf_gui.gui.menu import MenuScene
from tcf_gui.gui.play_scene import PlayScene
from tcf_gui.gui.scene_manager import SceneManager
from tcf_gui.history.kinds import SEEDED

SIZE = (1280, 720)


def table(settings, history, seed: int) -> PlayScene:
    scene = PlayScene(settings, SIZE, seed=seed, history=history)
    SceneManager(scene)
    return scene


def choose(clock, scene: PlayScene, label: str) -> None:
    clock.key(scene, pygame.K_ESCAPE)
    menu = scene.manager.stack[-1]
    [item] = [item for item in menu.items if item.label == label]
    item.activate()
    clock.step(scene)  # what closed is gone from the stack


def test_play_deal_number_deals_it_as_practice_and_keeps_the_game_under_way(
        settings, clock, history, long_seed, display):
    scene = table(settings, history, long_seed)
    clock.play_turn(scene, 0)
    choose(clock, scene, "Play deal number…")
    dialog = scene.manager.stack[-1]
    assert isinstance(dialog, DealNumber)
    for code in (pygame.K_4, pygame.K_a, pygame.K_KP2):  # a letter types nothing
        clock.key(scene, code)
    assert dialog.shown() == "42_"
    scene.manager.draw(display)
    clock.key(scene, pygame.K_RETURN)
    clock.step(scene)
    assert scene.manager.stack == [scene]
    assert scene.game.seed == 42 and scene.game.moves == []
    assert scene.session.kind_on_table() == SEEDED
    # kept, not lost (beside it, the deal on the table is kept as it goes, as every game is)
    assert history.unfinished_count() == 2 and scene.score.games == 0
    assert scene.status.note[0].startswith("Deal 42: a practice game. Your game is kept")


def test_a_deal_number_out_of_range_says_so_and_waits(settings, clock, history, open_seed):
    scene = table(settings, history, open_seed)
    choose(clock, scene, "Play deal number…")
    dialog = scene.manager.stack[-1]
    clock.key(scene, pygame.K_RETURN)
    assert dialog.shown() == "type a number first" and not dialog.done
    for _ in range(25):
        clock.key(scene, pygame.K_9)
    clock.key(scene, pygame.K_RETURN)
    assert "too large" in dialog.shown() and not dialog.done
    clock.key(scene, pygame.K_BACKSPACE)
    assert dialog.shown() == "9" * 18 + "_"
    clock.key(scene, pygame.K_ESCAPE)
    assert dialog.done and scene.game.seed == open_seed


def test_restart_asks_under_way_gives_the_game_up_and_deals_it_again(
        settings, clock, history, long_seed):
    scene = table(settings, history, long_seed)
    seed = scene.game.seed
    choose(clock, scene, "Restart this deal")  # not begun: nothing to restart
    assert scene.manager.stack == [scene] and "at its start" in scene.status.note[0]
    clock.play_turn(scene, 0)
    choose(clock, scene, "Restart this deal")
    question = scene.manager.stack[-1]
    assert isinstance(question, MenuScene) and question.title_text == "Restart this deal?"
    question.items[1].activate()
    clock.step(scene)
    assert scene.score.losses == 1 and scene.game.seed == seed and scene.game.moves == []
    assert scene.session.kind_on_table() == SEEDED
    clock.play_to_end(scene, random.Random(2))
    choose(clock, scene, "Restart this deal")  # over: dealt again at once
    assert scene.game.seed == seed and scene.game.moves == [] and scene.score.losses >= 1
