"""Seeds for window tests that need a game of some length (found, not hard-coded)."""
from __future__ import annotations

import itertools
from typing import Sequence

from tcf_gui.engine.game import Game
from tcf_gui.engine.match import player_rngs
from tcf_gui.engine.strategies.registry import make_strategy


def first_long_game(slots: Sequence[int], turns: int) -> int:
    """The first run seed whose game 1 is still on after ``turns`` turns when Player 1
    discards ``slots`` in turn (round and round) against the heuristic."""
    for seed in itertools.count(1):
        game = Game(seed)
        p2 = make_strategy("heuristic", player_rngs(seed)[1])
        game.deal()
        while not game.over and game.turns < turns:
            game.play_turn(slots[game.turns % len(slots)], p2(game.view(2)))
        if not game.over:
            return seed
    raise AssertionError("unreachable")
