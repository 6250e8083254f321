"""The expert: the coach's best discard against Normal, and the rule that chooses as it does.

``expert`` (the window's Expert level) searches: it asks the coach for the win chance of
each discard, with Normal (``heuristic``) as the model of the opponent, the opponent's
hidden hand read from its discards (coach/belief.py), and itself playing on as its rule,
and plays the best one, or its rule's choice where that is as good as the coach can tell.

``expert:search=off`` is that rule: keep a suited pair; otherwise give up the card with the
lowest ``live cards of its suit + TIE_WEIGHT * its tie value``. A suit's live cards are its
unseen cards less those the opponent is expected to hold, read from its discards as the
coach reads them (coach/belief.py, Normal as the model). A card's tie value is the chance
that a flush holding it wins when both players complete on the same turn (about one game
in ten): high cards, and at equal rank higher suits, win those (coach/tiebreak.py,
``card_tie_values``). So an ace may be kept over a card of a suit with one more live card,
and a 2 of spades over a 9 of clubs, where the heuristic counts unseen cards first and then
keeps the higher card in the lab's order (rank first).

The lab (the batch engine) plays the rule for ``expert``, search or not: it chooses as the
search in about 99% of positions (benchmarks/bench_strength.py measures how often).
"""
from __future__ import annotations

import random
from functools import cache
from typing import Any, Mapping, Sequence

from tcf_gui.engine.cards import Card, Suit
from tcf_gui.engine.view import View
from tcf_gui.engine.coach.belief import expected_suits, one_row, pattern_beliefs
from tcf_gui.engine.coach.policies import NORMAL, suit_policy
from tcf_gui.engine.coach.advice import advise
from tcf_gui.engine.coach.position import Position, PositionError
from tcf_gui.engine.coach.tiebreak import LIVE, PAIR, TIE_WEIGHT, in_units, tie_values
from tcf_gui.engine.strategies.heuristic import lowest
from tcf_gui.engine.strategies.registry import strategy

#: A difference of win chance between two discards that the coach does not resolve: its
#: quick estimate for unlikely states moves such a difference by 0.06 points at the median
#: and 0.3 at the 90th percentile (224 positions, against following every state down to a
#: chance of 1e-5). Within it the search keeps the rule's choice.
RESOLUTION = 0.001


def expert_scores(hand: Sequence[Card], unseen: Mapping[Suit, int],
                  held: Sequence[float] | None = None) -> list[int]:
    """How much the rule wants to keep each card of ``hand`` (slots 0, 1, 2), given the
    unseen cards of each suit and the cards of each suit the opponent is expected to hold
    (``held``, by suit; None: nothing known of its hand); it discards the lowest."""
    values = tie_values()
    suits = [card.suit for card in hand]
    taken = [0, 0, 0, 0] if held is None else [in_units(amount) for amount in held]
    return [PAIR * (suits.count(card.suit) > 1) + LIVE * unseen[card.suit]
            - taken[card.suit] + TIE_WEIGHT * values[card.index] for card in hand]


def expert_discard(hand: Sequence[Card], unseen: Mapping[Suit, int],
                   held: Sequence[float] | None = None) -> int:
    """The slot the rule discards from ``hand`` (see expert_scores)."""
    return lowest(expert_scores(hand, unseen, held))


@cache
def normal_model() -> Any:
    """The coach's model of Normal, which the rule's reading of the opponent assumes."""
    return suit_policy(NORMAL)


def opponent_suits(view: View) -> list[float] | None:
    """The cards of each suit the opponent is expected to hold, read from its discards; None
    when hands are open (its hand is seen: the unseen counts leave it out already), and for
    a view no game reaches (not one discard of each player per turn so far)."""
    turns = view.turn - 1
    if (view.opponent_hand is not None or not turns or len(view.discards) != 2 * turns
            or len(view.opponent_discards) != turns):
        return None
    unseen = view.live_counts()
    rows = one_row([unseen[suit] for suit in Suit], [c.index for c in view.discards],
                   [c.index for c in view.opponent_discards])
    beliefs, _ = pattern_beliefs(*rows, normal_model())
    return expected_suits(beliefs)[0].tolist()


def rule_discard(view: View) -> int:
    """The rule's discard for ``view`` (what the lab plays as ``expert``). The reading of the
    opponent is left out with a suited pair in hand: a pair outweighs any count (PAIR)."""
    paired = len({card.suit for card in view.hand}) < 3
    return expert_discard(view.hand, view.live_counts(), None if paired else opponent_suits(view))


def search_discard(view: View) -> int:
    """The coach's best discard for ``view`` against the model of Normal; the rule's discard
    where the coach rates it within RESOLUTION of the best, or cannot take the view (one no
    game reaches)."""
    rule = rule_discard(view)
    try:
        advice = advise(Position.from_view(view), NORMAL)
    except PositionError:
        return rule
    return rule if advice.given_up(rule) < RESOLUTION else advice.best.slot


@strategy("expert", "the coach's best discard against Normal, reading its hand from its "
          "discards (search=off: the rule the lab plays, which weighs unseen cards against "
          "how likely a card's flush wins a tie)", search=True)
class ExpertStrategy:
    name = "expert"

    def __init__(self, rng: random.Random | None = None, search: bool = True) -> None:
        """``rng`` is accepted as every factory's is, and never used."""
        self.search = search

    def __call__(self, view: View) -> int:
        return search_discard(view) if self.search else rule_discard(view)
