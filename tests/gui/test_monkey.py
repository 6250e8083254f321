"""Random input for a long while, at random window sizes: the window never raises, whatever
is pressed, clicked, typed or resized when (a person in a hurry, a cat on the keyboard)."""
from __future__ import annotations

import os
import queue
import random
import threading
import time

import pygame
import pytest

from tcf_gui.gui.friend_menu import FriendOptions, start_friend_table
from tcf_gui.gui.friend_scene import FriendScene
from tcf_gui.gui.play_scene import PlayScene
from tcf_gui.gui.scene_manager import SceneManager
from tcf_gui.gui.spectator import SpectatorScene
from tcf_gui.gui.stats.scene import open_statistics
from tcf_gui.gui.table import TableScene

from netplay import WAIT_S, Player, host_place, start_server

SIZE = (1280, 720)
KEYS = [pygame.K_1, pygame.K_2, pygame.K_3, pygame.K_ESCAPE, pygame.K_RETURN, pygame.K_SPACE,
        pygame.K_UP, pygame.K_DOWN, pygame.K_LEFT, pygame.K_RIGHT, pygame.K_TAB,
        pygame.K_BACKSPACE, pygame.K_F1, pygame.K_F11, pygame.K_PAGEUP, pygame.K_PAGEDOWN,
        pygame.K_HOME, pygame.K_END, *range(pygame.K_a, pygame.K_z + 1)]
TEXTS = ["a", "7", "é", "♥", "Zoë", "  ", "汉字", "x" * 40]
#: More seeds: MONKEY_SEEDS=60 (about 3 s a seed and table).
SEEDS = int(os.environ.get("MONKEY_SEEDS", "3"))
# An exception in any thread fails the test too (the window's own, the friend's, the server's):
# pytest only warns of one by default.
pytestmark = pytest.mark.filterwarnings("error::pytest.PytestUnhandledThreadExceptionWarning")


def random_event(rng: random.Random, size: tuple[int, int]) -> pygame.event.Event:
    """One event a person could make: mostly keys and clicks anywhere in the window."""
    kind = rng.random()
    pos = (rng.randrange(size[0]), rng.randrange(size[1]))
    if kind < 0.40:
        key = rng.choice(KEYS)
        return pygame.event.Event(pygame.KEYDOWN, key=key, scancode=0,
                                  mod=rng.choice([0, 0, 0, pygame.KMOD_SHIFT, pygame.KMOD_CTRL]),
                                  unicode=chr(key) if 32 <= key < 127 else "")
    if kind < 0.78:
        return pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=rng.choice([1, 1, 1, 3]))
    if kind < 0.85:
        return pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0))
    if kind < 0.90:
        return pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=rng.choice([-1, 1]), flipped=False,
                                  precise_x=0.0, precise_y=0.0, touch=False, which=0)
    if kind < 0.95:
        return pygame.event.Event(pygame.TEXTINPUT, text=rng.choice(TEXTS))
    if kind < 0.98:
        return pygame.event.Event(pygame.MOUSEBUTTONUP, pos=pos, button=1)
    new = (rng.choice([400, 800, 1024, 1280, 1920, 3000]), rng.choice([300, 520, 600, 720, 1080, 2000]))
    return pygame.event.Event(pygame.VIDEORESIZE, size=new, w=new[0], h=new[1])


def table(kind: str, settings, size: tuple[int, int], seed: int, history) -> TableScene:
    if kind == "spectator":
        return SpectatorScene(settings, size, p1="random", p2="heuristic", seed=seed, games=3,
                              open_hands=False, history=history)
    return PlayScene(settings, size, seed=seed, history=history, statistics=open_statistics)


@pytest.mark.parametrize("kind", ["play", "spectator"])
@pytest.mark.parametrize("seed", range(SEEDS))
def test_random_input_never_raises(settings, clock, history, seed, kind):
    rng = random.Random(seed)
    scene = table(kind, settings, SIZE, seed + 1, history)
    size = SIZE
    surface = pygame.Surface(size)
    for frame in range(3000):
        events = [random_event(rng, size) for _ in range(rng.choice([0, 0, 1, 1, 2]))]
        for event in events:
            if event.type == pygame.VIDEORESIZE:  # (SDL keeps the window at its minimum)
                size = (max(event.w, 800), max(event.h, 520))
                surface = pygame.Surface(size)
        clock.step(scene, events, ms=rng.choice([1, 16, 16, 50, 400]))
        if frame % 5 == 0:
            scene.manager.draw(surface)
        if scene.manager.done:
            scene.session.close()
            scene = table(kind, settings, size, seed + frame, history)
    scene.session.close()


class Host(threading.Thread):
    """A friend who hosts a table and plays at random, asking for a rematch after each game."""

    def __init__(self, url: str, seed: int) -> None:
        super().__init__(daemon=True)
        self.player = Player(url, "Ann", host_place())
        self.player.until_type("seated")
        self.rng = random.Random(seed)
        self.stop = threading.Event()

    def run(self) -> None:
        table, rematched = self.player.table, 0
        while not self.stop.is_set():
            try:
                self.player.heard.get(timeout=0.05)  # (the player's thread took it)
            except queue.Empty:
                continue
            if table.in_game and table.asked_turn == table.turn and not table.chosen["you"]:
                self.player.move(self.rng.randrange(3))  # (marks the table moved)
            if table.ending is not None and rematched < table.number:
                rematched = table.number
                self.player.client.send({"type": "rematch"})

    def close(self) -> None:
        self.stop.set()
        self.join(WAIT_S)
        self.player.close()


def friend_window(settings, history, url: str, seed: int) -> PlayScene:
    scene = PlayScene(settings, SIZE, seed=seed, history=history, statistics=open_statistics)
    SceneManager(scene)
    scene.friend_options = FriendOptions(server=url.removeprefix("ws://"), name="Bob")
    return scene


@pytest.mark.parametrize("seed", range(max(1, SEEDS // 2)))
def test_random_input_at_a_friends_table_never_raises(settings, clock, history, seed):
    """The same at a friend's table on the loopback, the friend playing at random; when the
    window leaves the table (Esc, Leave) or closes, it sits down at a new one."""
    server, url = start_server()
    rng = random.Random(seed)
    scene = friend_window(settings, history, url, seed + 1)
    hosts: list[Host] = []
    try:
        for frame in range(1500):
            if scene.manager.done:
                scene.session.close()
                scene = friend_window(settings, history, url, seed + frame)
            if not any(isinstance(top, FriendScene) for top in scene.manager.stack):
                hosts.append(Host(url, seed + frame))
                hosts[-1].start()
                start_friend_table(scene, url, {"type": "join", "code": hosts[-1].player.table.code})
            events = [random_event(rng, SIZE) for _ in range(rng.choice([0, 0, 1, 1, 2]))]
            clock.step(scene, [event for event in events if event.type != pygame.VIDEORESIZE],
                       ms=rng.choice([1, 16, 16, 50]))
            time.sleep(0.002)  # the server and the friend answer on their threads
            if frame % 5 == 0:
                scene.manager.draw(pygame.display.get_surface())
        assert hosts
    finally:
        for top in scene.manager.stack:
            if isinstance(top, FriendScene):
                top.quit()
        for host in hosts:
            host.close()
        server.stop()
        scene.session.close()
