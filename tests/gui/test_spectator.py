"""Spectator mode: the games of a Match, animated; its counters equal the engine's statistics."""
from __future__ import annotations

import pygame
import pytest

from tcf_gui.engine.match import Match
from tcf_gui.lab.runner import run_statistics
from tcf_gui.gui.scene_manager import SceneManager
from tcf_gui.gui.spectator import SpectatorScene

SIZE = (1280, 720)


def watch(scene: SpectatorScene, clock, limit_frames: int = 200_000) -> None:
    for _ in range(limit_frames):
        if scene.done:
            return
        clock.step(scene)
    raise AssertionError("the spectator never finished")


@pytest.mark.parametrize("p1, p2, seed, games, speed", [
    ("random", "heuristic", 0, 12, "instant"),
    ("lazy", "heuristic", 31, 9, "instant"),
    ("heuristic", "random", 4, 3, "fast"),
])
def test_spectator_plays_n_games_and_its_counters_equal_run_statistics(
        settings, clock, p1, p2, seed, games, speed):
    settings.speed = speed
    scene = SpectatorScene(settings, SIZE, p1=p1, p2=p2, seed=seed, games=games)
    watch(scene, clock)
    assert scene.counters == run_statistics(p1, p2, games, seed)
    assert scene.session.game_number == games


def test_spectator_shows_the_games_of_the_match(settings, clock):
    settings.speed = "fast"
    scene = SpectatorScene(settings, SIZE, seed=8, games=2)
    reference = Match("random", "heuristic", 8)
    shown = []
    while not scene.done:
        if not shown or shown[-1] is not scene.game:
            shown.append(scene.game)
            assert scene.state.face_up == {1: True, 2: True}  # hands open
        clock.step(scene)
    for game in shown:
        expected = reference.play_next()
        assert (game.seed, game.moves, game.outcome) == (expected.seed, expected.moves, expected.outcome)
    assert len(shown) == 2


def test_space_pauses_and_right_steps_one_turn(settings, clock):
    scene = SpectatorScene(settings, SIZE, seed=2)
    clock.step(scene)
    clock.key(scene, pygame.K_SPACE)
    assert scene.paused
    clock.settle(scene)
    moves = len(scene.game.moves)
    for _ in range(300):
        clock.step(scene)
    assert len(scene.game.moves) == moves and not scene.animating
    if not scene.game.over:
        clock.key(scene, pygame.K_RIGHT)
        clock.settle(scene)
        assert len(scene.game.moves) == moves + 1
        for _ in range(300):
            clock.step(scene)
        assert len(scene.game.moves) == moves + 1
    clock.key(scene, pygame.K_SPACE)
    assert not scene.paused


def test_plus_and_minus_change_the_speed(settings, clock):
    scene = SpectatorScene(settings, SIZE, seed=2)
    clock.key(scene, pygame.K_PLUS)
    assert settings.speed == "fast" and scene.choreographer.scale < 1
    clock.key(scene, pygame.K_KP_MINUS)
    clock.key(scene, pygame.K_MINUS)
    assert settings.speed == "slow" and scene.choreographer.scale > 1


def test_spectator_draws_its_counters(settings, clock):
    settings.speed = "instant"
    scene = SpectatorScene(settings, SIZE, seed=1, games=3)
    watch(scene, clock)
    surface = pygame.Surface(SIZE)
    scene.draw(surface)  # counters, banner and both open hands; must not raise
    assert scene.counters.lab_lines()[0] == "*game-count* = 3"


def test_right_at_a_games_end_deals_the_next_game_at_once(settings, clock):
    settings.speed = "fast"
    scene = SpectatorScene(settings, SIZE, seed=3)
    clock.key(scene, pygame.K_SPACE)  # paused: only Right moves the run on
    while scene.state.outcome is None:
        clock.key(scene, pygame.K_RIGHT)
        for _ in range(5):
            clock.step(scene)
    assert scene.session.game_number == 1 and scene.timeline.busy  # the pause after a game
    clock.key(scene, pygame.K_RIGHT)  # one press, not two
    assert scene.session.game_number == 2 and scene.state.outcome is None


@pytest.mark.parametrize("paused", [False, True])
def test_q_quits_as_the_menu_and_the_help_say(settings, clock, paused):
    """Q at the spectator's table quits, as its menu's "Quit  Q" and its help say, while
    the cards move too; the help's Q row is there."""
    scene = SpectatorScene(settings, SIZE, seed=2)
    SceneManager(scene)
    clock.step(scene)
    scene.paused = paused
    assert any(key == "Q" for key, _what in scene.keys_help)
    clock.key(scene, pygame.K_q)
    assert scene.done
