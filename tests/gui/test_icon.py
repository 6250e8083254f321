"""The window icon: 64x64 with transparent corners, a fan of red hearts on felt."""
from __future__ import annotations

import pygame
import pytest

from dev_tools import load_tool
from tcf_gui.gui import palette
from tcf_gui.system.resources import asset_path

make_icon = load_tool("make_assets").make_icon


@pytest.fixture(params=["shipped", "made"])
def icon(request) -> pygame.Surface:
    if request.param == "made":
        return make_icon()
    with asset_path("icon.png") as path:
        return pygame.image.load(str(path))


def _pixels(surface: pygame.Surface):
    width, height = surface.get_size()
    return [surface.get_at((x, y)) for y in range(height) for x in range(width)]


def test_icon_is_64_square_with_clear_corners(icon):
    assert icon.get_size() == (64, 64)
    assert icon.get_flags() & pygame.SRCALPHA or icon.get_alpha() is not None
    for corner in ((0, 0), (63, 0), (0, 63), (63, 63)):
        assert icon.get_at(corner).a == 0
    assert icon.get_at((32, 2)).a == 255


def test_icon_shows_felt_cards_and_red_hearts(icon):
    pixels = _pixels(icon)
    assert len({tuple(p) for p in pixels}) > 50, "the icon is blank"

    def near(colour, target, slack=40):
        return colour.a == 255 and all(abs(c - t) <= slack for c, t in zip(colour[:3], target))

    felt = sum(near(p, palette.FELT) for p in pixels)
    card = sum(near(p, palette.CARD_FACE, 12) for p in pixels)
    red = sum(near(p, palette.RED, 50) for p in pixels)
    assert felt > 64 * 64 // 10
    assert card > 64 * 64 // 10
    assert red >= 20  # the ace's big heart alone is bigger than this
