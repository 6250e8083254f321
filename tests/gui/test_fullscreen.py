"""F11 and back: the same window made as large as the screen (by the window manager, or by
hand where none runs), then put back where it was and as large as it was, a size forced on
it on the way back undone; the window's place remembered without its frame's creep.

SDL's window is replaced by a stand-in that does what SDL and a window manager would."""
from __future__ import annotations

import pygame
import pytest

from tcf_gui.gui import window

DESKTOP = (1920, 1080)


class StandInWindow:
    """A window as SDL shows it: its inside's size and place, its frame, fullscreen."""

    def __init__(self, size=(1280, 720), position=(100, 50)) -> None:
        self.size, self.position, self.borderless, self.fullscreen = size, position, False, False

    def set_fullscreen(self, desktop: bool) -> None:
        self.fullscreen, self.size, self.position = True, DESKTOP, (0, 0)

    def set_windowed(self) -> None:
        self.fullscreen = False  # this window manager leaves it at the screen's size


@pytest.fixture
def sdl(monkeypatch):
    """The stand-in window, a clock in milliseconds, and whether a window manager runs."""
    shown = StandInWindow()
    state = {"ticks": 10_000, "manager": True}
    monkeypatch.setattr(window, "_place", window._Place())
    monkeypatch.setattr(window, "_window", lambda: shown)
    monkeypatch.setattr(window, "has_window_manager", lambda: state["manager"])
    monkeypatch.setattr(window.pygame.display, "is_fullscreen", lambda: shown.fullscreen)
    monkeypatch.setattr(window.pygame.display, "get_desktop_sizes", lambda: [DESKTOP])
    monkeypatch.setattr(window.pygame.time, "get_ticks", lambda: state["ticks"])
    monkeypatch.delenv(window.POS_ENV, raising=False)
    return shown, state


def resized(size) -> pygame.event.Event:
    return pygame.event.Event(pygame.WINDOWSIZECHANGED, x=size[0], y=size[1])


def test_with_a_window_manager_its_fullscreen_and_back_where_it_was(sdl):
    shown, _ = sdl
    window.set_fullscreen(True)
    assert shown.fullscreen and shown.size == DESKTOP and window.is_fullscreen()
    window.set_fullscreen(False)
    assert not window.is_fullscreen()
    assert (shown.size, shown.position) == ((1280, 720), (100, 50))


def test_without_a_window_manager_a_frameless_window_over_the_screen(sdl):
    shown, state = sdl
    state["manager"] = False
    window.set_fullscreen(True)
    assert shown.borderless and (shown.size, shown.position) == (DESKTOP, (0, 0))
    assert window.is_fullscreen() and not shown.fullscreen
    window.set_fullscreen(False)
    assert not shown.borderless and not window.is_fullscreen()
    assert (shown.size, shown.position) == ((1280, 720), (100, 50))


def test_a_size_forced_on_the_way_back_is_undone_for_a_moment_only(sdl):
    shown, state = sdl
    window.set_fullscreen(True)
    window.set_fullscreen(False)
    shown.size, shown.position = DESKTOP, (0, 0)  # the window manager maximises it
    state["ticks"] += window.RESTORE_MS // 2
    window.follow(resized(DESKTOP))
    assert (shown.size, shown.position) == ((1280, 720), (100, 50))
    state["ticks"] += window.RESTORE_MS  # later, a size is the player's own choice
    shown.size = (1500, 900)
    window.follow(resized((1500, 900)))
    assert shown.size == (1500, 900)


def test_asking_twice_changes_nothing(sdl):
    shown, _ = sdl
    window.set_fullscreen(False)
    assert (shown.size, shown.position, shown.fullscreen) == ((1280, 720), (100, 50), False)
    window.set_fullscreen(True)
    window.set_fullscreen(True)  # the windowed place is not lost to the fullscreen one
    window.set_fullscreen(False)
    assert (shown.size, shown.position) == ((1280, 720), (100, 50))


def test_the_place_kept_is_the_frames_not_its_inside(sdl):
    window.place_next_window([100, 50])
    window.follow(pygame.event.Event(pygame.WINDOWMOVED, x=101, y=70))  # a 1 px border, a title
    assert window.frame_corner(101, 70) == (100, 50)
    assert window.frame_corner(400, 320) == (399, 300)  # the player moved it
