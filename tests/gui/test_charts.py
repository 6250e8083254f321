"""The statistics screen's line chart keeps every line inside its panel."""
from __future__ import annotations

import pygame

from tcf_gui.gui.charts import line_chart
from tcf_gui.gui.text import TextCache

BACKGROUND = (0, 0, 0)
LINE = (255, 0, 255)


def test_values_beyond_0_to_1_are_drawn_at_the_edge_not_outside_the_chart(display):
    """A score had luck been even can be below 0 or above 1 (it was drawn below the panel)."""
    surface = pygame.Surface((300, 300))
    surface.fill(BACKGROUND)
    rect = pygame.Rect(20, 100, 260, 100)
    line_chart(surface, rect, TextCache(), 12, [0.5, 0.5], None, "",
               more=[([-0.4, -0.2, 0.1], LINE), ([1.3, 1.6], LINE)])
    drawn = [(x, y) for x in range(300) for y in range(300) if surface.get_at((x, y))[:3] == LINE]
    assert drawn, "the lines were not drawn at all"
    assert all(rect.top <= y <= rect.bottom for _, y in drawn), \
        sorted({y for _, y in drawn if not rect.top <= y <= rect.bottom})
