"""Nothing on the table overlaps, at any window size: the rects of the layout checked pairwise;
and the window opens within the desktop."""
from __future__ import annotations

import itertools
import os

import pytest

from tcf_gui.gui import window
from tcf_gui.gui.layout import MIN_SIZE, Layout, fit_to_desktop

SIZES = [MIN_SIZE, (1024, 640), (1280, 720), (1366, 768), (1920, 1080), (2560, 1440), (900, 1000)]


@pytest.mark.parametrize("size", SIZES)
@pytest.mark.parametrize("log_open", [False, True])
def test_the_tables_parts_never_overlap(size, log_open):
    layout = Layout(*size, log_open=log_open)
    parts = {
        "deck": layout.deck, "discard": layout.discard, "seen": layout.seen,
        "menu": layout.menu_button, "hand1": layout.hand_span(1).union(layout.hand_span(1).move(0, -layout.lift)),
        "hand2": layout.hand_span(2), "analysis1": layout.analysis_line(1).clip(layout.hand_span(1)),
    }
    for name, rect in parts.items():
        assert layout.table.contains(rect), name
    for (a, ra), (b, rb) in itertools.combinations(parts.items(), 2):
        assert not ra.colliderect(rb), (a, b)
    assert layout.seen.width >= 5 * layout.font_px  # room for a suit chip, some ranks, a count


@pytest.mark.parametrize("size", SIZES)
def test_the_banner_leaves_both_analysis_lines_free(size):
    layout = Layout(*size)
    for player in (1, 2):
        line = layout.analysis_line(player)
        text_band = line.inflate(0, -line.height // 3)  # the text itself, not its padding
        assert not layout.banner.colliderect(text_band), player


@pytest.mark.parametrize("size, desktop, opened", [
    ((1280, 720), (1920, 1080), (1280, 720)),   # room enough: as asked
    ((1280, 720), (1024, 700), (921, 630)),     # a small screen: 90% of it each way
    ((1280, 720), (1366, 768), (1229, 691)),    # a common laptop
    ((2400, 1400), (1920, 1080), (1728, 972)),  # a size saved on a larger screen
    ((1280, 720), (800, 480), MIN_SIZE),        # never below the smallest the table lays out
    ((1280, 720), None, (1280, 720)),           # desktop unknown
])
def test_the_window_opens_within_the_desktop(size, desktop, opened):
    assert fit_to_desktop(size, desktop) == opened


def test_the_window_that_opens_fits_a_small_desktop(monkeypatch):
    from tcf_gui.gui import app

    monkeypatch.setattr(app, "desktop_sizes", lambda: [(1024, 700)])
    assert app.open_window("fits", (1280, 720)).get_size() == (921, 630)


def test_under_a_driver_without_a_desktop_the_size_is_not_fitted():
    from tcf_gui.gui import app

    assert app.desktop_sizes() is None  # the dummy driver makes up a 1024x768 desktop


@pytest.mark.parametrize("pos, desktops, shows", [
    ((100, 80), [(1024, 700)], True),
    ((5000, 4000), [(1024, 700)], False),          # saved on a monitor unplugged since
    ((1000, 100), [(1024, 700)], False),           # less than the corner left to grab
    ((2500, 100), [(1920, 1080), (1920, 1080)], True),   # on the second of two
    ((-1500, 100), [(1920, 1080), (1920, 1080)], True),  # ... which may lie left of the first
    ((-1500, 100), [(1920, 1080)], False),
    ((100, -40), [(1024, 700)], False),            # its top above the screen: no title bar
])
def test_a_saved_place_is_kept_only_where_the_window_shows(pos, desktops, shows):
    assert window.shows_on(pos, (921, 630), desktops) is shows


def test_a_saved_place_off_the_desktops_is_forgotten_and_the_window_centred(monkeypatch):
    from tcf_gui.gui import app

    monkeypatch.delenv(window.POS_ENV, raising=False)
    monkeypatch.setattr(window, "_place", window._Place())
    monkeypatch.setattr(app, "desktop_sizes", lambda: [(1024, 700)])
    window.place_next_window([5000, 4000])
    assert os.environ[window.POS_ENV] == "5000,4000"
    app.open_window("placed", (1280, 720))
    assert window.POS_ENV not in os.environ and window._place.requested is None
    window.place_next_window([50, 40])
    app.open_window("placed", (1280, 720))
    assert os.environ[window.POS_ENV] == "50,40" and window._place.requested == (50, 40)
    monkeypatch.delenv(window.POS_ENV)
