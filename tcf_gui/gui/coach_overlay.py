"""The coach on the table: each of the person's cards shows the win chance if it is discarded.

Off by default (C or the Options menu turn it on); it never plays for the person. The odds
are computed once per turn, when the table waits for the person's choice, from what the
person may see (their View), against the opponent actually seated, on a worker thread:
an answer takes about 15-50 ms against heuristic and 30-85 ms against random, and the
window keeps drawing meanwhile. A game in which the coach was shown is marked as
coached in the history.
"""
from __future__ import annotations

from functools import partial
from typing import Any

import pygame

from ..engine.game import Game
from ..engine.view import View
from ..play import OffLoop, OffLoopFailed
from . import palette
from .layout import Layout
from .options import OPTIONS, Option
from .text import TextCache

OPTIONS.append(Option("coach", "Coach", note="the win chance of each discard; C"))


class CoachOverlay:
    """The current turn's odds, and whether the coach was shown during this game."""

    def __init__(self) -> None:
        self._key: tuple[Any, ...] | None = None
        self._job: OffLoop[Any] | None = None  # the odds being worked out off the loop
        self.advice: Any = None
        """The coach's Advice for the turn on the table (None: not computed, or no model)."""
        self.problem: str | None = None
        """Why there is no advice (an opponent the coach cannot model, a failure)."""

    def new_game(self) -> None:
        self._key = self._job = None
        self.advice = self.problem = None

    @property
    def thinking(self) -> bool:
        """True while the odds of the turn on the table are being worked out."""
        return self._job is not None

    def update(self, game: Game, opponent: str) -> None:
        """Ask for the odds of the position on the table, once per turn, and take the answer
        when the worker has it (a worker still busy with an earlier turn is not waited for:
        its answer is never read)."""
        key = (id(game), game.turns, opponent)
        if key != self._key:
            self._key, self.advice, self.problem = key, None, None
            self._job = OffLoop(partial(_advise, game.view(1), opponent),
                                "working out the odds")
        if self._job is not None and self._job.done:
            job, self._job = self._job, None
            try:
                self.advice = job.result()
            except OffLoopFailed as failed:
                self.problem = str(failed)

    def draw(self, surface: pygame.Surface, layout: Layout, text: TextCache) -> None:
        """A label on each of the person's cards: 'win 62%', the best one in gold."""
        if self.advice is None:
            return
        px = max(12, layout.font_px - 3)
        best = self.advice.best.slot
        for choice in self.advice.choices:
            rect = layout.hands[1][choice.slot]
            words = f"{100 * choice.win:.0f}%" + ("  best" if choice.slot == best else "")
            colour = palette.GOLD if choice.slot == best else palette.TEXT
            label = text.render(words, px, colour, bold=True, shadow=False)
            pill = label.get_rect().inflate(px, px // 2)
            pill.midbottom = (rect.centerx, rect.bottom - px // 2)
            pygame.draw.rect(surface, palette.BANNER, pill, border_radius=pill.height // 2)
            pygame.draw.rect(surface, colour, pill, width=2 if choice.slot == best else 1,
                             border_radius=pill.height // 2)
            surface.blit(label, label.get_rect(center=pill.center))

    def caption(self) -> str:
        """A line for the table: the chance to complete a flush on the next draw, or why the
        coach is silent."""
        if self.problem:
            return "Coach: " + self.problem.split(";")[0]
        if self.thinking:
            return "Coach: working out the odds…"
        if self.advice is None:
            return ""
        best = self.advice.best
        return (f"Coach: discarding {best.card.code} wins {100 * best.win:.0f}% "
                f"({100 * best.odds.flush_next:.0f}% to complete a flush on the next draw)")


def _advise(view: View, opponent: str) -> Any:
    """The coach's Advice for ``view`` against ``opponent``; OffLoopFailed with the reason
    when the coach cannot model that opponent."""
    from ..engine.coach import CoachError, Position, advise  # numpy: load when first used

    try:
        return advise(Position.from_view(view), opponent)
    except CoachError as error:
        raise OffLoopFailed(str(error)) from None
