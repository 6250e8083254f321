"""Scoring a game's moves with the coach: the skill score of tcf_gui.engine.skill, worked
out from the post-game review (one coach answer per turn)."""
from __future__ import annotations

from tcf_gui.engine.game import Game
from tcf_gui.engine.skill import Decision, Luck, Skill
from tcf_gui.engine.coach.luck import account
from tcf_gui.engine.coach.policies import NORMAL, CoachError, suit_policy
from tcf_gui.engine.coach.review import Review, review_game


def model_for(opponent: str | None) -> tuple[str, bool]:
    """The model a game against ``opponent`` (a strategy spec, or None for a person) is
    scored with, and whether it stands in."""
    if opponent is None:
        return NORMAL, True
    try:
        suit_policy(opponent)
    except CoachError:
        return NORMAL, True
    return opponent, False


def skill_of(review: Review, stand_in: bool = False, luck: Luck | None = None,
             seat: int = 1) -> Skill:
    """The score of a reviewed game (with its luck when worked out)."""
    return Skill(review.opponent, stand_in, tuple(
        Decision(turn.turn, turn.card, turn.advice.best.card, turn.given_up)
        for turn in review.turns), luck, seat)


def score_game(game: Game, opponent: str | None, seat: int = 1) -> Skill:
    """The skill score of the moves of the player in ``seat`` (Player 1 unless told) in
    ``game``, played against ``opponent`` (a strategy spec; an opponent the coach cannot
    model, or None for a person, is scored as Normal). Blocking, about 0.05-0.5 s: call it
    off the loop."""
    model, stand_in = model_for(opponent)
    luck = account(game.events, model, seat, game.open_hands).summary()
    return skill_of(review_game(game, model, seat), stand_in, luck, seat)
