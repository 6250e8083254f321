"""Every screen at every size, from the smallest window to 4K, with the turn log shown and
hidden, and in every language at 800x600 and 1920x1080: each text lies inside its box,
overlaps no other text, is drawn at text_boxes.MIN_TEXT_PX or more, is whole (wrapped or
smaller, never cut short), and has a glyph for every character; and every screen at the
largest text size (Options → Text size, 200%) at 800x600 and 1920x1080."""
from __future__ import annotations

import pytest
from screen_tour import LANGUAGE_SIZES, LANGUAGES, SCREENS, SIZES, shown, text_problems

from tcf_gui.config.settings import TEXT_SCALES
from tcf_gui.gui.layout import set_text_scale


@pytest.mark.parametrize("log", [False, True], ids=["log hidden", "log shown"])
@pytest.mark.parametrize("screen", SCREENS)
def test_every_text_fits_its_box_at_every_size(screen, log, settings, clock, history):
    settings.show_log = log
    with shown(screen, settings, clock, history) as manager:
        found = {f"{w}x{h}": problems for w, h in SIZES
                 if (problems := text_problems(manager, (w, h)))}
    assert not found, "\n".join(f"{size}: {line}" for size, lines in found.items() for line in lines)


@pytest.mark.parametrize("language", LANGUAGES)
@pytest.mark.parametrize("screen", SCREENS)
def test_every_text_fits_its_box_in_every_language(screen, language, speak, settings, clock,
                                                   history):
    speak(language)
    settings.show_log = True  # the table at its narrowest
    with shown(screen, settings, clock, history) as manager:
        found = {f"{w}x{h}": problems for w, h in LANGUAGE_SIZES
                 if (problems := text_problems(manager, (w, h)))}
    assert not found, "\n".join(f"{size}: {line}" for size, lines in found.items() for line in lines)


@pytest.fixture
def large_text():
    """The largest text size the Options offer, for one test."""
    set_text_scale(max(TEXT_SCALES))
    yield
    set_text_scale(100)


@pytest.mark.parametrize("screen", SCREENS)
def test_every_text_fits_its_box_at_the_largest_text_size(screen, large_text, settings, clock,
                                                          history):
    settings.show_log = True  # the table at its narrowest
    with shown(screen, settings, clock, history) as manager:
        found = {f"{w}x{h}": problems for w, h in LANGUAGE_SIZES
                 if (problems := text_problems(manager, (w, h)))}
    assert not found, "\n".join(f"{size}: {line}" for size, lines in found.items() for line in lines)
