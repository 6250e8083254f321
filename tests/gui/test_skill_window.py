"""The skill score and today's deal in the window, headless: the end screen shows at once
and its score line fills in when the score arrives late; the statistics screen scores older
games while it is open; today's deal is for the record once, then practice; Copy result."""
from __future__ import annotations

import dataclasses
from datetime import date

import pygame
import pytest
from history_helpers import real_games

from tcf_gui.play.daily import daily_seed
from tcf_gui.engine.coach.scoring import score_game
from tcf_gui.gui import text_boxes
from tcf_gui.gui.play_scene import PlayScene
from tcf_gui.gui.scene_manager import SceneManager
from tcf_gui.gui.stats.scene import StatsScene
from tcf_gui.history import KINDS
from tcf_gui.history.kinds import DAILY, FRIEND, PRACTICE
from tcf_gui.gui.end_panel import banner_line

SIZES = [(800, 600), (1920, 1080)]
DAY = date(2026, 3, 14)


def texts(manager) -> list[str]:
    """Every text drawn, at each size."""
    found = []
    for size in SIZES:
        with text_boxes.recording() as record:
            manager.draw(pygame.Surface(size))
        found += [box.text for box in record.boxes]
    return found


def play_to_end(scene, clock, slot: int = 0) -> None:
    while not scene.game.over:
        clock.rest(scene)
        clock.key(scene, pygame.K_1 + slot)
    clock.rest(scene)


def test_the_end_screen_never_waits_and_the_score_fills_in(settings, clock, history, gate,
                                                           long_seed):
    scene = PlayScene(settings, (1280, 720), seed=long_seed, history=history)
    SceneManager(scene)
    play_to_end(scene, clock)
    assert scene.banner() is not None  # the result is on the table, the score not yet
    shown = texts(scene.manager)
    assert "Accuracy: the coach is grading your moves…" in shown
    assert scene.animating  # the loop keeps polling for it
    [stored] = history.games(tuple(KINDS))
    assert not stored.scored
    gate.set()
    clock.until(scene, lambda: not scene.scorer.working)
    expected = score_game(scene.game, "heuristic")
    assert banner_line(expected) in texts(scene.manager)
    [stored] = history.games(tuple(KINDS))
    assert stored.skill.as_json() == expected.as_json()  # (stored to 6 decimals)
    assert stored.accuracy == pytest.approx(expected.accuracy)


def test_a_closing_window_waits_for_the_coach_only_so_long(settings, clock, history, gate,
                                                           long_seed):
    """settle() is bounded: a coach that does not answer leaves the score for later (this
    game keeps its deal: the statistics screen scores it on demand)."""
    scene = PlayScene(settings, (1280, 720), seed=long_seed, history=history)
    SceneManager(scene)
    play_to_end(scene, clock)
    scene.scorer.settle(0.05)  # the gate stays shut
    assert scene.scorer.working
    [stored] = history.games(tuple(KINDS))
    assert not stored.scored
    gate.set()
    scene.scorer.settle()
    assert not scene.scorer.working
    [stored] = history.games(tuple(KINDS))
    assert stored.skill.as_json() == score_game(scene.game, "heuristic").as_json()


def test_a_game_given_up_is_scored_too(settings, clock, history, long_seed):
    scene = PlayScene(settings, (1280, 720), seed=long_seed, history=history)
    SceneManager(scene)
    clock.play_turn(scene, 0)
    given_up = scene.game
    scene.menus.ask_new_game()
    clock.key(scene, pygame.K_DOWN)  # the dialog: "Deal again (a loss)"
    clock.key(scene, pygame.K_RETURN)
    assert scene.game is not given_up
    clock.until(scene, lambda: not scene.scorer.working)
    [stored] = history.games(tuple(KINDS))
    assert stored.quit and stored.skill.as_json() == score_game(given_up, "heuristic").as_json()


def test_the_statistics_score_older_games_while_open(history, clock, gate):
    games = real_games(12, seed=4)
    history.add(*games)
    scene = StatsScene(history, (1280, 720))
    manager = SceneManager(scene)
    assert scene.level.accuracy is None and scene.backlog is not None
    shown = texts(manager)
    assert "Accuracy: scoring your games…" in shown
    assert any(text.startswith("scoring older games: 0 of ") for text in shown)
    assert all(value is None for value in scene.accuracy)
    gate.set()
    clock.until(scene, lambda: scene.backlog is None, limit_s=60)
    scored = [score_game(game.replay(), game.p2) for game in games]
    graded = [s.accuracy for s in scored if s.accuracy is not None]
    assert scene.level.accuracy == pytest.approx(sum(graded) / len(graded))
    assert scene.accuracy[-1] is not None
    assert f"Accuracy {int(sum(graded) / len(graded))}% on average" in texts(manager)
    assert all(game.scored for game in history.games(tuple(KINDS)))


@pytest.fixture
def today_is(monkeypatch):
    monkeypatch.setattr("tcf_gui.gui.daily_deal.today", lambda: DAY)
    monkeypatch.setattr("tcf_gui.play.daily.today", lambda: DAY)


def test_todays_deal_counts_once_then_is_practice(settings, clock, history, today_is, capsys):
    settings.open_hands = True  # the daily deal is dealt hidden all the same
    scene = PlayScene(settings, (1280, 720), seed=5, history=history, opponent="random")
    SceneManager(scene)
    clock.rest(scene)
    scene.daily.open()
    assert f"seed {daily_seed(DAY)}" in capsys.readouterr().out
    assert (scene.game.seed, scene.session.kind_on_table(), scene.opponent) == (
        daily_seed(DAY), DAILY, "heuristic")
    assert not scene.game.open_hands
    play_to_end(scene, clock, 1)
    clock.until(scene, lambda: not scene.scorer.working)
    assert scene.end_buttons.copy_button() is not None
    assert any(text.startswith("Daily streak: 1 day played") for text in texts(scene.manager))
    clock.click(scene, scene.end_buttons.copy_button().center)
    assert pygame.scrap.get_text() == scene.daily.share()
    assert "2026-03-14" in scene.daily.share() and "♠" not in scene.daily.share()
    clock.click(scene, scene.layout.button.center)  # New game: the chosen opponent is back
    assert scene.opponent == "random" and scene.session.kind_on_table() != DAILY
    clock.rest(scene)
    scene.daily.open()
    assert scene.session.kind_on_table() == PRACTICE
    play_to_end(scene, clock, 2)
    kinds = [game.kind for game in history.games(tuple(KINDS))]
    assert kinds.count(DAILY) == 1 and kinds.count(PRACTICE) == 1
    assert any(text.startswith("Practice, not counted; for the record: ")
               for text in texts(scene.manager))


def test_the_game_in_progress_waits_for_the_next_start(settings, clock, history, today_is,
                                                       long_seed):
    scene = PlayScene(settings, (1280, 720), seed=long_seed, history=history)
    SceneManager(scene)
    clock.play_turn(scene, 0)
    left = scene.game
    scene.daily.open()
    assert scene.game.seed == daily_seed(DAY)
    [kept] = [row for row in history._query("SELECT * FROM unfinished") if row["seed"] != daily_seed(DAY)]
    assert kept["owner"] is None and kept["seed"] == left.seed  # for the next start
    assert history.games(tuple(KINDS)) == []  # not counted as a loss


def test_todays_deal_left_unfinished_goes_on_where_it_was(settings, clock, history, today_is,
                                                          long_seed):
    scene = PlayScene(settings, (1280, 720), history=history, daily=True)
    SceneManager(scene)
    if scene.game.over:
        pytest.skip("today's deal ends at the deal")
    clock.play_turn(scene, 0)
    moves = list(scene.game.moves)
    scene.session.close()
    history.close()  # the window closes; the next one starts on today's deal
    again = PlayScene(settings, (1280, 720), history=history, daily=True, seed=long_seed)
    SceneManager(again)
    assert again.session.kind_on_table() == DAILY and again.game.moves == moves


def test_where_no_clipboard_works_the_result_is_shown_to_copy(settings, clock, history,
                                                              today_is, monkeypatch, capsys):
    scene = PlayScene(settings, (1280, 720), history=history, daily=True)
    SceneManager(scene)
    play_to_end(scene, clock)
    monkeypatch.setattr("tcf_gui.gui.daily_deal.copy_text", lambda text: False)
    capsys.readouterr()
    scene.daily.copy()
    notice = scene.manager.stack[-1]
    assert notice is not scene and scene.daily.share() in notice.lines
    assert scene.daily.share() in capsys.readouterr().out


def test_a_review_of_an_old_game_keeps_its_score(settings, clock, history):
    from tcf_gui.gui.replay import open_review

    game = next(game for game in real_games(10, seed=6) if game.turns >= 2)
    history.add(game)
    [record] = history.games(tuple(KINDS))
    table = PlayScene(settings, (1280, 720), seed=5, history=history)
    SceneManager(table)
    open_review(table, record)
    review = table.manager.stack[-1]
    clock.until(review, lambda: not review.working and review.luck.done)
    assert history.game(record.id).skill.as_json() == score_game(record.replay(),
                                                                  record.p2).as_json()


def test_a_friend_named_like_a_strategy_is_reviewed_as_a_person(settings, clock, history):
    """A friend called 'random' is a person: the review models Normal, as the score does."""
    from tcf_gui.gui.replay import open_review

    game = next(game for game in real_games(10, seed=6) if game.turns >= 2)
    history.add(dataclasses.replace(game, kind=FRIEND, p2="random"))
    [record] = history.games((FRIEND,))
    table = PlayScene(settings, (1280, 720), seed=5, history=history)
    SceneManager(table)
    open_review(table, record)
    review = table.manager.stack[-1]
    assert review.stand_in and review.seats()[2].name == "random"
    clock.until(review, lambda: not review.working and review.luck.done)
    assert history.game(record.id).skill.as_json() == score_game(record.replay(),
                                                                  None).as_json()


def test_todays_deal_played_in_another_window_is_not_dealt_here(settings, history, today_is):
    from tcf_gui.history import UnfinishedGame

    history.keep_unfinished(UnfinishedGame(DAILY, "you", "heuristic", daily_seed(DAY), ((0, 1),)))
    history._connect().execute("UPDATE unfinished SET owner = '1:another-window'")  # pid 1 lives
    scene = PlayScene(settings, (1280, 720), seed=5, history=history, daily=True)
    assert scene.game.seed != daily_seed(DAY) and scene.session.kind_on_table() != DAILY
    assert scene.status.note[0] == "Today's deal is being played in another window now."


def test_a_replay_ends_with_the_games_score(settings, clock, history):
    from tcf_gui.gui.replay import ReplayScene

    game = next(game for game in real_games(10, seed=6) if game.turns >= 2)
    history.add(game)
    skill = score_game(game.replay(), game.p2)
    history.set_skill(game, skill)
    [record] = history.games(tuple(KINDS))
    scene = ReplayScene(settings, (1280, 720), record)
    SceneManager(scene)
    clock.until(scene, lambda: scene.banner() is not None and not scene.timeline.busy)
    assert scene.banner().notes[0][0] == banner_line(record.skill)
    assert banner_line(record.skill) in texts(scene.manager)
    assert record.skill.luck is not None and "the cards favoured" in banner_line(record.skill)


def test_ctrl_c_copies_the_result_by_the_keys_own_modifiers(settings, clock, history, today_is):
    # Ctrl+C read the modifiers held when the frame ran, not those of the key press: keys
    # sent quickly (Ctrl up before the frame) turned the coach on instead of copying
    scene = PlayScene(settings, (1280, 720), history=history, daily=True)
    SceneManager(scene)
    play_to_end(scene, clock)
    clock.until(scene, lambda: not scene.scorer.working)
    pygame.scrap.put_text("something else")
    coach = settings.coach
    clock.post(scene, pygame.event.Event(pygame.KEYDOWN, key=pygame.K_c, mod=pygame.KMOD_LCTRL,
                                         unicode="", scancode=0))
    assert pygame.scrap.get_text() == scene.daily.share()
    assert settings.coach == coach
    clock.key(scene, pygame.K_c)  # C alone: the coach, as before
    assert settings.coach != coach


def test_the_result_to_share_has_the_accuracy_that_came_late(settings, clock, history,
                                                              today_is, gate):
    # the daily record was read once, when the end screen showed, before the score came:
    # the text to share then never had the accuracy the banner showed
    scene = PlayScene(settings, (1280, 720), history=history, daily=True)
    SceneManager(scene)
    play_to_end(scene, clock)
    texts(scene.manager)  # the end screen, the score not in yet
    assert scene.daily.share() is not None and "accuracy" not in scene.daily.share()
    gate.set()
    clock.until(scene, lambda: not scene.scorer.working)
    texts(scene.manager)
    [game] = history.games((DAILY,))
    if game.accuracy is None:
        pytest.skip("today's deal ends at the deal: no move to score")
    assert f"accuracy {round(game.accuracy)}%" in scene.daily.share()
