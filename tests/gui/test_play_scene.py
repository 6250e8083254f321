"""The person's game driven through the real event handlers with a fake clock."""
from __future__ import annotations

import itertools
import random

import pygame
import pytest

from tcf_gui.words.cards import hand_name
from tcf_gui.words.results import explain
from tcf_gui.engine.game import Game
from tcf_gui.engine.match import game_seeds, player_rngs
from tcf_gui.engine.strategies.registry import make_strategy
from tcf_gui.gui.play_scene import PlayScene

SIZE = (1280, 720)


def ready(settings, clock, seed: int, size=SIZE) -> PlayScene:
    scene = PlayScene(settings, size, seed=seed)
    clock.rest(scene)
    assert scene.awaiting_choice
    return scene


def expected_p2_slot(seed: int, game: Game) -> int:
    """Player 2's choice recomputed independently from its view and the run's Player 2 rng."""
    return make_strategy("heuristic", player_rngs(seed)[1])(game.view(2))


@pytest.mark.parametrize("slot", [0, 1, 2])
def test_a_click_on_each_card_discards_that_card(settings, clock, slot, open_seed):
    seed = open_seed
    scene = ready(settings, clock, seed)
    before = Game(seed)
    before.deal()
    p2_slot = expected_p2_slot(seed, before)
    card = scene.game.hand1[slot]
    clock.click(scene, scene.layout.hands[1][slot].center)
    assert scene.game.moves == [(slot, p2_slot)]
    assert scene.game.discards[0] == (1, card)


@pytest.mark.parametrize("slot", [0, 1, 2])
def test_keys_1_2_3_discard(settings, clock, slot, open_seed):
    scene = ready(settings, clock, open_seed)
    clock.key(scene, pygame.K_1 + slot)
    assert [move[0] for move in scene.game.moves] == [slot]


@pytest.mark.parametrize("hurry_with", ["click", "key"])
def test_input_during_an_animation_discards_nothing(settings, clock, hurry_with, open_seed):
    def poke(scene):
        if hurry_with == "click":
            clock.click(scene, scene.layout.hands[1][0].center)
        else:
            clock.key(scene, pygame.K_1)

    scene = PlayScene(settings, SIZE, seed=open_seed)
    clock.step(scene)
    assert scene.timeline.busy  # the deal is flying
    poke(scene)
    assert scene.game.moves == []
    clock.settle(scene)
    poke(scene)  # the cards have only just landed: not yet
    assert scene.game.moves == []
    clock.rest(scene)
    poke(scene)  # at rest: this one discards
    assert len(scene.game.moves) == 1
    if not scene.game.over:
        clock.step(scene)
        assert scene.timeline.busy  # the turn's cards are flying
        poke(scene)
        assert len(scene.game.moves) == 1


def test_a_click_during_the_deal_hurries_it(settings, clock, open_seed):
    scene = PlayScene(settings, SIZE, seed=open_seed)
    clock.step(scene)
    clock.click(scene, (5, 5))
    assert not scene.timeline.busy and scene.state.dealt


def test_hover_lifts_only_while_a_choice_is_awaited(settings, clock, open_seed):
    scene = PlayScene(settings, SIZE, seed=open_seed)
    motion = pygame.event.Event(pygame.MOUSEMOTION, pos=scene.layout.hands[1][1].center, rel=(0, 0), buttons=(0, 0, 0))
    clock.post(scene, motion)
    assert scene.hover_slot() is None
    clock.settle(scene)
    assert scene.hover_slot() == 1


def play_to_end(scene: PlayScene, clock, rng: random.Random) -> None:
    while not scene.game.over:
        clock.rest(scene)
        slot = rng.randrange(3)
        clock.click(scene, scene.layout.hands[1][slot].center)
    clock.settle(scene)


@pytest.mark.parametrize("winner", [0, 1, 2])
def test_the_banner_names_the_engines_winner(settings, clock, winner):
    # Find a run seed whose game 1 ends with this winner when Player 1 always discards slot 0.
    for seed in itertools.count(1):
        game = Game(seed)
        p2 = make_strategy("heuristic", player_rngs(seed)[1])
        game.play_out(lambda view: 0, p2)
        if game.outcome.winner == winner:
            break
    scene = PlayScene(settings, SIZE, seed=seed)
    while not scene.game.over:
        clock.rest(scene)
        clock.key(scene, pygame.K_1)
    assert scene.banner() is None  # not before the end is shown
    clock.settle(scene)
    banner = scene.banner()
    assert scene.game.outcome.winner == winner
    expected = {0: "The deck is dead", 1: "You win", 2: "Player 2 wins"}[winner]
    assert banner.title.startswith(expected)
    if winner:
        analysis = scene.game.outcome.analysis1 if winner == 1 else scene.game.outcome.analysis2
        assert hand_name(analysis) in banner.title
    words = explain(scene.game.outcome, scene.game.turns, ("You", "Player 2"), you=1)
    assert (banner.title, banner.subtitle) == (words.title, words.reason)


def test_a_full_game_then_a_new_one_from_the_runs_seeds(settings, clock):
    seed = 99
    scene = PlayScene(settings, SIZE, seed=seed)
    play_to_end(scene, clock, random.Random(1))
    outcome = scene.game.outcome
    assert scene.state.outcome == outcome
    assert scene.state.face_up[2]  # revealed at the end
    assert (scene.score.wins, scene.score.losses, scene.score.draws).count(1) == 1
    assert Game.replay(seed, scene.game.moves).outcome == outcome
    clock.click(scene, scene.layout.button.center)
    assert scene.game_number == 2
    seeds = game_seeds(seed)
    next(seeds)
    assert scene.game.seed == next(seeds)


def test_n_starts_a_new_game_only_at_the_end(settings, clock, open_seed):
    scene = ready(settings, clock, open_seed)
    clock.key(scene, pygame.K_n)
    assert scene.game_number == 1
    play_to_end(scene, clock, random.Random(2))
    clock.key(scene, pygame.K_n)
    assert scene.game_number == 2


def test_the_seed_replays_game_one(settings, clock):
    """The status line's seed of a later game deals that game as game 1."""
    scene = PlayScene(settings, SIZE, seed=7)
    play_to_end(scene, clock, random.Random(3))
    clock.key(scene, pygame.K_n)
    clock.settle(scene)
    replay = PlayScene(settings, SIZE, seed=scene.game.seed)
    assert replay.game.hand1 == scene.game.hand1 and replay.game.hand2 == scene.game.hand2
    assert f"seed {scene.game.seed}" in scene.status_text()[0]


def test_resizing_keeps_click_targets_on_the_drawn_cards(settings, clock, open_seed):
    scene = ready(settings, clock, open_seed)
    old = scene.layout.hands[1][2].copy()
    clock.post(scene, pygame.event.Event(pygame.VIDEORESIZE, size=(900, 600), w=900, h=600))
    new = scene.layout.hands[1][2]
    assert new != old and scene.layout.size == (900, 600)
    surface = pygame.Surface((900, 600))
    scene.draw(surface)
    assert scene.layout.hands[1][2] == new  # drawing at that size uses the same rects
    clock.click(scene, new.center)
    assert scene.game.moves[0][0] == 2


def test_escape_opens_the_menu_and_help_toggles(settings, clock, open_seed):
    scene = ready(settings, clock, open_seed)
    clock.key(scene, pygame.K_h)
    assert scene.help_open
    clock.key(scene, pygame.K_1)  # any key closes the help, and discards nothing
    assert not scene.help_open and scene.game.moves == []
    clock.key(scene, pygame.K_F1)
    clock.key(scene, pygame.K_ESCAPE)  # closes the help first
    assert not scene.help_open and len(scene.manager.stack) == 1
    clock.key(scene, pygame.K_ESCAPE)  # the menu, over the table
    assert not scene.done and scene.manager.stack[-1].title_text == "Menu"
    clock.key(scene, pygame.K_ESCAPE)  # and back
    assert scene.manager.stack == [scene] and not scene.done


def test_option_keys_change_the_settings(settings, clock, open_seed):
    scene = ready(settings, clock, open_seed)
    for key in (pygame.K_f, pygame.K_o, pygame.K_s, pygame.K_l):
        clock.key(scene, key)
    assert (settings.four_colour, settings.open_hands, settings.sound, settings.show_log) == (True, True, True, True)
    assert scene.layout.log_panel is not None
    clock.key(scene, pygame.K_PLUS)
    assert settings.speed == "fast"
    clock.key(scene, pygame.K_MINUS)
    clock.key(scene, pygame.K_MINUS)
    assert settings.speed == "slow"


def test_no_traceback_on_any_input_at_any_moment(settings, clock):
    """Random clicks, keys, resizes and time steps through several games."""
    rng = random.Random(5)
    scene = PlayScene(settings, SIZE, seed=11)
    surface = pygame.Surface(SIZE)
    keys = [pygame.K_1, pygame.K_2, pygame.K_3, pygame.K_n, pygame.K_h, pygame.K_l, pygame.K_f,
            pygame.K_o, pygame.K_PLUS, pygame.K_MINUS, pygame.K_SPACE, pygame.K_RIGHT, pygame.K_a]
    for _ in range(1500):
        roll = rng.random()
        if roll < 0.45:
            clock.click(scene, (rng.randrange(SIZE[0]), rng.randrange(SIZE[1])))
        elif roll < 0.75:
            clock.key(scene, rng.choice(keys))
        elif roll < 0.77:
            size = (rng.randrange(300, 1600), rng.randrange(200, 1000))
            clock.post(scene, pygame.event.Event(pygame.VIDEORESIZE, size=size, w=size[0], h=size[1]))
        else:
            clock.step(scene, ms=rng.choice([1, 16, 120, 700]))
        if rng.random() < 0.05:
            scene.draw(surface)
    assert scene.game_number >= 2


def test_o_toggles_open_hands_even_while_cards_move(settings, clock, open_seed):
    scene = PlayScene(settings, SIZE, seed=open_seed)
    clock.step(scene)
    assert scene.timeline.busy  # the deal is flying
    clock.key(scene, pygame.K_o)
    assert settings.open_hands
    assert scene.timeline.busy  # an option key does not hurry the cards


def test_no_card_stays_raised_when_the_mouse_leaves_the_window(settings, clock, open_seed):
    scene = ready(settings, clock, open_seed)
    pos = scene.layout.hands[1][0].center
    clock.post(scene, pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0)))
    assert scene.hover_slot() == 0
    clock.post(scene, pygame.event.Event(pygame.WINDOWLEAVE))
    assert scene.hover_slot() is None
