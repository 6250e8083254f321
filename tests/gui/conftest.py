"""Fixtures for the window tests: a dummy display, a fake clock and event helpers."""
from __future__ import annotations

import itertools
import threading
import time

import pygame
import pytest

from tcf_gui.engine.game import Game
from tcf_gui.gui.scene_manager import SceneManager
from tcf_gui.config.settings import Settings

from netplay import known_player_seeds  # noqa: F401  (autouse: every friend draws a known seed)

FRAME_MS = 16


DISPLAY_SIZE = (1280, 720)


@pytest.fixture(autouse=True)
def display():
    """A hidden dummy display of 1280x720 for every window test (SDL_VIDEODRIVER=dummy),
    opened again when an earlier test closed it or changed its size."""
    if not pygame.display.get_init():
        pygame.display.init()
    pygame.font.init()
    surface = pygame.display.get_surface()
    if surface is None or surface.get_size() != DISPLAY_SIZE:
        surface = pygame.display.set_mode(DISPLAY_SIZE)
    return surface


@pytest.fixture
def settings() -> Settings:
    return Settings(speed="normal", four_colour=False, open_hands=False, sound=False, show_log=False)


class Clock:
    """Fake milliseconds handed to a scene's manager (as the loop does); nothing sleeps."""

    def __init__(self) -> None:
        self.now = 0

    def step(self, scene, events=(), ms: int = FRAME_MS) -> None:
        """One frame: the events go to the scene on top of ``scene``'s stack, then the time."""
        self.now += ms
        if scene.manager is None:
            SceneManager(scene)
        scene.manager.update(self.now, list(events))

    def wait(self, scene, ms: int) -> None:
        """Frames for ``ms`` milliseconds."""
        end = self.now + ms
        while self.now < end:
            self.step(scene, ms=min(FRAME_MS, end - self.now))

    def settle(self, scene, limit_ms: int = 60_000) -> None:
        """Advance frame by frame until nothing moves (or fail)."""
        start = self.now
        self.step(scene)
        while scene.timeline.busy:
            assert self.now - start < limit_ms, "the animation never ended"
            self.step(scene)

    def until(self, scene, done, limit_s: float = 20.0) -> None:
        """Frames until ``done()`` is true, for work a scene does on a thread (the coach):
        real time passes too, up to ``limit_s`` seconds, then the test fails."""
        deadline = time.monotonic() + limit_s
        while not done():
            assert time.monotonic() < deadline, "the scene's worker never answered"
            self.step(scene)
            time.sleep(0.002)

    def rest(self, scene) -> None:
        """Settle, then wait as a person would before clicking the card that landed."""
        self.settle(scene)
        self.wait(scene, 600)

    def play_turns(self, scene, turns: int) -> None:
        """The person discards card 1, 2, 3, 1, ... for ``turns`` turns (fewer if the game
        ends), then the table comes to rest."""
        for turn in range(turns):
            self.rest(scene)
            if scene.game.over:
                break
            self.key(scene, pygame.K_1 + turn % 3)
        self.rest(scene)

    def play_turn(self, scene, slot: int = 0) -> None:
        """The person discards ``slot`` once the table is at rest, and the turn is shown."""
        self.rest(scene)
        self.key(scene, pygame.K_1 + slot)
        self.settle(scene)

    def play_to_end(self, scene, rng) -> None:
        """The person plays the game on the table to its end (keys 1-3 chosen by ``rng``)."""
        while not scene.game.over:
            self.rest(scene)
            self.key(scene, pygame.K_1 + rng.randrange(3))
        self.settle(scene)

    def post(self, scene, *events: pygame.event.Event) -> None:
        """Post events to pygame's queue and hand the queue to the scene, as the loop does."""
        pygame.event.clear()
        for event in events:
            pygame.event.post(event)
        self.step(scene, pygame.event.get(), ms=1)

    def click(self, scene, pos) -> None:
        self.post(scene, pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=tuple(pos), button=1))

    def key(self, scene, key: int) -> None:
        self.post(scene, pygame.event.Event(pygame.KEYDOWN, key=key, mod=0, unicode="", scancode=0))


@pytest.fixture(scope="session")
def open_seed() -> int:
    """The first run seed whose game 1 is not over after the deal (so a turn can be played)."""
    for seed in itertools.count(1):
        game = Game(seed)
        game.deal()
        if not game.over:
            return seed
    raise AssertionError("unreachable")


@pytest.fixture(scope="session")
def long_seed() -> int:
    """The first run seed whose game 1 lasts past turn 2 when the person always discards
    slot 0 against the heuristic (so a turn can be played and the game is still on)."""
    from tcf_gui.engine.match import Match

    return next(seed for seed in itertools.count(1)
                if Match("lazy", "heuristic", seed).play_next().turns > 2)


@pytest.fixture
def clock() -> Clock:
    return Clock()


@pytest.fixture(scope="session")
def pseudo_catalog(tmp_path_factory):
    """A folder holding the pseudo-locale xx, made afresh from the source's messages by
    tools/translations.py (never written by hand)."""
    from dev_tools import load_tool, message_template

    folder = tmp_path_factory.mktemp("pseudo")
    load_tool("translations").write_pseudo(folder, message_template())
    return folder


@pytest.fixture
def speak(pseudo_catalog, monkeypatch):
    """``speak(code)``: the window speaks ``code`` from now on, the pseudo-locale xx or a
    shipped language (English again after the test: tests/conftest.py)."""
    from tcf_gui import i18n

    def speak(code: str) -> None:
        if code == "xx":
            monkeypatch.setattr(i18n, "LOCALE_DIR", pseudo_catalog)
        assert i18n.use_language(code) == code

    return speak


@pytest.fixture
def gate(monkeypatch):
    """Every skill score waits until the test opens the gate: it arrives late."""
    opened = threading.Event()
    from tcf_gui.play import scoring
    from tcf_gui.history import skill as history_skill

    real_score, real_record = scoring._score, history_skill.score_record

    def late_score(game, opponent, seat):
        assert opened.wait(30)
        return real_score(game, opponent, seat)

    def late_record(game):
        assert opened.wait(30)
        return real_record(game)

    monkeypatch.setattr(scoring, "_score", late_score)
    monkeypatch.setattr(history_skill, "score_record", late_record)
    yield opened
    opened.set()
