"""The skill score: 100% for the coach's best every turn, a known blunder graded as the
formula gives by hand, the costliest decision, a stand-in model for unmodelled opponents."""
from __future__ import annotations

import pytest

from tcf_gui.engine.game import Game
from tcf_gui.engine.match import Match
from tcf_gui.engine.coach import Position, advise, review_game
from tcf_gui.engine.coach.scoring import model_for, score_game
from tcf_gui.engine.coach.policies import NORMAL
from tcf_gui.engine.skill import HALF_LIFE, Skill, game_accuracy, move_accuracy


def test_the_formula_halves_a_moves_accuracy_every_ten_points():
    assert HALF_LIFE == 10
    assert move_accuracy(0.0) == 100.0
    assert move_accuracy(0.10) == pytest.approx(50.0)
    assert move_accuracy(0.20) == pytest.approx(25.0)
    assert move_accuracy(0.06) == pytest.approx(65.975, abs=1e-3)  # 100 / 2 ** 0.6
    assert move_accuracy(-1e-12) == 100.0  # a rounding error is no gain
    assert game_accuracy([]) is None
    assert game_accuracy([0.0, 0.10]) == pytest.approx(75.0)


def played_game(seed: int, blunder_turn: int | None = None) -> tuple[Game, int | None]:
    """Player 1 plays the coach's best discard every turn against the heuristic; on
    ``blunder_turn``, if it then holds a suited pair, it breaks the pair instead (the
    turn of the blunder, or None if there was none)."""
    match = Match("random", "heuristic", seed)
    game = match.new_game()
    game.deal()
    blundered = None
    while not game.over:
        view = game.view(1)
        slot = advise(Position.from_view(view)).best.slot
        suits = [card.suit for card in view.hand]
        if view.turn == blunder_turn and len(set(suits)) == 2:
            slot = next(i for i, suit in enumerate(suits) if suits.count(suit) == 2)
            blundered = view.turn
        game.play_turn(slot, match.p2(game.view(2)))
    return game, blundered


def test_the_coachs_best_every_turn_scores_100():
    game = next(g for g, _ in map(played_game, range(100)) if g.turns >= 3)
    skill = score_game(game, "heuristic")
    assert len(skill.decisions) == game.turns
    assert skill.accuracy == 100.0 and skill.given_up == 0.0
    assert skill.costliest is None
    assert (skill.model, skill.stand_in) == ("heuristic", False)


def test_a_known_blunder_scores_what_the_formula_gives_by_hand():
    game, turn = next((g, t) for g, t in (played_game(seed, blunder_turn=2) for seed in range(200))
                      if t == 2 and g.turns >= 3)
    skill = score_game(game, "heuristic")
    review = review_game(game, "heuristic")
    blunder = review.turns[1]
    points = 100 * blunder.given_up
    assert points > 10  # breaking a live suited pair costs a lot
    assert blunder.card.suit in {c.suit for c in blunder.hand if c is not blunder.card}
    # Every other move was the coach's best: 100 each; the blunder 100 / 2 ** (points / 10).
    others = len(review.turns) - 1
    assert all(t.given_up == 0 for i, t in enumerate(review.turns) if i != 1)
    by_hand = (100 * others + 100 / 2 ** (points / 10)) / (others + 1)
    assert skill.accuracy == pytest.approx(by_hand)
    assert skill.given_up == pytest.approx(blunder.given_up)
    worst = skill.costliest
    assert worst is not None and worst.turn == 2
    assert (worst.card, worst.best) == (blunder.card, blunder.advice.best.card)


def test_an_opponent_the_coach_cannot_model_is_scored_against_normal():
    assert model_for("heuristic") == ("heuristic", False)
    assert model_for("random") == ("random", False)
    assert model_for("lazy") == (NORMAL, True)
    assert model_for("mine.py:choose") == (NORMAL, True)
    assert model_for("Alice") == (NORMAL, True)  # a friend
    game = Match("random", "lazy", 3).play_next()
    skill = score_game(game, "lazy")
    assert (skill.model, skill.stand_in) == ("heuristic", True)
    assert skill.decisions == score_game(game, "heuristic").decisions


def test_a_game_the_deal_ended_has_no_accuracy():
    game = next(g for g in (Game(seed) for seed in range(20_000)) if g.deal() and g.over)
    skill = score_game(game, "heuristic")
    assert skill.decisions == () and skill.accuracy is None and skill.given_up == 0


def test_the_stored_form_reads_back_and_refuses_anything_else():
    game, _ = played_game(5, blunder_turn=1)
    skill = score_game(game, "random")
    assert Skill.from_json(skill.as_json()).as_json() == skill.as_json()
    for bad in (None, {}, {"model": "x", "stand_in": False, "turns": [[1, "ZZ", "3C", 0]]},
                {"model": "x", "stand_in": False, "turns": [[1, "3C"]]}):
        with pytest.raises(ValueError):
            Skill.from_json(bad)


def test_a_turn_the_timer_played_is_not_scored_as_a_decision():
    """A friend's game where the turn timer played your lowest card: the review scored it
    as your mistake (accuracy 61%, "gave up 22 points"). The turns skipped are left out."""
    game, turn = next((g, t) for g, t in (played_game(seed, blunder_turn=2) for seed in range(200))
                      if t == 2 and g.turns >= 3)
    assert score_game(game, "heuristic").accuracy < 100.0
    skill = score_game(game, "heuristic").without(frozenset({2}))
    assert [d.turn for d in skill.decisions] == [t for t in range(1, game.turns + 1) if t != 2]
    assert skill.accuracy == 100.0
