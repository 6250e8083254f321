"""Random input for a long while, at random window sizes: the window never raises, whatever
is pressed, clicked, typed or resized when (a person in a hurry, a cat on the keyboard)."""
from __future__ import annotations

import os
import random

import pygame
import pytest

from tcf_gui.gui.play_scene import PlayScene
from tcf_gui.gui.scene_manager import register_screen
from tcf_gui.gui.stats_scene import open_statistics

SIZE = (1280, 720)
KEYS = [pygame.K_1, pygame.K_2, pygame.K_3, pygame.K_ESCAPE, pygame.K_RETURN, pygame.K_SPACE,
        pygame.K_UP, pygame.K_DOWN, pygame.K_LEFT, pygame.K_RIGHT, pygame.K_TAB,
        pygame.K_BACKSPACE, pygame.K_F1, pygame.K_F11, pygame.K_PAGEUP, pygame.K_PAGEDOWN,
        pygame.K_HOME, pygame.K_END, *range(pygame.K_a, pygame.K_z + 1)]
TEXTS = ["a", "7", "é", "♥", "Zoë", "  ", "汉字", "x" * 40]
#: More seeds: MONKEY_SEEDS=60 (about 3 s a seed).
SEEDS = int(os.environ.get("MONKEY_SEEDS", "4"))


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


@pytest.mark.parametrize("seed", range(SEEDS))
def test_random_input_never_raises(settings, clock, history, seed):
    register_screen("statistics", open_statistics)
    rng = random.Random(seed)
    scene = PlayScene(settings, SIZE, seed=seed + 1, history=history)
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
            scene = PlayScene(settings, size, seed=seed + frame, history=history)
    scene.session.close()
