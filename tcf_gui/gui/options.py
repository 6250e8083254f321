"""The options the menu offers: each a field of the settings with its values, in menu order.

The card set (face, back, table colour, four-colour deck) has a screen of its own, Options →
Cards and table (tcf_gui.gui.card_chooser). Another feature adds its option with ``OPTIONS.append(Option(...))`` (and a field of that
name in tcf_gui.settings.Settings); a table scene that should react when it changes adds an
effect to its ``option_effects``.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Callable

from ..i18n import N_, _
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
    help: str = ""
    """What the option does, for the options menu's help (marked with N_)."""

    def step(self, value: Any, by: int) -> Any:
        """The value ``by`` places on from ``value`` (wrapping around)."""
        index = self.values.index(value) if value in self.values else 0
        return self.values[(index + by) % len(self.values)]


OPTIONS: list[Option] = [
    Option("speed", "Animation speed", SPEEDS, str,
           help=N_("how fast the cards move: slow, normal, fast or instant (+ and - at the table)")),
    Option("sound", "Sound", help=N_("soft sounds for dealing, discarding and the end of a game (S)")),
    Option("open_hands", "Open hands", note="from the next game",
           help=N_("both hands face up, as in the lab's transcripts, from the next game (O)")),
    Option("show_log", "Turn log",
           help=N_("both hands and both discards, turn by turn, beside the table (L)")),
    Option("fullscreen", "Fullscreen",
           help=N_("the whole screen (F11); back in a window of the size and place it had")),
    Option("lab_notation", N_("Lab notation"), note=N_("log and hands in the lab's syntax"),
           help=N_("the turn log and the hands at the end as the lab writes them, (K . H) and "
                   "(KING HIGH HEART FLUSH), instead of K♥ and King-high flush in hearts")),
]


def options_help(options: list[Option]) -> list[str]:
    """The options menu's help: a line for each option offered."""
    return [_("{option}: {what}").format(option=_(option.label), what=_(option.help))
            for option in options if option.help]
