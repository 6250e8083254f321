"""A run of games between two strategies: the seeds of its games and its players.

Every consumer of a run (statistics, spectator mode, the window, duels) plays the same games
for the same seed. A run seed below GAME_SEEDS is a game's seed: game 1 is dealt from it, so
any game's seed replays that game as game 1. A fresh run (no seed given) gets a seed at or
above GAME_SEEDS (tcf_gui.engine.game.new_seed) that deals no game itself: each game's seed
is a one-way hash of it and the game's number, so the seeds a game history keeps lead
neither back to the run's seed nor on to the run's next games.
"""
from __future__ import annotations

import hashlib
import itertools
import random
from typing import Iterator

from tcf_gui.engine.game import GAME_SEEDS, Game
from tcf_gui.engine.strategies.registry import make_strategy
from tcf_gui.engine.view import Strategy


def game_seeds(run_seed: int) -> Iterator[int]:
    """The seeds of a run's games (see the module): for a game's seed, ``run_seed`` itself
    first, then a stream drawn from it; for a fresh run's seed, a hash for each game."""
    if run_seed >= GAME_SEEDS:
        yield from (hashed_game_seed(run_seed, number) for number in itertools.count(1))
        return
    rng = random.Random(run_seed)
    seed = run_seed
    while True:
        yield seed
        seed = rng.getrandbits(32)


def hashed_game_seed(run_seed: int, number: int) -> int:
    """Game ``number``'s seed in the fresh run ``run_seed``: SHA-256 of both, cut to a game
    seed. Finding the run seed from it means trying 2**63 seeds."""
    text = f"tcf-gui game {number} of run {run_seed}".encode()
    return int.from_bytes(hashlib.sha256(text).digest()[:8], "big") % GAME_SEEDS


def player_rngs(run_seed: int) -> tuple[random.Random, random.Random]:
    """The random generators of Player 1 and Player 2 in a run seeded with ``run_seed``."""
    return random.Random(f"{run_seed}/p1"), random.Random(f"{run_seed}/p2")


class Match:
    """Two strategies and a seed: games one after another, each replayable from its seed."""

    def __init__(
        self, p1: str | Strategy, p2: str | Strategy, seed: int, *, open_hands: bool = False
    ) -> None:
        rng1, rng2 = player_rngs(seed)
        self.p1 = make_strategy(p1, rng1) if isinstance(p1, str) else p1
        self.p2 = make_strategy(p2, rng2) if isinstance(p2, str) else p2
        self.seed = seed
        self.open_hands = open_hands
        self._seeds = game_seeds(seed)

    def new_game(self) -> Game:
        """The next game of the run, not yet dealt."""
        return Game(next(self._seeds), open_hands=self.open_hands)

    def play_next(self) -> Game:
        """The next game of the run, played to the end by the two strategies."""
        return self.new_game().play_out(self.p1, self.p2)
