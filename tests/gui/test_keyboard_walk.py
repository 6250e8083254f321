"""Every screen of the window is reached and left with keys alone, as a player who cannot
use a mouse (or cannot see it) plays: from the table, each path of keys must put the
expected screen on top, and Esc (or the screen's own way back) must return to the table.
Speech is on, into a log, so the walk also checks that each screen says its name or its
focus when it opens."""
from __future__ import annotations

import pygame
import pytest
from history_helpers import real_games

from tcf_gui.gui.card_chooser import CardChooser
from tcf_gui.gui.friend_menu import FormScene, FriendMenu
from tcf_gui.gui.how_to_play import HowToPlay
from tcf_gui.gui.menu import MenuScene
from tcf_gui.gui.play_scene import PlayScene
from tcf_gui.gui.replay import ReplayScene
from tcf_gui.gui.review_scene import ReviewScene
from tcf_gui.gui.scene_manager import SceneManager
from tcf_gui.gui.speaker import Speaker
from tcf_gui.gui.stats.scene import StatsScene, open_statistics
from tcf_gui.gui.first_run import welcome
from tcf_gui.gui.spectator import SpectatorScene
from tcf_gui.history import History
from tcf_gui.system.voices import LogVoice

K = pygame
SIZE = (1280, 720)
FRAME_MS = 16
SEED = 3  # game 1 lasts several turns (tests/gui/test_speaker.py)

#: Screen, the keys from the table that open it, and what must then be on top. A word is
#: the label of a menu's item: Down until the focus is on it, then Enter (keys alone).
PATHS = [
    ("menu", [K.K_ESCAPE], lambda top: isinstance(top, MenuScene) and top.title_text == "Menu"),
    ("opponent", [K.K_ESCAPE, "Opponent"],
     lambda top: isinstance(top, MenuScene) and top.title_text == "Opponent"),
    ("options", [K.K_ESCAPE, "Options"],
     lambda top: isinstance(top, MenuScene) and top.title_text == "Options"),
    ("cards and table", [K.K_ESCAPE, "Options", "Cards and table"],
     lambda top: isinstance(top, CardChooser)),
    ("statistics", [K.K_t], lambda top: isinstance(top, StatsScene)),
    ("statistics from the menu", [K.K_ESCAPE, "Statistics"], lambda top: isinstance(top, StatsScene)),
    ("replay of a game in the history", [K.K_t, K.K_RETURN], lambda top: isinstance(top, ReplayScene)),
    ("play a friend", [K.K_ESCAPE, "Play a friend"], lambda top: isinstance(top, FriendMenu)),
    ("host a table", [K.K_ESCAPE, "Play a friend", "Host a table"],
     lambda top: isinstance(top, MenuScene) and top.title_text == "Host a table"),
    ("join a table", [K.K_ESCAPE, "Play a friend", "Join a table"],
     lambda top: isinstance(top, FormScene)),
    ("play deal number", [K.K_ESCAPE, "Play deal number…"],
     lambda top: type(top).__name__ == "DealNumber"),
    ("how to play", [K.K_ESCAPE, "How to play"], lambda top: isinstance(top, HowToPlay)),
    ("how to play, page 4", [K.K_ESCAPE, "How to play", *[K.K_RIGHT] * 3],
     lambda top: isinstance(top, HowToPlay) and top.page == 3),
    ("help", [K.K_h], lambda top: isinstance(top, PlayScene) and top.help_open),
    ("new game?", [K.K_1, K.K_n], lambda top: isinstance(top, MenuScene) and top.items),
    ("quit?", [K.K_ESCAPE, "Quit"], lambda top: isinstance(top, MenuScene) and top.title_text == "Quit?"),
    ("review", [K.K_1, K.K_2, K.K_3] * 12 + [K.K_r], lambda top: isinstance(top, ReviewScene)),
]

class Walk:
    def __init__(self, settings, tmp_path) -> None:
        settings.speech = True
        self.history = History(tmp_path / "history.sqlite3")
        self.history.add(*real_games(1, seed=9))  # a game to replay
        self.table = PlayScene(settings, SIZE, seed=SEED, history=self.history,
                               statistics=open_statistics)
        self.log = tmp_path / "said.txt"
        self.speaker = Speaker(SceneManager(self.table), settings, voice=LogVoice(self.log))
        self.now = 0
        self.frames(300)

    def frames(self, n: int) -> None:
        for _ in range(n):
            self.now += FRAME_MS
            self.speaker.update(self.now, [])

    def choose(self, label: str) -> None:
        """Down until the menu's focus is on ``label``, then Enter."""
        for _ in range(len(self.top.items)):
            if self.top.items[self.top.selected].label == label:
                break
            self.key(K.K_DOWN)
        assert self.top.items[self.top.selected].label == label, f"no {label!r} in {self.top.title_text}"
        self.key(K.K_RETURN)

    def key(self, code: int) -> None:
        self.now += FRAME_MS
        self.speaker.update(self.now, [pygame.event.Event(pygame.KEYDOWN, key=code, mod=0,
                                                          unicode="", scancode=0)])
        self.frames(120)  # the cards land, a worker answers
        if isinstance(self.top, ReviewScene):
            for _ in range(2000):
                if not self.top.working:
                    break
                self.frames(5)

    @property
    def top(self):
        return self.speaker.manager.stack[-1]


@pytest.mark.parametrize("screen, keys, check", PATHS, ids=[path[0] for path in PATHS])
def test_each_screen_is_reached_and_left_with_keys(screen, keys, check, settings, tmp_path):
    walk = Walk(settings, tmp_path)
    try:
        for code in keys:
            walk.choose(code) if isinstance(code, str) else walk.key(code)
        assert check(walk.top), f"{screen}: {type(walk.top).__name__} is on top"
        said = walk.log.read_text(encoding="utf-8").splitlines()
        assert said, "nothing was said"
        for _ in range(4):  # back to the table: Esc, the help's any key
            if len(walk.speaker.manager.stack) == 1 and not walk.table.help_open:
                break
            walk.key(K.K_ESCAPE)
        assert walk.top is walk.table and not walk.table.help_open
    finally:
        walk.history.close()


def test_the_welcome_is_said_and_closed_with_enter(settings, tmp_path):
    walk = Walk(settings, tmp_path)
    try:
        walk.speaker.manager.push(welcome(SIZE))
        walk.frames(2)
        assert walk.log.read_text(encoding="utf-8").splitlines()[-1].startswith(walk.top.title_text)
        walk.key(K.K_RETURN)
        assert walk.top is walk.table
    finally:
        walk.history.close()


def test_the_spectator_is_driven_by_keys(settings, tmp_path):
    settings.speech = True
    scene = SpectatorScene(settings, SIZE, seed=SEED)
    speaker = Speaker(SceneManager(scene), scene.settings, voice=LogVoice(tmp_path / "said.txt"))
    now = 0

    def key(code):
        nonlocal now
        for events in ([pygame.event.Event(pygame.KEYDOWN, key=code, mod=0, unicode="", scancode=0)],
                       *[[]] * 60):
            now += FRAME_MS
            speaker.update(now, events)

    key(K.K_SPACE)
    assert scene.paused
    turns = scene.game.turns
    key(K.K_RIGHT)
    assert scene.game.turns == turns + 1 or scene.game.over
    key(K.K_ESCAPE)
    assert isinstance(speaker.manager.stack[-1], MenuScene)
    said = (tmp_path / "said.txt").read_text(encoding="utf-8")
    assert "Player 1's hand: " in said  # the spectator's bottom hand is Player 1's
