"""What the parts of a table screen share: the Part they each are, and what they read of the
scene that holds them.

A table screen (tcf_gui.gui.table.TableScene) is built from parts: the cards on the table,
the menu button, the end-of-game banner, the status line, the log panel, the coach's badges.
Each part draws itself, says whether an event was for it and follows the clock; the scene
owns them, draws them bottom up and hands an event to the topmost part that takes it.
"""
from __future__ import annotations

from typing import Protocol

import pygame

from tcf_gui.gui.layout import Layout
from tcf_gui.gui.render import TableRenderer
from tcf_gui.gui.scene_manager import SceneManager
from tcf_gui.gui.text import TextCache


class Sounds(Protocol):
    enabled: bool

    def play(self, name: str) -> None: ...


class Options(Protocol):
    """The settings a scene reads and changes (tcf_gui.config.settings.Settings)."""

    speed: str
    four_colour: bool
    open_hands: bool
    sound: bool
    show_log: bool
    fullscreen: bool
    coach: bool
    card_face: str
    card_back: str
    table: str
    lab_notation: bool
    keep_watched: bool
    speech: bool
    verbosity: str
    text_scale: int
    language: str | None
    reduced_motion: bool


class TableView(Protocol):
    """What a part reads of the table scene it is part of."""

    @property
    def settings(self) -> Options: ...

    @property
    def layout(self) -> Layout: ...

    @property
    def text(self) -> TextCache: ...

    @property
    def renderer(self) -> TableRenderer: ...

    @property
    def mouse(self) -> tuple[int, int]: ...

    @property
    def now(self) -> float: ...

    @property
    def manager(self) -> SceneManager | None: ...

    def toast(self, message: str) -> None: ...


class Part:
    """A piece of a table screen: ``draw(surface)``, ``handle(event)`` (True when the event
    was for it), ``update(now)``; ``points_at(pos)``: something to click is under ``pos``."""

    def draw(self, surface: pygame.Surface) -> None:
        """Draw this part on ``surface``."""

    def handle(self, event: pygame.event.Event) -> bool:
        """Take ``event`` if it is for this part (True), else leave it to the parts below."""
        return False

    def update(self, now: float) -> None:
        """Follow the clock to ``now`` (milliseconds)."""

    def points_at(self, pos: tuple[int, int]) -> bool:
        """True when ``pos`` is on something of this part that a click does."""
        return False
