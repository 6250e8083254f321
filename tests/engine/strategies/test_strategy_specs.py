"""The spec grammar: names, parameters, combinators with (parenthesised, nested) members,
and errors that name the problem and the valid choices."""
from __future__ import annotations

import random

import pytest

from tcf_gui.engine.game import Game
from tcf_gui.engine.strategies.registry import (StrategyError, combinator_names, make_strategy,
                                                member_rngs, parse_spec, split_items,
                                                strategy_names)
from tcf_gui.engine.strategies.combinators import MajorityStrategy, MixStrategy


def test_plain_names_and_parameters():
    info, params = parse_spec("heuristic:counting=off,pair=on")
    assert info.name == "heuristic" and params == {"counting": False, "pair": True}
    assert parse_spec("lazy:slot=2")[1] == {"slot": 2}
    assert parse_spec(" random ")[1] == {}


def test_combinators_are_listed_apart_from_plain_strategies():
    assert strategy_names() == ["heuristic", "random", "lazy", "expert"]
    assert combinator_names() == ["majority", "mix"]


@pytest.mark.parametrize("spec, members", [
    ("majority:random,heuristic,lazy", ("random", "heuristic", "lazy")),
    ("majority:(heuristic:counting=off,pair=off),random,lazy",
     ("heuristic:counting=off,pair=off", "random", "lazy")),
    ("majority:heuristic:counting=off,random,lazy", ("heuristic:counting=off", "random", "lazy")),
    ("(majority:(majority:random,lazy,heuristic),heuristic,random)",
     ("majority:random,lazy,heuristic", "heuristic", "random")),
    ("majority: random , ((lazy:slot=1)) ", ("random", "lazy:slot=1")),
])
def test_combinator_members(spec, members):
    info, params = parse_spec(spec)
    assert info.name == "majority" and params == {"members": members}
    assert all(isinstance(member, str) for member in params["members"])  # specs stay strings
    assert isinstance(make_strategy(spec), MajorityStrategy)


def test_nested_combinators_build_nested_strategies():
    strategy = make_strategy("majority:(mix:p=0.2,random,(majority:lazy,heuristic)),heuristic,lazy")
    inner = strategy.members[0]
    assert isinstance(inner, MixStrategy) and inner.p == 0.2
    assert isinstance(inner.second, MajorityStrategy)


def test_mix_takes_a_probability_and_two_members():
    info, params = parse_spec("mix:p=0.25,random,heuristic")
    assert params == {"p": 0.25, "members": ("random", "heuristic")}
    assert parse_spec("mix:random,heuristic")[1] == {"members": ("random", "heuristic")}


def test_split_items_keeps_parenthesised_commas():
    assert split_items("a,(b:x=1,y=2),c", "spec") == ["a", "(b:x=1,y=2)", "c"]


CHOICES = "choose from: heuristic, random, lazy, expert; combinators: majority, mix"


@pytest.mark.parametrize("spec, message", [
    ("nobody", f"unknown strategy 'nobody'; {CHOICES}"),
    ("", "empty strategy spec; choose from"),
    ("majority:random,nobody", "unknown strategy 'nobody'"),
    ("heuristic:cunting=off", "has no parameter 'cunting' (parameters: pair, counting, high"),
    ("heuristic:pair=maybe", "takes on or off, not 'maybe'"),
    ("heuristic:random", "write key=value (parameters of heuristic: pair, counting"),
    ("lazy:slot=x", "takes a whole number"),
    ("mix:p=often,random,lazy", "takes a number, not 'often'"),
    ("mix:p=1.5,random,lazy", "a probability from 0 to 1"),
    # the last one won silently: mix:p=0.1,p=0.9 played p=0.9
    ("heuristic:counting=off,counting=on", "heuristic:counting is given twice"),
    ("mix:p=0.1,p=0.9,random,lazy", "mix:p is given twice"),
    ("majority:(heuristic:pair=on,pair=off),random,lazy", "heuristic:pair is given twice"),
    ("majority", "majority takes at least 2 member strategies, got 0"),
    ("majority:random", "at least 2 member strategies, got 1"),
    ("mix:random,lazy,heuristic", "mix takes exactly 2 member strategies, got 3"),
    ("majority:heuristic:counting=off,pair=off,random",
     "'majority' has no parameter 'pair' (parameters: none; a member's own parameters go inside parentheses"),
    ("majority:random,(lazy", "unbalanced '('"),
    ("majority:random,lazy)", "unbalanced ')'"),
    ("mine.txt", "or a file: path/to/mine.py:choose"),
])
def test_bad_specs_say_what_is_wrong(spec, message):
    with pytest.raises(StrategyError) as error:
        make_strategy(spec)
    assert message in str(error.value)
    assert "\n" not in str(error.value)


def _decisions(strategy, count: int = 60) -> list[int]:
    game = Game(5)
    game.deal()
    return [strategy(game.view(1)) for _ in range(count)]


def test_same_rng_same_decisions_other_rng_other_decisions():
    spec = "majority:random,random,(mix:p=0.5,random,lazy)"
    first = _decisions(make_strategy(spec, random.Random(3)))
    assert _decisions(make_strategy(spec, random.Random(3))) == first
    assert _decisions(make_strategy(spec, random.Random(4))) != first


def test_each_member_gets_its_own_generator_drawn_from_the_combinators():
    strategy = make_strategy("majority:random,random,random", random.Random(11))
    expected = [make_strategy("random", rng) for rng in member_rngs(random.Random(11), 3)]
    game = Game(2)
    game.deal()
    for _ in range(30):
        assert [m(game.view(1)) for m in strategy.members] == [e(game.view(1)) for e in expected]
