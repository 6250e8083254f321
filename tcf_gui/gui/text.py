"""Fonts and rendered text, cached by size: text is drawn once and blitted many times.

Text is set in the system's sans (mono for the turn log). A character that face lacks (the
suit symbols ♠♥♦♣ in pygame's own font, which SysFont falls back to when no named face
is installed) is drawn in the face the game ships, DejaVu Serif Condensed Bold, on the same
baseline, so "10♠" never shows an empty box. Every text drawn is reported to
tcf_gui.gui.text_boxes, where layout checks read it.
"""
from __future__ import annotations

import io
import re
from collections import OrderedDict
from functools import lru_cache

import pygame

from tcf_gui.system.resources import read_asset_bytes
from tcf_gui.gui import palette, text_boxes
from tcf_gui.gui.fonts import shared_font
from tcf_gui.gui.text_boxes import MIN_TEXT_PX

#: Sans for everything, mono for the turn log (hand-rep lines line up in columns).
_SANS = "dejavusans,notosans,liberationsans,arial,helvetica"
_MONO = "dejavusansmono,notosansmono,liberationmono,couriernew,monospace"
#: The shipped face that has every glyph the game writes.
FALLBACK_FACE = "DejaVuSerifCondensed-Bold.ttf"
#: A character no face has: what a missing glyph looks like in a face.
_NO_GLYPH = "\uffff"
ELLIPSIS = "…"

Colour = palette.RGB

#: The words of a line for wrapping; a card of hand-rep, "(Q . H)", is one word.
_WORD = re.compile(r"\(*\(\S+ \. \S\)\)*|\S+")
#: Where a line of parts (a status line) may be shortened: at its dots with two spaces or
#: more each side, "  ·  " (the score's "3 W · 1 L" holds together).
_PARTS = re.compile(r"(\s{2,}·\s{2,})")


@lru_cache(maxsize=1)
def _fallback_data() -> bytes | None:
    try:
        return read_asset_bytes(FALLBACK_FACE)
    except OSError:
        return None


def _glyph(font: pygame.font.Font, char: str) -> bytes:
    surface = font.render(char, False, (255, 255, 255))
    return bytes(surface.get_size()) + pygame.image.tobytes(surface, "RGBA")


class TextCache:
    """Renders text surfaces on demand and keeps the most recent few hundred."""

    def __init__(self, limit: int = 400) -> None:
        self._fonts: dict[tuple[int, bool, bool], pygame.font.Font] = {}
        self._fallbacks: dict[int, pygame.font.Font | None] = {}
        self._has: dict[tuple[int, bool, bool, str], bool] = {}
        self._sizes: dict[tuple[str, int, bool, bool], tuple[int, int]] = {}
        self._missing: dict[tuple[str, int, bool, bool], str] = {}
        self._surfaces: OrderedDict[tuple, pygame.Surface] = OrderedDict()
        self._limit = limit

    def font(self, px: int, *, bold: bool = False, mono: bool = False) -> pygame.font.Font:
        key = (px, bold, mono)
        font = self._fonts.get(key)
        if font is None:
            font = shared_font(("system", *key),
                               lambda: pygame.font.SysFont(_MONO if mono else _SANS, px, bold=bold))
            self._fonts[key] = font
        return font

    # -- faces for each character ---------------------------------------------------------
    def _fallback(self, px: int) -> pygame.font.Font | None:
        if px not in self._fallbacks:
            data = _fallback_data()
            try:  # pygame keeps a reference to the file object while the font lives
                self._fallbacks[px] = shared_font(
                    ("fallback", px), lambda: pygame.font.Font(io.BytesIO(data), px)) if data else None
            except (pygame.error, OSError):
                self._fallbacks[px] = None
        return self._fallbacks[px]

    def has_glyph(self, char: str, px: int, *, bold: bool = False, mono: bool = False) -> bool:
        """True when the face of (px, bold, mono) draws ``char`` (ASCII always)."""
        if char.isascii():
            return True
        key = (px, bold, mono, char)
        if key not in self._has:
            font = self.font(px, bold=bold, mono=mono)
            self._has[key] = _glyph(font, char) != _glyph(font, _NO_GLYPH)
        return self._has[key]

    def missing_glyphs(self, text: str, px: int, *, bold: bool = False, mono: bool = False) -> str:
        """The characters of ``text`` that neither the system's face nor the shipped one
        draws (they would show as empty boxes)."""
        key = (text, px, bold, mono)
        if key not in self._missing:
            if len(self._missing) > 20 * self._limit:
                self._missing.clear()
            self._missing[key] = self._find_missing(text, px, bold, mono)
        return self._missing[key]

    def _find_missing(self, text: str, px: int, bold: bool, mono: bool) -> str:
        fallback = self._fallback(px)
        missing = ""
        for char in dict.fromkeys(text):
            if char.isspace() or self.has_glyph(char, px, bold=bold, mono=mono):
                continue
            if fallback is None or _glyph(fallback, char) == _glyph(fallback, _NO_GLYPH):
                missing += char
        return missing

    def runs(self, text: str, px: int, *, bold: bool = False,
             mono: bool = False) -> list[tuple[str, pygame.font.Font]]:
        """``text`` cut into runs of one face each: the system's, or the shipped one where
        the system's lacks a glyph."""
        main = self.font(px, bold=bold, mono=mono)
        fallback = None if text.isascii() else self._fallback(px)
        if fallback is None:
            return [(text, main)]
        runs: list[tuple[str, pygame.font.Font]] = []
        for char in text:
            font = main
            if not self.has_glyph(char, px, bold=bold, mono=mono):
                font = fallback
            if runs and runs[-1][1] is font:
                runs[-1] = (runs[-1][0] + char, font)
            else:
                runs.append((char, font))
        return runs

    def size(self, text: str, px: int, *, bold: bool = False, mono: bool = False) -> tuple[int, int]:
        """The (width, height) ``text`` takes at ``px``, as render draws it."""
        key = (text, px, bold, mono)
        size = self._sizes.get(key)
        if size is None:
            if len(self._sizes) > 20 * self._limit:  # measuring many texts once: start again
                self._sizes.clear()
            sizes = [font.size(run) for run, font in self.runs(text, px, bold=bold, mono=mono)]
            size = self._sizes[key] = (sum(w for w, _ in sizes), max(h for _, h in sizes))
        return size

    def _face(self, text: str, px: int, colour: Colour, bold: bool, mono: bool) -> pygame.Surface:
        """The text in one colour, each run in its face, all on one baseline."""
        runs = self.runs(text, px, bold=bold, mono=mono)
        if len(runs) <= 1:
            return self.font(px, bold=bold, mono=mono).render(text, True, colour)
        pictures = [(font.render(run, True, colour), font.get_ascent()) for run, font in runs]
        ascent = max(a for _, a in pictures)
        height = max(ascent - a + p.get_height() for p, a in pictures)
        face = pygame.Surface((sum(p.get_width() for p, _ in pictures), height), pygame.SRCALPHA)
        x = 0
        for picture, run_ascent in pictures:
            face.blit(picture, (x, ascent - run_ascent))
            x += picture.get_width()
        return face

    # -- drawing ---------------------------------------------------------------------------
    def render(self, text: str, px: int, colour: Colour = palette.TEXT, *, bold: bool = False,
               mono: bool = False, shadow: bool = True) -> pygame.Surface:
        """The text as a surface with per-pixel alpha (and a soft drop shadow on the felt)."""
        key = (text, px, colour, bold, mono, shadow)
        surface = self._surfaces.get(key)
        if surface is not None:
            self._surfaces.move_to_end(key)
            return surface
        face = self._face(text, px, colour, bold, mono)
        if shadow:
            offset = self.shadow_offset(px)
            surface = pygame.Surface((face.get_width() + offset, face.get_height() + offset),
                                     pygame.SRCALPHA)
            dark = self._face(text, px, palette.SHADOW, bold, mono)
            dark.set_alpha(150)
            surface.blit(dark, (offset, offset))
            surface.blit(face, (0, 0))
        else:
            surface = face.convert_alpha() if pygame.display.get_surface() else face
        self._surfaces[key] = surface
        if len(self._surfaces) > self._limit:
            self._surfaces.popitem(last=False)
        return surface

    @staticmethod
    def shadow_offset(px: int) -> int:
        return max(1, px // 14)

    def blit(self, target: pygame.Surface, text: str, px: int, colour: Colour = palette.TEXT,
             *, bold: bool = False, mono: bool = False, shadow: bool = True,
             **anchor: tuple[int, int]) -> pygame.Rect:
        """Draw text placed by one rect anchor, e.g. ``midleft=(x, y)``; returns its rect."""
        surface = self.render(text, px, colour, bold=bold, mono=mono, shadow=shadow)
        rect = surface.get_rect(**anchor)
        target.blit(surface, rect)
        self.report(text, surface, rect, px, target, shadow=shadow, bold=bold, mono=mono)
        return rect

    def report(self, text: str, surface: pygame.Surface, rect: pygame.Rect, px: int,
               target: pygame.Surface, *, shadow: bool = False, bold: bool = False,
               mono: bool = False) -> None:
        """Tell a layout check where ``surface`` (``text`` rendered at ``px``) went: its ink,
        not its padding or shadow. For text drawn with ``render`` and blitted by hand."""
        if not text_boxes.recording_now():
            return
        ink = surface.get_bounding_rect()
        if shadow:  # the face's own ink, without the shadow's offset
            offset = self.shadow_offset(px)
            ink.width, ink.height = max(0, ink.width - offset), max(0, ink.height - offset)
        text_boxes.report(text, ink.move(rect.topleft), px, target.get_rect(),
                          self.missing_glyphs(text, px, bold=bold, mono=mono))

    # -- measuring -------------------------------------------------------------------------
    def fit(self, text: str, px: int, width: int, *, bold: bool = False, mono: bool = False,
            least: int = MIN_TEXT_PX) -> int:
        """The largest size from ``px`` down to ``least`` at which ``text`` fits ``width``
        pixels (``least`` when none does)."""
        while px > least and self.size(text, px, bold=bold, mono=mono)[0] > width:
            px -= 1
        return px

    def line_height(self, px: int, *, bold: bool = False) -> int:
        """The step from one line of text to the next at ``px``: the face's line spacing and
        room for accents over capitals (Ŕ, Ŵ)."""
        return self.font(px, bold=bold).get_linesize() + px // 6

    def fit_lines(self, text: str, px: int, width: int, lines: int, *, bold: bool = False,
                  least: int = MIN_TEXT_PX) -> tuple[int, list[str]]:
        """The largest size from ``px`` down to ``least`` at which ``text`` fits ``width``
        on at most ``lines`` lines, wrapped at spaces, and those lines (at ``least``, as
        many lines as it takes)."""
        while True:
            wrapped = self.wrap(text, px, width, bold=bold, indent="")
            if len(wrapped) <= lines and all(self.size(line, px, bold=bold)[0] <= width
                                             for line in wrapped) or px <= least:
                return px, wrapped
            px -= 1

    def label(self, target: pygame.Surface, text: str, px: int, rect: pygame.Rect, width: int,
              colour: Colour) -> None:
        """A button's label, bold, centred in ``rect``: on one line ``width`` pixels wide,
        smaller if it must be, else on two lines where the button is tall enough for them
        (cut short only when neither fits)."""
        size = self.fit(text, px, width, bold=True)
        lines = [text]
        if self.size(text, size, bold=True)[0] > width:
            two_px, wrapped = self.fit_lines(text, px, width, 2, bold=True)
            step = self.line_height(two_px, bold=True)
            if len(wrapped) == 2 and 2 * step <= rect.height:
                size, lines = two_px, wrapped
            else:
                lines = [self.elide(text, size, width, bold=True)]
        step = self.line_height(size, bold=True)
        top = rect.centery - step * len(lines) // 2
        for i, line in enumerate(lines):
            self.blit(target, line, size, colour, bold=True, shadow=False,
                      center=(rect.centerx, top + step * i + step // 2))

    def leave_off(self, text: str, px: int, width: int, *, bold: bool = False,
                  mono: bool = False) -> str:
        """``text`` with its last parts (between "  ·  " dots) left off until it fits ``width``
        pixels at ``px``: whole parts go, no word is cut (the first part stays whole)."""
        parts = _PARTS.split(text)  # part, dots, part, dots, ...
        while len(parts) > 1 and self.size("".join(parts), px, bold=bold, mono=mono)[0] > width:
            del parts[-2:]
        return "".join(parts)

    def elide(self, text: str, px: int, width: int, *, bold: bool = False, mono: bool = False) -> str:
        """``text`` cut short with '…' to fit ``width`` pixels at ``px`` (whole if it fits)."""
        if self.size(text, px, bold=bold, mono=mono)[0] <= width:
            return text
        low, high = 0, len(text)
        while low < high:  # the longest start that fits with the ellipsis
            mid = (low + high + 1) // 2
            if self.size(text[:mid].rstrip() + ELLIPSIS, px, bold=bold, mono=mono)[0] <= width:
                low = mid
            else:
                high = mid - 1
        shown = text[:low].rstrip() + ELLIPSIS
        text_boxes.report_cut(shown, text)
        return shown

    def wrap(self, text: str, px: int, width: int, *, mono: bool = False, bold: bool = False,
             indent: str = "    ") -> list[str]:
        """``text`` broken at spaces into lines ``width`` pixels wide at most (a word longer
        than a line stays whole); lines after the first are indented, leading spaces kept."""
        lead = text[: len(text) - len(text.lstrip())]
        lines: list[str] = []
        line = ""
        for word in _WORD.findall(text):
            trial = f"{line} {word}" if line else lead + word
            if line and self.size(trial, px, mono=mono, bold=bold)[0] > width:
                lines.append(line)
                line = indent + word
            else:
                line = trial
        lines.append(line)
        return lines
