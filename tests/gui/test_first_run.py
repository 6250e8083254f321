"""First-run care: the welcome before the first deal, at every start until it is dismissed
(W in the help shows it again), and one hint at the coach for a player who has lost a few games and never won."""
from __future__ import annotations

import random

import pygame

from tcf_gui.cli import main
from tcf_gui.gui import first_run
from tcf_gui.gui.first_run import LOSSES_BEFORE_HINT, FirstRun
from tcf_gui.gui.menu import MenuScene
from tcf_gui.gui.play_scene import PlayScene
from tcf_gui.gui.scene_manager import SceneManager
from tcf_gui.history.record import Record
from tcf_gui.config.settings import Settings, load_settings

SIZE = (1280, 720)


def _top_title(scene) -> str | None:
    top = scene.manager.stack[-1]
    return top.title_text if isinstance(top, MenuScene) else None


def test_the_welcome_is_due_until_it_is_dismissed_and_that_is_remembered_on_disk(clock):
    care = FirstRun(Settings())
    assert care.welcome_due(Record()) is True
    assert care.welcome_due(Record()) is True  # shown, not dismissed (the window closed)
    assert load_settings()[0].welcomed is False
    welcome = care.welcome(SIZE, lambda size: MenuScene("table", [], size))
    SceneManager(welcome)
    clock.key(welcome, pygame.K_ESCAPE)  # Esc dismisses it too
    assert load_settings()[0].welcomed is True
    assert FirstRun(load_settings()[0]).welcome_due(Record()) is False


def test_a_player_with_games_already_is_no_stranger():
    care = FirstRun(Settings())
    assert care.welcome_due(Record(wins=0, losses=2)) is False
    assert load_settings()[0].welcomed is True


def test_the_welcome_says_how_to_play_where_help_is_and_the_coach():
    lines = first_run.welcome_lines()
    text = " ".join(lines)
    assert "three" in lines[0] and "discard" in lines[1] and "deck" in lines[1]
    assert "H or F1" in text and "coach" in text and "Play a friend" in text


def test_the_first_game_is_dealt_after_the_welcome(settings, clock):
    """Seed 6's first game ends at the deal: before, a newcomer saw its end first."""
    tables: list[PlayScene] = []

    def open_table(size):
        tables.append(PlayScene(settings, size, seed=6))
        return tables[-1]

    welcome = FirstRun(Settings()).welcome(SIZE, open_table)
    manager = SceneManager(welcome)
    clock.step(welcome)
    assert tables == [] and manager.stack == [welcome]  # nothing dealt under it
    clock.key(welcome, pygame.K_RETURN)  # Let's play
    assert manager.stack == tables and tables[0].game_number == 1 and tables[0].game.over


def test_w_in_the_help_shows_the_welcome_again(settings, clock, open_seed):
    table = PlayScene(settings, SIZE, seed=open_seed)
    SceneManager(table)
    clock.rest(table)
    clock.key(table, pygame.K_w)  # outside the help W does nothing
    assert table.manager.stack == [table]
    clock.key(table, pygame.K_h)
    assert table.help_open
    clock.key(table, pygame.K_w)
    assert not table.help_open and _top_title(table) == "Welcome to Three Card Flush"


def _lose_games(table: PlayScene, clock, count: int) -> int:
    """Play games until ``count`` more are lost (any won or drawn game is played past)."""
    rng = random.Random(3)
    lost = 0
    while lost < count:
        while not table.game.over:
            clock.rest(table)
            clock.key(table, pygame.K_1 + rng.randrange(3))
        clock.settle(table)
        clock.step(table)
        lost += table.game.outcome.winner == 2
        if lost < count:
            if _top_title(table) is not None:
                return lost  # a hint came up early: the caller sees it
            clock.key(table, pygame.K_n)
    return lost


def test_a_player_who_never_won_gets_the_coach_hint_once(settings, clock, monkeypatch):
    from tcf_gui.play import session

    monkeypatch.setattr(session, "new_seed", lambda: 11)  # a fresh run (games that count)
    table = PlayScene(settings, SIZE, opponent="heuristic")
    SceneManager(table)
    care = FirstRun(Settings(welcomed=True))
    care.attach(table)
    table.all_time.before = Record(wins=0, losses=LOSSES_BEFORE_HINT - 1)
    assert _lose_games(table, clock, 1) == 1
    assert table.score.wins == 0  # (seed 11 and these moves lose the first game)
    assert _top_title(table) == "A tip"
    assert load_settings()[0].coach_hinted is True
    clock.key(table, pygame.K_RETURN)
    clock.key(table, pygame.K_n)
    _lose_games(table, clock, 1)
    assert _top_title(table) is None  # never twice


def test_no_hint_for_a_winner_or_with_the_coach_on():
    care = FirstRun(Settings())
    assert care.coach_hint_due(Record(losses=LOSSES_BEFORE_HINT), coach_on=False)
    assert not care.coach_hint_due(Record(losses=LOSSES_BEFORE_HINT - 1), coach_on=False)
    assert not care.coach_hint_due(Record(wins=1, losses=9), coach_on=False)
    assert not care.coach_hint_due(Record(losses=9), coach_on=True)
    assert not FirstRun(Settings(coach_hinted=True)).coach_hint_due(Record(losses=9), False)


def test_the_window_welcomes_on_the_bare_felt_until_the_welcome_is_dismissed(monkeypatch):
    from tcf_gui.gui import launch

    shown, built = [], []
    real_draw, real_build = first_run.Welcome.draw, launch.build_table
    monkeypatch.setattr(first_run.Welcome, "draw", lambda self, surface: shown.append(
        self.manager.stack[0] is self) or real_draw(self, surface))
    monkeypatch.setattr(launch, "build_table", lambda *args: built.append(1) or real_build(*args))
    monkeypatch.setenv("TCF_GUI_FIRST_FRAME_EXIT", "1")  # the window closes after a frame
    for _start in range(2):  # closed with the welcome up: it comes back, nothing was dealt
        assert main(["--mute", "--seed", "3"]) == 0
    assert shown == [True, True] and built == [] and load_settings()[0].welcomed is False
    first_run.FirstRun(load_settings()[0])._remember("welcomed")
    assert main(["--mute", "--seed", "3"]) == 0
    assert shown == [True, True] and built == [1]


def test_the_table_after_the_welcome_opens_at_the_window_size_then(settings, clock, open_seed):
    welcome = FirstRun(Settings()).welcome(
        SIZE, lambda size: PlayScene(settings, size, seed=open_seed))
    manager = SceneManager(welcome)
    clock.post(welcome, pygame.event.Event(pygame.VIDEORESIZE, size=(1000, 640), w=1000, h=640))
    clock.key(welcome, pygame.K_RETURN)
    assert manager.stack[0].layout.size == (1000, 640)
