"""How to play, illustrated: four pages that render at every window size with every word
inside its box, turned by keys and mouse, opened from the help and the menu, and offered
once after a newcomer's first game."""
from __future__ import annotations

import itertools
import random

import pygame
import pytest

from tcf_gui.config.card_sets import FACES
from tcf_gui.gui.card_art import CardSet
from tcf_gui.gui.first_run import FirstRun
from tcf_gui.gui.how_to_play import MIN_PX, NEWCOMER_GAMES, HowToPlay, first_game_over
from tcf_gui.gui.layout import MIN_SIZE
from tcf_gui.gui.menu import MenuScene
from tcf_gui.gui.play_scene import PlayScene
from tcf_gui.gui.scene_manager import SceneManager
from tcf_gui.history.record import Record
from tcf_gui.config.settings import Settings, load_settings

SIZES = [MIN_SIZE, (800, 600), (1280, 720), (1920, 1080), (3840, 2160), (1000, 900)]


def _drawn(scene: HowToPlay, size, page: int):
    scene.page = page
    surface = pygame.Surface(size)
    scene.draw(surface)
    return surface, scene.drawn


@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
@pytest.mark.parametrize("face", list(FACES))
def test_every_page_renders_with_its_words_inside_their_boxes(size, face):
    scene = HowToPlay(size, CardSet(face=face))
    assert len(scene.pages) == 4
    for page in range(4):
        surface, drawn = _drawn(scene, size, page)
        panel = scene.panel()
        window = surface.get_rect()
        assert window.contains(panel)
        texts = [rect for kind, rect in drawn if kind == "text"]
        cards = [rect for kind, rect in drawn if kind in ("card", "chip")]
        [figure] = [rect for kind, rect in drawn if kind == "figure"]
        assert len(texts) >= 5 and cards, page  # a title, lines, labels, buttons; a picture
        for rect in texts + cards:
            assert panel.contains(rect), (page, rect)
        for a, b in itertools.combinations(texts, 2):
            assert not a.colliderect(b), (page, a, b)  # no words over other words
        for text, card in itertools.product(texts, cards):
            assert not text.colliderect(card), (page, text, card)  # nor over a picture
        for card in cards:
            assert figure.contains(card), (page, card)
        px, _figure, text_box, lines = scene.layout()
        assert px >= MIN_PX and lines
        assert figure.height >= panel.height // 4  # the picture keeps room at every size


def test_the_pages_say_what_the_issue_asks():
    scene = HowToPlay((1280, 720))
    words = [" ".join((page.title, *page.lines)).lower() for page in scene.pages]
    assert "flush" in words[0]
    assert "same moment" in words[1] and "discard" in words[1]
    assert "straight" in words[2] and "higher" in words[2] and "suit" in words[2]
    assert "suited pair" in words[3] and "unseen" in words[3]


def test_keys_and_mouse_turn_the_pages_and_close_them():
    scene = HowToPlay((1280, 720))
    manager = SceneManager(scene)

    def key(code: int) -> None:
        manager.update(0, [pygame.event.Event(pygame.KEYDOWN, key=code, mod=0, unicode="", scancode=0)])

    key(pygame.K_RIGHT)
    key(pygame.K_RIGHT)
    assert scene.page == 2
    key(pygame.K_LEFT)
    assert scene.page == 1
    manager.update(0, [pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=scene.buttons()["next"].center, button=1)])
    assert scene.page == 2
    manager.update(0, [pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=scene.buttons()["back"].center, button=1)])
    assert scene.page == 1
    for _ in range(5):
        key(pygame.K_RIGHT)
    assert scene.page == 3 and not scene.done  # the last page stays
    key(pygame.K_RETURN)  # "Play" on the last page closes
    assert scene.done


def test_esc_closes(settings, clock):
    table = PlayScene(settings, (1280, 720), seed=3)
    SceneManager(table)
    table.open_how_to_play()
    assert isinstance(table.manager.stack[-1], HowToPlay)
    clock.key(table, pygame.K_ESCAPE)
    assert table.manager.stack == [table]


def test_p_in_the_help_and_the_menu_open_it_and_the_keys_page_stays(settings, clock):
    table = PlayScene(settings, (1280, 720), seed=3)
    SceneManager(table)
    clock.rest(table)
    clock.key(table, pygame.K_h)
    assert table.help_open  # the keys page
    assert any(key == "P" for key, _ in table.keys_help)
    clock.key(table, pygame.K_p)
    assert not table.help_open and isinstance(table.manager.stack[-1], HowToPlay)
    assert table.manager.stack[-1].card_set == table.renderer.card_set  # drawn in the player's cards
    clock.key(table, pygame.K_ESCAPE)
    clock.key(table, pygame.K_ESCAPE)  # the menu
    menu = table.manager.stack[-1]
    menu.selected = [item.label for item in menu.items].index("How to play")
    clock.key(table, pygame.K_RETURN)
    assert table.manager.stack[1:] and isinstance(table.manager.stack[-1], HowToPlay)


def test_it_is_offered_only_to_a_newcomer_and_only_once():
    assert first_game_over(1, offered=False)
    assert first_game_over(NEWCOMER_GAMES, offered=False)
    assert not first_game_over(NEWCOMER_GAMES + 1, offered=False)
    assert not first_game_over(1, offered=True)


def _finish_a_game(table: PlayScene, clock) -> None:
    rng = random.Random(5)
    while not table.game.over:
        clock.rest(table)
        clock.key(table, pygame.K_1 + rng.randrange(3))
    clock.settle(table)
    clock.step(table)


def test_a_newcomers_first_game_ends_with_the_offer_then_never_again(settings, clock):
    table = PlayScene(settings, (1280, 720), seed=4)
    SceneManager(table)
    FirstRun(Settings(welcomed=True)).attach(table)
    table.all_time.before = Record()
    _finish_a_game(table, clock)
    offer = table.manager.stack[-1]
    assert isinstance(offer, MenuScene) and offer.title_text == "Your first game is over"
    assert load_settings()[0].how_to_play_offered is True  # remembered at once
    clock.key(table, pygame.K_DOWN)
    clock.key(table, pygame.K_RETURN)  # "Show me"? the first item is; Down chose "Not now"
    assert table.manager.stack == [table]
    clock.key(table, pygame.K_n)
    _finish_a_game(table, clock)
    assert table.manager.stack == [table]  # never twice


def test_show_me_opens_the_pages(settings, clock):
    table = PlayScene(settings, (1280, 720), seed=4)
    SceneManager(table)
    FirstRun(Settings(welcomed=True)).attach(table)
    table.all_time.before = Record()
    _finish_a_game(table, clock)
    clock.key(table, pygame.K_RETURN)  # "Show me"
    assert isinstance(table.manager.stack[-1], HowToPlay)


def test_a_player_with_a_history_is_not_offered_it(settings, clock):
    table = PlayScene(settings, (1280, 720), seed=4)
    SceneManager(table)
    FirstRun(Settings(welcomed=True)).attach(table)
    table.all_time.before = Record(wins=5, losses=4)
    _finish_a_game(table, clock)
    assert table.manager.stack == [table]
