"""Clicks are never eaten and never discard a card the person has not seen settle."""
from __future__ import annotations

import pygame
import pytest

from table_seeds import first_long_game
from tcf_gui.gui.person_hand import BURST_MS, SETTLE_MS
from tcf_gui.gui.play_scene import PlayScene

SIZE = (1280, 720)


@pytest.fixture(scope="module")
def long_seed() -> int:
    """A run seed whose game 1 lasts at least three turns when Player 1 discards 1, 2, 0."""
    return first_long_game((1, 2), 2)


def spam(scene, clock, pos, times: int, every_ms: int) -> None:
    """``times`` clicks at ``pos``, ``every_ms`` apart, with frames in between."""
    for _ in range(times):
        clock.click(scene, pos)
        clock.wait(scene, every_ms)


def card(scene, slot: int):
    return scene.layout.hands[1][slot].center


@pytest.mark.parametrize("every_ms", [40, 90, 150, 250, 330, 450])
def test_click_spam_through_a_deal_and_a_turn_discards_only_what_was_meant(
        settings, clock, long_seed, every_ms):
    scene = PlayScene(settings, SIZE, seed=long_seed)
    clock.step(scene)
    assert scene.timeline.busy  # the deal is flying
    spam(scene, clock, card(scene, 0), 12, every_ms)  # a person hammering card 1 through the deal
    assert scene.game.moves == []
    clock.rest(scene)
    clock.click(scene, card(scene, 1))  # the one meant discard: card 2
    assert [m[0] for m in scene.game.moves] == [1]
    spam(scene, clock, card(scene, 0), 12, every_ms)  # hammering again through the turn
    assert [m[0] for m in scene.game.moves] == [1]
    clock.rest(scene)
    clock.click(scene, card(scene, 2))
    assert [m[0] for m in scene.game.moves] == [1, 2]


def test_a_double_click_at_rest_discards_once(settings, clock, long_seed):
    scene = PlayScene(settings, SIZE, seed=long_seed)
    clock.rest(scene)
    spam(scene, clock, card(scene, 0), 2, 80)
    assert len(scene.game.moves) == 1


def test_a_triple_click_at_instant_speed_discards_once(settings, clock, long_seed):
    settings.speed = "instant"  # nothing moves long enough to hurry: the settle time guards
    scene = PlayScene(settings, SIZE, seed=long_seed)
    clock.rest(scene)
    spam(scene, clock, card(scene, 1), 3, 60)
    assert len(scene.game.moves) == 1


def test_keys_hammered_during_the_deal_discard_nothing(settings, clock, long_seed):
    scene = PlayScene(settings, SIZE, seed=long_seed)
    clock.step(scene)
    for _ in range(10):
        clock.key(scene, pygame.K_1)
        clock.wait(scene, 50)
    assert scene.game.moves == []
    clock.rest(scene)
    clock.key(scene, pygame.K_3)
    assert [m[0] for m in scene.game.moves] == [2]


def test_the_card_must_rest_on_screen_before_a_click_takes_it(settings, clock, long_seed):
    scene = PlayScene(settings, SIZE, seed=long_seed)
    clock.settle(scene)  # the last card of the deal just landed; nobody clicked yet
    clock.wait(scene, SETTLE_MS // 2)
    clock.click(scene, card(scene, 0))
    assert scene.game.moves == []
    clock.wait(scene, max(SETTLE_MS, BURST_MS) + 20)
    clock.click(scene, card(scene, 0))
    assert len(scene.game.moves) == 1


def test_hand_cursor_and_key_labels_only_when_a_card_may_be_clicked(settings, clock, long_seed):
    scene = PlayScene(settings, SIZE, seed=long_seed)
    motion = pygame.event.Event(pygame.MOUSEMOTION, pos=card(scene, 0), rel=(0, 0), buttons=(0, 0, 0))
    clock.post(scene, motion)
    assert not scene.wants_hand_cursor and not scene.key_labels()  # the deal is flying
    clock.rest(scene)
    assert scene.wants_hand_cursor and scene.key_labels()
    away = pygame.event.Event(pygame.MOUSEMOTION, pos=(5, SIZE[1] // 2), rel=(0, 0), buttons=(0, 0, 0))
    clock.post(scene, away)
    assert not scene.wants_hand_cursor
