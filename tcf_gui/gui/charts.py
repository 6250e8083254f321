"""Small charts drawn with pygame itself: horizontal bars and a line over time with a
reference line. They draw into a rect and never look outside it."""
from __future__ import annotations

from typing import Sequence

import pygame

from tcf_gui.words.formats import percent
from tcf_gui.gui import palette
from tcf_gui.gui.text import TextCache

GRID = (70, 96, 80)


def bar_columns(rect: pygame.Rect, text: TextCache, px: int,
                rows: Sequence[tuple[str, int, palette.RGB]]) -> tuple[int, int]:
    """How wide the labels' column and the longest bar are, for ``rows`` in ``rect``: the
    labels as wide as the widest, the counts after the bars as wide as the widest count,
    and the bars what is left."""
    label_w = max(text.size(label, px)[0] for label, _, _ in rows) + px
    count_w = max(text.size(str(count), px)[0] for _, count, _ in rows) + px // 2
    return label_w, max(1, rect.width - label_w - count_w - px // 2)


def bar_chart(surface: pygame.Surface, rect: pygame.Rect, text: TextCache, px: int,
              rows: Sequence[tuple[str, int, palette.RGB]]) -> None:
    """One bar per (label, count, colour), the longest bar the largest count."""
    if not rows:
        return
    line_h = rect.height // len(rows)
    label_w, bar_room = bar_columns(rect, text, px, rows)
    most = max((count for _, count, _ in rows), default=0) or 1
    bar_h = max(3, int(line_h * 0.56))
    for i, (label, count, colour) in enumerate(rows):
        mid = rect.top + i * line_h + line_h // 2
        text.blit(surface, label, px, palette.TEXT_DIM, shadow=False, midleft=(rect.left, mid))
        width = round(bar_room * count / most)
        if width:
            pygame.draw.rect(surface, colour, (rect.left + label_w, mid - bar_h // 2, width, bar_h),
                             border_radius=2)
        text.blit(surface, str(count), px, palette.TEXT, shadow=False,
                  midleft=(rect.left + label_w + width + px // 2, mid))


def line_chart(surface: pygame.Surface, rect: pygame.Rect, text: TextCache, px: int,
               values: Sequence[float | None], reference: float | None, reference_label: str,
               colour: palette.RGB = palette.TEXT,
               more: Sequence[tuple[Sequence[float | None], palette.RGB]] = ()) -> None:
    """Values from 0 to 1 left to right across ``rect``, with gridlines at 0, 50 and 100%
    and an optional dashed reference line; ``more`` lines of as many values beside them. A
    value None leaves a gap; one beyond 0-1 (a score had luck been even can be below 0) is
    drawn at the edge it passes."""
    axis_w = max(text.size(percent(level, 0), px)[0] for level in (0.0, 0.5, 1.0)) + px // 2
    plot = pygame.Rect(rect.left + axis_w, rect.top + px // 2, rect.width - axis_w,
                       rect.height - px)
    for level in (0.0, 0.5, 1.0):
        y = _y(plot, level)
        pygame.draw.line(surface, GRID, (plot.left, y), (plot.right, y))
        text.blit(surface, percent(level, 0), px, palette.TEXT_DIM, shadow=False,
                  midright=(plot.left - px // 3, y))
    for series, tint in ((values, colour), *more):
        _line(surface, plot, series, tint)
    if reference is not None:  # over the values, its label on a patch of the panel's colour
        y = _y(plot, reference)
        dash = max(4, px // 2)
        for x in range(plot.left, plot.right, 2 * dash):
            pygame.draw.line(surface, palette.GOLD, (x, y), (min(x + dash, plot.right), y), 2)
        label = text.render(reference_label, px, palette.GOLD, shadow=False)
        where = label.get_rect(bottomright=(plot.right, y - 3))
        pygame.draw.rect(surface, palette.BANNER, where.inflate(px // 2, 2))
        surface.blit(label, where)


def _line(surface: pygame.Surface, plot: pygame.Rect, values: Sequence[float | None],
          colour: palette.RGB) -> None:
    """One series across ``plot``: its runs of values as lines, a lone value as a dot."""
    step = plot.width / (len(values) - 1) if len(values) > 1 else 0.0
    run: list[tuple[float, int]] = []
    for i, value in enumerate([*values, None]):
        if value is not None:
            x = plot.left + i * step if len(values) > 1 else plot.centerx
            run.append((x, _y(plot, value)))
            continue
        if len(run) == 1:
            pygame.draw.circle(surface, colour, (round(run[0][0]), run[0][1]), 3)
        elif run:
            pygame.draw.lines(surface, colour, False, run, 2)
        run = []


def _y(plot: pygame.Rect, value: float) -> int:
    return round(plot.bottom - min(1.0, max(0.0, value)) * plot.height)
