"""Nothing on the table overlaps, at any window size: the rects of the layout checked pairwise."""
from __future__ import annotations

import itertools

import pytest

from tcf_gui.gui.layout import MIN_SIZE, Layout

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
