"""Hands as the coach follows them, and the table of every hand one player can come to hold.

A card in a modelled hand is a token: a card's index (0..51) when the person knows the
card (one of its own), or ``UNKNOWN + suit`` for a card of which only the suit matters
(drawn later, or hidden in the opponent's hand). ``token & 3`` is the suit either way.
A hand is a sorted tuple of three tokens.

From a few starting hands, a HandTable numbers all hands reachable by discarding any card
and drawing an unknown card of any suit (a draw that completes a flush ends the game and
leads to no hand: -1), with the facts the search and the policies look up.
"""
from __future__ import annotations

from typing import Iterable

import numpy as np

UNKNOWN = 100  # a multiple of 4, so that token & 3 is the suit
Hand = tuple[int, ...]


def suited_pair(hand: Hand) -> tuple[int, int] | None:
    """(suit of the pair, position of the odd card) when exactly two cards share a suit."""
    a, b, c = (t & 3 for t in hand)
    if a == b != c:
        return a, 2
    if a == c != b:
        return a, 1
    if b == c != a:
        return b, 0
    return None


def pair_suit(cards: Iterable[int]) -> int:
    """The suit of two cards when they share it, else -1."""
    a, b = cards
    return a & 3 if (a & 3) == (b & 3) else -1


class HandTable:
    def __init__(self, starts: Iterable[Hand]) -> None:
        self.hands: list[Hand] = []
        self.ids: dict[Hand, int] = {}
        for hand in starts:
            self._add(hand)
        following: list[list[list[int]]] = []
        done = 0
        while done < len(self.hands):  # the list grows while it is walked: a closure
            hand = self.hands[done]
            row = []
            for i in range(3):
                kept = hand[:i] + hand[i + 1:]
                suit = pair_suit(kept)
                row.append([-1 if x == suit else self._add(tuple(sorted(kept + (UNKNOWN + x,))))
                            for x in range(4)])
            following.append(row)
            done += 1
        hands = self.hands
        self.next = np.array(following, dtype=np.int64)
        """[hand, position discarded, suit drawn] -> the hand held next (-1: a flush)."""
        self.tokens = np.array(hands, dtype=np.int64)
        """[hand, position] -> the token there."""
        self.suits = self.tokens & 3
        self.kept_pair = np.array(
            [[pair_suit(h[:i] + h[i + 1:]) for i in range(3)] for h in hands], dtype=np.int64
        )
        """[hand, position discarded] -> the suit whose card completes a flush, or -1."""
        pairs = [suited_pair(h) or (-1, -1) for h in hands]
        self.pair_suit = np.array([suit for suit, _ in pairs], dtype=np.int64)
        """[hand] -> the suit of its suited pair, or -1."""
        self.odd = np.array([odd for _, odd in pairs], dtype=np.int64)
        """[hand] -> the position of the card outside its suited pair, or -1."""
        self.counts = np.array(
            [[sum(1 for t in h if t & 3 == s) for s in range(4)] for h in hands], dtype=np.int64
        )
        """[hand, suit] -> how many of its cards have that suit."""
        self.paired = (np.take_along_axis(self.counts, self.suits, axis=1) > 1).astype(np.int64)
        """[hand, position] -> 1 when another card of the hand has this card's suit."""

    def _add(self, hand: Hand) -> int:
        if hand not in self.ids:
            self.ids[hand] = len(self.hands)
            self.hands.append(hand)
        return self.ids[hand]

    def __len__(self) -> int:
        return len(self.hands)
