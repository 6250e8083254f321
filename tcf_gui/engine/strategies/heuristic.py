"""The heuristic player: explicit if-situation-then-action rules (the lab's Player 2).

Each rule of ``RULES`` gives every card in the hand a score, and the player discards the
card with the lowest total: the card it least wants to keep. The rules' weights make them
act in order (a rule only decides among cards the earlier rules leave equal). Each rule can
be switched off (``heuristic:counting=off``) so its worth can be measured with ``duel``.

The one-game form here and the batch form (tcf_gui.lab.batch.strategies) both score from
this one table, from the same three facts about each card (``CardFacts``), so they cannot
drift apart: a rule added here is a parameter of both, or of neither.
"""
from __future__ import annotations

import random
from dataclasses import dataclass
from typing import Any, Callable, Mapping, Sequence

from tcf_gui.engine.cards import Card, Suit
from tcf_gui.engine.view import View
from tcf_gui.engine.strategies.registry import strategy


@dataclass(frozen=True)
class CardFacts:
    """What the rules look at for one card, as plain ints (one game) or arrays (a batch)."""

    paired: Any
    """1 when another card of the hand has this card's suit (a suited pair), else 0."""
    live: Any
    """Cards of this card's suit the player has not seen (0..12): those that may still come."""
    index: Any
    """The card's place in the linear order (0..51): higher wins a tie-break."""


@dataclass(frozen=True)
class Rule:
    name: str
    says: str
    """The rule in words: if this situation, then this action."""
    weight: int
    fact: str
    """The CardFacts field the rule scores, times its weight."""


#: The heuristic's rules, strongest first. The weights keep them in order: a pair outweighs
#: any live count (at most 12 * 52 + 51 < 676), one live card outweighs any card index (< 52).
RULES: tuple[Rule, ...] = (
    Rule("pair", "if two cards share a suit, keep them: discard the third (one right card "
         "then completes the flush; anything else needs two)", 13 * 52, "paired"),
    Rule("counting", "if no pair, give up the card whose suit has the fewest unseen cards "
         "(the fewest that may still come)", 52, "live"),
    Rule("high", "if still equal, give up the lowest card (keep high cards: when both "
         "players flush on the same turn, the higher card wins)", 1, "index"),
)

SWITCHES: tuple[str, ...] = tuple(rule.name for rule in RULES)


def rule_score(facts: CardFacts, switches: dict[str, bool], number: Callable[[int], Any] = int
               ) -> Any:
    """A card's score under the rules switched on: an int, or an array for a batch (whose
    facts may be small unsigned ints: ``number`` gives the weights a type wide enough)."""
    total: Any = None
    for rule in RULES:
        if switches[rule.name]:
            fact = getattr(facts, rule.fact)
            term = fact if rule.weight == 1 else number(rule.weight) * fact
            total = term if total is None else total + term
    return 0 if total is None else total


def card_facts(hand: Sequence[Card], live: Mapping[Suit, int]) -> list[CardFacts]:
    """The facts of each card of a three-card ``hand``; ``live[suit]`` counts the unseen
    cards of each suit (View.live_counts)."""
    suits = [card.suit for card in hand]
    return [CardFacts(int(suits.count(card.suit) > 1), live[card.suit], card.index)
            for card in hand]


def lowest(scores: Sequence[Any]) -> int:
    """The slot of the lowest score, the first on a tie."""
    return min(range(len(scores)), key=scores.__getitem__)


@strategy(
    "heuristic",
    "if-situation-then-action rules: keep a suited pair, count the unseen cards of each "
    "suit, keep high cards for the tie-break",
    **{name: True for name in SWITCHES},
)
class HeuristicStrategy:
    name = "heuristic"

    def __init__(self, rng: random.Random | None = None, **switches: bool) -> None:
        unknown = set(switches) - set(SWITCHES)
        if unknown:
            raise TypeError(f"heuristic has no rule {sorted(unknown)[0]!r}")
        self.switches = {name: bool(switches.get(name, True)) for name in SWITCHES}

    def __call__(self, view: View) -> int:
        facts = card_facts(view.hand, view.live_counts())
        return lowest([rule_score(f, self.switches) for f in facts])
