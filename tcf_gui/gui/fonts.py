"""Fonts made once a process and shared by every screen: making a pygame Font parses its file
(SysFont looks the face up first), and each new screen asks again for the same few sizes.

A font made before ``pygame.font`` was quit is invalid after it: it is made again then.
"""
from __future__ import annotations

from typing import Callable, Hashable

import pygame

#: Fonts kept at most (sizes are few; a window resized through many starts again).
LIMIT = 512

_FONTS: dict[Hashable, pygame.font.Font] = {}


def shared_font(key: Hashable, make: Callable[[], pygame.font.Font]) -> pygame.font.Font:
    """The font ``make()`` makes, made once for ``key`` while it stays valid."""
    font = _FONTS.get(key)
    if font is not None:
        try:
            font.get_height()  # raises once the font module was quit since it was made
            return font
        except pygame.error:
            pass
    if len(_FONTS) >= LIMIT:
        _FONTS.clear()
    font = _FONTS[key] = make()
    return font
