"""The heuristic player: explicit if-situation-then-action rules (the lab's Player 2).

Each rule can be switched off (``heuristic:counting=off``) so its worth can be measured.
"""
from __future__ import annotations

import random

from ..cards import Card, Suit
from ..view import View
from .registry import register


def suited_pair(hand: tuple[Card, ...]) -> tuple[Suit, int] | None:
    """The suit of a two-card pair in a three-card hand and the slot of the odd card."""
    a, b, c = (card.suit for card in hand)
    if a == b != c:
        return a, 2
    if a == c != b:
        return a, 1
    if b == c != a:
        return b, 0
    return None


@register(
    "heuristic",
    "if-situation-then-action rules: keep a suited pair, count live cards, "
    "abandon dead suits, keep high cards, mind straight-flush chances",
    pair=True,
    counting=True,
    dead=True,
    high=True,
    straight=True,
)
class HeuristicStrategy:
    name = "heuristic"

    def __init__(
        self,
        rng: random.Random | None = None,
        *,
        pair: bool = True,
        counting: bool = True,
        dead: bool = True,
        high: bool = True,
        straight: bool = True,
    ) -> None:
        self.pair, self.counting, self.dead = pair, counting, dead
        self.high, self.straight = high, straight

    def __call__(self, view: View) -> int:
        hand = view.hand
        unseen = set(view.unseen())
        live = {s: 0 for s in Suit}
        for card in unseen:
            live[card.suit] += 1

        found = suited_pair(hand)
        if found is not None and self.pair:
            suit, odd = found
            # Rule "abandon a dead suit": when no card of the pair's suit can still come,
            # the pair can never become a flush; give up its lower card instead.
            if self.dead and live[suit] == 0:
                return min((s for s in range(3) if s != odd), key=lambda s: hand[s])
            # Rule "keep a suited pair": one right card completes it, anything else needs two.
            return odd

        def worth(slot: int) -> tuple[int, int, int]:
            card = hand[slot]
            # Rule "count the live cards": a card whose suit has more cards left to come is
            # likelier to grow into a pair and then a flush.
            outs = live[card.suit] if self.counting else 0
            # Rule "mind straight-flush chances": a card with live suited neighbours within
            # two ranks can still be part of a straight flush, which beats any plain flush.
            partners = (
                sum(1 for c in unseen if c.suit == card.suit and 0 < abs(c.rank - card.rank) <= 2)
                if self.straight
                else 0
            )
            # Rule "keep high cards for the tie-break": when both players flush on the same
            # turn, the higher card wins.
            rank = card.index if self.high else 0
            return outs, partners, rank

        return min(range(3), key=worth)
