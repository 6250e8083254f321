"""The skill score of the games in the history, worked out on demand: games from before
the score existed (or whose score the disk refused) are scored when looked at (the
statistics screen, a review) or all at once (``tcf-gui history --score``)."""
from __future__ import annotations

from typing import Callable, Sequence

from tcf_gui.engine.skill import Skill
from tcf_gui.history.kinds import FRIEND
from tcf_gui.history.store import GameRecord, History, HistoryError


def score_record(game: GameRecord) -> Skill:
    """The skill score of a game of the history, replayed from its seed and moves, against
    its opponent, or the Normal model (always for a friend: a person, whatever the name).
    HistoryError when the game cannot be replayed. Blocking, about 0.05-0.5 s: off the
    loop in a window."""
    from tcf_gui.engine.coach.scoring import score_game  # numpy: only when scoring

    return score_game(game.replay(), None if game.kind == FRIEND else game.p2)


def score_unscored(history: History, kinds: Sequence[str],
                   progress: Callable[[int, int], None] = lambda done, total: None,
                   ) -> list[Skill | None]:
    """Score every game of ``kinds`` that has no score, newest first, storing each as it
    is done (an interrupted run keeps what it did); ``progress(done, total)`` after each.
    Returns one entry per game looked at: the score stored, or None for a game whose moves
    were edited beyond replaying (it stays unscored). HistoryError when the history cannot
    be read or written."""
    games = history.unscored(kinds)
    done: list[Skill | None] = []
    for index, game in enumerate(games, start=1):
        try:
            skill: Skill | None = score_record(game)
        except HistoryError:
            skill = None
        if skill is not None:
            problem = history.set_skill(game, skill)
            if problem:
                raise HistoryError(problem)
        done.append(skill)
        progress(index, len(games))
    return done
