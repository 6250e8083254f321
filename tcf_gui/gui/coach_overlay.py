"""The coach on the table: each of the person's cards shows the win chance if it is discarded.

Off by default (C or the Options menu turn it on); it never plays for the person. The odds
are computed once per turn, when the table waits for the person's choice, from what the
person may see (their View), against the opponent actually seated. A game in which the
coach was shown is marked as coached in the history.
"""
from __future__ import annotations

from typing import Any

import pygame

from ..engine.game import Game
from . import palette
from .layout import Layout
from .options import OPTIONS, Option
from .text import TextCache

OPTIONS.append(Option("coach", "Coach", note="the win chance of each discard; C"))


class CoachOverlay:
    """The current turn's odds, and whether the coach was shown during this game."""

    def __init__(self) -> None:
        self._key: tuple[Any, ...] | None = None
        self.advice: Any = None
        """The coach's Advice for the turn on the table (None: not computed, or no model)."""
        self.problem: str | None = None
        """Why there is no advice (an opponent the coach cannot model)."""
        self.used = False

    def new_game(self) -> None:
        self.used = False

    def update(self, game: Game, opponent: str) -> None:
        """Compute the odds of the position on the table, once per turn."""
        from ..engine.coach import CoachError, Position, advise  # numpy: load when first used

        key = (id(game), game.turns, opponent)
        if key == self._key:
            return
        self._key = key
        self.used = True
        try:
            self.advice, self.problem = advise(Position.from_view(game.view(1)), opponent), None
        except CoachError as error:
            self.advice, self.problem = None, str(error)

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
        if self.advice is None:
            return ""
        best = self.advice.best
        return (f"Coach: discarding {best.card.code} wins {100 * best.win:.0f}% "
                f"({100 * best.odds.flush_next:.0f}% to complete a flush on the next draw)")
