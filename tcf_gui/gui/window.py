"""The window itself: fullscreen and back, and its size and place remembered between sessions.

Fullscreen is the same window made as large as the desktop, never a new one: the window
manager's fullscreen (SDL's "fullscreen desktop"), or, on an X server without a window
manager (Xvfb, kiosks), where nobody would act on that request, the window itself without
its frame at the screen's size and corner. Going back puts the window where it was and as
large as it was; a window manager that forces another size on the way back (some keep the
fullscreen size, some maximise) is overruled for a moment after, and only then.

Everything here is best effort: a display driver that cannot do something (the dummy driver
of the tests, a window manager that ignores positions) leaves the game as it is.
"""
from __future__ import annotations

import ctypes
import ctypes.util
import os
import warnings
from functools import lru_cache
from typing import Any

import pygame

POS_ENV = "SDL_VIDEO_WINDOW_POS"
#: How long after leaving fullscreen a size forced on the window is undone (milliseconds).
RESTORE_MS = 1500
#: The largest window manager's frame believed (pixels left of and above a window's inside).
MAX_FRAME = 64
#: How much of a window's top left corner must show on a desktop to open it where it was.
SHOWN = (120, 60)

Geometry = tuple[tuple[int, int], tuple[int, int]]


class _Place:
    """The window's size and position before it went fullscreen, and until when a forced
    resize after coming back is undone."""

    windowed: Geometry | None = None
    restoring_until = -1
    own = False
    """Fullscreen made by hand (no window manager): a frameless window over the screen."""
    requested: tuple[int, int] | None = None
    """Where the window was asked to open."""
    frame: tuple[int, int] | None = None
    """How far right and down of where it was asked for a window's inside lies (its
    window manager's frame), once seen."""


_place = _Place()


def _window() -> Any:
    """The game's window (pygame.Window), or None."""
    try:
        with warnings.catch_warnings():  # from_display_module warns about surfaces we don't use
            warnings.simplefilter("ignore", DeprecationWarning)
            return pygame.Window.from_display_module()
    except (AttributeError, pygame.error):
        return None


def is_fullscreen() -> bool:
    try:
        return _place.own or bool(pygame.display.is_fullscreen())
    except (AttributeError, pygame.error):
        return False


def set_fullscreen(on: bool) -> None:
    """Fullscreen at the desktop's size, or back to the window's size and place before it."""
    window = _window()
    if window is None or on == is_fullscreen():
        return
    try:
        if on:
            _place.windowed = (tuple(window.size), tuple(window.position))
            _place.own = not has_window_manager()
            if _place.own:
                window.borderless = True
                window.position = (0, 0)
                window.size = pygame.display.get_desktop_sizes()[0]
            else:
                window.set_fullscreen(True)
        else:
            if _place.own:
                window.borderless = _place.own = False
            else:
                window.set_windowed()
            _put_back(window)
            _place.restoring_until = pygame.time.get_ticks() + RESTORE_MS
    except pygame.error:
        pass


@lru_cache(maxsize=1)
def has_window_manager() -> bool:
    """False only on an X server that no window manager runs on (none set
    _NET_SUPPORTING_WM_CHECK on the root window); True elsewhere, and when unsure."""
    if pygame.display.get_driver() != "x11":
        return True
    try:
        return _x11_window_manager()
    except (OSError, AttributeError, TypeError):
        return True


def _x11_window_manager() -> bool:
    xlib = ctypes.cdll.LoadLibrary(ctypes.util.find_library("X11") or "libX11.so.6")
    xlib.XOpenDisplay.restype = ctypes.c_void_p
    xlib.XOpenDisplay.argtypes = [ctypes.c_char_p]
    xlib.XInternAtom.restype = ctypes.c_ulong
    xlib.XInternAtom.argtypes = [ctypes.c_void_p, ctypes.c_char_p, ctypes.c_int]
    xlib.XDefaultRootWindow.restype = ctypes.c_ulong
    xlib.XDefaultRootWindow.argtypes = [ctypes.c_void_p]
    ulong_p, int_p = ctypes.POINTER(ctypes.c_ulong), ctypes.POINTER(ctypes.c_int)
    xlib.XGetWindowProperty.argtypes = [
        ctypes.c_void_p, ctypes.c_ulong, ctypes.c_ulong, ctypes.c_long, ctypes.c_long, ctypes.c_int,
        ctypes.c_ulong, ulong_p, int_p, ulong_p, ulong_p, ctypes.POINTER(ctypes.c_void_p)]
    xlib.XFree.argtypes = [ctypes.c_void_p]
    xlib.XCloseDisplay.argtypes = [ctypes.c_void_p]
    display = xlib.XOpenDisplay(None)
    if not display:
        return True
    try:
        atom = xlib.XInternAtom(display, b"_NET_SUPPORTING_WM_CHECK", True)
        if not atom:  # no window manager ever named itself on this server
            return False
        kind, size, items, rest = ctypes.c_ulong(), ctypes.c_int(), ctypes.c_ulong(), ctypes.c_ulong()
        data = ctypes.c_void_p()
        xa_window = 33
        xlib.XGetWindowProperty(display, xlib.XDefaultRootWindow(display), atom, 0, 1, False,
                                xa_window, ctypes.byref(kind), ctypes.byref(size),
                                ctypes.byref(items), ctypes.byref(rest), ctypes.byref(data))
        if data:
            xlib.XFree(data)
        return items.value > 0
    finally:
        xlib.XCloseDisplay(display)


def _put_back(window: Any) -> None:
    if _place.windowed is not None:
        size, position = _place.windowed
        window.size, window.position = size, position


def follow(event: pygame.event.Event) -> None:
    """The loop hands every event here: the frame's size is learnt from the window's first
    move, and a size forced on the window just after fullscreen is undone."""
    if event.type == pygame.WINDOWMOVED and _place.frame is None and _place.requested is not None:
        dx, dy = event.x - _place.requested[0], event.y - _place.requested[1]
        _place.frame = (dx, dy) if 0 <= dx <= MAX_FRAME and 0 <= dy <= MAX_FRAME else (0, 0)
    undo_forced_resize(event)


def frame_corner(x: int, y: int) -> tuple[int, int]:
    """Where to ask for the window so that its inside comes back at (x, y), its window
    manager's frame taken off (so it does not creep by a frame's size each session)."""
    dx, dy = _place.frame or (0, 0)
    return (x - dx, y - dy)


def undo_forced_resize(event: pygame.event.Event) -> bool:
    """Just after leaving fullscreen, give the window its size and place back if something
    (a window manager) changed them; True if it did."""
    if (event.type != pygame.WINDOWSIZECHANGED or _place.windowed is None
            or pygame.time.get_ticks() > _place.restoring_until or is_fullscreen()):
        return False
    if (event.x, event.y) == _place.windowed[0]:
        return False
    window = _window()
    if window is None:
        return False
    try:
        _put_back(window)
    except pygame.error:
        return False
    return True


def place_next_window(pos: list[int] | None) -> None:
    """Ask SDL to open the next window at ``pos`` (screen coordinates), unless told otherwise."""
    if pos is not None and POS_ENV not in os.environ:
        os.environ[POS_ENV] = f"{pos[0]},{pos[1]}"
        _place.requested = (pos[0], pos[1])


def shows_on(pos: tuple[int, int], size: tuple[int, int], desktops: list[tuple[int, int]]) -> bool:
    """Whether a window of ``size`` at ``pos`` can show at least its top left corner
    (SHOWN pixels) on the desktops. SDL gives their sizes, not where they lie, so any
    arrangement is allowed: side by side, stacked, the first at (0, 0)."""
    wide, high = sum(w for w, _ in desktops), sum(h for _, h in desktops)
    left, top = desktops[0][0] - wide, desktops[0][1] - high  # others left of and above the first
    x, y = pos
    return left - size[0] + SHOWN[0] <= x <= wide - SHOWN[0] and top <= y <= high - SHOWN[1]


def keep_on_the_desktops(size: tuple[int, int], desktops: list[tuple[int, int]] | None) -> None:
    """Forget the place asked for (place_next_window) when a window of ``size`` would not show
    there on the desktops attached now (a monitor unplugged since): SDL centres it instead."""
    if _place.requested is not None and desktops and not shows_on(_place.requested, size, desktops):
        os.environ.pop(POS_ENV, None)
        _place.requested = None
