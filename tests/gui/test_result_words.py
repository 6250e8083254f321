"""Every result case on the end screen: the banner and the log say what words.results says,
with one set of names ("You"/"Player 2" at play, "Player 1"/"Player 2" when watching)."""
from __future__ import annotations

import itertools

import pygame
import pytest

from tcf_gui.engine.game import Game
from tcf_gui.engine.match import player_rngs
from tcf_gui.engine.outcome import Case
from tcf_gui.engine.strategies.registry import make_strategy
from tcf_gui.gui.spectator import SpectatorScene
from tcf_gui.gui.play_scene import PlayScene
from tcf_gui.words.results import explain

SIZE = (1280, 720)
#: Each case, and the deal-flush case: (case, ended on the deal).
ENDINGS = [(case, False) for case in Case] + [(Case.P2_FLUSH, True)]


@pytest.fixture(scope="module")
def seeds() -> dict[tuple[Case, bool], int]:
    """For each ending, a run seed whose game 1 ends so when the person always discards card 1."""
    found: dict[tuple[Case, bool], int] = {}
    for seed in itertools.count(1):
        game = Game(seed).play_out(lambda view: 0, make_strategy("heuristic", player_rngs(seed)[1]))
        found.setdefault((game.outcome.case, game.turns == 0), seed)
        if all(ending in found for ending in ENDINGS):
            return found
    raise AssertionError("unreachable")


def shown_text(scene) -> list[str]:
    banner = scene.banner()
    return [banner.title, banner.subtitle, *(line for line, _ in scene.log_lines())]


@pytest.mark.parametrize("case, on_deal", ENDINGS, ids=lambda e: getattr(e, "name", str(e)))
def test_the_end_screen_explains_each_case_in_the_persons_words(settings, clock, seeds, case, on_deal):
    scene = PlayScene(settings, SIZE, seed=seeds[case, on_deal])
    while not scene.game.over:
        clock.rest(scene)
        clock.key(scene, pygame.K_1)
    clock.settle(scene)
    assert scene.game.outcome.case is case and (scene.game.turns == 0) == on_deal
    words = explain(scene.game.outcome, scene.game.turns, ("You", "Player 2"), you=1)
    banner = scene.banner()
    assert (banner.title, banner.subtitle) == (words.title, words.reason)
    log = [line for line, _ in scene.log_lines()]
    assert log[-2:] == [words.title, words.reason]  # in words, as a player reads them
    assert not [line for line in log if "HIGH" in line or "BUST" in line or " . " in line]
    settings.lab_notation = True  # the option: the lab's syntax, in the log
    log = [line for line, _ in scene.log_lines()]
    assert all(line in log for line in words.lab) and log[-1] == words.reason
    assert not [line for line in shown_text(scene) if "Player 1" in line]
    assert not [seat for seat in scene.seats().values() if "Player 1" in (seat.name, seat.detail)]
    if on_deal:
        assert "Player 2 was dealt a flush" in banner.subtitle


def test_the_spectator_names_player_1_and_player_2(settings, clock):
    settings.speed = "instant"
    scene = SpectatorScene(settings, SIZE, seed=11, games=1)
    while scene.state.outcome is None:
        clock.step(scene)
    words = explain(scene.game.outcome, scene.game.turns)
    assert (scene.banner().title, scene.banner().subtitle) == (words.title, words.reason)
    assert not [line for line in shown_text(scene) if "You" in line or "Your" in line]
