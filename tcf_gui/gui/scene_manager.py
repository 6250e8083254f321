"""One small scene manager: a stack of scenes (the table, a menu over it, a dialog over that).

The top scene gets the events and the time; every scene on the stack is drawn, bottom up,
so a menu shows over the table it paused. A scene ends itself by setting ``done``; the
manager drops finished scenes from the top. The manager looks like one scene to the loop
(``title``, ``done``, ``animating``, ``update(now, events)``, ``draw(surface)``).
"""
from __future__ import annotations

from typing import Hashable, Iterable

import pygame

from tcf_gui.gui.text_boxes import new_layer

#: Events about the window itself, which every scene on the stack is told of (a table under
#: a menu still follows the window's size, and remembers it).
WINDOW_EVENTS = (pygame.VIDEORESIZE, pygame.WINDOWSIZECHANGED, pygame.WINDOWMOVED)

class Scene:
    """The base of every scene: handle(event), update(now), draw(surface)."""

    title = "Three Card Flush"
    done = False
    manager: "SceneManager | None" = None

    @property
    def animating(self) -> bool:
        """True while the scene wants frames; False lets the loop sleep until an event."""
        return False

    @property
    def wants_hand_cursor(self) -> bool:
        """True while the mouse is on something it can click."""
        return False

    def handle(self, event: pygame.event.Event) -> None:
        """One pygame event."""

    def update(self, now: float) -> None:
        """Play on to ``now`` (milliseconds from the loop's clock)."""

    def draw(self, surface: pygame.Surface) -> None:
        """Draw the scene on ``surface``."""

    def asks_before_closing(self) -> bool:
        """The window's close button was pressed: True when this scene has put a question
        first (closing now would cost something, as leaving a friend's game does); False
        lets the window close."""
        return False


class SceneManager:
    """Scenes pushed and popped; the loop drives the manager as it would drive one scene."""

    def __init__(self, *scenes: Scene) -> None:
        self.stack: list[Scene] = []
        self._hand_cursor = False
        for scene in scenes:
            self.push(scene)

    def push(self, scene: Scene) -> None:
        scene.manager = self
        self.stack.append(scene)

    def pop(self) -> Scene:
        return self.stack.pop()

    def replace(self, scene: Scene) -> None:
        self.pop()
        self.push(scene)

    @property
    def done(self) -> bool:
        return not self.stack

    @property
    def title(self) -> str:
        return self.stack[0].title if self.stack else Scene.title

    @property
    def animating(self) -> bool:
        return bool(self.stack) and self.stack[-1].animating

    @property
    def frame_key(self) -> Hashable:
        """The top scene's ``frame_key`` (see app.FramePacer): only the top one changes with
        time; a scene pushed or popped comes with an event, and events always redraw."""
        return getattr(self.stack[-1], "frame_key", None) if self.stack else None

    def update(self, now: float, events: Iterable[pygame.event.Event] = ()) -> None:
        """Hand each event to the scene on top at that moment, then the time."""
        for event in events:
            self._drop_done()
            if not self.stack:
                return
            if event.type == pygame.WINDOWCLOSE:  # the close button (app.open_window)
                if any(scene.asks_before_closing() for scene in reversed(self.stack)):
                    continue
                event = pygame.event.Event(pygame.QUIT)
            if event.type == pygame.QUIT:  # the window closes: the table decides what that costs
                for scene in self.stack:  # (and a friend's table over it, what it costs there)
                    if scene is self.stack[0] or getattr(scene, "hears_quit", False):
                        scene.handle(event)
                self.stack.clear()
                return
            if event.type in WINDOW_EVENTS:  # the scenes below keep the window's size and place
                for scene in self.stack[:-1]:
                    scene.handle(event)
            self.stack[-1].handle(event)
        self._drop_done()
        if self.stack:
            self.stack[-1].update(now)
            self._drop_done()
        if self.stack:
            self._cursor(self.stack[-1].wants_hand_cursor)

    def draw(self, surface: pygame.Surface) -> None:
        for scene in self.stack:  # each covers what lies below it
            new_layer(type(scene).__name__)
            scene.draw(surface)

    def _cursor(self, hand: bool) -> None:
        """The pointer becomes a hand over what can be clicked, an arrow elsewhere."""
        if hand != self._hand_cursor:
            self._hand_cursor = hand
            try:
                pygame.mouse.set_cursor(pygame.SYSTEM_CURSOR_HAND if hand else pygame.SYSTEM_CURSOR_ARROW)
            except pygame.error:
                pass  # a display without cursors (the tests' dummy driver)

    def _drop_done(self) -> None:
        while self.stack and self.stack[-1].done:
            self.stack.pop()
