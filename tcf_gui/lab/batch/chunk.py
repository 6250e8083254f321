"""One chunk of a run: a fixed number of games seeded from the run seed and the chunk index
only, so a run gives the same numbers whichever worker plays which chunk."""
from __future__ import annotations

import random
from dataclasses import dataclass

import numpy as np

from tcf_gui.lab.shipping import Shipped, own_paths, unpack
from tcf_gui.engine.strategies.registry import StrategyError, make_strategy
from tcf_gui.engine.strategies.sandbox import SandboxedStrategy, set_decision_limit
from tcf_gui.engine.strategies.sandbox.sealing import set_key
from tcf_gui.lab.batch.engine import BatchResults, ShuffledDecks, play_batch
from tcf_gui.lab.batch.hybrid import PythonPlayer
from tcf_gui.lab.batch.luck import LuckMeter
from tcf_gui.lab.batch.strategies import batch_form
from tcf_gui.engine.batch_view import BatchPlayer

#: Games per chunk when both players have batch forms, and on the hybrid path (smaller, so
#: that its slow chunks spread over the workers). Part of what a seed means: changing them
#: changes the batch engine's results.
BATCH_CHUNK_GAMES = 1 << 16
HYBRID_CHUNK_GAMES = 1 << 12


def chunk_games(p1: str, p2: str) -> int:
    """Games per chunk in a run between the specs ``p1`` and ``p2``."""
    both = batch_form(p1) is not None and batch_form(p2) is not None
    return BATCH_CHUNK_GAMES if both else HYBRID_CHUNK_GAMES


def make_player(spec: str, seed: np.random.SeedSequence) -> BatchPlayer:
    """The batch form of ``spec`` if it has one, else its one-game form on the hybrid path."""
    found = batch_form(spec)
    if found is not None:
        form, params = found
        return form(np.random.default_rng(seed), **params)
    state = int.from_bytes(seed.generate_state(4).tobytes(), "little")
    strategy = make_strategy(spec, random.Random(state))
    if isinstance(strategy, SandboxedStrategy):  # a user's file: a whole turn per message
        return strategy
    return PythonPlayer(strategy, spec)


@dataclass(frozen=True)
class ChunkTask:
    """Everything a worker needs to play one chunk (strings and numbers: it pickles)."""

    p1: str
    p2: str
    seed: int
    index: int
    games: int
    open_hands: bool = False
    files: Shipped = ()
    """The user files the specs name, for a worker on another machine (see shipping)."""
    time_limit: float | None = None
    """The time limit of a user's decision, for a worker on another machine (a local
    worker has the one this process set)."""
    strategy_key: bytes | None = None
    """This installation's key for the generators of user files (sealing.py), for a worker
    on another machine, so that it plays what a local run plays."""
    luck: bool = False
    """Measure each game's luck (luck.LuckMeter): the results can then be adjusted for it."""


def play_chunk(task: ChunkTask) -> BatchResults:
    """Play the chunk ``task.index`` of the run seeded with ``task.seed``."""
    if task.time_limit is not None:
        set_decision_limit(task.time_limit)
    if task.strategy_key is not None:
        set_key(task.strategy_key)
    deck_seed, seed1, seed2 = np.random.SeedSequence([task.seed, task.index]).spawn(3)
    try:
        return play_batch(
            make_player(unpack(task.p1, task.files), seed1),
            make_player(unpack(task.p2, task.files), seed2),
            ShuffledDecks(task.games, np.random.default_rng(deck_seed)),
            task.games,
            open_hands=task.open_hands,
            luck=LuckMeter(task.games) if task.luck else None,
        )
    except StrategyError as error:
        if not task.files:
            raise
        raise StrategyError(own_paths(str(error), task.files)) from None
