"""The coach's review of a game in words (tcf_gui.engine.coach.review holds the numbers):
how the game ended and how many moves were the best."""
from __future__ import annotations

from typing import TYPE_CHECKING

from tcf_gui.i18n import _, ngettext
from tcf_gui.words.skill import points
from tcf_gui.words.results import explain

if TYPE_CHECKING:
    from tcf_gui.engine.coach.review import Review


def review_result(review: Review) -> str | None:
    """How the reviewed game ended ('You win with ...'; the person is Player 1); None while
    it goes on."""
    if review.outcome is None:
        return None
    return explain(review.outcome, len(review.turns), you=1).title


def best_moves(best: int, count: int) -> str:
    """'Best moves: 6 of 7' (no verb to agree: '1 of 4 moves were' read wrong)."""
    return _("Best moves: {best} of {n}").format(best=best, n=count)


def review_summary(review: Review) -> str:
    """'Best moves: 6 of 7. One move gave up 18 points of win chance.'"""
    count = len(review.turns)
    if not count:
        return _("No moves to review: the deal ended the game.")
    best = sum(turn.was_best for turn in review.turns)
    if best == count:
        if count == 1:
            return _("The one move was the best.")
        # TRANSLATORS: {n} is 2 or more.
        return ngettext("All {n} moves were the best.", "All {n} moves were the best.",
                        count).format(n=count)
    first = best_moves(best, count)
    worse = [turn for turn in review.turns if not turn.was_best]
    given_up = points(sum(turn.given_up for turn in worse))
    if len(worse) == 1:
        # TRANSLATORS: {points} is "18 points", "1 point" or "0.4 points".
        second = _("One move gave up {points} of win chance.").format(points=given_up)
    else:
        most = max(worse, key=lambda turn: turn.given_up)
        # TRANSLATORS: {n} is 2 or more; {points} and {most} are "18 points", "1 point"...
        second = ngettext(
            "{n} moves gave up {points} of win chance in all (the most, {most}, on turn {turn}).",
            "{n} moves gave up {points} of win chance in all (the most, {most}, on turn {turn}).",
            len(worse)).format(n=len(worse), points=given_up, most=points(most.given_up),
                               turn=most.turn)
    return f"{first}. {second}"
