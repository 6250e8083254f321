"""The menus over a friend's table: the main menu (rematch, review, options, help, leave the
table), and the question before leaving a game not over (a loss), which the window's close
button asks too."""
from __future__ import annotations

from typing import Callable, Protocol

import pygame

from tcf_gui.i18n import _
from tcf_gui.net.mirror import FriendTable
from tcf_gui.gui.menu import Item, MenuScene, confirm
from tcf_gui.gui.table_menu import MenuTable, TableMenu


def close_window() -> None:
    """Close the window as the system would: the scenes hear QUIT (a friend's table leaves)."""
    pygame.event.post(pygame.event.Event(pygame.QUIT))


class FriendMenuTable(MenuTable, Protocol):
    """What the menus need of a friend's table."""

    @property
    def table(self) -> FriendTable: ...

    @property
    def friend(self) -> str: ...

    @property
    def problem(self) -> str: ...

    @property
    def rematch_possible(self) -> bool: ...

    @property
    def reviewable(self) -> bool: ...

    def score_text(self) -> str: ...

    def rematch(self) -> None: ...

    def open_review(self) -> None: ...


class FriendTableMenu(TableMenu):
    """The menus over the friend's ``table``."""

    table: FriendMenuTable

    def __init__(self, table: FriendMenuTable) -> None:
        super().__init__(table)
        self.leaving: MenuScene | None = None
        """The question 'Leave the table?' last asked."""

    def lines(self) -> tuple[str, ...]:
        scene, table = self.table, self.table.table
        if table.seat:
            return (_("You against {name}   ·   {score}").format(name=scene.friend,
                                                             score=scene.score_text()),)
        p1, p2 = table.player_names()
        return (_("{p1} against {p2}   ·   {score}").format(p1=p1, p2=p2,
                                                         score=scene.score_text()),)

    def items(self) -> list[Item]:
        items = [self.resume_item()]
        if self.table.rematch_possible:
            items.append(Item(_("Rematch"), self.rematch, key=pygame.K_n))
        if self.table.reviewable:
            items.append(Item(_("Review"), self.review, key=pygame.K_r))
        items += [Item(_("Options"), self.open_options), Item(_("Help"), self.open_help,
                                                              key=pygame.K_h),
                  Item(_("Leave the table"), self.quit, key=pygame.K_q)]
        return items

    def rematch(self) -> None:
        self.close()
        self.table.rematch()

    def review(self) -> None:
        self.close()
        self.table.open_review()

    def quit(self) -> None:
        def leave() -> None:
            self.close()
            self.table.quit()

        if not self.ask_before_leaving(leave):
            leave()

    def asks_before_closing(self) -> bool:
        """The close button in a game not over: the same question as Leave the table, and
        the window closes on yes. Pressed again while it asks, it waits for the answer."""
        manager = self.table.manager
        if manager is not None and manager.stack[-1] is self.leaving:
            return True
        return self.ask_before_leaving(close_window)

    def ask_before_leaving(self, leave: Callable[[], None]) -> bool:
        """In a game not over, ask whether to leave (a loss), and ``leave`` on yes; False
        when there is nothing to ask."""
        table = self.table
        if not (table.table.in_game and table.table.seat and not table.problem and table.manager):
            return False
        self.leaving = confirm(_("Leave the table?"), (_("This game is not over:"),
                                                       _("leaving now counts it as a loss.")),
                               _("Leave (a loss)"), leave, table.layout.size, on_no=self.close)
        self.push(self.leaving)
        return True
