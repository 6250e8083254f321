"""The menu tree over a table: the main menu (Esc or the Menu button), Options, Cards and
table, Help, How to play, Quit. A table scene holds one; the person's table and a friend's
add their own items (tcf_gui.gui.play_menu, tcf_gui.gui.friend_table_menu)."""
from __future__ import annotations

from typing import Any, Protocol

import pygame

from tcf_gui.i18n import _
from tcf_gui.gui.card_chooser import CardChooser
from tcf_gui.gui.how_to_play import HowToPlay
from tcf_gui.gui.menu import Item, MenuScene
from tcf_gui.gui.options import OPTIONS, Option, options_help
from tcf_gui.gui.scene_manager import Scene
from tcf_gui.gui.table_view import TableView


class MenuTable(TableView, Protocol):
    """What the menu tree needs of the table it opens over."""

    help_open: bool

    @property
    def not_offered(self) -> frozenset[str]: ...

    def set_option(self, name: str, value: Any) -> None: ...

    def quit(self) -> None: ...


def place_in(stack: list[Scene], scene: object) -> int | None:
    """Where ``scene`` lies in the window's ``stack`` (None: not there)."""
    return next((index for index, on in enumerate(stack) if on is scene), None)


class TableMenu:
    """The menus over ``table``: each a MenuScene pushed over it."""

    def __init__(self, table: MenuTable) -> None:
        self.table = table

    def push(self, scene: Scene) -> None:
        if self.table.manager is not None:
            self.table.manager.push(scene)

    def open(self) -> None:
        """Esc or the Menu button: the menu over the table (the table waits below it)."""
        self.push(self.main())

    def main(self) -> MenuScene:
        """The main menu, with the ``lines()`` over its items."""
        return MenuScene(_("Menu"), self.items(), self.table.layout.size, text=self.table.text,
                         lines=self.lines())

    def lines(self) -> tuple[str, ...]:
        """The lines over the main menu's items (none here)."""
        return ()

    def items(self) -> list[Item]:
        """The main menu's items."""
        return [self.resume_item(), Item(_("Options"), self.open_options, key=pygame.K_o),
                Item(_("Help"), self.open_help, key=pygame.K_h),
                Item(_("Quit"), self.quit, key=pygame.K_q)]

    def resume_item(self) -> Item:
        return Item(_("Resume"), self.close, key=pygame.K_ESCAPE)

    def close(self) -> None:
        """Close every menu over the table (and nothing below it: a friend's table lies over
        the table it was opened from, which stays)."""
        manager = self.table.manager
        place = None if manager is None else place_in(manager.stack, self.table)
        if manager is not None and place is not None:
            for scene in manager.stack[place + 1:]:
                scene.done = True

    def open_help(self) -> None:
        self.close()
        self.table.help_open = True

    def open_how_to_play(self) -> None:
        """How to play, illustrated (tcf_gui.gui.how_to_play), over the table."""
        self.close()
        self.table.help_open = False
        self.push(HowToPlay(self.table.layout.size, self.table.renderer.card_set, self.table.text))

    def open_options(self) -> None:
        table = self.table
        offered = [option for option in OPTIONS
                   if hasattr(table.settings, option.name) and option.name not in table.not_offered]
        items = [self._option_item(option) for option in offered]
        items.append(Item(_("Cards and table"), self.open_card_chooser))
        items.append(Item(_("Back"), lambda: setattr(menu, "done", True)))
        menu = MenuScene(_("Options"), items, table.layout.size, text=table.text,
                         help_lines=options_help(offered))
        self.push(menu)

    def open_card_chooser(self) -> None:
        """Options → Cards and table: faces, backs, table colours, previewed."""
        self.push(CardChooser(self.table, self.table.layout.size, self.table.text))

    def _option_item(self, option: Option) -> Item:
        settings = self.table.settings

        def step(by: int) -> None:
            self.table.set_option(option.name, option.step(getattr(settings, option.name), by))

        def value() -> str:
            return option.words(getattr(settings, option.name))

        return Item(_(option.label), value=value, step=step, note=_(option.note) if option.note else "")

    def quit(self) -> None:
        """Quit from the menu (a table with a game at stake asks first)."""
        self.close()
        self.table.quit()

    def again_in_language(self) -> None:
        """The language changed: the menus open over the table are made again in it, the
        options menu on the row it was on (nothing when something else is open)."""
        manager = self.table.manager
        stack = manager.stack if manager is not None else []
        place = place_in(stack, self.table)
        above = stack[place + 1:] if place is not None else []
        menus = [scene for scene in above if isinstance(scene, MenuScene)]
        if not above or len(menus) != len(above):
            return
        row = menus[-1].selected
        del stack[len(stack) - len(above):]
        self.open()
        self.open_options()
        if isinstance(stack[-1], MenuScene):
            stack[-1].selected = row
