"""The help over any screen: a dimmed screen, a panel of text and a two-column table of keys.

Every screen opens its own help with H (or F1), about that screen; any key or click
closes it. The text wraps to the panel and shrinks (never under MIN_TEXT_PX) to fit a low
window.
"""
from __future__ import annotations

from typing import Sequence

import pygame

from tcf_gui.i18n import N_, _
from tcf_gui.gui import palette
from tcf_gui.gui.text import TextCache
from tcf_gui.gui.text_boxes import MIN_TEXT_PX, inside, new_layer

#: A screen's keys in its help: (key, what it does) rows, untranslated (draw_help
#: translates them, so a change of language shows at once).
Keys = Sequence[tuple[str, str]]
#: The rows of keys that several screens share, as those screens' own code handles them.
HELP_ROW = (N_("H, F1"), N_("this help (any key or click closes it)"))
SPEED_ROW = ("+ / -", N_("animation speed: slow, normal, fast, instant"))
FULLSCREEN_ROW = ("F11", N_("fullscreen"))
HOW_TO_PLAY_ROW = ("P", N_("in this help: How to play, with pictures (four pages)"))
#: The steps from one line of the help to the next, in text sizes: the lines closer
#: together before the text is smaller (the Polish help went down to 13 px at 800x600), but
#: never closer than TextCache.line_height.
LINE_SPACINGS = (1.4, 1.3, 1.2)


def _rows(text: TextCache, px: int, width: int, lines: Sequence[str],
          keys: Keys) -> tuple[list[str], int, list[tuple[str, list[str]]]]:
    """The lines wrapped to ``width`` at ``px``, the keys' column width and each key's
    description wrapped beside it."""
    wrapped = [part for line in lines for part in (text.wrap(line, px, width, indent="") if line else [""])]
    column = max((text.size(key, px, bold=True)[0] for key, _ in keys), default=0) + px
    described = [(key, text.wrap(what, px, width - column, indent="")) for key, what in keys]
    return wrapped, column, described


def _body(text: TextCache, px: int, screen: pygame.Rect, head: int, lines: Sequence[str],
          keys: Keys) -> tuple[int, int, int, list[str], int, list[tuple[str, list[str]]]]:
    """The largest body size from ``px - 1`` at which the help fits the window's height,
    the panel first at its usual width (at most 46 text sizes) then as wide as the window,
    its lines closer first (LINE_SPACINGS, never closer than the face's lines with
    accents): the size, the panel's width, the step from line to line and the rows."""
    widths = sorted({min(screen.width - 2 * px, 46 * px), screen.width - 2 * px})
    body_px = px - 1
    while True:
        for width in widths:
            wrapped, column, described = _rows(text, body_px, width - 2 * px, lines, keys)
            count = len(wrapped) + sum(len(parts) for _, parts in described)
            for spacing in LINE_SPACINGS:
                line_h = max(int(body_px * spacing), text.line_height(body_px))
                if head + count * line_h + px <= screen.height - px:
                    return body_px, width, line_h, wrapped, column, described
        if body_px <= MIN_TEXT_PX:
            return body_px, width, line_h, wrapped, column, described
        body_px -= 1


def draw_help(surface: pygame.Surface, text: TextCache, px: int, title: str,
              lines: Sequence[str], keys: Keys) -> None:
    """The help panel over ``surface``, its title at ``px * 1.4``, its body at most ``px - 1``;
    ``title`` and ``lines`` as shown, ``keys`` untranslated."""
    keys = [(_(key), _(what)) for key, what in keys]
    new_layer("help")
    shade = pygame.Surface(surface.get_size(), pygame.SRCALPHA)
    shade.fill((0, 0, 0, 165))
    surface.blit(shade, (0, 0))
    screen = surface.get_rect()
    head = int(px * 2.6)
    body_px, width, line_h, wrapped, column, described = _body(text, px, screen, head, lines, keys)
    height = head + (len(wrapped) + sum(len(parts) for _, parts in described)) * line_h + px
    panel = pygame.Rect(0, 0, width, min(height, screen.height))
    panel.center = screen.center
    pygame.draw.rect(surface, palette.BANNER, panel, border_radius=px)
    pygame.draw.rect(surface, palette.GOLD, panel, width=2, border_radius=px)
    left = panel.left + px
    with inside("help", panel.inflate(-px, -2)):
        title_px = text.fit(title, int(px * 1.4), width - 2 * px, bold=True)
        text.blit(surface, title, title_px, palette.GOLD, bold=True,
                  midtop=(panel.centerx, panel.top + px // 2))
        top = panel.top + head
        for line in wrapped:
            text.blit(surface, line, body_px, palette.TEXT, shadow=False, topleft=(left, top))
            top += line_h
        for key, parts in described:
            text.blit(surface, key, body_px, palette.GOLD, bold=True, shadow=False, topleft=(left, top))
            for part in parts:
                text.blit(surface, part, body_px, palette.TEXT, shadow=False,
                          topleft=(left + column, top))
                top += line_h
