"""The window and its loop: events and the clock go into the scene, frames come out.

While something moves the loop draws up to 60 frames a second. When the table is still
it draws only after an event and looks for events 15 times a second, sleeping in between
(pygame's ``event.wait`` polls inside SDL and costs more), so an idle window costs next to
no CPU.
"""
from __future__ import annotations

import os
import warnings
from typing import Callable, Protocol

import pygame

from ..resources import asset_path
from .layout import DEFAULT_SIZE, MIN_SIZE

FPS = 60
HEADLESS_DRIVERS = ("offscreen", "dummy")
IDLE_FPS = 15
RECENT_INPUT_MS = 400


class Scene(Protocol):
    title: str
    done: bool

    @property
    def animating(self) -> bool: ...

    def update(self, now: float, events: list[pygame.event.Event]) -> None: ...

    def draw(self, surface: pygame.Surface) -> None: ...


def open_window(title: str, size: tuple[int, int] = DEFAULT_SIZE) -> pygame.Surface:
    """A resizable window with the game's icon and a minimum size."""
    pygame.display.init()
    if pygame.display.get_driver() in HEADLESS_DRIVERS and "SDL_VIDEODRIVER" not in os.environ:
        # SDL falls back to drawing into memory; a window nobody can see would never end.
        raise pygame.error("no display found (is DISPLAY or WAYLAND_DISPLAY set?)")
    pygame.font.init()
    try:
        with asset_path("icon.png") as path:
            pygame.display.set_icon(pygame.image.load(str(path)))
    except (FileNotFoundError, pygame.error):
        pass  # a missing icon is no reason not to play
    screen = pygame.display.set_mode(size, pygame.RESIZABLE)
    pygame.display.set_caption(title)
    try:
        with warnings.catch_warnings():  # from_display_module warns about surfaces we don't use
            warnings.simplefilter("ignore", DeprecationWarning)
            pygame.Window.from_display_module().minimum_size = MIN_SIZE
    except (AttributeError, pygame.error):
        pass  # older pygame-ce: the layout still clamps to the minimum
    return screen


def run_app(make_scene: Callable[[tuple[int, int]], Scene], title: str = "Three Card Flush",
            on_first_frame: Callable[[], None] | None = None) -> Scene:
    """Open the window, run the scene until it is done, close the window; return the scene."""
    screen = open_window(title)
    try:
        scene = make_scene(screen.get_size())
        pygame.display.set_caption(scene.title)
        clock = pygame.time.Clock()
        events: list[pygame.event.Event] = []
        first = True
        last_input = 0
        while True:
            was_animating = scene.animating
            now = pygame.time.get_ticks()
            scene.update(now, events)
            if scene.done:
                return scene
            if first or events or was_animating or scene.animating:
                scene.draw(pygame.display.get_surface() or screen)
                pygame.display.flip()
                if first and on_first_frame is not None:
                    on_first_frame()
                first = False
            if events:
                last_input = now
            busy = scene.animating or now - last_input < RECENT_INPUT_MS
            clock.tick(FPS if busy else IDLE_FPS)
            events = pygame.event.get()
    finally:
        pygame.display.quit()
