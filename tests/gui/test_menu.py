"""The in-window menu by keys and by mouse: resume, new game, opponent, options, statistics,
help, quit; quitting mid-game keeps the game, giving it up for a new deal counts a loss,
after saying so, and only once a move was made."""
from __future__ import annotations

import random

import pygame
import pytest

from tcf_gui.engine.strategies.registry import strategy_names
from tcf_gui.gui.menu import MenuScene
from tcf_gui.gui.scene_manager import Scene, SceneManager
from tcf_gui.gui.spectator import SpectatorScene
from tcf_gui.gui.play_scene import PlayScene
from tcf_gui.levels import LEVELS, short_name

SIZE = (1280, 720)


def ready(settings, clock, seed) -> PlayScene:
    scene = PlayScene(settings, SIZE, seed=seed)
    clock.rest(scene)
    assert scene.in_progress
    return scene


def top(scene):
    return scene.manager.stack[-1]


def labels(menu: MenuScene) -> list[str]:
    return [item.label for item in menu.items]


def choose_by_keys(clock, scene, label: str) -> None:
    """Move the selection with Down to the item whose label starts with ``label``; Enter."""
    menu = top(scene)
    for _ in range(len(menu.items)):
        if menu.items[menu.selected].label.startswith(label):
            clock.key(scene, pygame.K_RETURN)
            return
        clock.key(scene, pygame.K_DOWN)
    raise AssertionError(f"no item {label!r} in {labels(menu)}")


def choose_by_mouse(clock, scene, label: str) -> None:
    """Point at the item (it lights up), then click it."""
    menu = top(scene)
    index = next(i for i, item in enumerate(menu.items) if item.label.startswith(label))
    pos = menu.item_rects()[index].center
    clock.post(scene, pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0)))
    assert menu.selected == index and menu.wants_hand_cursor
    clock.click(scene, pos)


def test_the_main_menu_offers_what_a_player_expects(settings, clock, open_seed):
    scene = ready(settings, clock, open_seed)
    clock.key(scene, pygame.K_ESCAPE)
    assert labels(top(scene)) == ["Resume", "New game", "Restart this deal", "Play deal number…",
                                  "Today's deal", "Opponent", "Options", "Statistics",
                                  "Play a friend", "Help", "How to play", "Quit"]
    surface = pygame.Surface(SIZE)
    scene.manager.draw(surface)  # the table below, the menu over it


@pytest.mark.parametrize("choose", [choose_by_keys, choose_by_mouse])
def test_quitting_mid_game_asks_and_keeps_the_game(settings, clock, open_seed, choose, history):
    scene = PlayScene(settings, SIZE, seed=open_seed, history=history)
    clock.rest(scene)
    clock.key(scene, pygame.K_ESCAPE)
    choose(clock, scene, "Quit")
    question = top(scene)
    assert "kept" in " ".join(question.lines) and not scene.done
    choose(clock, scene, "Back to the game")  # the safe answer
    assert scene.manager.stack == [scene] and not scene.done
    clock.key(scene, pygame.K_ESCAPE)
    choose(clock, scene, "Quit")
    choose(clock, scene, "Quit")
    assert scene.done and scene.manager.done
    assert scene.score.games == 0 and history.unfinished_count() == 1


def test_q_on_the_table_quits_asking_first_mid_game(settings, clock, open_seed):
    scene = ready(settings, clock, open_seed)
    clock.key(scene, pygame.K_q)
    assert "kept" in " ".join(top(scene).lines) and not scene.done
    clock.key(scene, pygame.K_ESCAPE)  # Esc means no
    assert scene.manager.stack == [scene] and not scene.done
    clock.key(scene, pygame.K_q)
    choose_by_keys(clock, scene, "Quit")
    assert scene.done and scene.score.games == 0


def test_q_while_cards_move_asks_too(settings, clock, long_seed):
    scene = PlayScene(settings, SIZE, seed=long_seed)
    clock.rest(scene)
    clock.key(scene, pygame.K_1)
    clock.step(scene)
    assert scene.timeline.busy  # the turn's cards are flying
    clock.key(scene, pygame.K_q)
    assert "kept" in " ".join(top(scene).lines)


def test_q_after_the_game_quits_at_once(settings, clock):
    scene = PlayScene(settings, SIZE, seed=3)
    clock.play_to_end(scene, random.Random(1))
    clock.key(scene, pygame.K_q)
    assert scene.done and scene.score.games == 1


def test_closing_the_window_mid_game_keeps_it_uncounted(settings, clock, long_seed, history):
    scene = PlayScene(settings, SIZE, seed=long_seed, history=history)
    clock.play_turn(scene)
    clock.post(scene, pygame.event.Event(pygame.QUIT))
    assert scene.done and scene.score.games == 0
    assert history.count(("seeded",)) == 0 and history.unfinished_count() == 1


def test_quitting_before_the_hands_are_shown_costs_nothing(settings, clock, open_seed):
    scene = PlayScene(settings, SIZE, seed=open_seed)
    clock.step(scene)  # the deal is still flying
    clock.key(scene, pygame.K_ESCAPE)
    clock.key(scene, pygame.K_q)
    assert scene.done and scene.score.games == 0


def test_a_new_deal_after_a_move_by_mouse_counts_a_loss(settings, clock, long_seed):
    scene = PlayScene(settings, SIZE, seed=long_seed)
    clock.play_turn(scene)
    clock.click(scene, scene.layout.menu_button.center)
    assert isinstance(top(scene), MenuScene)
    choose_by_mouse(clock, scene, "New game")
    choose_by_mouse(clock, scene, "Deal again")
    assert scene.manager.stack == [scene]
    assert scene.game_number == 2 and scene.score.losses == 1


def test_n_before_the_first_move_keeps_the_deal(settings, clock, open_seed):
    scene = ready(settings, clock, open_seed)
    cards = scene.game.hand1
    clock.key(scene, pygame.K_n)
    assert scene.manager.stack == [scene] and "first move" in scene.status.note[0]
    clock.key(scene, pygame.K_ESCAPE)
    choose_by_keys(clock, scene, "New game")
    assert scene.manager.stack == [scene]
    assert scene.game_number == 1 and scene.game.hand1 == cards and scene.score.games == 0


def test_n_after_a_move_asks_first(settings, clock, long_seed):
    scene = PlayScene(settings, SIZE, seed=long_seed)
    clock.play_turn(scene)
    clock.key(scene, pygame.K_n)
    assert "loss" in " ".join(top(scene).lines)
    clock.key(scene, pygame.K_ESCAPE)  # Esc means no
    assert scene.manager.stack == [scene] and scene.game_number == 1


def test_resume_and_help(settings, clock, open_seed):
    scene = ready(settings, clock, open_seed)
    clock.key(scene, pygame.K_ESCAPE)
    choose_by_keys(clock, scene, "Resume")
    assert scene.manager.stack == [scene]
    clock.key(scene, pygame.K_ESCAPE)
    choose_by_keys(clock, scene, "Help")
    assert scene.manager.stack == [scene] and scene.help_open
    assert any(key == "Esc" for key, _ in scene.keys_help)


def test_options_change_by_keys_and_are_marked_to_save(settings, clock, open_seed):
    scene = ready(settings, clock, open_seed)
    clock.key(scene, pygame.K_ESCAPE)
    choose_by_keys(clock, scene, "Options")
    options = top(scene)
    assert labels(options)[:5] == ["Animation speed", "Sound", "Open hands", "Turn log", "Fullscreen"]
    assert "Cards and table" in labels(options)  # the card set has a screen of its own
    clock.key(scene, pygame.K_RIGHT)  # speed: normal -> fast
    assert settings.speed == "fast" and scene.choreographer.scale < 1
    clock.key(scene, pygame.K_DOWN)
    clock.key(scene, pygame.K_RETURN)  # sound on
    assert settings.sound
    assert scene.changed == {"speed", "sound"}
    clock.key(scene, pygame.K_ESCAPE)
    clock.key(scene, pygame.K_ESCAPE)
    assert scene.manager.stack == [scene]


def test_the_coach_is_offered_at_the_play_table_and_not_to_a_spectator(settings, clock,
                                                                       open_seed):
    play = ready(settings, clock, open_seed)
    play.menus.open_options()
    assert "Coach" in labels(top(play))
    watch = SpectatorScene(settings, SIZE, seed=open_seed)
    SceneManager(watch)
    watch.menus.open_options()
    offered = labels(top(watch))
    assert "Coach" not in offered and "Animation speed" in offered


def test_opponent_levels_that_exist_and_the_flag_opponent(settings, clock, open_seed):
    scene = PlayScene(settings, SIZE, seed=open_seed, opponent="lazy")
    clock.rest(scene)
    clock.key(scene, pygame.K_ESCAPE)
    choose_by_keys(clock, scene, "Opponent")
    offered = [label.split(":")[0] for label in labels(top(scene))]
    expected = ["Easy", "Normal"] + (["Expert"] if "expert" in strategy_names() else []) + ["Yours", "Back"]
    assert offered == expected
    # the player is told what each level offered is, from the levels table's measurements
    assert list(top(scene).lines[1:]) == [level.strength_line() for level in LEVELS
                                          if level.spec in strategy_names()]
    assert top(scene).lines[-1].startswith("Expert: ") and "% against Normal" in top(scene).lines[-1]
    choose_by_keys(clock, scene, "Easy")
    assert scene.opponent == "lazy"  # the game on the table is played out as it began
    assert scene.next_opponent == "random" and settings.opponent == "random"
    assert "opponent" in scene.changed
    clock.key(scene, pygame.K_ESCAPE)
    clock.play_to_end(scene, random.Random(5))
    clock.key(scene, pygame.K_n)
    assert scene.opponent == "random"


def test_statistics_shows_a_placeholder_without_the_screen_the_window_passes(settings, clock,
                                                                             open_seed):
    scene = ready(settings, clock, open_seed)  # (the window passes the statistics screen in)
    clock.key(scene, pygame.K_ESCAPE)
    choose_by_keys(clock, scene, "Statistics")
    assert top(scene).lines == ("No games yet.",)
    clock.key(scene, pygame.K_ESCAPE)

    class Stats(Scene):
        def __init__(self, table) -> None:
            self.table = table

    scene.statistics_screen = Stats
    choose_by_keys(clock, scene, "Statistics")
    assert isinstance(top(scene), Stats) and top(scene).table is scene


def test_the_manager_pushes_pops_and_replaces():
    a, b, c = Scene(), Scene(), Scene()
    manager = SceneManager(a)
    manager.push(b)
    manager.replace(c)
    assert manager.stack == [a, c] and c.manager is manager
    c.done = True
    manager.update(0)
    assert manager.stack == [a]
    assert manager.pop() is a and manager.done


def test_the_manager_passes_on_the_top_scenes_frame_key():
    class Keyed(Scene):
        frame_key = ("still",)

    manager = SceneManager(Keyed())
    assert manager.frame_key == ("still",)
    manager.push(Scene())
    assert manager.frame_key is None


def test_a_click_on_an_options_arrows_steps_that_way(settings, clock, open_seed, display):
    """A click anywhere on an option stepped its value on, on '<' too: '<' beside 'fast'
    gave 'instant', not 'normal' (found by clicking it in the window)."""
    from tcf_gui.gui import text_boxes

    scene = ready(settings, clock, open_seed)
    clock.key(scene, pygame.K_ESCAPE)
    choose_by_keys(clock, scene, "Options")
    clock.key(scene, pygame.K_RIGHT)  # speed: normal -> fast
    options = top(scene)
    row = options.item_rects()[labels(options).index("Animation speed")]
    with text_boxes.recording() as record:
        scene.manager.draw(display)  # the window draws before it is clicked
    [value] = [box for box in record.boxes if box.text.startswith("<  fast")]
    clock.click(scene, (value.rect[0] + 2, row.centery))  # on '<'
    assert settings.speed == "normal"
    scene.manager.draw(display)
    clock.click(scene, (row.right - 8, row.centery))  # on '>'
    assert settings.speed == "fast"
    scene.manager.draw(display)
    clock.click(scene, (row.left + 8, row.centery))  # on the label: on, as Enter does
    assert settings.speed == "instant"


def test_the_opponent_dialog_names_the_levels_and_opens_on_the_current_one(settings, clock,
                                                                          open_seed):
    """The levels by the names a player reads (no strategy's name in brackets), the one who
    plays the next game marked and chosen when the dialog opens."""
    settings.opponent = "expert" if "expert" in strategy_names() else "heuristic"
    scene = PlayScene(settings, SIZE, seed=open_seed, opponent=settings.opponent)
    clock.rest(scene)
    clock.key(scene, pygame.K_ESCAPE)
    opponent = next(item for item in top(scene).items if item.label == "Opponent")
    assert opponent.value() == short_name(settings.opponent)
    choose_by_keys(clock, scene, "Opponent")
    offered = labels(top(scene))
    assert not any("(" in label.replace("(now)", "") or ":" in label for label in offered)
    assert offered[top(scene).selected] == f"{short_name(settings.opponent)}  (now)"
    clock.key(scene, pygame.K_RETURN)
    assert scene.next_opponent == settings.opponent
