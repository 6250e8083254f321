"""Try the other discard: a finished game played on from one of its turns with another
discard of Player 1's, the game itself left as it was played.

Up to the branch turn both players' moves are those played. On it Player 1 throws the
other slot and Player 2 the card it threw (the two choose at once: its choice cannot
depend on Player 1's). After it Player 2 plays on as the same opponent (its strategy spec)
and Player 1 as the coach models the person (policies.CONTINUATION, the expert's rule),
since the person's own later moves were made in another game. Two branches:

- **the draws that came**: the same deck. The draws come off its top whatever is thrown,
  so every card that came in the game comes again at the same turn and seat, as long as
  the branch lasts;
- **fresh draws**: the cards not yet drawn before the branch turn, shuffled by a seed.
"""
from __future__ import annotations

import random
from dataclasses import dataclass
from typing import Literal

from tcf_gui.engine.cards import Card
from tcf_gui.engine.coach.policies import CONTINUATION
from tcf_gui.engine.events import Dealt, Drew
from tcf_gui.engine.game import Game
from tcf_gui.engine.strategies.registry import make_strategy
from tcf_gui.i18n import _


class BranchError(ValueError):
    """A branch no game allows (the turn was not played, the slot is the one thrown); the
    message is one line for the user."""


@dataclass(frozen=True)
class Branch:
    """One way the game could have gone on."""

    draws: Literal["real", "fresh"]
    turn: int
    slot: int
    """The slot (0-2) Player 1 throws on ``turn`` instead of the one it threw."""
    game: Game
    seed: int | None = None
    """The seed of the fresh draws' shuffle (None for the real draws)."""


def full_deck(game: Game) -> list[Card]:
    """The deck of a dealt game, top card first, as it was before the deal."""
    dealt = [event.card for event in game.events if isinstance(event, Dealt)]
    drawn = [event.card for event in game.events if isinstance(event, Drew)]
    return dealt + drawn + list(game.deck)


def branches(game: Game, turn: int, slot: int, opponent: str, fresh_seed: int
             ) -> tuple[Branch, Branch]:
    """Both branches of ``game`` (dealt, played against ``opponent``, a strategy spec) where
    Player 1 throws ``slot`` (0-2) on ``turn`` (1..): with the real draws, and with fresh
    draws shuffled by ``fresh_seed``. BranchError when the game has no such turn, or
    ``slot`` is the card thrown."""
    if not 1 <= turn <= len(game.moves):
        raise BranchError(_("the game has no turn {turn}: it lasted {n}").format(
            turn=turn, n=len(game.moves)))
    if not 0 <= slot <= 2 or game.moves[turn - 1][0] == slot:
        raise BranchError(_("on turn {turn} the other discard is slot {slots}").format(
            turn=turn, slots=" / ".join(str(s + 1) for s in range(3)
                                        if s != game.moves[turn - 1][0])))
    deck = full_deck(game)
    before = 6 + 2 * (turn - 1)  # the cards dealt and drawn before the branch turn
    rest = deck[before:]
    random.Random(fresh_seed).shuffle(rest)
    return (_play(game, deck, turn, slot, opponent, "real", None),
            _play(game, deck[:before] + rest, turn, slot, opponent, "fresh", fresh_seed))


def _play(game: Game, deck: list[Card], turn: int, slot: int, opponent: str,
          draws: Literal["real", "fresh"], seed: int | None) -> Branch:
    played = Game(game.seed, deck=deck, open_hands=game.open_hands)
    played.deal()
    for slot1, slot2 in game.moves[: turn - 1]:
        played.play_turn(slot1, slot2)
    played.play_turn(slot, game.moves[turn - 1][1])
    rng = random.Random(f"branch/{seed}")
    person, other = make_strategy(CONTINUATION, rng), make_strategy(opponent, rng)
    while not played.over:
        played.play_turn(person(played.view(1)), other(played.view(2)))
    return Branch(draws, turn, slot, played, seed)
