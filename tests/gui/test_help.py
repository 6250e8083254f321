"""H shows help on every screen, about that screen (its own title and keys), drawn over it;
any key then closes it and does nothing else."""
from __future__ import annotations

import pygame
import pytest
from screen_tour import LANGUAGES, SCREENS, drawn, key, shown

from tcf_gui.gui import text_boxes

#: The title of the help each screen shows (the main menu's Help item is the game's help).
HELP_TITLES = {
    "table": "Rules and keys", "table, mid-game": "Rules and keys", "table, coach": "Rules and keys",
    "table, coach, large index": "Rules and keys",
    "table, end": "Rules and keys", "table, straight flush": "Rules and keys", "table, a note": "Rules and keys", "menu": "Rules and keys",
    "options": "Options", "cards and table": "Cards and table", "opponent": "Opponent", "new game?": "New game?",
    "notice": "Player 2 (mine.py:choose) could not play", "statistics, empty": "Statistics",
    "statistics": "Statistics", "review": "Review", "replay": "Replay",
    "table, end of today's deal": "Rules and keys", "table, end, a note": "Rules and keys",
    "table, today's deal": "Rules and keys", "play deal number": "Play deal number", "statistics, scored": "Statistics",
    "statistics, daily deal": "Statistics",
    "spectator": "Watching two computer players",
    **{f"how to play, page {page}": "How to play" for page in range(1, 5)},
    "welcome": "Welcome to Three Card Flush", "play a friend": "Play a friend",
    "host a table": "Host a table", "join a table": "Join a table",
    "a friend's table": "A friend's table", "a friend's game over": "A friend's table",
}
#: A screen where H is a letter to type opens its help with F1.
HELP_KEYS = {"join a table": pygame.K_F1}


def help_shown(manager, size=(1280, 720)) -> list[str]:
    """The texts of the help layer drawn on top, if any."""
    with text_boxes.recording() as record:
        manager.draw(pygame.Surface(size))
    return [box.text for box in record.boxes if box.layer.endswith(":help")]


@pytest.mark.parametrize("screen", HELP_TITLES)
def test_h_shows_the_help_of_the_screen_on_top(screen, settings, clock, history):
    later: list = []
    try:
        manager = SCREENS[screen](settings, clock, history, later)
        assert help_shown(manager) == []
        manager.update(clock.now, [key(HELP_KEYS.get(screen, pygame.K_h))])
        top = manager.stack[-1]  # the main menu's H is its Help item: the game's help, menu closed
        shown = help_shown(manager)
        assert shown and shown[0] == HELP_TITLES[screen]
        assert any("F1" in text for text in shown)  # it says how it opened
        manager.update(clock.now, [key(pygame.K_ESCAPE)])  # any key closes it, and only that
        assert help_shown(manager) == [] and manager.stack[-1] is top and not top.done
    finally:
        for undo in later:
            undo()


def test_every_screen_of_the_tour_is_covered():
    assert set(SCREENS) - set(HELP_TITLES) == {"table, help"}


@pytest.mark.parametrize("language", ["en", *(code for code in LANGUAGES if code != "xx")])
def test_the_table_help_is_as_large_in_every_language_at_800x600(language, speak, settings,
                                                                  clock, history):
    """The table's help keeps its body at the table's text size less one in every shipped
    language at 800x600 (its lines closer together first): the Polish one went smaller."""
    if language != "en":
        speak(language)
    with shown("table, help", settings, clock, history) as manager:
        record = drawn(manager, (800, 600))
        body_px = manager.stack[0].layout.font_px - 1
    sizes = [box.px for box in record.boxes if box.container == "help"]
    assert min(sizes) == body_px, sorted(set(sizes))
