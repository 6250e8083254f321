"""A note that confirms a key or a click ("Open hands on from the next game", "Result
copied") shows where the eye is, on the table between the pile and the hand (or under the
banner), not in a corner of the status line, and for as long as it takes to read: the
same rule on the table and on the statistics screen."""
from __future__ import annotations

import pygame
import pytest
from screen_tour import drawn, shown

from tcf_gui.gui.notes import LONGEST_MS, NOTE_MS, note_ms
from tcf_gui.gui.stats.scene import StatsScene


def test_a_note_is_given_time_to_be_read():
    short, long = "Speed: fast", "Statistics reset; the old ones are kept in history-2026.sqlite"
    assert note_ms(short) == NOTE_MS
    assert NOTE_MS < note_ms(long) < LONGEST_MS
    assert note_ms(long * 10) == LONGEST_MS


@pytest.mark.parametrize("screen", ["table, a note", "table, end, a note"])
@pytest.mark.parametrize("size", [(800, 600), (1920, 1080)])
def test_a_note_shows_on_the_table_clear_of_the_banner(screen, size, settings, clock, history):
    with shown(screen, settings, clock, history) as manager:
        table = manager.stack[-1]
        message, until = table.status.note
        assert 0 < until - table.now <= note_ms(message)  # still shown, a frame or two on
        record = drawn(manager, size)
        layout = table.layout
        [note] = [box for box in record.boxes if box.container == "note"]
        ink = pygame.Rect(note.rect)
        assert note.text == message and layout.table.contains(ink)
        assert all(message not in box.text for box in record.boxes if box.container == "status bar")
        banner = table.end_panel.covered
        assert banner is None or not banner.colliderect(ink)
        if banner is None:  # over the hint, which gives it its place for the while
            assert layout.band(1).collidepoint(ink.center)
            assert table.hint() not in record.texts()


def test_the_statistics_screen_keeps_a_note_as_long(history):
    scene = StatsScene(history, (800, 600))
    message = "Replay it with: tcf-gui history --replay 12"
    scene.toast(message)
    assert scene._toast[1] - scene.now == note_ms(message)
