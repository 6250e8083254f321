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
from ..i18n import N_, _
from ..notation import card_text
from ..play import OffLoop, OffLoopFailed
from . import card_marks, palette
from .card_faces import FaceStyle
from .layout import Layout
from .options import OPTIONS, Option
from .text import TextCache
from .text_boxes import inside

OPTIONS.append(Option("coach", "Coach", note="the win chance of each discard; C",
                      help=N_("each of your cards shows your chance to win if you discard it; "
                              "it never plays for you (C)")))


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

    def draw(self, surface: pygame.Surface, layout: Layout, text: TextCache, style: FaceStyle) -> None:
        """A badge on each of the person's cards: 'win 62%', the best one in gold. They lie
        astride the card's bottom edge beside the key cap, where no card face prints anything
        (tcf_gui.gui.card_marks): never over an index or a pip."""
        if self.advice is None:
            return
        best = self.advice.best.slot
        for choice in self.advice.choices:
            words = f"{100 * choice.win:.0f}%"
            room = card_marks.badge_room(layout, style, choice.slot)
            px = card_marks.mark_px(layout)
            while px > card_marks.MIN_PX and text.size(words, px, bold=True)[0] + 2 * px // 3 > room.width:
                px -= 1
            is_best = choice.slot == best
            label = text.render(words, px, palette.BANNER if is_best else palette.TEXT, bold=True, shadow=False)
            pill = card_marks.badge_rect(layout, style, choice.slot, label.get_width() + 2 * px // 3)
            radius = pill.height // 2
            pygame.draw.rect(surface, palette.GOLD if is_best else palette.BANNER, pill, border_radius=radius)
            pygame.draw.rect(surface, palette.BANNER if is_best else palette.TEXT, pill, width=1,
                             border_radius=radius)
            spot = label.get_rect(center=pill.center)
            surface.blit(label, spot)
            with inside("coach badge", pill):
                text.report(words, label, spot, px, surface, bold=True)

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
        return _("Coach: discarding {card} wins {win}% ({flush}% to complete a flush on the "
                 "next draw)").format(card=card_text(best.card), win=f"{100 * best.win:.0f}",
                                      flush=f"{100 * best.odds.flush_next:.0f}")


def _advise(view: View, opponent: str) -> Any:
    """The coach's Advice for ``view`` against ``opponent``; OffLoopFailed with the reason
    when the coach cannot model that opponent."""
    from ..engine.coach import CoachError, Position, advise  # numpy: load when first used

    try:
        return advise(Position.from_view(view), opponent)
    except CoachError as error:
        raise OffLoopFailed(str(error)) from None
