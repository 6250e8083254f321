"""The options the menu offers: each a field of the settings with its values, in menu order.

The card set (face, back, table colour, four-colour deck) has a screen of its own, Options →
Cards and table (tcf_gui.gui.card_chooser). Another feature adds its option with ``OPTIONS.append(Option(...))`` (and a field of that
name in tcf_gui.settings.Settings); a table scene that should react when it changes adds an
effect to its ``option_effects``.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Callable

from ..speeds import SPEEDS

ON_OFF = (False, True)


def on_off(value: Any) -> str:
    return "on" if value else "off"


@dataclass(frozen=True)
class Option:
    """A setting shown in the options menu: Left/Right or a click steps through ``values``."""

    name: str
    label: str
    values: tuple[Any, ...] = ON_OFF
    words: Callable[[Any], str] = on_off
    note: str = ""
    """A hint shown beside the value, e.g. when the change takes effect."""

    def step(self, value: Any, by: int) -> Any:
        """The value ``by`` places on from ``value`` (wrapping around)."""
        index = self.values.index(value) if value in self.values else 0
        return self.values[(index + by) % len(self.values)]


OPTIONS: list[Option] = [
    Option("speed", "Animation speed", SPEEDS, str),
    Option("sound", "Sound"),
    Option("open_hands", "Open hands", note="from the next game"),
    Option("show_log", "Turn log"),
    Option("fullscreen", "Fullscreen"),
]
