"""Speech (tcf_gui.gui.speaker): a whole game said into a log, the keys that ask, the
verbosity levels, menus by focus; and no voice means no word and no failure."""
from __future__ import annotations

import pygame
import pytest

from tcf_gui.engine.cards import Suit
from tcf_gui.gui.play_scene import PlayScene
from tcf_gui.gui.scene_manager import SceneManager
from tcf_gui.gui.speaker import Speaker
from tcf_gui.i18n import use_language
from tcf_gui.system.voices import LogVoice, open_voice
from tcf_gui.words.cards import card_name
from tcf_gui.words.results import explain

SIZE = (1280, 720)
FRAME_MS = 16


class Driver:
    """Frames handed to the Speaker, as the loop hands them (nothing sleeps)."""

    def __init__(self, scene: PlayScene, log) -> None:
        self.scene = scene
        self.now = 0
        scene.settings.speech = True
        self.speaker = Speaker(SceneManager(scene), scene.settings, voice=LogVoice(log))
        self.log = log

    def step(self, events=()) -> None:
        self.now += FRAME_MS
        self.speaker.update(self.now, list(events))

    def settle(self) -> None:
        self.step()
        for _ in range(5000):
            if not self.scene.timeline.busy:
                break
            self.step()
        for _ in range(40):
            self.step()

    def key(self, key: int) -> None:
        self.step([pygame.event.Event(pygame.KEYDOWN, key=key, mod=0, unicode="", scancode=0)])

    def lines(self) -> list[str]:
        return self.log.read_text(encoding="utf-8").splitlines()

    def play(self, slots) -> None:
        """Discard ``slots`` in turn until the game is over."""
        for slot in slots:
            self.settle()
            if self.scene.game.over:
                break
            self.key(pygame.K_1 + slot)
        self.settle()


def played(settings, tmp_path, seed: int, verbosity: str = "normal") -> Driver:
    settings.verbosity = verbosity
    driver = Driver(PlayScene(settings, SIZE, seed=seed), tmp_path / f"said-{verbosity}.txt")
    driver.play([0, 1, 2] * 20)
    return driver


LONG_SEED = 3  # checked below: game 1 of this seed lasts turns, so turns are said


def test_a_whole_game_is_said_hand_turns_and_result(settings, tmp_path):
    driver = played(settings, tmp_path, LONG_SEED)
    game, lines = driver.scene.game, driver.lines()
    assert game.turns >= 2, "pick a seed whose game lasts"
    dealt = [event for event in game.events if type(event).__name__ == "Dealt" and event.player == 1]
    assert lines[0] == "Your hand: " + ", ".join(card_name(e.card) for e in sorted(dealt, key=lambda e: e.slot)) + "."
    turns = [line for line in lines if line.startswith("Turn ")]
    assert len(turns) == game.turns
    for number, (line, (mine, theirs)) in enumerate(zip(turns, game_discards(game)), start=1):
        assert line.startswith(f"Turn {number}. Discarded: You: {card_name(mine)}; "
                               f"Player 2: {card_name(theirs)}.")
        assert "You drew " in line and "Player 2 drew" not in line  # their draw is hidden
        if number < game.turns:  # the hand after the draw (the last turn ends the game)
            assert "Your hand: " in line
    told = explain(game.outcome, game.turns, ("You", "Player 2"), 1)
    assert lines[-1] == f"{told.title}. {told.reason}"


def game_discards(game):
    """Each turn's (Player 1's, Player 2's) discarded card."""
    thrown = [event for event in game.events if type(event).__name__ == "Discarded"]
    by_turn: dict[int, dict[int, object]] = {}
    for event in thrown:
        by_turn.setdefault(event.turn, {})[event.player] = event.card
    return [(cards[1], cards[2]) for _, cards in sorted(by_turn.items())]


def test_each_level_says_more_than_the_one_before(settings, tmp_path):
    sizes = [sum(map(len, played(settings, tmp_path, LONG_SEED, level).lines()))
             for level in ("short", "normal", "full")]
    assert sizes[0] < sizes[1] < sizes[2]


def test_the_keys_ask_and_do_nothing_else(settings, tmp_path):
    driver = Driver(PlayScene(settings, SIZE, seed=LONG_SEED), tmp_path / "said.txt")
    driver.settle()
    before = driver.scene.game.turns
    for key in (pygame.K_y, pygame.K_d, pygame.K_u, pygame.K_i):
        driver.key(key)
    lines = driver.lines()[1:]
    assert lines[0] == driver.lines()[0]  # Y: the hand again
    assert lines[1] == "Nothing discarded yet."
    unseen = driver.scene.counts().unseen_by_suit()
    assert lines[2] == "Not yet seen: " + ", ".join(
        f"{name} {unseen[suit]}" for suit, name in zip(Suit, ("clubs", "diamonds", "hearts", "spades"))) + "."
    assert lines[3].startswith("This session: 0 won, 0 lost, 0 drawn")
    assert driver.scene.game.turns == before and not driver.scene.help_open
    driver.key(pygame.K_b)
    assert driver.scene.settings.verbosity == "full" and driver.lines()[-1] == "Verbosity: full"


def test_the_coach_is_asked_by_g(settings, tmp_path):
    driver = Driver(PlayScene(settings, SIZE, seed=LONG_SEED), tmp_path / "said.txt")
    driver.settle()
    driver.key(pygame.K_g)
    said = driver.lines()[-1]
    hand = driver.scene.game.view(1).hand
    assert all(f"Discard the {card_name(card)}: " in said for card in hand), said


def test_menus_are_said_by_their_focus(settings, tmp_path):
    driver = Driver(PlayScene(settings, SIZE, seed=LONG_SEED), tmp_path / "said.txt")
    driver.settle()
    driver.key(pygame.K_ESCAPE)
    menu = driver.speaker.manager.stack[-1]
    assert driver.lines()[-1].startswith(menu.title_text + ". ")
    driver.key(pygame.K_DOWN)
    item = menu.items[menu.selected]
    assert driver.lines()[-1].startswith(item.label)


def test_speech_off_says_nothing_and_keys_go_to_the_table(settings, tmp_path):
    driver = Driver(PlayScene(settings, SIZE, seed=LONG_SEED), tmp_path / "said.txt")
    driver.scene.settings.speech = False
    driver.settle()
    assert driver.speaker.voice is None
    driver.key(pygame.K_y)
    assert not (tmp_path / "said.txt").exists() or driver.lines() == []


def test_german_is_said_in_german(settings, tmp_path):
    use_language("de")
    try:
        driver = played(settings, tmp_path, LONG_SEED)
        first = driver.lines()[0]
    finally:
        use_language("en")
    assert first.startswith("Deine Hand: "), first


@pytest.mark.parametrize("spec, problem", [("off", False), ("log:/nonexistent/dir/said.txt", True)])
def test_a_voice_that_cannot_open_is_one_line(spec, problem):
    voice, line = open_voice(spec)
    assert voice is None and (line is not None) == problem
    if line:
        assert "\n" not in line and "/nonexistent/dir/said.txt" in line


def test_h_says_the_help_with_the_keys_of_speech(settings, tmp_path):
    driver = Driver(PlayScene(settings, SIZE, seed=LONG_SEED), tmp_path / "said.txt")
    driver.settle()
    driver.key(pygame.K_h)
    said = driver.lines()[-1]
    assert said.startswith("Rules and keys.") and "Speech keys: Y your hand" in said
    assert "N / Enter: new game" in said  # the table's own keys, as the help shows them


def test_the_result_is_said_before_a_dialog_that_opens_over_it(settings, tmp_path):
    from tcf_gui.gui.menu import notice

    scene = PlayScene(settings, SIZE, seed=LONG_SEED)
    driver = Driver(scene, tmp_path / "said.txt")
    scene.game_over_listeners.append(
        lambda: scene.manager.push(notice("A dialog", ["over the result"], SIZE)))
    driver.play([0, 1, 2] * 20)
    lines = driver.lines()
    told = explain(scene.game.outcome, scene.game.turns, ("You", "Player 2"), 1)
    result = lines.index(f"{told.title}. {told.reason}")
    assert lines[result + 1].startswith("A dialog.")


def test_the_review_is_read_its_summary_and_each_turn_shown(settings, tmp_path):
    import time

    driver = played(settings, tmp_path, LONG_SEED)
    driver.key(pygame.K_r)
    review = driver.speaker.manager.stack[-1]
    deadline = time.monotonic() + 20
    while review.working or review.summary().endswith("…"):  # the coach on its worker
        assert time.monotonic() < deadline, "the review never finished"
        driver.step()
        time.sleep(0.002)
    driver.step()
    driver.key(pygame.K_RIGHT)
    driver.settle()
    said = driver.lines()[driver.lines().index("Three Card Flush — review") + 1:]
    assert review.summary() in said  # the finished summary, once it is there
    assert said[-1].startswith("Turn 1. Discarded: ")  # the turn the review steps to
