"""All text reaches WCAG AA contrast (4.5:1) against what is drawn behind it."""
from __future__ import annotations

import numpy as np
import pygame
import pytest

from tcf_gui.engine.cards import Suit
from tcf_gui.gui import palette
from tcf_gui.gui.felt import felt_surface

AA = 4.5


def luminances(pixels) -> np.ndarray:
    """WCAG 2 relative luminance of each sRGB colour of an array of them (last axis RGB)."""
    c = np.asarray(pixels, dtype=float)[..., :3] / 255
    linear = np.where(c <= 0.03928, c / 12.92, ((c + 0.055) / 1.055) ** 2.4)
    return linear @ [0.2126, 0.7152, 0.0722]


def luminance(rgb) -> float:
    """WCAG 2 relative luminance of an sRGB colour."""
    return float(luminances(rgb))


def brightest_pixel(surface: pygame.Surface) -> tuple[int, ...]:
    """The pixel of highest luminance on a surface, every pixel weighed."""
    pixels = pygame.surfarray.array3d(surface).reshape(-1, 3)
    return tuple(int(c) for c in pixels[np.argmax(luminances(pixels))])


def contrast(a, b) -> float:
    light, dark = sorted((luminance(a), luminance(b)), reverse=True)
    return (light + 0.05) / (dark + 0.05)


def over(rgba, below) -> tuple[float, ...]:
    """A translucent colour laid over an opaque one."""
    alpha = rgba[3] / 255
    return tuple(alpha * top + (1 - alpha) * under for top, under in zip(rgba[:3], below))


def test_the_ratio_matches_wcags_reference_values():
    assert contrast((255, 255, 255), (0, 0, 0)) == pytest.approx(21.0)
    assert contrast((118, 118, 118), (255, 255, 255)) == pytest.approx(4.54, abs=0.01)
    assert contrast((1, 2, 3), (1, 2, 3)) == 1.0


@pytest.fixture(scope="module", params=[((1280, 720), "green"), ((1920, 1080), "green"), ((800, 500), "green"),
                                        ((1280, 720), "blue"), ((1280, 720), "burgundy"),
                                        ((1280, 720), "contrast")],
                ids=lambda param: f"{param[1]}-{param[0][0]}x{param[0][1]}")
def brightest_felt(request) -> tuple[int, ...]:
    """The brightest pixel of the lit felt with its grain, on every table colour: the worst
    place for light text."""
    size, table = request.param
    return brightest_pixel(felt_surface(size, table))


#: Colours drawn as text straight on the felt (labels, analysis rows, hints, counters).
ON_FELT = {"TEXT": palette.TEXT, "TEXT_DIM": palette.TEXT_DIM, "GOLD": palette.GOLD}
#: Colours drawn as text on the dark panels (banner, toast, help, status bar, log).
ON_PANELS = dict(ON_FELT, WIN=palette.WIN, LOSS=palette.LOSS, DRAW=palette.DRAW,
                 ACCURACY=palette.ACCURACY)


@pytest.mark.parametrize("name", ON_FELT)
def test_text_on_the_felt(name, brightest_felt):
    assert contrast(ON_FELT[name], brightest_felt) >= AA


@pytest.mark.parametrize("name", ON_PANELS)
def test_text_on_the_panels(name, brightest_felt):
    backgrounds = {
        "banner": over((*palette.BANNER, 250), brightest_felt),
        **{f"status bar ({name})": colours.status for name, colours in palette.TABLES.items()},
        "log panel": over(palette.LOG_SHADE, brightest_felt),
    }
    for where, background in backgrounds.items():
        assert contrast(ON_PANELS[name], background) >= AA, where


@pytest.mark.parametrize("fill", [palette.GOLD, palette.HIGHLIGHT])
def test_the_button_label(fill):
    assert contrast(palette.BANNER, fill) >= AA


@pytest.mark.parametrize("four_colour", [False, True])
def test_the_card_indices_on_the_card_face(four_colour):
    for suit in Suit:
        assert contrast(palette.suit_colour(suit, four_colour), palette.CARD_FACE) >= AA, suit.name



#: WCAG's enhanced contrast (AAA): what the high-contrast table gives every text on it.
AAA = 7.0


@pytest.fixture(scope="module")
def brightest_contrast_felt() -> tuple[int, ...]:
    """The brightest pixel of the high-contrast table's felt."""
    return brightest_pixel(felt_surface((1280, 720), "contrast"))


@pytest.mark.parametrize("name", ON_PANELS)
def test_the_high_contrast_table_gives_every_text_enhanced_contrast(name, brightest_contrast_felt):
    assert contrast(ON_PANELS[name], brightest_contrast_felt) >= AAA
    assert contrast(ON_PANELS[name], palette.TABLES["contrast"].status) >= AAA
