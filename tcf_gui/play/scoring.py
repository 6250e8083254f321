"""The skill score of games as they end, worked out off the loop (tcf_gui.engine.skill).

A window asks ``score(game, opponent, record)`` when a game ends (or is given up): the
coach grades its moves on a worker thread (0.05-0.5 s, more against Easy) while the end
screen is shown at once; ``poll()`` each frame takes the scores that came, stores each with
its game in the history, and ``skill_for(game)`` gives what the end screen shows.
"""
from __future__ import annotations

import time
from dataclasses import dataclass, field
from functools import partial
from typing import TYPE_CHECKING

from tcf_gui.engine.game import Game
from tcf_gui.engine.skill import Skill
from tcf_gui.i18n import _
from tcf_gui.play.off_loop import OffLoop, OffLoopFailed

if TYPE_CHECKING:
    from tcf_gui.history import GameRecord, History


def _score(game: Game, opponent: str | None, seat: int) -> Skill:
    from tcf_gui.engine.coach.scoring import score_game  # numpy: on the worker thread

    return score_game(game, opponent, seat)


def _score_but(game: Game, opponent: str | None, seat: int, skip: frozenset[int]) -> Skill:
    return _score(game, opponent, seat).without(skip)


#: How long a closing window waits for the scores still coming: scoring a game took at most
#: 0.83 s in benchmarks/bench_skill.py (a random player's long games against random) before
#: the score kept the game's luck, whose accounting (coach/luck.py) takes less again than the
#: review (0.4-0.8 s against 0.7-1.4 s for games of 7-15 turns on a loaded machine).
SETTLE_S = 5.0


@dataclass
class Scored:
    """A game's score as it stands: None while the coach works, else the Skill, or the
    one-line reason there is none."""

    skill: Skill | None = None
    problem: str | None = None


@dataclass
class GameScorer:
    """Scores games off the loop and keeps them with their games in ``history``."""

    history: History | None = None
    problems: list[str] = field(default_factory=list)
    """Messages for the person (a disk that refused the score), taken by the window."""
    _jobs: list[tuple[Game, GameRecord | None, OffLoop[Skill]]] = field(default_factory=list)
    _done: dict[int, tuple[Game, Scored]] = field(default_factory=dict)

    def score(self, game: Game, opponent: str | None, record: GameRecord | None = None,
              seat: int = 1, skip: frozenset[int] = frozenset()) -> None:
        """Start scoring ``game`` (the moves of the player in ``seat`` against
        ``opponent``, None for a person: scored against the Normal model, but for the turns
        in ``skip``, which a turn timer played); ``record`` is the game as the history wrote
        it, where the score is stored. Once per game."""
        if self.knows(game):
            return
        self._jobs.append((game, record, OffLoop(partial(_score_but, game, opponent, seat, skip),
                                                 _("the skill score"))))

    def knows(self, game: Game) -> bool:
        return id(game) in self._done or any(job[0] is game for job in self._jobs)

    @property
    def working(self) -> bool:
        return bool(self._jobs)

    def poll(self) -> None:
        """Take the scores that came and store them."""
        for job in [job for job in self._jobs if job[2].done]:
            self._jobs.remove(job)
            game, record, work = job
            try:
                scored = Scored(work.result())
            except OffLoopFailed as failed:
                scored = Scored(problem=str(failed))
            self._done[id(game)] = (game, scored)  # the game kept: its id stays its own
            if len(self._done) > 8:  # only the last games' scores are shown
                self._done.pop(next(iter(self._done)))
            if scored.skill is not None and record is not None and self.history is not None:
                problem = self.history.set_skill(record, scored.skill)
                if problem:
                    self.problems.append(problem)

    def settle(self, within_s: float = SETTLE_S) -> None:
        """Wait up to ``within_s`` for the scores still worked out, and store them: the
        window has closed, and a game with no deal kept (one you joined) has no later chance."""
        deadline = time.monotonic() + within_s
        for job in list(self._jobs):
            job[2].wait(deadline - time.monotonic())
        self.poll()

    def skill_for(self, game: Game) -> Scored | None:
        """The score of ``game``: None if it was never asked, Scored() while it is worked out."""
        if any(job[0] is game for job in self._jobs):
            return Scored()
        found = self._done.get(id(game))
        return found[1] if found is not None else None


class BacklogScorer:
    """Games of the history with no score yet (from before the score existed), scored one
    at a time off the loop, newest first, each stored as it comes: the statistics screen
    fills its chart in while it is open."""

    def __init__(self, history: History, games: list[GameRecord]) -> None:
        self.history = history
        self.queue = list(games)
        self.total = len(games)
        self.problem: str | None = None
        self._job: tuple[GameRecord, OffLoop[Skill]] | None = None
        self._next()

    @property
    def working(self) -> bool:
        return self._job is not None

    @property
    def done_count(self) -> int:
        return self.total - len(self.queue) - (self._job is not None)

    def _next(self) -> None:
        from tcf_gui.history.skill import score_record

        self._job = None
        if self.queue and self.problem is None:
            game = self.queue.pop(0)
            self._job = (game, OffLoop(partial(score_record, game), _("the skill score")))

    def poll(self) -> list[GameRecord]:
        """The games scored since the last poll, with their scores (stored already)."""
        if self._job is None or not self._job[1].done:
            return []
        game, work = self._job
        scored: list[GameRecord] = []
        try:
            skill = work.result()
        except OffLoopFailed:
            skill = None  # a game that cannot be replayed stays unscored
        if skill is not None:
            self.problem = self.history.set_skill(game, skill)
            scored.append(game.with_skill(skill))
        self._next()
        return scored
