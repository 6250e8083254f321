"""Where text lands on screen: the boxes every screen draws text into, for layout checks.

Drawing code says which box its text belongs in (``with inside("status", rect):``) and when
what follows covers what was drawn before (``new_layer("menu")``: a menu, a dialog, the
help). Every text drawn through a TextCache is reported here. Nothing is kept unless a
check is recording (``with recording() as record:``), so the window pays only a list push
per box.

A check (:func:`problems`) then asks, for every box of text: does it lie inside its
container (and the screen), is it drawn at least ``MIN_TEXT_PX``, does every character have
a glyph, does it overlap no other text of its layer, and is it whole (not cut short with an
ellipsis to fit)? The same record serves translation checks: ``record.texts()`` is
everything a player could read on that screen.
"""
from __future__ import annotations

import itertools
from contextlib import contextmanager
from dataclasses import dataclass, field
from typing import Iterator

import pygame

#: The smallest text drawn anywhere, in pixels of font size.
MIN_TEXT_PX = 12


@dataclass(frozen=True)
class TextBox:
    """One piece of text as drawn: its words, its ink's rect, its size, and where it belongs."""

    text: str
    rect: tuple[int, int, int, int]
    px: int
    container: str
    bounds: tuple[int, int, int, int]
    layer: str
    missing: str = ""
    """Characters no face of the game draws (shown as empty boxes)."""


@dataclass
class TextRecord:
    """The text boxes drawn while recording, in drawing order."""

    boxes: list[TextBox] = field(default_factory=list)
    layer: str = "0:screen"
    layers: int = 1
    cut: dict[str, str] = field(default_factory=dict)
    """Texts cut short with an ellipsis to fit (TextCache.elide), each with the whole text."""

    def texts(self) -> list[str]:
        return [box.text for box in self.boxes]


_record: TextRecord | None = None
#: The containers entered and not yet left, innermost last (kept while not recording too,
#: so that ``inside`` blocks nest the same way whether or not a check listens).
_stack: list[tuple[str, pygame.Rect]] = []


@contextmanager
def recording() -> Iterator[TextRecord]:
    """Record every text box drawn in this block."""
    global _record
    outer, _record = _record, TextRecord()
    try:
        yield _record
    finally:
        _record = outer


@contextmanager
def inside(name: str, rect: pygame.Rect) -> Iterator[None]:
    """The text drawn in this block belongs inside ``rect`` (called ``name`` in reports)."""
    _stack.append((name, pygame.Rect(rect)))
    try:
        yield
    finally:
        _stack.pop()


def new_layer(name: str) -> None:
    """What is drawn from now on lies over what was drawn before (text under it is hidden)."""
    if _record is not None:
        _record.layer = f"{_record.layers}:{name}"
        _record.layers += 1


def recording_now() -> bool:
    """True while a check records (the text cache then measures the ink of what it draws)."""
    return _record is not None


def report_cut(shown: str, whole: str) -> None:
    """``whole`` did not fit: ``shown`` is what is left of it, ending in an ellipsis."""
    if _record is not None:
        _record.cut[shown] = whole


def report(text: str, ink: pygame.Rect, px: int, screen: pygame.Rect, missing: str = "") -> None:
    """A text was drawn with its ink in ``ink`` at ``px`` pixels on a surface of ``screen``;
    ``missing``: its characters that no face draws."""
    if _record is None or not text.strip():
        return
    name, bounds = _stack[-1] if _stack else ("screen", screen)
    clip = bounds.clip(screen)
    _record.boxes.append(TextBox(text, (ink.x, ink.y, ink.w, ink.h), px, name,
                                 (clip.x, clip.y, clip.w, clip.h), _record.layer, missing))


def problems(record: TextRecord, min_px: int = MIN_TEXT_PX) -> list[str]:
    """What is wrong with the text of a screen: text outside its container, text smaller
    than ``min_px``, texts of one layer that overlap, and text cut short with an ellipsis
    (words must wrap or shrink instead). Empty when all is well."""
    found = []
    for box in record.boxes:
        if box.text in record.cut:
            found.append(f"{record.cut[box.text]!r} is cut short to {box.text!r}")
        ink, bounds = pygame.Rect(box.rect), pygame.Rect(box.bounds)
        if not bounds.contains(ink):
            found.append(f"{box.text!r} at {tuple(ink)} leaves its box {box.container} {tuple(bounds)}")
        if box.px < min_px:
            found.append(f"{box.text!r} is drawn at {box.px} px, under {min_px}")
        if box.missing:
            found.append(f"{box.text!r} shows {box.missing!r} as empty boxes (no face has them)")
    for a, b in itertools.combinations(record.boxes, 2):
        if a.layer == b.layer and pygame.Rect(a.rect).colliderect(b.rect):
            found.append(f"{a.text!r} ({a.container}) overlaps {b.text!r} ({b.container})")
    return found
