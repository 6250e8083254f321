"""The suits stay apart for players with the common colour-vision deficiencies.

Each deck's suit colours are seen as a person with protanopia, deuteranopia or tritanopia
sees them (Machado, Oliveira and Fernandes 2009, the matrices at full severity, applied to
linear sRGB), and compared in CIELAB (CIE76 distance). Two suits drawn in different colours
must stay at least MIN_DISTANCE apart in every simulation, as they are for normal vision;
suits drawn in the same colour (the two-colour deck's red and black pairs) are told apart by
their shapes alone, and those are four different symbols on every face.
"""
from __future__ import annotations

import itertools

import numpy as np
import pytest

from tcf_gui.engine.cards import Suit
from tcf_gui.gui import palette
from tcf_gui.words.notation import SUIT_SYMBOLS

SIMULATIONS = {
    "protanopia": [[0.152286, 1.052583, -0.204868], [0.114503, 0.786281, 0.099216],
                   [-0.003882, -0.048116, 1.051998]],
    "deuteranopia": [[0.367322, 0.860646, -0.227968], [0.280085, 0.672501, 0.047413],
                     [-0.011820, 0.042940, 0.968881]],
    "tritanopia": [[1.255528, -0.076749, -0.178779], [-0.078411, 0.930809, 0.147602],
                   [0.004733, 0.691367, 0.303900]],
    "normal vision": np.eye(3).tolist(),
}
#: CIE76 distance two suit colours keep at least: about a named colour from the next one;
#: the old four-colour green came within 15.6 of the red for deuteranopia.
MIN_DISTANCE = 20.0


def linear(rgb) -> np.ndarray:
    c = np.asarray(rgb, dtype=float) / 255
    return np.where(c <= 0.04045, c / 12.92, ((c + 0.055) / 1.055) ** 2.4)


def lab(linear_rgb: np.ndarray) -> np.ndarray:
    """CIELAB (D65) of a linear sRGB colour."""
    xyz = np.array([[0.4124, 0.3576, 0.1805], [0.2126, 0.7152, 0.0722],
                    [0.0193, 0.1192, 0.9505]]) @ np.clip(linear_rgb, 0, 1)
    t = xyz / np.array([0.95047, 1.0, 1.08883])
    f = np.where(t > (6 / 29) ** 3, np.cbrt(t), t / (3 * (6 / 29) ** 2) + 4 / 29)
    return np.array([116 * f[1] - 16, 500 * (f[0] - f[1]), 200 * (f[1] - f[2])])


def seen(rgb, simulation: str) -> np.ndarray:
    return lab(np.array(SIMULATIONS[simulation]) @ linear(rgb))


def test_the_simulation_keeps_grey_grey_and_merges_red_and_green_for_deuteranopia():
    for simulation in SIMULATIONS:  # each row of each matrix sums to 1: greys are kept
        assert np.linalg.norm(seen((128, 128, 128), simulation) - lab(linear((128, 128, 128)))) < 1
    red_green = np.linalg.norm(seen((200, 60, 40), "deuteranopia") - seen((90, 140, 40), "deuteranopia"))
    assert red_green < 15 < np.linalg.norm(lab(linear((200, 60, 40))) - lab(linear((90, 140, 40))))


@pytest.mark.parametrize("simulation", SIMULATIONS)
@pytest.mark.parametrize("four_colour", [False, True], ids=["two-colour", "four-colour"])
def test_suits_of_different_colours_stay_apart(simulation, four_colour):
    for a, b in itertools.combinations(Suit, 2):
        colour_a, colour_b = palette.suit_colour(a, four_colour), palette.suit_colour(b, four_colour)
        if colour_a == colour_b:
            continue  # told apart by shape (below)
        distance = float(np.linalg.norm(seen(colour_a, simulation) - seen(colour_b, simulation)))
        assert distance >= MIN_DISTANCE, f"{a.name} and {b.name}: {distance:.1f} for {simulation}"


def test_suits_of_one_colour_have_shapes_of_their_own():
    assert len({SUIT_SYMBOLS[suit] for suit in Suit}) == len(Suit)
