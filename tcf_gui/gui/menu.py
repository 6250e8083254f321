"""A menu over the table, by mouse and by keys: a title, a few lines of text, a list of items.

Up/Down (or the mouse) choose an item, Enter/Space or a click runs it, Left/Right step an
option's value, Esc or Backspace goes back. The same scene serves the main menu, its
submenus (opponent, options) and the yes/no questions (a new deal after a move gives the game up).
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Callable, Sequence

import pygame

from tcf_gui.i18n import N_, _
from tcf_gui.gui import palette
from tcf_gui.gui.help_overlay import HELP_ROW, draw_help
from tcf_gui.gui.keys import PRESS_KEYS
from tcf_gui.gui.layout import MIN_SIZE, text_px
from tcf_gui.gui.scene_manager import Scene
from tcf_gui.gui.text import TextCache
from tcf_gui.gui.text_boxes import inside

BACK_KEYS = (pygame.K_ESCAPE, pygame.K_BACKSPACE)
HELP_KEYS = (pygame.K_h, pygame.K_F1)
#: The keys of every menu, shown in its help.
MENU_KEYS = [
    (N_("Up / Down"), N_("choose an item (or point at it)")),
    (N_("Enter, click"), N_("do it")),
    (N_("Left / Right"), N_("change an option's value")),
    (N_("Esc"), N_("back, and nothing changes")),
    HELP_ROW,
]


#: The smallest text a menu's items shrink to when a large text size would not fit.
MIN_MENU_PX = 14

@dataclass
class Item:
    """One row of a menu: a label, what it does, and for an option its value and its steps."""

    label: str
    run: Callable[[], None] | None = None
    value: Callable[[], str] | None = None
    step: Callable[[int], None] | None = None
    key: int | None = None
    """A key that runs the item directly (shown as a hint)."""
    note: str = ""
    """A hint shown in brackets after the value where the row has room for it."""

    def activate(self) -> None:
        if self.run is not None:
            self.run()
        elif self.step is not None:
            self.step(1)


class MenuScene(Scene):
    """A panel of items over whatever lies below it on the scene stack."""

    def __init__(self, title: str, items: list[Item], size: tuple[int, int], *,
                 lines: tuple[str, ...] = (), text: TextCache | None = None,
                 help_lines: Sequence[str] = ()) -> None:
        self.title_text = title
        self.items = items
        self.lines = lines
        self.help_lines = list(help_lines) or [_("Choose with the keys or the mouse.")]
        """What H shows about this menu, above the keys of every menu."""
        self.help_open = False
        self.size = size
        self.text = text or TextCache()
        self.selected = 0
        self._fitted: tuple[object, int] = (None, 0)  # (what the size was worked out for, it)
        self.hover: int | None = None
        self._back_arrows: dict[int, pygame.Rect] = {}
        """Where each option's '<' was last drawn, by item: a click there steps back."""

    # -- geometry, shared by drawing and clicks -------------------------------------------
    def font_px(self) -> int:
        """The items' text size: the window's (times the player's text size), made smaller
        where a long menu at a large text size would not fit the window's height."""
        key = (self.size, len(self.items), self.lines)
        if self._fitted[0] != key:
            px = text_px(max(self.size[1], MIN_SIZE[1]), per=34, least=14, most=24)
            while px > MIN_MENU_PX and self._height(px) > self.size[1] - px:
                px -= 1
            self._fitted = (key, px)
        return self._fitted[1]

    def width(self, px: int | None = None) -> int:
        px = px or self.font_px()
        return min(self.size[0] - 2 * px, 30 * px)

    def wrapped_lines(self, px: int | None = None) -> list[str]:
        """The text over the items, wrapped to the panel (at the items' size less two)."""
        px = px or self.font_px()
        return [part for line in self.lines
                for part in self.text.wrap(line, px - 2, self.width(px) - 2 * px, indent="")]

    def line_height(self, px: int | None = None) -> int:
        return int(((px or self.font_px()) - 2) * 1.35)

    def _height(self, px: int) -> int:
        """The panel's height with the items' text at ``px``."""
        lines = len(self.wrapped_lines(px))
        return (int(px * 3.4) + lines * self.line_height(px) + bool(lines) * px // 2
                + len(self.items) * int(px * 2.1) + px)

    def panel(self) -> pygame.Rect:
        px = self.font_px()
        rect = pygame.Rect(0, 0, self.width(), min(self._height(px), self.size[1] - px))
        rect.center = (self.size[0] // 2, self.size[1] // 2)
        return rect

    def item_rects(self) -> list[pygame.Rect]:
        px = self.font_px()
        panel = self.panel()
        row = int(px * 2.1)
        lines = len(self.wrapped_lines())
        top = panel.top + int(px * 3.2) + lines * self.line_height() + bool(lines) * px // 2
        return [pygame.Rect(panel.left + px, top + i * row, panel.width - 2 * px, row - px // 4)
                for i in range(len(self.items))]

    def item_at(self, pos: tuple[int, int]) -> int | None:
        for index, rect in enumerate(self.item_rects()):
            if rect.collidepoint(pos):
                return index
        return None

    @property
    def wants_hand_cursor(self) -> bool:
        return self.hover is not None

    # -- input -----------------------------------------------------------------------------
    def handle(self, event: pygame.event.Event) -> None:
        if event.type == pygame.VIDEORESIZE:
            self.size = event.size
        elif event.type == pygame.WINDOWSIZECHANGED:
            self.size = (event.x, event.y)
        elif event.type == pygame.KEYDOWN:
            self.key(event.key)
        elif event.type == pygame.MOUSEMOTION:
            self.hover = self.item_at(event.pos)
            if self.hover is not None:
                self.selected = self.hover
        elif event.type == pygame.MOUSEBUTTONDOWN and event.button == 1 and self.help_open:
            self.help_open = False
        elif event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            index = self.item_at(event.pos)
            if index is not None:
                self.selected = index
                item = self.items[index]
                arrow = self._back_arrows.get(index)
                if item.step is not None and arrow is not None and arrow.collidepoint(event.pos):
                    item.step(-1)  # the '<' before an option's value: the value before
                else:
                    item.activate()
            elif not self.panel().collidepoint(event.pos):
                self.back()
        elif event.type == pygame.MOUSEWHEEL:
            self.move(-event.y)

    def key(self, key: int) -> None:
        if self.help_open:  # any key closes the help, and does nothing else
            self.help_open = False
        elif key in HELP_KEYS and not any(item.key == key for item in self.items):
            self.help_open = True
        elif key in BACK_KEYS:
            self.back()
        elif key in (pygame.K_UP, pygame.K_KP8):
            self.move(-1)
        elif key in (pygame.K_DOWN, pygame.K_KP2, pygame.K_TAB):
            self.move(1)
        elif key in PRESS_KEYS:
            self.items[self.selected].activate()
        elif key in (pygame.K_LEFT, pygame.K_RIGHT):
            step = self.items[self.selected].step
            if step is not None:
                step(1 if key == pygame.K_RIGHT else -1)
        else:
            for index, item in enumerate(self.items):
                if item.key == key:
                    self.selected = index
                    item.activate()
                    return

    def move(self, by: int) -> None:
        self.selected = (self.selected + by) % len(self.items)

    def back(self) -> None:
        """Close this menu and show what lies below."""
        self.done = True

    # -- drawing ---------------------------------------------------------------------------
    def draw(self, surface: pygame.Surface) -> None:
        self.size = surface.get_size()
        shade = pygame.Surface(self.size, pygame.SRCALPHA)
        shade.fill((0, 0, 0, 150))
        surface.blit(shade, (0, 0))
        px = self.font_px()
        panel = self.panel()
        pygame.draw.rect(surface, palette.BANNER, panel, border_radius=px)
        pygame.draw.rect(surface, palette.GOLD, panel, width=2, border_radius=px)
        width = panel.width - 2 * px
        with inside("menu", panel):
            title_px = self.text.fit(self.title_text, int(px * 1.4), width, bold=True)
            self.text.blit(surface, self.text.elide(self.title_text, title_px, width, bold=True),
                           title_px, palette.GOLD, bold=True, shadow=False,
                           midtop=(panel.centerx, panel.top + px))
            top = panel.top + int(px * 3.2)
            for line in self.wrapped_lines():
                self.text.blit(surface, self.text.elide(line, px - 2, width), px - 2, palette.TEXT,
                               shadow=False, midtop=(panel.centerx, top))
                top += self.line_height()
        self._back_arrows = {}
        for index, (item, rect) in enumerate(zip(self.items, self.item_rects())):
            arrow = self._draw_item(surface, item, rect, px, index == self.selected)
            if arrow is not None:
                self._back_arrows[index] = arrow
        if self.help_open:
            draw_help(surface, self.text, px, self.title_text, [*self.help_lines, ""],
                      MENU_KEYS)

    def _draw_item(self, surface: pygame.Surface, item: Item, rect: pygame.Rect, px: int,
                   selected: bool) -> pygame.Rect | None:
        """Draw ``item`` in ``rect``; for an option, return where its '<' was drawn."""
        if selected:
            pygame.draw.rect(surface, palette.GOLD, rect, border_radius=rect.height // 3)
        colour = palette.BANNER if selected else palette.TEXT
        pad = px // 2 + 4
        right = item.value() if item.value is not None else ""
        if item.step is not None:
            right = f"<  {right}  >"
        elif item.key is not None:
            right = _("Esc") if item.key == pygame.K_ESCAPE else pygame.key.name(item.key).upper()
        room = rect.width - 2 * pad
        # The label keeps its size; the value beside it gets the rest of the row, smaller
        # (without its note) and then cut short if it must be.
        label_px = self.text.fit(item.label, px, room // 2 if right else room, bold=selected)
        label_w = self.text.size(item.label, label_px, bold=selected)[0]
        with inside("menu item", rect):
            label = self.text.blit(surface, item.label, label_px, colour, bold=selected, shadow=False,
                                   midleft=(rect.left + pad, rect.centery))
            if right:
                room = rect.right - pad - label.left - label_w - px
                noted = f"{right[:-3]}  ({item.note})  >" if item.step and item.note else right
                size = self.text.fit(noted, px - 2, room)
                if self.text.size(noted, size)[0] <= room:
                    right = noted
                else:
                    size = self.text.fit(right, px - 2, room)
                value = self.text.blit(surface, self.text.elide(right, size, room), size,
                                       colour, shadow=False,
                                       midright=(rect.right - pad, rect.centery))
                if item.step is not None:
                    arrow_w = self.text.size("<  ", size)[0]
                    return pygame.Rect(value.left - pad, rect.top, arrow_w + pad, rect.height)
        return None


def confirm(title: str, lines: tuple[str, ...], yes: str, on_yes: Callable[[], None],
            size: tuple[int, int], no: str | None = None,
            on_no: Callable[[], None] | None = None) -> MenuScene:
    """A yes/no question; the safe answer is chosen first, and Esc means no (``on_no``, else
    back to what lies below)."""
    menu = MenuScene(title, [], size, lines=lines, help_lines=[
        _("A question before something that cannot be undone. The first answer, chosen "
          "already, is the safe one; Esc means it too.")])

    def answer_yes() -> None:
        menu.done = True
        on_yes()

    menu.items = [Item(no or _("Back to the game"), on_no or menu.back), Item(yes, answer_yes)]
    return menu


def notice(title: str, lines: list[str], size: tuple[int, int]) -> MenuScene:
    """A message to read and close (OK, Enter, Esc or a click)."""
    menu = MenuScene(title, [], size, lines=tuple(lines), help_lines=[
        _("A message to read: OK, Enter, Esc or a click closes it.")])
    menu.items = [Item(_("OK"), menu.back)]
    return menu
