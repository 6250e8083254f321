"""Short notes that confirm what a key or a click did ("Result copied", "Speed: fast"): how
long one shows and the pill it shows on, where the eye is (the table's middle, the
statistics screen's foot), the same on every screen."""
from __future__ import annotations

import pygame

from tcf_gui.gui import palette
from tcf_gui.gui.text import TextCache
from tcf_gui.gui.text_boxes import inside, new_layer

NOTE_MS = 2600
"""The least time a note shows (ms)."""
MS_PER_CHARACTER = 60
"""Reading time a character: about 15 characters a second, a slow reader's pace."""
FIND_MS = 1200
"""Time to see that a note came, before reading it."""
LONGEST_MS = 7000
"""The most time a note shows: a long one is read once, not waited for."""


def note_ms(message: str) -> int:
    """How long ``message`` shows: time to find it and read it, at least NOTE_MS."""
    return max(NOTE_MS, min(LONGEST_MS, FIND_MS + MS_PER_CHARACTER * len(message)))


def draw_note(surface: pygame.Surface, text: TextCache, message: str, px: int,
              room: pygame.Rect, centre_y: int) -> pygame.Rect:
    """``message`` in bold on a dark pill, centred across ``room`` at ``centre_y`` (kept
    inside ``room``), smaller if it must be to fit its width; returns the pill."""
    width = room.width - 2 * px
    size = text.fit(message, px, width, bold=True)
    words = text.elide(message, size, width, bold=True)
    rect = pygame.Rect((0, 0), text.size(words, size, bold=True))
    pill = rect.inflate(px * 2, px)
    pill.center = (room.centerx, centre_y)
    pill.clamp_ip(room)
    rect.center = pill.center
    new_layer("note")
    pygame.draw.rect(surface, palette.BANNER, pill, border_radius=pill.height // 2)
    pygame.draw.rect(surface, palette.GOLD, pill, width=1, border_radius=pill.height // 2)
    with inside("note", pill):
        text.blit(surface, words, size, palette.GOLD, bold=True, shadow=False, center=rect.center)
    return pill
