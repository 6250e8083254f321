"""The window and its loop: events and the clock go into the scene, frames come out.

While something moves the loop draws up to 60 frames a second. A frame that would look like
the last one is not drawn: a scene with a ``frame_key`` (what time alone changes on its
screen) is redrawn only when that key changes or an event came. When the table is still
the loop looks for events 15 times a second, sleeping in between (pygame's ``event.wait``
polls inside SDL and costs more), so an idle window costs next to no CPU.

On X11 the window's pixels go to the X server through shared memory (MIT-SHM), not through
SDL's default OpenGL texture: the game draws on the CPU anyway, and without a GPU (Xvfb,
virtual machines, remote X) the OpenGL path costs about 3 ms a frame and 95 MiB.
"""
from __future__ import annotations

import os
import sys
import time
import warnings
from typing import Callable, Hashable, Protocol

import pygame

from tcf_gui.system.desktop import APP_ID
from tcf_gui.i18n import _
from tcf_gui.system.resources import asset_path
from tcf_gui.gui.layout import DEFAULT_SIZE, MIN_SIZE, fit_to_desktop
from tcf_gui.gui.window import follow, keep_on_the_desktops

FPS = 60
HEADLESS_DRIVERS = ("offscreen", "dummy")
IDLE_FPS = 15
RECENT_INPUT_MS = 400
#: SDL's switch between a texture (OpenGL) framebuffer and the video driver's own.
FRAMEBUFFER_ACCELERATION = "SDL_FRAMEBUFFER_ACCELERATION"
#: When set, every window prints ``first-frame UNIX_TIME CPU_SECONDS`` on stderr as its first
#: frame is on screen (the CPU time of the process so far), then closes as its close button
#: would: benchmarks/bench_app.py times the standalone app and the pip install this way, and
#: the window commands of README.md and docs/ are tested so.
FIRST_FRAME_ENV = "TCF_GUI_FIRST_FRAME_EXIT"


class Scene(Protocol):
    """What the loop drives: one scene, or a SceneManager of several."""

    @property
    def title(self) -> str: ...

    @property
    def done(self) -> bool: ...

    @property
    def animating(self) -> bool: ...

    def update(self, now: float, events: list[pygame.event.Event]) -> None: ...

    def draw(self, surface: pygame.Surface) -> None: ...


def choose_framebuffer(driver: str) -> None:
    """Pick SDL's framebuffer for the video driver, before the window is made; the user's
    own SDL_FRAMEBUFFER_ACCELERATION wins.

    X11: the driver's own (MIT-SHM), measured faster than the OpenGL texture without a GPU
    (0.7 against 3.3-4.2 ms a frame) and no slower with one, since every pixel is drawn on
    the CPU and copied once either way. Elsewhere (Wayland, Windows, macOS) SDL's default.
    """
    if driver == "x11":
        os.environ.setdefault(FRAMEBUFFER_ACCELERATION, "0")


def name_the_app() -> None:
    """Give the window the desktop entry's id as its class (X11's WM_CLASS, Wayland's app
    id), so the taskbar shows the entry's icon and name; a user's own setting wins. SDL
    reads these when the display starts. (Importing pygame sets the X11 class to the
    program's file name, ``__main__.py`` under ``python -m``: that is replaced.)"""
    for variable in ("SDL_APP_ID", "SDL_VIDEO_X11_WMCLASS", "SDL_VIDEO_WAYLAND_WMCLASS"):
        if os.environ.get(variable) in (None, os.path.basename(sys.argv[0])):
            os.environ[variable] = APP_ID


def open_window(title: str, size: tuple[int, int] = DEFAULT_SIZE) -> pygame.Surface:
    """A resizable window with the game's icon and class and a minimum size, opened at
    ``size`` or smaller where the desktop is smaller (layout.fit_to_desktop)."""
    name_the_app()
    # The close button sends WINDOWCLOSE alone, so that a scene may ask first (SceneManager);
    # a QUIT still comes from the system (SIGTERM, a logout) and closes at once.
    os.environ.setdefault("SDL_QUIT_ON_LAST_WINDOW_CLOSE", "0")
    pygame.display.init()
    if pygame.display.get_driver() in HEADLESS_DRIVERS and "SDL_VIDEODRIVER" not in os.environ:
        # SDL falls back to drawing into memory; a window nobody can see would never end.
        raise pygame.error(_("no display found (is DISPLAY or WAYLAND_DISPLAY set?)"))
    choose_framebuffer(pygame.display.get_driver())  # SDL reads it when the window is made
    pygame.font.init()
    try:
        with asset_path("icon.png") as path:
            pygame.display.set_icon(pygame.image.load(str(path)))
    except (FileNotFoundError, pygame.error):
        pass  # a missing icon is no reason not to play
    desktops = desktop_sizes()
    size = fit_to_desktop(size, desktops[0] if desktops else None)
    keep_on_the_desktops(size, desktops)
    screen = pygame.display.set_mode(size, pygame.RESIZABLE)
    pygame.display.set_caption(title)
    try:
        with warnings.catch_warnings():  # from_display_module warns about surfaces we don't use
            warnings.simplefilter("ignore", DeprecationWarning)
            pygame.Window.from_display_module().minimum_size = MIN_SIZE
    except (AttributeError, pygame.error):
        pass  # older pygame-ce: the layout still clamps to the minimum
    return screen


def desktop_sizes() -> list[tuple[int, int]] | None:
    """The desktops' sizes, the first where the window opens; None under a driver that
    draws into memory (it makes a desktop up: 1024x768 under SDL's dummy driver)."""
    if pygame.display.get_driver() in HEADLESS_DRIVERS:
        return None
    try:
        sizes = pygame.display.get_desktop_sizes()
    except pygame.error:
        return None
    return [(int(w), int(h)) for w, h in sizes] or None


class FramePacer:
    """When to draw and how fast to look again: the loop's decisions, kept apart from its clock."""

    def __init__(self) -> None:
        self._first = True
        self._drawn: Hashable = None
        self._was_animating = False
        self._last_input: float = -RECENT_INPUT_MS

    def should_draw(self, scene: Scene, events: list[pygame.event.Event]) -> bool:
        """True when the frame may differ from the last one drawn (``scene`` just updated).

        Any event may change the picture. Otherwise a scene with a ``frame_key`` is drawn when
        the key changed; one without is drawn while it moves and once more when it stops.
        """
        key = getattr(scene, "frame_key", None)
        if self._first or events:
            draw = True
        elif key is None:
            draw = self._was_animating or scene.animating
        else:
            draw = key != self._drawn
        self._first = False
        self._was_animating = scene.animating
        if draw:
            self._drawn = key
        return draw

    def fps(self, scene: Scene, events: list[pygame.event.Event], now: float) -> int:
        """Frames a second until the next look: full speed while busy, slow when still."""
        if events:
            self._last_input = now
        busy = scene.animating or now - self._last_input < RECENT_INPUT_MS
        return FPS if busy else IDLE_FPS


def first_frame_exit() -> None:
    """Print when the first frame is on screen, and close the window (FIRST_FRAME_ENV)."""
    print(f"first-frame {time.time():.6f} {time.process_time():.6f}", file=sys.stderr, flush=True)
    pygame.event.post(pygame.event.Event(pygame.QUIT))


def run_app(make_scene: Callable[[tuple[int, int]], Scene], title: str = "Three Card Flush",
            on_first_frame: Callable[[], None] | None = None,
            size: tuple[int, int] = DEFAULT_SIZE) -> Scene:
    """Open the window, run the scene until it is done, close the window; return the scene."""
    screen = open_window(title, size)
    try:
        scene = make_scene(screen.get_size())
        pygame.display.set_caption(_(scene.title))
        clock = pygame.time.Clock()
        pacer = FramePacer()
        events: list[pygame.event.Event] = []
        first_frame = on_first_frame or (first_frame_exit if os.environ.get(FIRST_FRAME_ENV) else None)
        while True:
            now = pygame.time.get_ticks()
            scene.update(now, events)
            if scene.done:
                return scene
            if pacer.should_draw(scene, events):
                scene.draw(pygame.display.get_surface() or screen)
                pygame.display.flip()
                if first_frame is not None:
                    first_frame()
                    first_frame = None
            clock.tick(pacer.fps(scene, events, now))
            events = pygame.event.get()
            for event in events:
                follow(event)
    finally:
        pygame.display.quit()
