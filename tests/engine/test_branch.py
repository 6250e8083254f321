"""Try the other discard (engine/branch.py): the game as played up to the branch, the
other discard on its turn, the draws that came or fresh ones, the game itself unchanged."""
from __future__ import annotations

import pytest

from tcf_gui.engine.branch import BranchError, branches, full_deck
from tcf_gui.engine.events import Drew
from tcf_gui.engine.game import Game
from tcf_gui.engine.match import Match


def long_game() -> Game:
    match = Match("random", "random", 4)
    return next(game for game in (match.play_next() for _ in range(40)) if game.turns >= 4)


def drawn(game: Game, turn: int) -> list:
    return [event.card for event in game.events if isinstance(event, Drew) and event.turn == turn]


def test_both_branches_follow_the_game_then_throw_the_other_card():
    game = long_game()
    kept = list(game.events)
    slot = (game.moves[1][0] + 1) % 3
    real, fresh = branches(game, 2, slot, "heuristic", 9)
    assert game.events == kept  # the game stays as it was played
    for branch in (real, fresh):
        assert branch.game.over and branch.turn == 2 and branch.slot == slot
        assert branch.game.moves[0] == game.moves[0]
        assert branch.game.moves[1] == (slot, game.moves[1][1])
        assert drawn(branch.game, 1) == drawn(game, 1)
    assert (real.draws, real.seed, fresh.draws, fresh.seed) == ("real", None, "fresh", 9)
    # the draws that came come again, turn by turn, as long as the branch lasts
    for turn in range(2, min(real.game.turns, game.turns) + 1):
        assert drawn(real.game, turn) == drawn(game, turn)
    assert full_deck(real.game) == full_deck(game)
    # fresh draws: the same cards were left to draw, in another order, the same for a seed
    left = full_deck(game)[8:]
    assert sorted(full_deck(fresh.game)[8:]) == sorted(left) and full_deck(fresh.game)[8:] != left
    again = branches(game, 2, slot, "heuristic", 9)[1]
    assert full_deck(again.game) == full_deck(fresh.game) and again.game.moves == fresh.game.moves


def test_a_branch_needs_a_turn_played_and_another_card():
    game = long_game()
    with pytest.raises(BranchError, match="no turn"):
        branches(game, game.turns + 1, 0, "heuristic", 1)
    with pytest.raises(BranchError, match="other discard"):
        branches(game, 1, game.moves[0][0], "heuristic", 1)
