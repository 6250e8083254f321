"""Shared helpers of the batch-engine tests: decks, views and situations in both forms."""
from __future__ import annotations

import random
from itertools import groupby

import numpy as np

from tcf_gui.engine.cards import CARDS
from tcf_gui.engine.game import Game
from tcf_gui.engine.strategies.registry import strategy_info, strategy_names
from tcf_gui.engine.view import View
from tcf_gui.lab.batch import BatchView

#: Built-in strategies that draw on their generator: the rest choose by the view alone.
RANDOMISED = {"random"}


def _deterministic() -> list[str]:
    """Every deterministic built-in strategy from the registry: each one as it comes, with
    each of its on/off switches turned off, and lazy on each slot."""
    specs = []
    for name in strategy_names():
        if name in RANDOMISED:
            continue
        params = strategy_info(name).params
        specs.append(name)
        specs += [f"{name}:{key}=off" for key, default in params.items() if default is True]
    return specs + ["lazy:slot=1", "lazy:slot=2"]


DETERMINISTIC = _deterministic()


def random_decks(games: int, seed: int) -> np.ndarray:
    """(games, 52) uniformly shuffled decks of card indexes, top first."""
    rng = np.random.default_rng(seed)
    return np.argsort(rng.random((games, 52)), axis=1)


def one_game(deck_row: np.ndarray, open_hands: bool = False) -> Game:
    """A one-game Game dealt from a batch deck row."""
    return Game(deck=[CARDS[i] for i in deck_row], open_hands=open_hands)


def mask(cards) -> np.uint64:
    return np.uint64(sum(1 << card.index for card in cards))


def batch_view(views: list[View], with_history: bool = True) -> BatchView:
    """The BatchView whose rows are ``views`` (all of one player, turn and cards left)."""
    first = views[0]
    assert all((v.player, v.turn, v.cards_left) == (first.player, first.turn, first.cards_left)
               for v in views)
    opponent = (
        np.array([[c.index for c in v.opponent_hand] for v in views], dtype=np.uint8)
        if first.opponent_hand is not None
        else None
    )
    return BatchView(
        first.player,
        np.array([[c.index for c in v.hand] for v in views], dtype=np.uint8),
        np.array([mask(v.discards) for v in views], dtype=np.uint64),
        np.array([mask(v.opponent_discards) for v in views], dtype=np.uint64),
        first.cards_left,
        first.turn,
        opponent,
        np.array([[c.index for c in v.discards] for v in views], dtype=np.uint8).reshape(
            len(views), 2 * (first.turn - 1)
        )
        if with_history
        else None,
    )


def situations(games: int, seed: int, open_hands: bool) -> list[list[View]]:
    """Every view met in ``games`` games played with random moves, grouped so that each
    group fits one BatchView (same player, turn and cards left)."""
    rng = random.Random(seed)
    views = []
    for _ in range(games):
        game = Game(rng.getrandbits(32), open_hands=open_hands)
        game.deal()
        while not game.over:
            views += [game.view(1), game.view(2)]
            game.play_turn(rng.randrange(3), rng.randrange(3))
    key = lambda v: (v.player, v.turn, v.cards_left)  # noqa: E731
    return [list(group) for _, group in groupby(sorted(views, key=key), key=key)]
