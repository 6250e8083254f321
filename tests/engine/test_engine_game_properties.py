"""Property tests over whole games: any seed, any strategies, every step checked."""
from __future__ import annotations

import itertools
import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tcf_gui.engine.analysis import is_flush
from tcf_gui.engine.cards import CARDS, parse_cards
from tcf_gui.engine.events import Dealt, Discarded, Drew, GameOver
from tcf_gui.engine.game import MAX_TURNS, Game, shuffled_deck
from tcf_gui.engine.outcome import Case, judge
from tcf_gui.engine.strategies.registry import make_strategy, strategy_info

SWITCHES = tuple(strategy_info("heuristic").params)


class SlotSequence:
    """A player that discards the given slots in turn, over and over."""

    def __init__(self, slots: list[int]) -> None:
        self.slots = slots
        self._cycle = itertools.cycle(slots)

    def __call__(self, view) -> int:
        return next(self._cycle)

    def __repr__(self) -> str:
        return f"SlotSequence({self.slots})"


def heuristic_spec(switches: dict[str, bool]) -> str:
    return "heuristic:" + ",".join(f"{k}={'on' if v else 'off'}" for k, v in switches.items())


def players() -> st.SearchStrategy:
    """Any player: random with any seed, lazy with any slot, the heuristic with any switches,
    or an arbitrary sequence of slots. A fresh player for every example."""
    return st.one_of(
        st.integers(0, 2**32 - 1).map(lambda s: make_strategy("random", random.Random(s))),
        st.integers(0, 2).map(lambda k: make_strategy(f"lazy:slot={k}")),
        st.fixed_dictionaries({k: st.booleans() for k in SWITCHES}).map(
            lambda d: make_strategy(heuristic_spec(d))),
        st.lists(st.integers(0, 2), min_size=1, max_size=25).map(SlotSequence),
    )


def check_state(game: Game) -> None:
    """The invariants that hold after the deal and after every turn."""
    h1, h2 = game.hand1, game.hand2
    discarded = [card for _, card in game.discards]
    assert sorted([*game.deck, *h1, *h2, *discarded]) == list(CARDS)  # each card exactly once
    assert len(h1) == len(h2) == 3
    assert len(discarded) == 2 * game.turns
    assert game.cards_left == len(game.deck) == 46 - 2 * game.turns
    assert game.over is (is_flush(h1) or is_flush(h2) or game.cards_left == 0)
    assert game.outcome == judge(h1, h2, deck_empty=game.cards_left == 0)


def check_view(game: Game, player: int, view) -> None:
    """A view holds what ``player`` may know, and that is all."""
    mine, theirs = (game.hand1, game.hand2)[player - 1], (game.hand1, game.hand2)[2 - player]
    assert view.player == player
    assert view.hand == mine
    assert view.discards == tuple(card for _, card in game.discards)
    assert view.opponent_discards == tuple(c for who, c in game.discards if who != player)
    assert view.cards_left == game.cards_left
    assert view.turn == game.turns + 1
    assert view.opponent_hand == (theirs if game.open_hands else None)


def check_events(game: Game, seed: int) -> None:
    """The whole event log: the alternate deal, then per turn both discards, then hand 1's
    draw before hand 2's, all from the top of the shuffled deck; GameOver last."""
    deck = shuffled_deck(random.Random(seed))
    events = game.events
    deal, rest = events[:6], events[6:]
    assert [(e.player, e.slot, e.card, e.cards_left) for e in deal] == [
        (1 + i % 2, i // 2, deck[i], 51 - i) for i in range(6)]
    assert all(isinstance(e, Dealt) for e in deal)
    assert sum(isinstance(e, GameOver) for e in events) == 1
    assert events[-1] == GameOver(game.outcome, game.turns)
    turns = rest[:-1]
    assert len(turns) == 4 * game.turns
    hands = [list(deck[0:6:2]), list(deck[1:6:2])]
    top = 6
    for t, (slot1, slot2) in enumerate(game.moves, start=1):
        d1, d2, r1, r2 = turns[4 * (t - 1): 4 * t]
        assert d1 == Discarded(1, slot1, hands[0][slot1], t)
        assert d2 == Discarded(2, slot2, hands[1][slot2], t)
        assert r1 == Drew(1, slot1, deck[top], 46 - 2 * t + 1, t)
        assert r2 == Drew(2, slot2, deck[top + 1], 46 - 2 * t, t)
        hands[0][slot1], hands[1][slot2] = deck[top], deck[top + 1]
        top += 2
    assert (tuple(hands[0]), tuple(hands[1])) == (game.hand1, game.hand2)
    assert game.deck == tuple(deck[top:])


@settings(max_examples=300, deadline=None)
@given(seed=st.integers(0, 2**64), p1=players(), p2=players(), open_hands=st.booleans())
def test_whole_games(seed, p1, p2, open_hands):
    game = Game(seed, open_hands=open_hands)
    assert not game.over and game.cards_left == 52
    game.deal()
    check_state(game)
    history = [(game.hand1, game.hand2)]
    while not game.over:
        assert game.turns < MAX_TURNS  # the game ends within 23 turns
        views = game.view(1), game.view(2)
        check_view(game, 1, views[0])
        check_view(game, 2, views[1])
        left = game.cards_left
        game.play_turn(p1(views[0]), p2(views[1]))
        assert game.cards_left == left - 2
        check_state(game)
        history.append((game.hand1, game.hand2))
    assert game.turns <= MAX_TURNS == 23
    with pytest.raises(RuntimeError):
        game.play_turn(0, 0)
    check_events(game, seed)
    assert game.hand_history() == history
    replay = Game.replay(seed, game.moves, open_hands=open_hands)
    assert replay.events == game.events
    assert replay.moves == game.moves and replay.outcome == game.outcome


@settings(max_examples=100, deadline=None)
@given(seed=st.integers(0, 2**32 - 1), slots=st.lists(st.integers(0, 2), min_size=1, max_size=25))
def test_play_out_is_the_step_by_step_game(seed, slots):
    stepwise = Game(seed)
    stepwise.deal()
    p1, p2 = SlotSequence(slots), SlotSequence(slots[::-1])
    while not stepwise.over:
        stepwise.play_turn(p1(None), p2(None))
    played = Game(seed).play_out(SlotSequence(slots), SlotSequence(slots[::-1]))
    assert played.events == stepwise.events


def test_the_deck_can_run_dry_after_23_turns():
    """Hands that can never flush: slots 1 and 2 of each hold two suits and lazy players
    never discard them, so the game goes the full 23 turns and the deck is dead."""
    keep = parse_cards("2C 2H 2D 2S")  # deck positions 2, 3, 4, 5: slots 1 and 2 of each hand
    rest = [c for c in CARDS if c not in keep]
    deck = rest[:2] + keep + rest[2:]
    game = Game(deck=deck).play_out(make_strategy("lazy"), make_strategy("lazy"))
    assert game.turns == MAX_TURNS == 23 and game.cards_left == 0
    assert game.outcome.case is Case.DEAD_DECK
    assert game.outcome.game_state == "(BUST BUST)"
    assert game.outcome.report_lines() == ["--> The game is a draw. The deck is dead."]


def test_a_dealt_flush_ends_the_game_at_once():
    deck = parse_cards("2C 5D 7C 9D XC JS")
    deck += [c for c in CARDS if c not in deck]
    game = Game(deck=deck)
    events = game.deal()
    assert game.over and game.turns == 0
    assert events[-1] == GameOver(game.outcome, 0)
    assert game.outcome.report_lines() == ["--> Player 1 wins with (10 HIGH CLUB FLUSH)"]


def test_steps_out_of_order_are_refused():
    game = Game(1)
    with pytest.raises(RuntimeError):
        game.play_turn(0, 0)
    game.deal()
    with pytest.raises(RuntimeError):
        game.deal()


@pytest.mark.parametrize("slots", [(3, 0), (0, -1), (1.0, 0), (0, "1"), (None, 0)])
def test_a_bad_slot_is_refused_and_changes_nothing(slots):
    game = Game(5)
    game.deal()
    before = (game.hand1, game.hand2, game.deck, list(game.events), list(game.moves))
    with pytest.raises(ValueError):
        game.play_turn(*slots)
    assert (game.hand1, game.hand2, game.deck, game.events, game.moves) == before


@pytest.mark.parametrize(
    "deck",
    [CARDS[:51], CARDS + CARDS[:1], CARDS[:51] + CARDS[:1]],
    ids=["51 cards", "53 cards", "a repeated card"],
)
def test_a_deck_must_hold_every_card_once(deck):
    with pytest.raises(ValueError):
        Game(deck=deck)
