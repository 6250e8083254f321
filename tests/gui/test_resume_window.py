"""The play table keeps the game in progress: Q (or the menu's Quit, or closing the window)
leaves it in the history, and the next table brings it back as it was."""
from __future__ import annotations

import pygame

from tcf_gui.gui.play_scene import PlayScene
from tcf_gui.gui.scene_manager import SceneManager

SIZE = (1280, 720)


def test_q_keeps_the_game_and_the_next_table_shows_it_as_it_was(settings, clock, history,
                                                                 long_seed, display):
    scene = PlayScene(settings, SIZE, seed=long_seed, history=history)
    clock.play_turn(scene, 1)
    clock.play_turn(scene, 0)
    left = scene.game
    clock.key(scene, pygame.K_q)
    clock.key(scene, pygame.K_DOWN)
    clock.key(scene, pygame.K_RETURN)
    assert scene.done and scene.score.games == 0

    again = PlayScene(settings, SIZE, seed=long_seed, history=history, resume=True)  # --seed again
    SceneManager(again)
    assert again.game is not left and again.game.moves == left.moves
    assert (again.game.hand1, again.game.hand2, again.game.deck) == (left.hand1, left.hand2,
                                                                    left.deck)
    assert not again.timeline.busy and again.state.turns_shown == 2  # shown at once, not dealt
    assert again.state.hands[1] == left.hand1 and "turn 3" in again.status.note[0]
    again.manager.draw(display)
    clock.rest(again)
    assert again.awaiting_choice and again.hint().startswith("Your turn")
    clock.key(again, pygame.K_1)
    assert again.game.moves[:2] == left.moves and len(again.game.moves) == 3


def test_without_resume_a_seeded_table_deals_its_own_game(settings, clock, history, long_seed):
    scene = PlayScene(settings, SIZE, seed=long_seed, history=history)
    clock.play_turn(scene)
    scene.quit()
    other = PlayScene(settings, SIZE, seed=long_seed + 1, history=history)
    assert other.game.seed == long_seed + 1 and other.game.moves == []
    assert history.unfinished_count() == 2  # the first still waits for the next start
