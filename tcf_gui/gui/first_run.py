"""Care for a new player: a welcome at the first start, before the first deal, at every start
until it is dismissed (never after; W in the help shows it again), How to play (illustrated)
offered after a newcomer's first game, and, for a player who has lost a few games and never
won, one hint that the coach exists.

What was shown is remembered in the settings (``welcomed`` once the welcome is dismissed,
``how_to_play_offered``, ``coach_hinted``) and saved at once, so none comes back after a
crash. A player whose history already holds games (from an earlier version) is not welcomed
as a stranger.
"""
from __future__ import annotations

import sys
from typing import Callable, Protocol

import pygame

from tcf_gui.i18n import _
from tcf_gui.history.record import Record
from tcf_gui.config.settings import Settings, save_settings
from tcf_gui.gui import palette
from tcf_gui.gui.how_to_play import first_game_over, offer
from tcf_gui.gui.menu import Item, MenuScene
from tcf_gui.gui.scene_manager import Scene
from tcf_gui.gui.table_view import TableView


class NewcomersTable(TableView, Protocol):
    """What the care for a newcomer needs of the person's table."""

    @property
    def record(self) -> Record: ...

    @property
    def game_over_listeners(self) -> list[Callable[[], None]]: ...

    def open_how_to_play(self) -> None: ...

#: Losses (with no win ever) after which the coach's hint is shown, once.
LOSSES_BEFORE_HINT = 3


def welcome_lines() -> list[str]:
    """How to play in a few lines (the menu wraps each), then where help is, then the coach."""
    lines = [
        _("You and the computer hold three cards each: three of a suit win."),
        _("Each turn you both discard a card at once (click it, or 1, 2, 3) and draw from one "
          "deck. The discards show what is left of a suit."),
        "",
        _("H or F1: the rules and keys (W there brings this back)."),
        _("C: the coach shows your chance to win for each discard."),
        _("Two people? Menu, Play a friend: one hosts a table, the other joins."),
    ]
    return lines


class Welcome(MenuScene):
    """The welcome: read, then "Let's play" (Enter, Esc or a click), after which
    ``dismissed`` is called, once. At the first start nothing is dealt yet: it lies on the
    bare felt, the first scene of the window."""

    def __init__(self, size: tuple[int, int], dismissed: Callable[[], None] | None = None) -> None:
        super().__init__(_("Welcome to Three Card Flush"), [], size, lines=tuple(welcome_lines()))
        self.items = [Item(_("Let's play"), self.back)]
        self.dismissed = dismissed

    def back(self) -> None:
        super().back()
        dismissed, self.dismissed = self.dismissed, None
        if dismissed is not None:
            dismissed()

    def draw(self, surface: pygame.Surface) -> None:
        if self.manager is not None and self.manager.stack[0] is self:
            surface.fill(palette.FELT_DARK)
        super().draw(surface)


def welcome(size: tuple[int, int]) -> MenuScene:
    """The welcome again (W in the help): nothing is dealt or remembered when it goes."""
    return Welcome(size)


def coach_hint(size: tuple[int, int]) -> MenuScene:
    """The one hint, for a player who keeps losing, that the coach exists."""
    scene = MenuScene(_("A tip"), [], size, lines=(
        _("No win yet? The coach can help."),
        _("Press C (or Menu, Options, Coach): each of your cards then shows your chance to win "
          "if you discard it. It never plays for you."),
    ))
    scene.items = [Item(_("Thanks"), scene.back)]
    return scene


class FirstRun:
    """Decides when the welcome and the hint are due, and remembers that they were shown in
    ``saved``, the settings as saved (never a session's flags)."""

    def __init__(self, saved: Settings) -> None:
        self.saved = saved

    def _remember(self, name: str) -> None:
        setattr(self.saved, name, True)
        problem = save_settings(self.saved)
        if problem:
            print(f"tcf-gui: {problem}", file=sys.stderr)

    def welcome_due(self, record: Record) -> bool:
        """True until the welcome is dismissed once, as long as the history holds no game
        (one who played before this version had a welcome is no stranger: remembered so)."""
        if self.saved.welcomed:
            return False
        if record.games:
            self._remember("welcomed")
            return False
        return True

    def coach_hint_due(self, record: Record, coach_on: bool) -> bool:
        """Never won, lost a few, the coach off, and the hint not shown before."""
        return (not self.saved.coach_hinted and not coach_on and record.wins == 0
                and record.losses >= LOSSES_BEFORE_HINT)

    def coach_hinted(self) -> None:
        self._remember("coach_hinted")

    def welcome(self, size: tuple[int, int], open_table: Callable[[tuple[int, int]], Scene],
                seated: Callable[[Scene], None] = lambda table: None) -> Welcome:
        """The welcome of a first start, before anything is dealt: once dismissed it is
        remembered, and ``open_table`` (given the window's size then) takes its place;
        ``seated`` is then given the table, in its place (what it opens goes over it)."""
        def dismissed() -> None:
            self._remember("welcomed")
            if scene.manager is not None:
                table = open_table(scene.size)
                scene.manager.replace(table)
                seated(table)

        scene = Welcome(size, dismissed)
        return scene

    def attach(self, table: NewcomersTable) -> None:
        """Offer How to play after a newcomer's first game, and hint at the coach after a
        game if it is due."""
        def game_over() -> None:
            if table.manager is None:
                return
            if first_game_over(table.record.games, self.saved.how_to_play_offered):
                self._remember("how_to_play_offered")
                table.manager.push(offer(table.layout.size, table.open_how_to_play))
            elif self.coach_hint_due(table.record, table.settings.coach):
                self.coach_hinted()
                table.manager.push(coach_hint(table.layout.size))

        table.game_over_listeners.append(game_over)
