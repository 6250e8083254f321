"""Fonts and rendered text, cached by size: text is drawn once and blitted many times."""
from __future__ import annotations

import re
from collections import OrderedDict

import pygame

from . import palette

#: Sans for everything, mono for the turn log (hand-rep lines line up in columns).
_SANS = "dejavusans,notosans,liberationsans,arial,helvetica"
_MONO = "dejavusansmono,notosansmono,liberationmono,couriernew,monospace"

Colour = palette.RGB

#: The words of a line for wrapping; a card of hand-rep, "(Q . H)", is one word.
_WORD = re.compile(r"\(*\(\S+ \. \S\)\)*|\S+")


class TextCache:
    """Renders text surfaces on demand and keeps the most recent few hundred."""

    def __init__(self, limit: int = 400) -> None:
        self._fonts: dict[tuple[int, bool, bool], pygame.font.Font] = {}
        self._surfaces: OrderedDict[tuple, pygame.Surface] = OrderedDict()
        self._limit = limit

    def font(self, px: int, *, bold: bool = False, mono: bool = False) -> pygame.font.Font:
        key = (px, bold, mono)
        font = self._fonts.get(key)
        if font is None:
            font = pygame.font.SysFont(_MONO if mono else _SANS, px, bold=bold)
            self._fonts[key] = font
        return font

    def render(self, text: str, px: int, colour: Colour = palette.TEXT, *, bold: bool = False,
               mono: bool = False, shadow: bool = True) -> pygame.Surface:
        """The text as a surface with per-pixel alpha (and a soft drop shadow on the felt)."""
        key = (text, px, colour, bold, mono, shadow)
        surface = self._surfaces.get(key)
        if surface is not None:
            self._surfaces.move_to_end(key)
            return surface
        font = self.font(px, bold=bold, mono=mono)
        face = font.render(text, True, colour)
        if shadow:
            offset = max(1, px // 14)
            surface = pygame.Surface((face.get_width() + offset, face.get_height() + offset),
                                     pygame.SRCALPHA)
            dark = font.render(text, True, palette.SHADOW)
            dark.set_alpha(150)
            surface.blit(dark, (offset, offset))
            surface.blit(face, (0, 0))
        else:
            surface = face.convert_alpha() if pygame.display.get_surface() else face
        self._surfaces[key] = surface
        if len(self._surfaces) > self._limit:
            self._surfaces.popitem(last=False)
        return surface

    def blit(self, target: pygame.Surface, text: str, px: int, colour: Colour = palette.TEXT,
             *, bold: bool = False, mono: bool = False, shadow: bool = True,
             **anchor: tuple[int, int]) -> pygame.Rect:
        """Draw text placed by one rect anchor, e.g. ``midleft=(x, y)``; returns its rect."""
        surface = self.render(text, px, colour, bold=bold, mono=mono, shadow=shadow)
        rect = surface.get_rect(**anchor)
        target.blit(surface, rect)
        return rect

    def fit(self, text: str, px: int, width: int, *, bold: bool = False, mono: bool = False) -> int:
        """The largest size up to ``px`` at which ``text`` fits ``width`` pixels."""
        while px > 10 and self.font(px, bold=bold, mono=mono).size(text)[0] > width:
            px -= 1
        return px

    def wrap(self, text: str, px: int, width: int, *, mono: bool = False, indent: str = "    ") -> list[str]:
        """``text`` broken at spaces into lines ``width`` pixels wide at most (a word longer
        than a line stays whole); lines after the first are indented, leading spaces kept."""
        font = self.font(px, mono=mono)
        lead = text[: len(text) - len(text.lstrip())]
        lines: list[str] = []
        line = ""
        for word in _WORD.findall(text):
            trial = f"{line} {word}" if line else lead + word
            if line and font.size(trial)[0] > width:
                lines.append(line)
                line = indent + word
            else:
                line = trial
        lines.append(line)
        return lines
