"""Putting text on the desktop's clipboard with pygame-ce's own clipboard (pygame.scrap's
put_text and get_text, which go through SDL's clipboard and need no scrap.init). Where no
clipboard works (no window system, a driver without one) the caller shows the text to copy."""
from __future__ import annotations

import pygame


def copy_text(text: str) -> bool:
    """Put ``text`` on the clipboard; True only if it reads back the same."""
    try:
        pygame.scrap.put_text(text)
        return bool(pygame.scrap.get_text() == text)
    except (pygame.error, AttributeError, NotImplementedError):  # no clipboard, or too old a pygame
        return False
