"""Simulation with the real engine from a position, for checking the coach.

The opponent's hidden hand is drawn from the cards the person has not seen (never a flush:
the game would be over), each hand alike, so the positions leave out whose discard was
whose (the coach then weighs the hidden hands alike too, instead of reading them from the
opponent's discards: test_coach_belief checks that reading); the deck is the rest in random order, and a Game set to that
state plays on with the real strategies: the person's chosen discard first, then the
continuation; the opponent as seated throughout.
"""
from __future__ import annotations

import random
from dataclasses import replace

from tcf_gui.engine.analysis import is_flush
from tcf_gui.engine.cards import Card, make_deck
from tcf_gui.engine.game import Game
from tcf_gui.engine.strategies.registry import make_strategy
from tcf_gui.engine.view import View
from tcf_gui.engine.coach import Position


def game_at(position: Position, hidden: list[Card], deck: list[Card]) -> Game:
    """A Game in the middle: Player 1 holds the position's hand, Player 2 ``hidden``; the
    discards fell alternately (Player 1's first), ``deck`` is the deck, top card first.
    Hands are open when the position shows the opponent's hand."""
    every = [*position.hand, *hidden, *deck, *position.discards]
    game = Game(deck=every + [c for c in make_deck() if c not in set(every)],
                open_hands=position.opponent_hand is not None)
    game.deal()  # deals the first six cards; the state is then set to the position's
    game.hands = (list(position.hand), list(hidden))
    game.discards = [(1 + i % 2, card) for i, card in enumerate(position.discards)]
    game.moves = [(0, 0)] * (position.turn - 1)  # only their number matters to the views
    game._deck = list(reversed(deck))
    game.outcome = None  # neither hand of a position is a flush
    return game


def simulate(position: Position, opponent: str, continuation: str, games: int,
             seed: int) -> list[list[int]]:
    """For each of ``games`` sampled worlds, the winner (1, 2 or 0 for a draw) after each of
    the three discards: the same worlds for all three (common random numbers make the
    differences between discards sharper)."""
    rng = random.Random(seed)
    unseen = position.unseen()
    known = list(position.opponent_hand or ())
    in_play = position.cards_left + 3 - len(known)
    person = make_strategy(continuation, random.Random(seed + 1))
    winners = []
    for _ in range(games):
        cards = known + rng.sample(unseen, in_play)
        while is_flush(cards[:3]):
            cards = rng.sample(unseen, in_play)
        hidden, deck = cards[:3], cards[3:]
        world = rng.getrandbits(32)
        row = []
        for slot in range(3):
            game = game_at(position, hidden, deck)
            opp = make_strategy(opponent, random.Random(world))
            game.play_turn(slot, opp(game.view(2)))
            while not game.over:
                game.play_turn(person(game.view(1)), opp(game.view(2)))
            row.append(game.outcome.winner)
        winners.append(row)
    return winners


def random_positions(count: int, seed: int, opponent: str, continuation: str,
                     open_hands: bool = False) -> list[Position]:
    """Positions from real games (the continuation against the opponent), each taken
    before a turn chosen at random among the turns the game played."""
    rng = random.Random(seed)
    found: list[Position] = []
    while len(found) < count:
        game = Game(rng.getrandbits(32), open_hands=open_hands)
        game.deal()
        views: list[View] = []
        p1 = make_strategy(continuation, random.Random(rng.getrandbits(32)))
        p2 = make_strategy(opponent, random.Random(rng.getrandbits(32)))
        while not game.over:
            views.append(game.view(1))
            game.play_turn(p1(views[-1]), p2(game.view(2)))
        if views:
            found.append(replace(Position.from_view(rng.choice(views)), opponent_discards=None))
    return found
