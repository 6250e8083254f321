"""The review beside the table (tcf_gui.gui.review_scene)."""
from __future__ import annotations

import pytest
from screen_tour import LANGUAGES, SIZES, drawn, shown

from tcf_gui.engine.game import Game
from tcf_gui.gui.review_scene import ReviewScene
from tcf_gui.i18n import SOURCE
from tcf_gui.levels import short_name


@pytest.mark.parametrize("language", [SOURCE, *LANGUAGES])
def test_the_summary_is_drawn_whole_at_every_size(language, speak, settings, clock, history):
    """Its words were cut after three lines, the rest left off without a mark: the German
    'Genauigkeit 65 %: Zug 3: ... 1 von 4 Zügen' lost 'waren die besten' at 800x520."""
    speak(language)
    with shown("review", settings, clock, history) as manager:
        review = manager.stack[-1]
        for size in SIZES:
            record = drawn(manager, size)
            words = " ".join(box.text for box in record.boxes if box.container == "review")
            assert " ".join(review.summary().split()) in " ".join(words.split()), size


@pytest.mark.parametrize("spec", ["random", "heuristic", "expert"])
def test_player_2_is_named_as_at_the_table_and_in_the_replay(spec, speak, settings):
    """The review named Player 2 by its strategy alone ('expert', alike in every language),
    where the table and the replay say 'Expert', in German 'Experte' (the level's name, not
    the strategy behind it)."""
    speak("de")
    review = ReviewScene(settings, (1280, 720), Game.replay(3, ()), spec)
    assert review.seats()[2].detail == short_name(spec)
    assert review.seats()[2].detail in ("Leicht", "Normal", "Experte")


def test_the_chosen_turn_stays_in_the_list_when_the_window_shrinks(settings, clock, history,
                                                                  display):
    """The list scrolled only when another turn was chosen: the last turn chosen in a large
    window, then the window made small, left the chosen row below the list's end."""
    with shown("review", settings, clock, history) as manager:
        review = manager.stack[-1]
        review.show_turn(len(review.source.moves) - 1)
        drawn(manager, (1920, 1080))
        drawn(manager, (800, 520))
        assert review.selected in review.turn_list.row_rects()


def test_each_row_has_its_luck_and_a_slot_key_tries_the_other_discard(settings, clock):
    """Once worked out, each turn's row gives its draws' luck; 2 or 3 on turn 1 plays the
    game on with that discard, and both branches' endings show where the hint is, while the
    game itself stays as played."""
    import pygame

    from tcf_gui.engine.match import Match
    from tcf_gui.gui.scene_manager import SceneManager

    match = Match("random", "heuristic", 2)
    game = next(g for g in (match.play_next() for _ in range(30)) if g.turns >= 2)
    moves = list(game.moves)
    review = ReviewScene(settings, (1280, 720), game, "heuristic")
    SceneManager(review)
    clock.until(review, lambda: not review.working and review.luck.done)
    assert review.luck.luck is not None
    assert all(" · luck " in review.turn_list.row_text(i)[1] for i in range(game.turns))
    other = (game.moves[0][0] + 1) % 3
    clock.key(review, [pygame.K_1, pygame.K_2, pygame.K_3][other])
    clock.until(review, lambda: not review.branch.working)
    hint = review.hint()
    assert "with the draws that came" in hint and "with fresh draws" in hint
    assert game.moves == moves
    review.show_turn(1)  # another turn: its own hint again
    assert "with the draws that came" not in review.hint()


def test_a_turn_a_timer_played_is_left_out_of_the_reviews_score(settings, clock):
    """The review scored the lowest card the turn timer played as the player's mistake."""
    game = next(g for g in (Game.replay(seed, ((0, 0),) * 3) for seed in range(50))
                if g.turns >= 3)
    whole = ReviewScene(settings, (1280, 720), game, None, friend="Bob")
    timed = ReviewScene(settings, (1280, 720), game, None, friend="Bob", timer=frozenset({2}))
    for review in (whole, timed):
        clock.until(review, lambda: not review.working)
    assert [d.turn for d in whole.skill().decisions] == [t.turn for t in whole.turns]
    assert [d.turn for d in timed.skill().decisions] == [t.turn for t in timed.turns
                                                         if t.turn != 2]
    decided = [t for t in timed.turns if t.turn != 2]
    assert f"Best moves: {sum(t.was_best for t in decided)} of {len(decided)}." in timed.summary()
    assert f" of {len(whole.turns)}." in whole.summary()
