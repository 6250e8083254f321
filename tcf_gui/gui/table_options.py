"""An option changed at a table (by its menu or a key): applied to the table's picture at
once, said on its status line, and saved the moment it changes.

A table opened over another (a review or a replay over the game) shares its settings: the
table below applies the change to its own picture too, and saves it.
"""
from __future__ import annotations

import sys
from typing import Any, Callable, Protocol

from tcf_gui.config.speeds import speed_name
from tcf_gui.i18n import N_, _, use_language
from tcf_gui.gui.anim import motion_scale
from tcf_gui.gui.card_art import CardSet
from tcf_gui.gui.layout import set_text_scale
from tcf_gui.gui.table_menu import TableMenu, place_in
from tcf_gui.gui.table_state import Choreographer
from tcf_gui.gui.table_view import Sounds, TableView
from tcf_gui.gui.window import set_fullscreen

#: What an option that is on or off says on the status line when it changes: (on, off).
SWITCH_NOTES = {
    "sound": (N_("Sound on"), N_("Sound off")),
    "four_colour": (N_("Four-colour deck on"), N_("Four-colour deck off")),
    "open_hands": (N_("Open hands on from the next game"), N_("Open hands off from the next game")),
    "reduced_motion": (N_("Reduced motion on: the cards are shown where they land"),
                       N_("Reduced motion off")),
    "lab_notation": (N_("Lab notation on: the turn log and the hands in the lab's syntax"),
                     N_("Lab notation off: cards as 10♠ and K♥")),
}


class OptionTable(TableView, Protocol):
    """What changing an option needs of the table."""

    changed: set[str]
    keep: Callable[[str, Any], str | None] | None

    @property
    def session_only(self) -> frozenset[str]: ...

    @property
    def sounds(self) -> Sounds | None: ...

    @property
    def choreographer(self) -> Choreographer: ...

    @property
    def menus(self) -> TableMenu: ...

    def relayout(self) -> None: ...


class TableOptions:
    """The options of ``table``; ``effects`` maps an option to what the table does when it
    changes (a scene adds its own)."""

    def __init__(self, table: OptionTable) -> None:
        self.table = table
        self.effects: dict[str, Callable[[], None]] = {
            "speed": self._speed_changed, "sound": self._sound_changed,
            "four_colour": self._look_changed, "card_face": self._look_changed,
            "card_back": self._look_changed, "table": self._look_changed,
            "show_log": table.relayout,
            "fullscreen": lambda: set_fullscreen(table.settings.fullscreen),
            "language": self._language_changed,
            "text_scale": self._text_scale_changed,
            "reduced_motion": self._motion_changed,
        }

    def _text_scale_changed(self) -> None:
        set_text_scale(self.table.settings.text_scale)
        self.table.relayout()

    def set(self, name: str, value: Any) -> None:
        """The person set option ``name`` to ``value``: apply it, and save it now."""
        table = self.table
        setattr(table.settings, name, value)
        effect = self.effects.get(name)
        if effect is not None:
            effect()
        if name in SWITCH_NOTES:
            table.toast(_(SWITCH_NOTES[name][0 if value else 1]))
        below = self.below()
        if below is not None:
            below.set(name, value)
        elif name not in table.session_only:
            table.changed.add(name)
            problem = table.keep(name, value) if table.keep is not None else None
            if problem:  # the option holds this session; the disk said no
                print(f"tcf-gui: {problem}", file=sys.stderr)
                table.toast(problem)

    def below(self) -> TableOptions | None:
        """The options of the nearest table under this one in the window's stack, if any."""
        stack = self.table.manager.stack if self.table.manager is not None else []
        place = place_in(stack, self.table)
        tables = [getattr(scene, "options", None) for scene in stack[:place or 0]]
        return next((options for options in reversed(tables) if isinstance(options, TableOptions)),
                    None)

    def _motion_changed(self) -> None:
        self.table.choreographer.scale = motion_scale(self.table.settings)

    def _speed_changed(self) -> None:
        self._motion_changed()
        self.table.toast(_("Speed: {speed}").format(speed=speed_name(self.table.settings.speed)))

    def _sound_changed(self) -> None:
        if self.table.sounds is not None:
            self.table.sounds.enabled = self.table.settings.sound

    def _look_changed(self) -> None:
        settings = self.table.settings
        self.table.renderer.set_look(CardSet.of(settings), settings.table)

    def _language_changed(self) -> None:
        """Speak the chosen language at once, in the menus open over the table too."""
        use_language(self.table.settings.language)
        self.table.menus.again_in_language()
