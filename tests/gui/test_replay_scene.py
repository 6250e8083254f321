"""The replay scene plays a recorded game to its recorded end, and steps while paused."""
from __future__ import annotations

import dataclasses

import pygame
from history_helpers import real_games

from tcf_gui.gui.render import SeatLabel
from tcf_gui.gui.replay import ReplayScene
from tcf_gui.history.kinds import FRIEND
from tcf_gui.levels import short_name


def long_game():
    return next(game for game in real_games(40, seed=6) if game.turns >= 3)


def test_a_replay_ends_as_the_game_did(settings, clock, display):
    record = long_game()
    scene = ReplayScene(settings, (1280, 720), record)
    for _ in range(record.turns + 2):
        clock.settle(scene)
    assert scene.turn == record.turns and scene.game.moves == list(record.moves)
    assert scene.state.outcome is not None and int(scene.state.outcome.case) == record.result
    scene.draw(display)
    assert "Replay of game" in scene.status_text()[0]


def test_a_friends_game_names_the_friend_whatever_the_name_reads_like(settings):
    friend = dataclasses.replace(long_game(), kind=FRIEND, p2="heuristic")
    assert ReplayScene(settings, (1280, 720), friend).seats()[2] == SeatLabel("heuristic", "Player 2")
    computer = ReplayScene(settings, (1280, 720), long_game()).seats()[2]
    assert computer.detail == short_name(long_game().p2) == "Normal"


def test_paused_it_steps_one_turn_at_a_time(settings, clock):
    record = long_game()
    scene = ReplayScene(settings, (1280, 720), record)
    clock.key(scene, pygame.K_SPACE)
    for _ in range(3):
        clock.settle(scene)
    assert scene.turn == 0
    clock.key(scene, pygame.K_RIGHT)
    clock.settle(scene)
    assert scene.turn == 1
    clock.key(scene, pygame.K_HOME)
    clock.settle(scene)
    assert scene.turn == 0


def test_history_replay_opens_the_window_on_that_game(monkeypatch):
    from tcf_gui.cli import main
    from tcf_gui.gui import app
    from tcf_gui.history import open_history

    history = open_history()
    history.add(*real_games(3, seed=8))
    history.close()
    seen = []

    def fake_run_app(make_scene, title="", on_first_frame=None, size=(1280, 720)):
        seen.append(make_scene(size))
        return seen[-1]

    monkeypatch.setattr(app, "run_app", fake_run_app)
    assert main(["history", "--replay", "2"]) == 0
    [manager] = seen
    scene = manager.stack[0]
    assert isinstance(scene, ReplayScene) and scene.record.id == 2
    manager.update(0, [pygame.event.Event(pygame.KEYDOWN, key=pygame.K_r, mod=0, unicode="",
                                          scancode=0)])
    assert type(manager.stack[-1]).__name__ == "ReviewScene"


def test_a_game_edited_beyond_replay_is_one_line(capsys):
    from tcf_gui.cli import main
    from tcf_gui.history import open_history

    history = open_history()
    history.add(*real_games(1, seed=8))
    history._connect().execute("UPDATE games SET moves = '[[7, 0]]'")
    history.close()
    assert main(["history", "--replay", "1"]) == 2
    err = capsys.readouterr().err
    assert "cannot be replayed" in err and len(err.splitlines()) == 1
