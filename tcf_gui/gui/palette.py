"""The game's colours (RGB tuples) and the suit colours of the two- and four-colour decks.

Every text colour reaches WCAG AA (4.5:1) against what it is drawn on, the brightest spot of
the lit felt included: tests/gui/test_contrast.py computes the ratios. A new text colour or
text background belongs in that test too.
"""
from __future__ import annotations

from dataclasses import dataclass

from tcf_gui.engine.cards import Suit

RGB = tuple[int, int, int]

# The table.
FELT: RGB = (21, 94, 58)
FELT_DARK: RGB = (12, 62, 37)
FELT_LIGHT: RGB = (24, 92, 60)
#: The status bar under the table, and the shade laid over the felt behind the turn log.
STATUS_BAR: RGB = (8, 34, 20)
LOG_SHADE = (0, 0, 0, 120)


@dataclass(frozen=True)
class TableColours:
    """A table's felt: its dark edge, its lit middle, and the status bar under it."""

    dark: RGB
    light: RGB
    status: RGB


#: The table colours of tcf_gui.config.card_sets.TABLES (green is the felt above).
TABLES: dict[str, TableColours] = {
    "green": TableColours(FELT_DARK, FELT_LIGHT, STATUS_BAR),
    "blue": TableColours((10, 34, 66), (26, 66, 116), (6, 20, 40)),
    "burgundy": TableColours((54, 12, 22), (104, 30, 44), (32, 8, 14)),
    # High contrast: black felt with no light in its middle, so that every text and card
    # edge stands on the darkest ground there is (tests/gui/test_contrast.py).
    "contrast": TableColours((0, 0, 0), (6, 6, 6), (0, 0, 0)),
}

TEXT: RGB = (240, 236, 222)
TEXT_DIM: RGB = (204, 220, 208)
GOLD: RGB = (240, 206, 120)
SHADOW: RGB = (0, 0, 0)
HIGHLIGHT: RGB = (255, 226, 120)
BANNER: RGB = (32, 26, 20)
WIN: RGB = (120, 214, 120)
LOSS: RGB = (240, 124, 112)
DRAW: RGB = (210, 200, 150)
#: The skill score's accuracy on the statistics screen's chart (the win rate is WIN).
ACCURACY: RGB = (140, 196, 250)
EVEN_LUCK: RGB = (240, 170, 96)
"""The statistics' record had luck been even."""

# The cards.
CARD_FACE: RGB = (252, 250, 243)
CARD_EDGE: RGB = (150, 146, 136)
COURT_PANEL: RGB = (250, 241, 214)
COURT_GOLD: RGB = (206, 160, 52)
BACK: RGB = (24, 48, 112)
BACK_LIGHT: RGB = (74, 110, 186)
BACK_ACCENT: RGB = (214, 184, 108)
SLOT_LINE: RGB = (196, 226, 204)

RED: RGB = (200, 22, 38)
BLACK: RGB = (24, 24, 28)
# The four-colour deck's green and blue stay apart from the red and the black for the three
# common colour-vision deficiencies too (tests/gui/test_colour_vision.py): a bluish green
# and a violet blue. The greener (18, 132, 52) came within 15.6 of the red for deuteranopia.
GREEN: RGB = (0, 128, 116)
BLUE: RGB = (50, 50, 230)

_TWO_COLOUR = {Suit.CLUB: BLACK, Suit.DIAMOND: RED, Suit.HEART: RED, Suit.SPADE: BLACK}
_FOUR_COLOUR = {Suit.CLUB: GREEN, Suit.DIAMOND: BLUE, Suit.HEART: RED, Suit.SPADE: BLACK}


def suit_colour(suit: Suit, four_colour: bool = False) -> RGB:
    """Red hearts and diamonds, black clubs and spades; four-colour: green clubs, blue diamonds."""
    return (_FOUR_COLOUR if four_colour else _TWO_COLOUR)[suit]
