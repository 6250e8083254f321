"""Strategies: what a View lets them reach, and the heuristic's rules one by one.

As the lab asks, each rule is tested by invoking the procedure directly with well-chosen
arguments: a View built by hand, in which that rule and no other decides the discard.
"""
from __future__ import annotations

import dataclasses
import gc
import random
import types
from enum import Enum

import numpy as np
import pytest
from scipy.stats import chisquare

from tcf_gui.engine.cards import Card, Suit, parse_cards
from tcf_gui.engine.events import Discarded
from tcf_gui.engine.game import Game
from tcf_gui.engine.strategies.heuristic import HeuristicStrategy
from tcf_gui.engine.strategies.registry import (StrategyError, make_strategy, strategy_info,
                                                strategy_names)
from tcf_gui.engine.strategies.watch import describe_decision, watch
from tcf_gui.engine.view import View


def view(hand: str, discards: str = "", opponent: str | None = None, player: int = 2) -> View:
    """A view for ``player`` holding ``hand``, after ``discards`` (alternately Player 1's and
    Player 2's), with the opponent's hand open when ``opponent`` is given."""
    seen = tuple(parse_cards(discards))
    return View(
        player=player,
        hand=tuple(parse_cards(hand)),  # type: ignore[arg-type]
        discards=seen,
        opponent_discards=seen[player % 2::2],
        cards_left=46 - len(seen),
        turn=len(seen) // 2 + 1,
        opponent_hand=tuple(parse_cards(opponent)) if opponent else None,  # type: ignore[arg-type]
    )


def heuristic(**switches: str) -> HeuristicStrategy:
    """The heuristic through the registry, as the command line builds it."""
    spec = "heuristic" + (":" + ",".join(f"{k}={v}" for k, v in switches.items()) if switches else "")
    return make_strategy(spec)  # type: ignore[return-value]


# -- a View has no way to reach the deck -------------------------------------------------------

def reachable(root: object) -> list[object]:
    """Every object reachable from ``root`` through references, except through classes and
    modules (shared code, not game state: the same for every player)."""
    seen: dict[int, object] = {}
    stack = [root]
    while stack:
        obj = stack.pop()
        if id(obj) in seen:
            continue
        seen[id(obj)] = obj
        if not isinstance(obj, (type, types.ModuleType)):
            stack.extend(gc.get_referents(obj))
    return list(seen.values())


def views_of_a_game(open_hands: bool) -> list[View]:
    game = Game(8, open_hands=open_hands)
    game.deal()
    views = [game.view(1), game.view(2)]
    while not game.over:
        game.play_turn(1, 2)
        views += [game.view(1), game.view(2)]
    return views


@pytest.mark.parametrize("open_hands", [False, True])
def test_a_view_reaches_no_deck_game_or_generator(open_hands):
    for v in views_of_a_game(open_hands):
        for obj in reachable(v):
            assert not isinstance(obj, (Game, list, random.Random, np.random.Generator))
            # Only plain values: the view, tuples of cards, enum members with their
            # attribute dicts, numbers, strings, None, and the classes (not walked).
            assert isinstance(obj, (View, tuple, Enum, dict, int, str, type(None), type)), obj


def test_view_fields_are_plain_values():
    v = views_of_a_game(open_hands=True)[3]
    for field in dataclasses.fields(View):
        value = getattr(v, field.name)
        assert value is None or isinstance(value, (int, tuple)), field.name
        if isinstance(value, tuple):
            assert all(isinstance(card, Card) for card in value)
    assert not hasattr(v, "__dict__")  # slots: nothing can be attached to it


def test_a_view_is_frozen():
    v = views_of_a_game(open_hands=False)[0]
    with pytest.raises(dataclasses.FrozenInstanceError):
        v.hand = ()  # type: ignore[misc]
    with pytest.raises((dataclasses.FrozenInstanceError, AttributeError, TypeError)):
        v.deck = ()  # type: ignore[attr-defined]


def test_a_view_does_not_change_with_the_game():
    game = Game(21)
    game.deal()
    v = game.view(1)
    before = dataclasses.astuple(v)
    game.play_turn(0, 0)
    assert dataclasses.astuple(v) == before


def test_strategies_are_called_with_views_only():
    calls: list[tuple] = []

    def spy(*args, **kwargs) -> int:
        calls.append((args, kwargs))
        return 0

    Game(13).play_out(spy, spy)
    assert calls and all(len(a) == 1 and not k and isinstance(a[0], View) for a, k in calls)


def test_a_hidden_hand_counts_as_unseen():
    hidden = view("7C 7D 7H", "2H 3H")
    assert hidden.opponent_hand is None
    assert len(hidden.unseen()) == 52 - 3 - 2
    assert hidden.live_counts() == {Suit.CLUB: 12, Suit.DIAMOND: 12, Suit.HEART: 10, Suit.SPADE: 13}
    shown = view("7C 7D 7H", "2H 3H", opponent="4H 5S 6S")
    assert len(shown.unseen()) == 52 - 3 - 2 - 3


# -- the heuristic's rules ---------------------------------------------------------------------

HEARTS_BUT_5_9 = "2H 3H 4H 6H 7H 8H XH JH QH KH AH"


@pytest.mark.parametrize("hand, odd", [("2H 3H AS", 2), ("2H AS 3H", 1), ("AS 2H 3H", 0)])
def test_keep_a_suited_pair(hand, odd):
    # The odd ace is the high card and spades have more live cards, yet the pair stays.
    assert heuristic()(view(hand)) == odd


def test_a_pair_is_kept_even_when_its_suit_is_dead():
    # "dead" (give up a pair whose suit has no unseen card left) was removed: it never
    # fired in 20 million games, since all 11 other cards of the suit must be gone.
    assert heuristic()(view("9H KC 5H", HEARTS_BUT_5_9)) == 1


@pytest.mark.parametrize("discards, slot", [("2H 3H KH AH", 2), ("2D 3D KD AD", 1),
                                            ("2C 3C KC AC", 0)])
def test_count_live_cards(discards, slot):
    # Three suits, equal ranks: the suit with the fewest live cards goes.
    assert heuristic()(view("7C 7D 7H", discards)) == slot


def test_counting_uses_the_open_opponent_hand():
    assert heuristic()(view("7C 7D 7H", opponent="2H 3H 4S")) == 2
    assert heuristic()(view("7C 7D 7H")) == 0  # hidden: all suits equal, the lowest card goes


def test_counting_comes_before_high_cards():
    assert heuristic()(view("2C 5D AH", "2H 3H 4H")) == 2  # even the ace goes


@pytest.mark.parametrize("hand, slot", [("QC 4D 9H", 1), ("9H 9C 9D", 1), ("2S AC KD", 0)])
def test_keep_high_cards(hand, slot):
    # Equal live counts: the lowest card goes (the linear order, so 9C goes before 9D and 9H).
    assert heuristic()(view(hand)) == slot


def test_straight_flush_chances_no_longer_count():
    # "straight" (keep cards with live suited neighbours) cost strength: QC, which has lost
    # its neighbours JC and XC, is kept over the lower 5D now.
    assert heuristic()(view("QC 5D 9H", "XC QD JC KD 2H 3H")) == 1


SWITCH_CASES = [
    # (switch, view, choice with the rule on, choice with the rule off)
    ("pair", view("2H 3H AS"), 2, 0),
    ("counting", view("7C 7D 7H", "2H 3H KH AH"), 2, 0),
    ("high", view("QC 4D 9H"), 1, 0),
]


@pytest.mark.parametrize("switch, v, on, off", SWITCH_CASES, ids=[c[0] for c in SWITCH_CASES])
def test_each_switch_changes_the_choice(switch, v, on, off):
    assert heuristic()(v) == on
    assert heuristic(**{switch: "on"})(v) == on
    assert heuristic(**{switch: "off"})(v) == off


def test_every_switch_has_a_case():
    assert {case[0] for case in SWITCH_CASES} == set(strategy_info("heuristic").params)


def test_the_heuristic_always_returns_a_slot_of_its_hand():
    game = Game(17, open_hands=True)
    game.deal()
    strategy = heuristic(counting="off", high="off")
    while not game.over:
        slots = strategy(game.view(1)), heuristic()(game.view(2))
        assert all(s in (0, 1, 2) and type(s) is int for s in slots)
        game.play_turn(*slots)


# -- the simple players, the registry and watch() ----------------------------------------------

@pytest.mark.parametrize("slot", [0, 1, 2])
def test_lazy_always_discards_its_slot(slot):
    lazy = make_strategy(f"lazy:slot={slot}")
    assert {lazy(view(h)) for h in ("2C 3D 4H", "AS KS 2D", "9H 9C 9D")} == {slot}


def test_random_is_uniform_over_the_slots():
    player = make_strategy("random", random.Random(4))
    counts = np.bincount([player(view("2C 3D 4H")) for _ in range(3000)], minlength=3)
    # Chi-square with 2 degrees of freedom: p below 0.001 would mean a biased choice.
    assert chisquare(counts).pvalue > 0.001


def test_random_follows_its_own_generator():
    a = make_strategy("random", random.Random(9))
    b = make_strategy("random", random.Random(9))
    v = view("2C 3D 4H")
    assert [a(v) for _ in range(50)] == [b(v) for _ in range(50)]


def test_the_registry_knows_the_built_in_strategies():
    assert {"random", "lazy", "heuristic", "expert"} <= set(strategy_names())


@pytest.mark.parametrize(
    "spec",
    ["nobody", "lazy:slot=3", "lazy:slot=x", "lazy:side=1", "heuristic:pair=maybe", "heuristic:pair"],
)
def test_bad_specs_raise_strategy_error(spec):
    with pytest.raises(StrategyError):
        make_strategy(spec)


def test_watch_logs_each_decision_and_changes_none():
    lines: list[str] = []
    watched = watch(heuristic(), log=lines.append)
    plain = Game(31).play_out(make_strategy("random", random.Random(1)), heuristic())
    logged = Game(31).play_out(make_strategy("random", random.Random(1)), watched)
    assert logged.events == plain.events
    assert len(lines) == logged.turns
    thrown = [e for e in logged.events if isinstance(e, Discarded) and e.player == 2]
    for turn, (line, event) in enumerate(zip(lines, thrown), start=1):
        assert line.startswith(f"[heuristic as Player 2, turn {turn}] hand (")
        assert line.endswith(f" --> discard slot {event.slot + 1} {event.card.rep()}")


def test_describe_decision_says_what_was_seen():
    v = view("2H 3H AS", "4C 5D", opponent="6S 7S 8D")
    assert describe_decision("heuristic", v, 2) == (
        "[heuristic as Player 2, turn 2] hand ((2 . H) (3 . H) (A . S))"
        " opponent ((6 . S) (7 . S) (8 . D)) discards seen ((4 . C) (5 . D)) cards left 44"
        " --> discard slot 3 (A . S)"
    )
