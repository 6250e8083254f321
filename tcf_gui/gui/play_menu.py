"""The menus over the person's table: the main menu (new game, today's deal, opponent,
options, statistics, play a friend, help, how to play, quit) and the opponents'."""
from __future__ import annotations

from functools import partial
from typing import Any, Callable, Protocol

import pygame

from tcf_gui.engine.strategies.registry import strategy_names
from tcf_gui.history.record import Record
from tcf_gui.i18n import _
from tcf_gui.levels import LEVELS, level_of, short_name
from tcf_gui.play import SeatFailure
from tcf_gui.gui.daily_deal import DailyDeal
from tcf_gui.gui.deal_choice import DealNumber, DealTable, restart
from tcf_gui.gui.menu import Item, MenuScene, confirm, notice
from tcf_gui.gui.scene_manager import Scene
from tcf_gui.gui.table_menu import MenuTable, TableMenu


def failure_notice(failure: SeatFailure, stand_in: str, size: tuple[int, int]) -> MenuScene:
    """What the window says when Player 2's strategy failed (``stand_in`` plays on)."""
    return notice(_("Player 2 ({name}) could not play").format(name=failure.name), [
        failure.reason, _("That game is not counted."),
        _("Player 2 now plays {level}; the menu's Opponent changes it.").format(
            level=short_name(stand_in)),
    ], size)


class PlayTable(DealTable, Protocol):
    """What the person's menus need of their table."""

    @property
    def daily(self) -> DailyDeal: ...

    @property
    def shown_score(self) -> Record: ...

    @property
    def record(self) -> Record: ...

    @property
    def opponent(self) -> str: ...

    @property
    def next_opponent(self) -> str: ...

    @property
    def flag_opponent(self) -> str: ...

    @property
    def in_progress(self) -> bool: ...

    @property
    def statistics_screen(self) -> Callable[[Any], Scene] | None: ...


class PlayMenu(TableMenu):
    """The menus over the person's ``table``."""

    table: PlayTable

    def __init__(self, table: PlayTable) -> None:
        super().__init__(table)

    def lines(self) -> tuple[str, ...]:
        table = self.table
        return (_("You against {level}   ·   this session {score}").format(
            level=short_name(table.opponent), score=table.shown_score),)

    def items(self) -> list[Item]:
        table = self.table
        return [
            self.resume_item(),
            Item(_("New game"), self.ask_new_game, key=pygame.K_n),
            Item(_("Restart this deal"), partial(restart, table)),
            Item(_("Play deal number…"), lambda: self.push(DealNumber(table))),
            Item(_("Today's deal"), table.daily.open, value=lambda: table.daily.menu_value()),
            Item(_("Opponent"), self.open_opponents,
                 value=lambda: short_name(table.next_opponent)),
            Item(_("Options"), self.open_options),
            Item(_("Statistics"), self.open_statistics, key=pygame.K_t),
            Item(_("Play a friend"), self.open_friends),
            Item(_("Help"), self.open_help, key=pygame.K_h),
            Item(_("How to play"), self.open_how_to_play),
            Item(_("Quit"), self.quit, key=pygame.K_q),
        ]

    def ask_new_game(self) -> None:
        """A new deal. A deal seen is played: before the first move it stays on the table;
        after it, a new deal asks first, as it gives this game up (a loss)."""
        table = self.table

        def deal() -> None:
            self.close()
            table.deal_again()

        if not table.session.in_progress:
            deal()
        elif not table.session.moved:
            self.close()
            table.toast(_("This deal is yours to play: a new game comes after your first move"))
        else:
            self.push(confirm(_("New game?"), (_("This game is not over:"),
                                               _("a new deal now gives it up, a loss.")),
                              _("Deal again (a loss)"), deal, table.layout.size, on_no=self.close))

    def open_friends(self) -> None:
        """Play a friend: host or join a table over the network (tcf_gui.gui.friend_menu)."""
        from tcf_gui.gui.friend_menu import open_friend_menu

        open_friend_menu(self.table)

    def quit(self) -> None:
        """Quit (the menu's Quit, or Q); mid-game it asks first, and the game is kept."""
        def leave() -> None:
            self.close()
            self.table.quit()

        if self.table.in_progress and self.table.manager is not None:
            self.push(confirm(_("Quit?"), (_("This game is not over: it is kept,"),
                                           _("and comes back when you start again.")),
                              _("Quit"), leave, self.table.layout.size, on_no=self.close))
        else:
            leave()

    def levels(self) -> list[tuple[str, str]]:
        """The opponents offered: the levels that exist, and the one the session began with."""
        known = set(strategy_names())  # a level whose strategy is not registered is left out
        levels = [(_(level.name), level.spec) for level in LEVELS if level.spec in known]
        if self.table.flag_opponent not in (name for _, name in levels):
            levels.append((_("Yours"), self.table.flag_opponent))
        return levels

    def open_opponents(self) -> None:
        table, levels = self.table, self.levels()
        lines = [_("Player 2 plays this from the next game.")]
        offered = {spec for name, spec in levels}
        lines += [level.strength_line() for level in LEVELS if level.spec in offered]
        menu = MenuScene(_("Opponent"), [], table.layout.size, text=table.text, lines=tuple(lines))

        def choose(name: str) -> None:
            table.session.sit(2, name)
            if level_of(name) is not None:
                table.set_option("opponent", name)
            menu.done = True
            table.toast(_("Player 2: {level} from the next game").format(level=short_name(name)))

        for level, name in levels:  # a level by its name; the person's own, by its file
            words = level if level_of(name) is not None else _("{level}: {strategy}").format(
                level=level, strategy=name)
            if name == table.next_opponent:
                menu.selected = len(menu.items)  # it opens on the opponent of the next game
                words = _("{level}  (now)").format(level=words)
            menu.items.append(Item(words, partial(choose, name)))
        menu.items.append(Item(_("Back"), menu.back))
        self.push(menu)

    def open_statistics(self) -> None:
        table = self.table
        factory = table.statistics_screen
        screen: Scene
        if factory is not None:
            screen = factory(table)
        else:
            lines = ((_("This session: {score}").format(score=table.shown_score),
                      _("All time: {score}").format(score=table.record))
                     if table.record.games else (_("No games yet."),))
            screen = MenuScene(_("Statistics"), [], table.layout.size, text=table.text, lines=lines)
            screen.items = [Item(_("Back"), screen.back)]
        self.push(screen)
