"""Bit tables for cards held as indexes 0..51 (card.index) and card sets held as uint64 masks."""
from __future__ import annotations

import numpy as np

_INDEX = np.arange(52, dtype=np.uint64)

#: CARD_BIT[i] is the mask of card i alone.
CARD_BIT: np.ndarray = np.left_shift(np.uint64(1), _INDEX)

#: The mask of the 13 clubs (indexes 0, 4, ..., 48); suit s is at ``CLUB_BITS << s``, so
#: ``(mask >> s) & CLUB_BITS`` holds the cards of suit s in ``mask``, at the clubs' places.
CLUB_BITS = np.uint64(CARD_BIT[0::4].sum(dtype=np.uint64))


def hand_bits(hands: np.ndarray) -> np.ndarray:
    """The mask of each row's cards: (n, 3) card indexes -> (n,) uint64."""
    return CARD_BIT[hands[:, 0]] | CARD_BIT[hands[:, 1]] | CARD_BIT[hands[:, 2]]
