"""Luck and skill told apart (coach/luck.py): the result is start + luck + skill for every
game, a move as the model plays it adds nothing, a blunder subtracts, and luck averages to
zero over many games."""
from __future__ import annotations

import statistics

import pytest

from tcf_gui.engine.coach.luck import START, account, score_of, start_value
from tcf_gui.engine.coach.policies import CONTINUATION
from tcf_gui.engine.game import Game
from tcf_gui.engine.match import Match
from tcf_gui.engine.skill import Luck


def games(p1: str, p2: str, seed: int, count: int, *, open_hands: bool = False) -> list[Game]:
    match = Match(p1, p2, seed, open_hands=open_hands)
    return [match.play_next() for _ in range(count)]


def check_identity(game: Game, opponent: str, seat: int = 1) -> None:
    accounting = account(game.events, opponent, seat, game.open_hands)
    assert accounting.over == game.over
    if game.over:
        assert accounting.end == score_of(game.outcome.winner)  # type: ignore[union-attr]
    total = accounting.start + accounting.luck + accounting.skill
    assert total == pytest.approx(accounting.end, abs=1e-9)
    assert len(accounting.turns) == game.turns
    for before, after in zip(accounting.turns, accounting.turns[1:]):
        assert after.before == pytest.approx(before.after, abs=1e-12)  # the chain telescopes


@pytest.mark.parametrize("p1, p2, seat", [("random", "heuristic", 1), ("heuristic", "random", 1),
                                          ("heuristic", "expert:search=off", 2)])
def test_the_result_is_start_plus_luck_plus_skill(p1, p2, seat):
    opponent = p2 if seat == 1 else p1
    for game in games(p1, p2, 3, 3):
        check_identity(game, opponent, seat)


def test_an_unfinished_game_and_a_game_dealt_over_add_up_too():
    game = Game(11)
    game.deal()
    game.play_turn(0, 0)
    assert not game.over
    accounting = account(game.events)
    assert not accounting.over and 0 < accounting.end < 1
    assert accounting.start + accounting.luck + accounting.skill == pytest.approx(accounting.end)
    dealt_over = next(g for g in (Game(seed) for seed in range(2000)) if g.deal() and g.over)
    accounting = account(dealt_over.events)
    assert accounting.turns == () and accounting.skill == 0
    assert accounting.deal == pytest.approx(accounting.end - accounting.start)
    assert accounting.decisive == (0 if accounting.end != 0.5 else None)


def test_open_hands_add_up():
    for game in games("heuristic", "random", 5, 2, open_hands=True):
        check_identity(game, "random")


def test_a_move_as_the_model_plays_it_adds_nothing_and_a_broken_pair_costs():
    """Normal against Normal, modelled as itself: Player 2's moves add nothing; Player 1
    (modelled as the expert's rule) breaking a live suited pair loses points."""
    for game in games("heuristic", "heuristic", 8, 4):
        for turn in account(game.events, "heuristic").turns:
            assert turn.skill2 == pytest.approx(0.0, abs=1e-12)
    game = Game(5)  # its first hand holds a suited pair (K♣ J♣ 6♠)
    game.deal()
    game.play_turn(0, 0)  # Player 1 throws K♣
    turn = account(game.events, "heuristic").turns[0]
    assert turn.skill1 < -0.1


def test_the_decisive_draw_helped_the_winner_most():
    for game in games("random", "heuristic", 12, 4):
        accounting = account(game.events, "heuristic")
        summary = accounting.summary()
        assert summary.result == accounting.end and len(summary.turns) == game.turns + 1
        if accounting.decisive is not None:
            sign = 1 if accounting.end == 1 else -1
            assert sign * summary.turns[accounting.decisive] == max(sign * x for x in summary.turns)
        assert Luck.from_json(summary.as_json()).as_json() == summary.as_json()


def test_the_start_values_are_measured_and_used():
    assert START  # measured by benchmarks/bench_game_luck.py --start
    assert all(0 < mean < 1 and 0 < error < 0.02 for mean, error in START.values())
    assert start_value(CONTINUATION, "heuristic") == START[(CONTINUATION, "heuristic")][0]
    # a model with other switches takes the start of its seat against Normal
    assert start_value(CONTINUATION, "heuristic:pair=off") == start_value(CONTINUATION, "heuristic")
    assert start_value("random", CONTINUATION) == start_value("heuristic", CONTINUATION)


def test_luck_averages_to_zero_over_many_games():
    """Normal against Normal, 40 seeded games: the mean luck per game lies within three
    standard errors of zero (the games' own spread; a 99.7% bound for a mean of zero), plus
    the start value's own measurement error (under 0.01)."""
    lucks = [account(game.events, "heuristic").luck for game in games("heuristic", "heuristic", 21, 40)]
    error = statistics.stdev(lucks) / len(lucks) ** 0.5
    assert abs(statistics.mean(lucks)) < 3 * error + 0.01


def test_the_value_from_the_pairs_needed_is_the_value_from_all_nine():
    """value_before works out only the pairs of discards it needs: its V is the full
    table's, whichever slots were thrown (a pair counted twice made V too high)."""
    from tcf_gui.engine.coach.luck import Revealed, moments, value_before

    for game in games("heuristic", "random", 6, 3):
        for number, (hand1, hand2, discards, thrown) in enumerate(moments(game.events)[:2], 1):
            if thrown is None:
                continue
            search = Revealed(hand1, hand2, discards, number, CONTINUATION, "random")
            p1, p2 = search.models()
            full = search.pair_values()
            value, pairs, _ = value_before(hand1, hand2, discards, number, CONTINUATION,
                                           "random", thrown=thrown)
            assert value == pytest.approx(float(p1 @ full @ p2), abs=1e-12)
            assert pairs[thrown] == pytest.approx(full[thrown], abs=1e-12)
