"""Restart this deal and Play deal number, in the person's menu: a deal chosen by its number
(the seed the status line shows, as ``tcf-gui --seed`` takes it) is known beforehand, so it
is a practice game (tcf_gui.history.kinds.SEEDED).

No deal seen is dropped uncounted: restarting a game that is under way gives it up (a loss,
asked first); a numbered deal sets the game under way aside, kept for the next start, as
Today's deal does (its own number restarts it instead, or a practice run of its deal would
show what the kept game holds)."""
from __future__ import annotations

import argparse
from typing import Protocol

import pygame

from tcf_gui.args import game_seed_int
from tcf_gui.gui.menu import Item, MenuScene, confirm
from tcf_gui.gui.table_menu import MenuTable
from tcf_gui.i18n import _
from tcf_gui.play import TableSession

#: The digit keys, on the main keyboard and the keypad, to the digit each types.
DIGITS = {**{getattr(pygame, f"K_{d}"): str(d) for d in range(10)},
          **{getattr(pygame, f"K_KP{d}"): str(d) for d in range(10)}}
#: The most digits typed (a game's seed is below 2**63: 19 digits).
MOST_DIGITS = 19


class DealTable(MenuTable, Protocol):
    """What choosing a deal needs of the person's table."""

    @property
    def session(self) -> TableSession: ...

    def deal_again(self, seed: int | None = None) -> None: ...

    def close_menus(self) -> None: ...


def restart(table: DealTable) -> None:
    """Restart this deal: the game on the table dealt again from its start, as practice
    (under way, it is given up first, asked)."""
    session = table.session
    game = session.game
    if game is None:
        return
    seed = game.seed

    def again() -> None:
        table.close_menus()
        table.deal_again(seed)

    if not session.in_progress:
        again()
    elif not session.moved:
        table.close_menus()
        table.toast(_("This deal is at its start: it is yours to play"))
    elif table.manager is not None:
        table.manager.push(confirm(
            _("Restart this deal?"),
            (_("This game is not over:"), _("restarting gives it up, a loss; played again, it "
                                            "is practice.")),
            _("Restart (a loss)"), again, table.layout.size))


def play_number(table: DealTable, seed: int) -> None:
    """Deal ``seed`` as a practice game; the game under way is kept for the next start."""
    session = table.session
    if session.game is not None and session.game.seed == seed and session.in_progress:
        restart(table)
        return
    kept = session.set_aside()
    table.close_menus()
    table.deal_again(seed)
    words = _("Deal {seed}: a practice game").format(seed=seed)
    if kept:
        words = _("{words}. Your game is kept for your next start").format(words=words)
    table.toast(words)


class DealNumber(MenuScene):
    """Play deal number: the digits typed, Enter deals them; a number out of range says so."""

    def __init__(self, table: DealTable) -> None:
        super().__init__(_("Play deal number"), [], table.layout.size, text=table.text,
                         lines=(_("Type the number of a deal (the seed on the status line) "
                                  "and press Enter. It is a practice game."),),
                         help_lines=[_("Digits type the number, Backspace takes one back, "
                                       "Enter deals it, Esc goes back.")])
        self.table = table
        self.typed = ""
        self.problem = ""
        self.items = [Item(_("Deal number"), self.play, value=self.shown),
                      Item(_("Back"), self.back)]

    def shown(self) -> str:
        """The number typed so far, with a caret, or what is wrong with it."""
        return self.problem or f"{self.typed}_"

    def key(self, key: int) -> None:
        if key in DIGITS and not self.help_open:
            self.typed = (self.typed + DIGITS[key])[:MOST_DIGITS]
            self.problem, self.selected = "", 0
        elif key == pygame.K_BACKSPACE and self.typed and not self.help_open:
            self.typed, self.problem = self.typed[:-1], ""
        else:
            super().key(key)

    def play(self) -> None:
        try:
            seed = game_seed_int(self.typed)
        except argparse.ArgumentTypeError as error:
            self.problem = str(error) if self.typed else _("type a number first")
            return
        self.done = True
        play_number(self.table, seed)
