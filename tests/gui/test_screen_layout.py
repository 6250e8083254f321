"""Every screen at every size, from the smallest window to 4K, with the turn log shown and
hidden: each text lies inside its box, overlaps no other text, is drawn at
text_boxes.MIN_TEXT_PX or more, and has a glyph for every character."""
from __future__ import annotations

import pytest
from screen_tour import SCREENS, SIZES, text_problems


@pytest.mark.parametrize("log", [False, True], ids=["log hidden", "log shown"])
@pytest.mark.parametrize("screen", SCREENS)
def test_every_text_fits_its_box_at_every_size(screen, log, settings, clock, history):
    settings.show_log = log
    later: list = []
    try:
        manager = SCREENS[screen](settings, clock, history, later)
        found = {f"{w}x{h}": problems for w, h in SIZES
                 if (problems := text_problems(manager, (w, h)))}
    finally:
        for undo in later:
            undo()
    assert not found, "\n".join(f"{size}: {line}" for size, lines in found.items() for line in lines)
