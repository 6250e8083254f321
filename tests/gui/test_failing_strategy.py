"""A user's strategy that fails in the window: a message there and one line on stderr, no
traceback, the session's games kept; a slow one never freezes the window."""
from __future__ import annotations

import time

import pygame
import pytest

from tcf_gui.gui.spectator import SpectatorScene
from tcf_gui.gui.play_scene import PlayScene
from tcf_gui.play import seats

#: The loop is timed to a fraction of a second: one such test at a time, on one xdist worker.
pytestmark = pytest.mark.xdist_group("whole_core")

SIZE = (1280, 720)

FAILING = {
    "raises": "def choose(view):\n    raise RuntimeError('my bug')\n",
    "returns 7": "def choose(view):\n    return 7\n",
}


def strategy_file(tmp_path, source: str) -> str:
    path = tmp_path / "mine.py"
    path.write_text(source)
    return f"{path}:choose"


@pytest.mark.parametrize("kind", sorted(FAILING))
def test_a_failing_strategy_is_a_message_not_a_traceback(settings, clock, tmp_path, capsys,
                                                         kind, open_seed):
    spec = strategy_file(tmp_path, FAILING[kind])
    scene = PlayScene(settings, SIZE, seed=open_seed, opponent=spec)
    scene.score.add(1)  # a game won earlier in the session
    clock.step(scene)
    clock.until(scene, lambda: len(scene.manager.stack) > 1)  # asked as the turn begins
    message = scene.manager.stack[-1]
    assert "could not play" in message.title_text and "not counted" in " ".join(message.lines)
    err = capsys.readouterr().err
    assert len(err.strip().splitlines()) == 1 and "Traceback" not in err and "mine" in err
    assert (scene.score.wins, scene.score.losses) == (1, 0)  # the session's games kept, no loss
    assert scene.opponent == "heuristic" and scene.game_number == 2
    clock.key(scene, pygame.K_RETURN)  # OK
    clock.rest(scene)
    clock.key(scene, pygame.K_2)
    assert len(scene.game.moves) == 1  # the game goes on against the built-in player


def test_a_slow_strategy_shows_thinking_and_the_time_limit_ends_the_wait(
        settings, clock, tmp_path, capsys, monkeypatch, open_seed):
    monkeypatch.setattr(seats, "THINK_LIMIT_S", 1.5)
    monkeypatch.setattr(seats, "START_LIMIT_S", 0.0)
    spec = strategy_file(tmp_path, "import time\n\ndef choose(view):\n    time.sleep(5)\n    return 0\n")
    started = time.monotonic()
    scene = PlayScene(settings, SIZE, seed=open_seed, opponent=spec)
    clock.rest(scene)
    assert scene.hint().startswith("Your turn")  # Player 2 thinks while the person does
    clock.key(scene, pygame.K_1)
    before = time.monotonic()
    clock.step(scene)
    assert time.monotonic() - before < 0.2  # the loop was not held up
    assert scene.p2.thinking and scene.hint() == "Player 2 is thinking…" and scene.animating
    assert scene.p2.off_loop
    clock.key(scene, pygame.K_2)  # the person cannot discard twice meanwhile
    while len(scene.manager.stack) == 1:
        assert time.monotonic() - started < 4, "the time limit never ended the wait"
        time.sleep(0.02)
        clock.step(scene)
    assert "no answer within 1.5 s" in " ".join(scene.manager.stack[-1].lines)
    assert scene.score.games == 0 and "Traceback" not in capsys.readouterr().err


def test_built_in_strategies_answer_at_once(settings, clock, open_seed):
    scene = PlayScene(settings, SIZE, seed=open_seed)
    assert not scene.p2.off_loop
    clock.rest(scene)
    clock.key(scene, pygame.K_1)
    assert len(scene.game.moves) == 1 and not scene.p2.thinking


def test_the_spectator_stops_with_a_message_and_keeps_its_games(settings, clock, tmp_path, capsys):
    spec = strategy_file(tmp_path, "def choose(view):\n    return 0 if view.cards_left > 30 else 7\n")
    settings.speed = "instant"
    scene = SpectatorScene(settings, SIZE, p1="random", p2=spec, seed=4)
    started = time.monotonic()
    while not scene.failed and time.monotonic() - started < 20:  # its answers come from a thread
        time.sleep(0.002)
        clock.step(scene)
    assert scene.failed and "could not play" in scene.manager.stack[-1].title_text
    games = scene.counters.games
    for _ in range(20):
        clock.step(scene)
    assert scene.counters.games == games
    err = capsys.readouterr().err
    assert len(err.strip().splitlines()) == 1 and "Traceback" not in err


def test_the_spectator_waits_for_a_slow_strategy_without_freezing(settings, clock, tmp_path):
    spec = strategy_file(tmp_path, "import time\n\ndef choose(view):\n    time.sleep(0.2)\n    return 0\n")
    settings.speed = "instant"
    scene = SpectatorScene(settings, SIZE, p1="random", p2=spec, seed=4, games=1)
    started = time.monotonic()
    clock.step(scene)
    assert time.monotonic() - started < 0.15 and scene.session.seat(2).thinking
    while not scene.done:
        assert time.monotonic() - started < 30, "the run never went on"
        time.sleep(0.01)
        clock.step(scene)
    assert scene.counters.games == 1 and not scene.failed
