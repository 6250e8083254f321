"""Simulation of the games from a position, for checking the coach.

The opponent's hidden hand is drawn from the cards the person has not seen (never a flush:
the game would be over), each hand alike, so the positions leave out whose discard was
whose (the coach then weighs the hidden hands alike too, instead of reading them from the
opponent's discards: test_coach_belief checks that reading); the deck is the rest in random
order. The batch engine plays on from that state with the batch forms of the strategies,
which choose exactly as their one-game forms (tests/lab/batch checks both): the person's
chosen discard first, then the continuation; the opponent as seated throughout.
"""
from __future__ import annotations

import random
from dataclasses import replace

import numpy as np

from tcf_gui.engine.analysis import is_flush
from tcf_gui.engine.batch_view import BatchPlayer, BatchView
from tcf_gui.engine.coach import Position
from tcf_gui.engine.game import Game
from tcf_gui.engine.strategies.registry import make_strategy
from tcf_gui.engine.view import View
from tcf_gui.lab.batch import GivenDecks, make_player, play_batch
from tcf_gui.lab.batch.judging import WINNER


class FirstDiscard:
    """The person in batch form: the given slot of each game on the position's turn, the
    continuation after it."""

    def __init__(self, slots: np.ndarray, turn: int, then: BatchPlayer) -> None:
        self.slots, self.turn, self.then = slots, turn, then
        self.needs_history = then.needs_history

    def choose(self, view: BatchView) -> np.ndarray:
        return self.slots if view.turn == self.turn else self.then.choose(view)


def simulate(position: Position, opponent: str, continuation: str, games: int,
             seed: int) -> np.ndarray:
    """For each of ``games`` sampled worlds, the winner (1, 2 or 0 for a draw) after each of
    the three discards, as a (games, 3) array: the same worlds for all three (common random
    numbers make the differences between discards sharper; a random opponent's choices
    are drawn for each game apart)."""
    rng = random.Random(seed)
    unseen = position.unseen()
    known = list(position.opponent_hand or ())
    in_play = position.cards_left + 3 - len(known)
    decks = []
    for _ in range(games):
        cards = known + rng.sample(unseen, in_play)
        while is_flush(cards[:3]):
            cards = rng.sample(unseen, in_play)
        hidden, deck = cards[:3], cards[3:]
        dealt = [card for pair in zip(position.hand, hidden) for card in pair]
        decks.append([card.index for card in (*dealt, *position.discards, *deck)])
    person = FirstDiscard(np.tile(np.arange(3), games), position.turn,
                          make_player(continuation, np.random.SeedSequence(seed)))
    seated = make_player(opponent, np.random.SeedSequence([seed, 2]))
    results = play_batch(person, seated, GivenDecks(np.repeat(decks, 3, axis=0)), 3 * games,
                         open_hands=position.opponent_hand is not None,
                         from_turn=position.turn)
    return WINNER[results.cases].reshape(games, 3)


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
