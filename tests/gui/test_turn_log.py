"""The turn log: both hands and both discards of every turn, Player 2's hidden hands shown once
the game is over, lines wrapped to the panel, and scrolling by wheel and PgUp/PgDn."""
from __future__ import annotations

import pygame
import pytest

from tcf_gui.engine.cards import hand_rep
from tcf_gui.engine.events import Discarded
from tcf_gui.words.notation import card_text, cards_text
from table_seeds import first_long_game
from tcf_gui.gui.play_scene import PlayScene

SIZE = (1280, 720)


@pytest.fixture(scope="module")
def long_seed() -> int:
    """A run seed whose game 1 lasts 14 turns or more when Player 1 discards 1, 2, 3, 1, ..."""
    return first_long_game((0, 1, 2), 13)


#: The log's notation: players' (the default) and the lab's: (a hand, a card, a hidden hand).
NOTATIONS = {
    "players": (cards_text, card_text, "hidden"),
    "lab": (hand_rep, lambda card: card.rep(), "(hidden)"),
}


def play(settings, clock, seed: int, turns: int, notation: str = "players") -> PlayScene:
    settings.show_log = True
    settings.lab_notation = notation == "lab"
    scene = PlayScene(settings, SIZE, seed=seed)
    clock.play_turns(scene, turns)
    return scene


def texts(scene) -> list[str]:
    return [text for text, _ in scene.log_lines()]


@pytest.mark.parametrize("notation", NOTATIONS)
def test_the_log_shows_both_discards_and_hides_player_2_until_the_end(settings, clock, long_seed,
                                                                       notation):
    hand, card, hidden = NOTATIONS[notation]
    scene = play(settings, clock, long_seed, 3, notation)
    lines = texts(scene)
    assert lines[0] == f" 0 You {hand(scene.game.hand_history()[0][0])}"
    assert lines[1] == f"   P2  {hidden}"
    discarded = [(e.turn, e.player, card(e.card)) for e in scene.game.events if isinstance(e, Discarded)]
    for turn, player, shown in discarded:
        line = next(text for text in lines if text.startswith(f"{turn:>2} out "))
        assert (f"You {shown}" if player == 1 else f"P2 {shown}") in line
    assert not any(hidden not in text for text in lines if text.startswith("   P2"))


@pytest.mark.parametrize("notation", NOTATIONS)
def test_after_the_end_every_line_shows_player_2s_hand(settings, clock, long_seed, notation):
    hand, _, hidden = NOTATIONS[notation]
    scene = play(settings, clock, long_seed, 30, notation)
    assert scene.game.over and scene.state.outcome is not None
    lines = texts(scene)
    assert hidden not in " ".join(lines)
    hands2 = [hand(h2) for _, h2 in scene.game.hand_history()]
    assert [text[7:] for text in lines if text.startswith("   P2")] == hands2
    assert lines[-1] == scene.explanation().reason  # the plain words close the log


def test_players_notation_reads_ten_as_10_with_suit_symbols(settings, clock, long_seed):
    scene = play(settings, clock, long_seed, 30)
    hands = [text for text in texts(scene) if text[3:6] in ("You", "P2 ")]
    cards = {c for hand in scene.game.hand_history() for pair in hand for c in pair}
    assert all(any(card_text(c) in line for line in hands) for c in cards)
    assert not [line for line in hands if "X" in line or "(" in line or " . " in line]


def test_long_lines_wrap_instead_of_being_cut(settings, clock):
    renderer_text = PlayScene(settings, SIZE, seed=1).text
    line = "--> You win with (ACE HIGH STRAIGHT SPADE FLUSH)"
    parts = renderer_text.wrap(line, 14, 200, mono=True)
    assert len(parts) > 1
    assert " ".join(part.strip() for part in parts) == line
    assert all(renderer_text.font(14, mono=True).size(part)[0] <= 200 for part in parts)
    # a card of hand-rep is never split across lines
    cards = renderer_text.wrap(" 0 You ((Q . S) (K . H) (4 . C))", 14, 120, mono=True)
    assert all(part.count("(") - part.count(")") in (-1, 0, 1) for part in cards)
    assert all(". " in part for part in cards)


def test_the_log_scrolls_by_wheel_and_page_keys(settings, clock, long_seed):
    scene = play(settings, clock, long_seed, 30)
    surface = pygame.Surface((SIZE[0], 420))  # a low window: the log cannot show it all
    clock.post(scene, pygame.event.Event(pygame.VIDEORESIZE, size=surface.get_size(),
                                         w=surface.get_width(), h=surface.get_height()))
    scene.draw(surface)
    assert scene.log.scroll == 0 and scene.log.most > 0
    clock.post(scene, pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=1, flipped=False, precise_x=0.0,
                                         precise_y=1.0))
    assert scene.log.scroll == 3
    clock.key(scene, pygame.K_PAGEUP)
    clock.key(scene, pygame.K_PAGEUP)
    clock.key(scene, pygame.K_PAGEUP)
    scene.draw(surface)
    assert scene.log.scroll == scene.log.most  # no further back than the first line
    clock.key(scene, pygame.K_PAGEDOWN)
    assert scene.log.scroll == scene.log.most - 8
    for _ in range(10):
        clock.key(scene, pygame.K_PAGEDOWN)
    assert scene.log.scroll == 0


def test_a_card_a_turn_timer_played_is_marked_in_the_log(settings, clock):
    from tcf_gui.gui.turn_log import turn_log

    scene = play(settings, clock, 3, 2)
    names = ("You", "Bot")
    plain = turn_log(scene.game, scene.state, names)
    marked = turn_log(scene.game, scene.state, names, timer=frozenset({(1, 2)}))
    first = next(event for event in scene.game.events
                 if isinstance(event, Discarded) and event.turn == 1 and event.player == 2)
    changed = [(a, b) for (a, _), (b, _) in zip(plain, marked) if a != b]
    assert len(changed) == 1
    assert changed[0][1] == changed[0][0].replace(card_text(first.card),
                                                  f"{card_text(first.card)} (timer)")
