"""The expert player: the strongest rule measured, as a pure function of the position.

It keeps a suited pair; without one it gives up the card whose suit has the fewest unseen
cards, and among those the lowest card (high cards win tie-breaks). Its choice depends only
on the hand and on how many cards of each suit the player has not seen, so other code (the
coach) can play it on from any position: ``expert_discard(hand, unseen)``. It uses no
randomness; ties cannot happen, since no two cards are equal.

Refinements measured head to head against this rule (batch engine, 2,000,000 games per
seating) were no stronger: trading rank against unseen counts, breaking a pair whose suit
has few unseen cards left, discounting the suit the opponent seems to collect, reading the
opponent's hand from its discards with a Bayesian filter (README, "What each rule is
worth": the room left is information a fair player does not have). The heuristic with
every rule on chooses the same; the expert is the fixed form that the window's Expert
level and the coach rely on.
"""
from __future__ import annotations

import random
from typing import Mapping, Sequence

from ..cards import Card, Suit
from ..view import View
from .heuristic import SWITCHES, card_facts, lowest, rule_score
from .registry import strategy

_ALL_RULES = {name: True for name in SWITCHES}


def expert_scores(hand: Sequence[Card], unseen: Mapping[Suit, int]) -> list[int]:
    """How much the expert wants to keep each card of ``hand`` (slots 0, 1, 2), given the
    unseen cards of each suit; it discards the lowest. Higher is better to keep."""
    return [rule_score(facts, _ALL_RULES) for facts in card_facts(hand, unseen)]


def expert_discard(hand: Sequence[Card], unseen: Mapping[Suit, int]) -> int:
    """The slot the expert discards from ``hand`` given the unseen cards of each suit."""
    return lowest(expert_scores(hand, unseen))


@strategy("expert", "the strongest rule measured: keep a suited pair, else give up the card "
          "whose suit has the fewest unseen cards, the lowest of those")
class ExpertStrategy:
    name = "expert"

    def __init__(self, rng: random.Random | None = None) -> None:
        """``rng`` is accepted as every factory's is, and never used."""

    def __call__(self, view: View) -> int:
        return expert_discard(view.hand, view.live_counts())
