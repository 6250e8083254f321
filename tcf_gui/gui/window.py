"""The window itself: fullscreen, and its size and place remembered between sessions.

Everything here is best effort: a display driver that cannot do something (the dummy driver
of the tests, a window manager that ignores positions) leaves the game as it is.
"""
from __future__ import annotations

import os
import warnings

import pygame

from .layout import DEFAULT_SIZE

POS_ENV = "SDL_VIDEO_WINDOW_POS"


def _window() -> "pygame.Window | None":
    try:
        with warnings.catch_warnings():  # from_display_module warns about surfaces we don't use
            warnings.simplefilter("ignore", DeprecationWarning)
            return pygame.Window.from_display_module()
    except (AttributeError, pygame.error):
        return None


def is_fullscreen() -> bool:
    try:
        return bool(pygame.display.is_fullscreen())
    except (AttributeError, pygame.error):
        return False


def set_fullscreen(on: bool) -> None:
    """Fullscreen at the desktop's resolution, or back to the window's size before it.

    ``set_mode`` is used rather than SDL's window-manager request, which does nothing on an
    X server without a window manager (Xvfb, kiosks); the loop draws on whatever surface the
    display has now, and the layout follows its size.
    """
    surface = pygame.display.get_surface() if pygame.display.get_init() else None
    if surface is None or on == is_fullscreen():
        return
    try:
        if on:
            _windowed.append(surface.get_size())
            pygame.display.set_mode((0, 0), pygame.FULLSCREEN)
        else:
            pygame.display.set_mode(_windowed.pop() if _windowed else DEFAULT_SIZE, pygame.RESIZABLE)
    except pygame.error:
        pass


#: The window's size before it went fullscreen.
_windowed: list[tuple[int, int]] = []


def geometry() -> tuple[list[int], list[int]] | None:
    """The window's size and position as it is (not fullscreen), or None when unknown."""
    window = _window()
    if window is None or is_fullscreen():
        return None
    try:
        return list(window.size), list(window.position)
    except pygame.error:
        return None


def place_next_window(pos: list[int] | None) -> None:
    """Ask SDL to open the next window at ``pos`` (screen coordinates), unless told otherwise."""
    if pos is not None and POS_ENV not in os.environ:
        os.environ[POS_ENV] = f"{pos[0]},{pos[1]}"
