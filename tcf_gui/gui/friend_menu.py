"""The menu's "Play a friend": Host a table, Join a table, the tables found on the network.

Host starts a table server inside this window's process (or uses the one ``--server``
names), opens a table on it and shows the address and the join code to pass on. Join asks
for the address and the code (a form: type, Tab to the next field, Enter to join). Without
the ``[net]`` extra the item says how to install it. Everything ends on a FriendScene
(tcf_gui.gui.friend_scene) pushed over the table; leaving it brings the table back.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from functools import partial
from typing import Any, Callable, Sequence

import pygame

from tcf_gui.args import player_name
from tcf_gui.i18n import N_, _, pgettext
from tcf_gui.net import install_hint, messages, net_available
from tcf_gui.net.protocol import DEFAULT_TIMER_S, SEALED_PROTOCOL, TIMER_CHOICES
from tcf_gui.gui import palette
from tcf_gui.gui.help_overlay import draw_help
from tcf_gui.gui.layout import text_px
from tcf_gui.gui.menu import BACK_KEYS, Item, MenuScene, notice
from tcf_gui.gui.scene_manager import Scene
from tcf_gui.gui.text import TextCache
from tcf_gui.gui.text_boxes import MIN_TEXT_PX, inside

#: The keys of a form, shown in its help (F1: H is a letter to type).
FORM_KEYS = [
    (N_("type"), N_("the text of the field with the gold edge")),
    (N_("Tab, Up / Down"), N_("the next or the field before")),
    (N_("Ctrl+V"), N_("paste")),
    (N_("Enter"), N_("the next empty field, or go on")),
    (N_("Esc"), N_("back, and nothing changes")),
    (N_("F1"), N_("this help (any key or click closes it)")),
]


@dataclass
class FriendOptions:
    """What the window was started with for friends' games (``--server``, ``--name``) and
    what the person chose since (kept for the session)."""

    server: str | None = None
    name: str = ""
    timer: int = DEFAULT_TIMER_S
    spectators: bool = False
    sealed: bool = False
    """Host a sealed table (tcf_gui.net.sealed: no spectators there)."""
    address: str = ""
    """The last address typed in Join."""
    browser: Any = field(default=None, repr=False)
    """The LAN browser (tcf_gui.net.discovery.Browser) once the menu opened, or None."""


def friend_options(table: Any) -> FriendOptions:
    """The table's FriendOptions, made on first use."""
    options = getattr(table, "friend_options", None)
    if options is None:
        from tcf_gui.net.start import default_name

        options = table.friend_options = FriendOptions(name=default_name())
    elif not options.name:
        from tcf_gui.net.start import default_name

        options.name = default_name()
    return options


def open_friend_menu(table: Any) -> None:
    """The menu's "Play a friend" over ``table`` (a TableScene with a manager)."""
    manager, size = table.manager, table.layout.size
    if manager is None:
        return
    if not net_available():
        manager.push(notice(_("Play a friend"), [install_hint()], size))
        return
    options = friend_options(table)
    if options.browser is None:
        from tcf_gui.net.discovery import Browser

        options.browser = Browser()
    manager.push(FriendMenu(table, options))


class FriendMenu(MenuScene):
    """Host a table, Join a table, and a Join item for each table heard on the local network
    (the list follows what the browser hears while the menu is open)."""

    def __init__(self, table: Any, options: FriendOptions) -> None:
        super().__init__(_("Play a friend"), [], table.layout.size, text=table.text,
                         lines=(_("Two people, two windows: one hosts, the other joins."),))
        self.table, self.options = table, options
        self.heard: list[Any] = []
        self.refresh()

    def refresh(self) -> None:
        table, options = self.table, self.options
        self.heard = options.browser.found[:4]
        items = [Item(_("Host a table"), lambda: open_host(table)),
                 Item(_("Join a table"), lambda: open_join(table))]
        for found in self.heard:
            items.append(Item(_("Join {label} ({address})").format(
                label=found.label, address=found.address),
                partial(open_join, table, found.address)))
        chosen = self.items[self.selected].label if self.items else None
        self.items = items + [Item(_("Back"), self.back)]
        labels = [item.label for item in self.items]
        self.selected = labels.index(chosen) if chosen in labels else 0

    @property
    def frame_key(self) -> object:
        """A table heard (or gone) redraws the menu."""
        return tuple(self.options.browser.found[:4])

    def update(self, now: float) -> None:
        super().update(now)
        if self.options.browser.found[:4] != self.heard:
            self.refresh()


def open_host(table: Any) -> None:
    """Host: the name, the turn timer, spectators and the sealed deck, then Open the
    table."""
    options = friend_options(table)
    size = table.layout.size
    where = options.server or _("a server in this window")

    def step_timer(by: int) -> None:
        at = TIMER_CHOICES.index(options.timer) if options.timer in TIMER_CHOICES else 0
        options.timer = TIMER_CHOICES[(at + by) % len(TIMER_CHOICES)]

    def timer_words() -> str:
        return pgettext("turn timer", "none") if not options.timer else _("{seconds} s").format(seconds=options.timer)

    def open_table() -> None:
        place = messages.host(options.timer, options.spectators and not options.sealed,
                              open_hands=False, sealed=options.sealed)
        start_friend_table(table, options.server, place)

    def spectators() -> str:
        return _("allowed") if options.spectators and not options.sealed else _("no")

    items = [
        Item(_("Your name"), lambda: edit_name(table), value=lambda: options.name),
        Item(_("Turn timer"), value=timer_words, step=step_timer),
        Item(_("Spectators"), value=spectators,
             step=lambda by: setattr(options, "spectators", not options.spectators)),
        Item(_("Sealed deck"), value=lambda: _("yes") if options.sealed else _("no"),
             step=lambda by: setattr(options, "sealed", not options.sealed)),
        Item(_("Open the table"), open_table),
        Item(_("Back"), lambda: setattr(menu, "done", True)),
    ]
    menu = MenuScene(_("Host a table"), items, size, text=table.text,
                     lines=(_("on {where}").format(where=where),))
    menu.selected = 4
    table.manager.push(menu)


def remember_name(table: Any, name: str) -> None:
    """``name`` as the person's at friends' tables, from now on and at the next start."""
    options = friend_options(table)
    options.name = player_name(name) or options.name
    keep = getattr(table, "keep", None)
    if keep is not None:
        keep("friend_name", options.name)


def edit_name(table: Any) -> None:
    options = friend_options(table)
    form = FormScene(_("Your name"), [Field(_("Name"), options.name, 24)],
                     table.layout.size, table.text,
                     lambda values: remember_name(table, values[0]),
                     help_lines=[_("The name your friend sees at the table.")])
    table.manager.push(form)


def open_join(table: Any, address: str = "") -> None:
    """Join: the address, the code and your name, then Enter."""
    from tcf_gui.net.codes import normal

    options = friend_options(table)
    fields = [Field(_("Address"), address or options.address or options.server or "", 300),
              Field(_("Join code"), "", 40, upper=True),
              Field(_("Your name"), options.name, 24)]

    def join(values: list[str]) -> str | None:
        address_text, code_text, name = (value.strip() for value in values)
        code = normal(code_text)
        if not address_text:
            return _("Type the address your friend gave you (host:port)")
        if code is None:
            return _("A join code has nine letters and digits, such as 7KQ-M4X-PDR")
        options.address = address_text
        remember_name(table, name)
        start_friend_table(table, address_text, messages.join(code))
        return None

    table.manager.push(FormScene(_("Join a table"), fields, table.layout.size, table.text,
                                 join, submit=_("Join"), help_lines=[
                                     _("Join the table a friend opened: type the address and the "
                                       "join code your friend gave you, and the name they will "
                                       "see.")]))


def start_friend_table(table: Any, address: str | None, place: messages.Place) -> None:
    """Connect (starting a server here when ``address`` is None) and put the friend's table
    over everything; a failure to start is one line in a notice."""
    from tcf_gui.net.address import AddressError
    from tcf_gui.net.start import open_link
    from tcf_gui.net.words import lost_table_line
    from tcf_gui.gui.friend_scene import FriendScene

    options = friend_options(table)
    manager, size = table.manager, table.layout.size
    try:
        link = open_link(address, options.name, place, SEALED_PROTOCOL)  # (sealed tables too)
    except AddressError as error:
        manager.push(notice(_("Play a friend"), [str(error)], size))
        return
    except OSError as error:
        manager.push(notice(_("Play a friend"), [_("Cannot start a table server here: {why}").format(
            why=error.strerror or error)], size))
        return
    table.close_menus()
    scene = FriendScene(table.settings, size, link, sounds=table.sounds, history=table.history,
                        scorer=getattr(table, "scorer", None))
    manager.push(scene)
    if link.lost:
        scene.toast(lost_table_line())


@dataclass
class Field:
    """One line of a form: its label, its text, how long it may get."""

    label: str
    value: str
    most: int
    upper: bool = False


class FormScene(Scene):
    """A few text fields over the table: type, Tab or the arrows to move, Enter to go on
    (on the last field: submit), Esc to go back, F1 its help (H is a letter to type). It
    opens on the first empty field (a table heard on the network fills in the address: the
    join code is what is left to type). ``on_submit`` returns None when done, or one line
    to show (the form stays)."""

    def __init__(self, title: str, fields: list[Field], size: tuple[int, int], text: TextCache,
                 on_submit: Callable[[list[str]], Any], *, submit: str = "",
                 help_lines: Sequence[str] = ()) -> None:
        self.title_text = title
        self.fields = fields
        self.size = size
        self.text = text
        self.on_submit = on_submit
        self.submit_label = submit or _("OK")
        self.at = next((index for index, field in enumerate(fields) if not field.value), 0)
        self.message = ""
        self.help_lines = list(help_lines)
        self.help_open = False
        pygame.key.start_text_input()

    def handle(self, event: pygame.event.Event) -> None:
        if self.help_open and event.type in (pygame.KEYDOWN, pygame.MOUSEBUTTONDOWN, pygame.TEXTINPUT):
            # Any key or click closes the help and does nothing else; a letter's key waits
            # for its text, which would otherwise be typed right after.
            typing = event.type == pygame.KEYDOWN and getattr(event, "unicode", "").isprintable() \
                and getattr(event, "unicode", "")
            self.help_open = bool(typing)
        elif event.type == pygame.TEXTINPUT:
            self.type(event.text)
        elif event.type == pygame.KEYDOWN:
            self.key(event.key, event.mod if hasattr(event, "mod") else 0)
        elif event.type == pygame.VIDEORESIZE:
            self.size = event.size
        elif event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            for index, rect in enumerate(self.field_rects()):
                if rect.collidepoint(event.pos):
                    self.at = index
            if self.button_rect().collidepoint(event.pos):
                self.submit()

    def type(self, text: str) -> None:
        field = self.fields[self.at]
        text = "".join(char for char in text if char.isprintable())
        if field.upper:
            text = text.upper()
        field.value = (field.value + text)[:field.most]
        self.message = ""

    def key(self, key: int, mod: int = 0) -> None:
        if key == pygame.K_F1:
            self.help_open = True
        elif key in BACK_KEYS and key != pygame.K_BACKSPACE:
            self.close()
        elif key == pygame.K_BACKSPACE:
            self.fields[self.at].value = self.fields[self.at].value[:-1]
        elif key in (pygame.K_TAB, pygame.K_DOWN):
            self.at = (self.at + (-1 if mod & pygame.KMOD_SHIFT else 1)) % len(self.fields)
        elif key == pygame.K_UP:
            self.at = (self.at - 1) % len(self.fields)
        elif key in (pygame.K_RETURN, pygame.K_KP_ENTER):
            if self.at + 1 < len(self.fields) and not self.fields[self.at + 1].value:
                self.at += 1
            else:
                self.submit()
        elif key == pygame.K_v and mod & pygame.KMOD_CTRL:
            self.paste()

    def paste(self) -> None:
        try:
            pasted = pygame.scrap.get_text() if pygame.scrap.get_init() else ""
        except (pygame.error, AttributeError):
            pasted = ""
        self.type(pasted.strip().splitlines()[0] if pasted.strip() else "")

    def submit(self) -> None:
        said = self.on_submit([field.value for field in self.fields])
        if said:
            self.message = said
        else:
            self.close()

    def close(self) -> None:
        pygame.key.stop_text_input()
        self.done = True

    # -- geometry and drawing ------------------------------------------------------------------
    def font_px(self) -> int:
        return text_px(self.size[1], per=34, least=14, most=24)

    def panel(self) -> pygame.Rect:
        px = self.font_px()
        rect = pygame.Rect(0, 0, min(self.size[0] - 2 * px, 30 * px),
                           int(px * (6.5 + 3.2 * len(self.fields))))
        rect.center = (self.size[0] // 2, self.size[1] // 2)
        return rect

    def field_rects(self) -> list[pygame.Rect]:
        px, panel = self.font_px(), self.panel()
        return [pygame.Rect(panel.left + px, panel.top + int(px * (3.6 + 3.2 * index)),
                            panel.width - 2 * px, int(px * 1.8)) for index in range(len(self.fields))]

    def button_rect(self) -> pygame.Rect:
        px, panel = self.font_px(), self.panel()
        rect = pygame.Rect(0, 0, 10 * px, int(px * 1.9))
        rect.midbottom = (panel.centerx, panel.bottom - px // 2)
        return rect

    def draw(self, surface: pygame.Surface) -> None:
        self.size = surface.get_size()
        shade = pygame.Surface(self.size, pygame.SRCALPHA)
        shade.fill((0, 0, 0, 150))
        surface.blit(shade, (0, 0))
        px, panel = self.font_px(), self.panel()
        small = max(MIN_TEXT_PX, px - 3)
        pygame.draw.rect(surface, palette.BANNER, panel, border_radius=px)
        pygame.draw.rect(surface, palette.GOLD, panel, width=2, border_radius=px)
        with inside("form", panel):
            title_px = self.text.fit(self.title_text, int(px * 1.4), panel.width - 2 * px, bold=True)
            self.text.blit(surface, self.title_text, title_px, palette.GOLD, bold=True,
                           shadow=False, midtop=(panel.centerx, panel.top + px))
            for index, (field, rect) in enumerate(zip(self.fields, self.field_rects())):
                self.text.blit(surface, field.label, small, palette.TEXT_DIM, shadow=False,
                               bottomleft=(rect.left + 2, rect.top - 2))
                pygame.draw.rect(surface, (20, 30, 26), rect, border_radius=px // 3)
                pygame.draw.rect(surface, palette.GOLD if index == self.at else palette.TEXT_DIM,
                                 rect, width=2, border_radius=px // 3)
                shown = field.value + ("|" if index == self.at else "")
                shown = self.text.elide(shown, px, rect.width - px)
                self.text.blit(surface, shown, px, palette.TEXT, shadow=False,
                               midleft=(rect.left + px // 2, rect.centery))
            if self.message:
                self.text.blit(surface, self.text.elide(self.message, small, panel.width - 2 * px),
                               small, palette.LOSS, shadow=False,
                               midbottom=(panel.centerx, self.button_rect().top - px // 3))
        button = self.button_rect()
        pygame.draw.rect(surface, palette.GOLD, button, border_radius=button.height // 3)
        # TRANSLATORS: a form's button: its action and the key that does it.
        label = _("{action}  (Enter)").format(action=self.submit_label)
        size = self.text.fit(label, px, button.width - px, bold=True)
        with inside("button", button):
            self.text.blit(surface, label, size, palette.BANNER, bold=True, shadow=False,
                           center=button.center)
        if self.help_open:
            draw_help(surface, self.text, px, self.title_text, [*self.help_lines, ""],
                      FORM_KEYS)
