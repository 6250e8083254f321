"""What the face painters (tcf_gui.gui.card_faces, tcf_gui.gui.court) ask of the card
pictures they paint for: the picture's size, the canvas's supersampling and the index font.

tcf_gui.gui.card_art.CardArt is the one that has them; the painters name this protocol
instead, so they need not import the module that imports them.
"""
from __future__ import annotations

from typing import Protocol

import pygame


class CardCanvas(Protocol):
    """A card picture being painted on a supersampled canvas."""

    #: The finished picture's (width, height) in pixels.
    size: tuple[int, int]
    #: How many canvas pixels make one pixel of the picture.
    scale: int

    def font(self, px: int) -> pygame.font.Font:
        """The index font at ``px`` canvas pixels."""
        ...
