"""The coach and the review in the window: C shows the odds on the cards (never playing),
the game is marked as coached, R at the end opens the review over the table."""
from __future__ import annotations

import random
import threading

import pygame

from tcf_gui.engine.coach import Position, advise
from tcf_gui.gui.review_scene import ReviewScene
from tcf_gui.gui.scene_manager import SceneManager
from tcf_gui.gui.play_scene import PlayScene
from tcf_gui.words.notation import card_text

SIZE = (1280, 720)


def test_the_coach_is_off_by_default_and_c_turns_it_on(settings, clock, display):
    scene = PlayScene(settings, SIZE, seed=5)
    SceneManager(scene)
    clock.rest(scene)
    assert not settings.coach and scene.coach.advice is None
    clock.key(scene, pygame.K_c)
    clock.step(scene)
    assert settings.coach and "coach" in scene.changed
    assert scene.animating or scene.coach.advice is not None  # frames go on while it works
    clock.until(scene, lambda: not scene.coach.thinking)
    expected = advise(Position.from_view(scene.game.view(1)), "heuristic")
    assert [c.win for c in scene.coach.advice.choices] == [c.win for c in expected.choices]
    assert scene.game.moves == []  # it never plays for the person
    scene.manager.draw(display)
    best = scene.coach.advice.best.card
    assert scene.hint().startswith(f"Coach: discarding {card_text(best)} wins")  # as players write it
    clock.key(scene, pygame.K_c)
    assert not settings.coach


def test_a_game_with_the_coach_on_is_marked_coached(settings, clock, history):
    settings.coach = True
    scene = PlayScene(settings, SIZE, seed=3, history=history)
    SceneManager(scene)
    clock.play_to_end(scene, random.Random(2))
    scene.new_game()
    settings.coach = False
    clock.play_to_end(scene, random.Random(3))
    assert sorted(game.coach for game in history.games(("seeded",))) == [False, True]


def test_the_coach_says_so_when_it_cannot_model_the_opponent(settings, clock):
    settings.coach = True
    scene = PlayScene(settings, SIZE, seed=5, opponent="lazy")
    SceneManager(scene)
    clock.rest(scene)
    clock.until(scene, lambda: not scene.coach.thinking)
    assert scene.coach.advice is None and "cannot model" in scene.hint()


def test_the_window_draws_on_while_the_coach_works_and_says_so(settings, clock, display,
                                                                monkeypatch):
    import tcf_gui.gui.coach_overlay as overlay

    release = threading.Event()
    real = overlay.advise_view
    monkeypatch.setattr(overlay, "advise_view", lambda *args: (release.wait(10), real(*args))[1])
    settings.coach = True
    scene = PlayScene(settings, SIZE, seed=5, opponent="random")
    SceneManager(scene)
    clock.rest(scene)
    assert scene.coach.thinking and scene.animating
    assert scene.hint() == "Coach: working out the odds…"
    scene.manager.draw(display)  # no odds to draw yet, and no wait for them
    release.set()
    clock.until(scene, lambda: not scene.coach.thinking)
    assert scene.coach.advice is not None and not scene.animating
    assert scene.hint().startswith("Coach: discarding")


def test_a_failing_coach_gives_a_line_not_a_hang(settings, clock, monkeypatch):
    import tcf_gui.engine.coach as coach

    def broken(*args, **kwargs):
        raise ZeroDivisionError("boom")

    monkeypatch.setattr(coach, "advise", broken)
    settings.coach = True
    scene = PlayScene(settings, SIZE, seed=5)
    SceneManager(scene)
    clock.rest(scene)
    clock.until(scene, lambda: not scene.coach.thinking)
    assert scene.hint() == "Coach: working out the odds failed (ZeroDivisionError: boom)"


def test_r_at_the_end_opens_a_review_that_steps_turn_by_turn(settings, clock, display):
    scene = PlayScene(settings, SIZE, seed=10)
    SceneManager(scene)
    clock.play_to_end(scene, random.Random(4))
    clock.key(scene, pygame.K_r)
    review = scene.manager.stack[-1]
    assert isinstance(review, ReviewScene)
    turns = scene.game.turns
    clock.until(scene, lambda: not review.working)
    assert len(review.turns) == turns and not review.animating
    assert "Best moves:" in review.summary()
    review.manager.draw(display)
    assert review.selected == 0 and review.game.turns == 0
    clock.key(scene, pygame.K_RIGHT)
    assert review.selected == min(1, turns) and review.game.moves == scene.game.moves[:review.selected]
    if review.selected < turns:
        assert review.game.hand1 == review.turns[review.selected].hand
    clock.key(scene, pygame.K_END)
    assert review.selected == turns and review.game.over
    review.manager.draw(display)
    clock.key(scene, pygame.K_ESCAPE)
    assert scene.manager.stack[-1] is scene


def test_the_review_fills_in_while_the_window_draws_and_a_failure_is_one_line(
        settings, clock, display, monkeypatch):
    import tcf_gui.engine.coach as coach

    release = threading.Event()
    real = coach.advise
    calls = []

    def slow_then_broken(position, opponent):
        release.wait(10)
        calls.append(position.turn)
        if len(calls) > 1:
            raise ZeroDivisionError("boom")
        return real(position, opponent)

    monkeypatch.setattr(coach, "advise", slow_then_broken)
    scene = PlayScene(settings, SIZE, seed=10)
    SceneManager(scene)
    clock.play_to_end(scene, random.Random(4))
    assert scene.game.turns >= 2
    clock.key(scene, pygame.K_r)
    review = scene.manager.stack[-1]
    clock.step(scene)
    assert review.working and review.animating and review.turns == []
    assert review.summary() == f"The coach is looking at turn 1 of {scene.game.turns}…"
    review.manager.draw(display)  # the list is drawn while the coach works
    release.set()
    clock.until(scene, lambda: not review.working)
    assert len(review.turns) == 1
    assert review.summary() == "No review: the coach on turn 2 failed (ZeroDivisionError: boom)"


def test_the_review_button_opens_the_review(settings, clock):
    scene = PlayScene(settings, SIZE, seed=10)
    SceneManager(scene)
    clock.play_to_end(scene, random.Random(4))
    clock.click(scene, scene.end_buttons.review_button().center)
    assert isinstance(scene.manager.stack[-1], ReviewScene)


def test_option_keys_in_the_review_keep_its_list_and_reach_the_table(settings, clock, display):
    """L switches the Turn log: the review's list, drawn where the log would be, stays (it
    closed with the log, and the next click raised), and the table below takes the change
    as its own (its picture, and the options it saves); F likewise."""
    scene = PlayScene(settings, SIZE, seed=10)
    SceneManager(scene)
    clock.play_to_end(scene, random.Random(4))
    clock.key(scene, pygame.K_r)
    review = scene.manager.stack[-1]
    clock.until(scene, lambda: not review.working)
    for press in range(2):
        clock.key(scene, pygame.K_l)
        assert settings.show_log == (press == 0) and review.layout.log_panel is not None
        assert (scene.layout.log_panel is not None) == settings.show_log
        rows = review.turn_list.row_rects()
        clock.click(scene, rows[min(rows)].center if press == 0 else rows[max(rows)].center)
        assert review.selected == (min(rows) if press == 0 else max(rows))
        review.manager.draw(display)
    clock.key(scene, pygame.K_f)
    assert scene.renderer.card_set.four_colour and "four_colour" in scene.changed
    clock.post(scene, pygame.event.Event(pygame.VIDEORESIZE, size=(900, 600), w=900, h=600))
    assert review.layout.log_panel is not None and review.layout.size == (900, 600)
    assert scene.layout.log_panel is None and "show_log" in scene.changed
