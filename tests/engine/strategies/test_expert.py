"""The expert: what it keeps, and that it is a pure function of hand and unseen counts."""
from __future__ import annotations

import random

from hypothesis import given, settings
from hypothesis import strategies as st

from tcf_gui.engine import CARDS, Game, View, make_strategy, parse_cards
from tcf_gui.engine.strategies import expert_discard, expert_scores


def view(hand: str, discards: str = "") -> View:
    seen = tuple(parse_cards(discards))
    return View(2, tuple(parse_cards(hand)), seen, seen[0::2],  # type: ignore[arg-type]
                46 - len(seen), len(seen) // 2 + 1)


def test_keeps_a_suited_pair_over_an_ace():
    assert make_strategy("expert")(view("2H 3H AS")) == 2


def test_gives_up_the_suit_with_fewest_unseen_cards():
    assert make_strategy("expert")(view("2C 5D AH", "2H 3H 4H 6H")) == 2


def test_equal_counts_give_up_the_lowest_card():
    assert make_strategy("expert")(view("QC 4D 9H")) == 1


def test_scores_rank_the_cards_it_keeps():
    hand = parse_cards("2C 5D AH")
    unseen = {suit: 12 for suit in range(4)}
    scores = expert_scores(hand, unseen)  # type: ignore[arg-type]
    assert scores.index(min(scores)) == expert_discard(hand, unseen) == 0  # type: ignore[arg-type]
    assert scores[2] > scores[1] > scores[0]


@st.composite
def positions(draw: st.DrawFn) -> tuple[View, View]:
    """Two views with the same hand and the same unseen count in every suit, but different
    discards, turns and seats."""
    order = [CARDS[i] for i in draw(st.permutations(range(52)))]
    hand, rest = order[:3], order[3:]
    turn = draw(st.integers(1, 21))
    discards = tuple(rest[: 2 * (turn - 1)])
    # Swap each discard for another unseen card of the same suit, where there is one.
    unseen = rest[2 * (turn - 1):]
    other = []
    for card in discards:
        same = [c for c in unseen if c.suit == card.suit and c not in other]
        other.append(same[0] if same else card)
    first = View(1, tuple(hand), discards, discards[1::2], 46 - len(discards), turn)
    second = View(2, tuple(hand), tuple(other), tuple(other)[0::2], 46 - len(other), turn)
    return first, second


@settings(max_examples=200, deadline=None, derandomize=True)
@given(pair=positions())
def test_a_pure_function_of_hand_and_unseen_counts(pair):
    first, second = pair
    assert first.live_counts() == second.live_counts()
    a, b = make_strategy("expert", random.Random(1)), make_strategy("expert", random.Random(2))
    assert a(first) == b(second) == expert_discard(first.hand, first.live_counts())


def test_uses_no_randomness():
    rng = random.Random(5)
    state = rng.getstate()
    expert = make_strategy("expert", rng)
    game = Game(3).play_out(expert, make_strategy("heuristic"))
    assert game.turns > 0 and rng.getstate() == state
