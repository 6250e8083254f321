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
from typing import Any, Protocol

import pygame

from tcf_gui.engine.game import Game
from tcf_gui.engine.view import View
from tcf_gui.words.formats import percent
from tcf_gui.i18n import _
from tcf_gui.words.notation import card_text
from tcf_gui.play import OffLoop, OffLoopFailed, TableSession
from tcf_gui.gui import card_marks, palette
from tcf_gui.gui.card_faces import FaceStyle
from tcf_gui.gui.layout import Layout
from tcf_gui.gui.table_view import Part, TableView
from tcf_gui.gui.text import TextCache
from tcf_gui.gui.text_boxes import MIN_TEXT_PX, inside

class CoachOverlay:
    """The odds of the position on the table, and nothing but that position's.

    Every answer is kept with the position it answers (Player 1's View and the opponent);
    what is shown is looked up by the position shown, so odds worked out for an earlier
    turn are never drawn for a later one, whatever order the coach, the menus and the turns
    come in: the table shows the current position's odds, "working out", or nothing.
    """

    def __init__(self) -> None:
        self._asked: Position | None = None  # the position being worked out, or last asked
        self._job: OffLoop[Any] | None = None  # the odds being worked out off the loop
        self._answered: Position | None = None
        self.advice: Any = None
        """The coach's Advice for the position ``_answered`` (None: none, or no model)."""
        self.problem: str | None = None
        """Why there is no advice for that position (an opponent it cannot model, a failure)."""

    def new_game(self) -> None:
        self._asked = self._answered = self._job = None
        self.advice = self.problem = None

    @property
    def thinking(self) -> bool:
        """True while odds are being worked out."""
        return self._job is not None

    def update(self, game: Game, opponent: str) -> None:
        """Ask for the odds of the position on the table, once per position, and take the
        answer when the worker has it (a worker still busy with an earlier position is not
        waited for: its answer is never read)."""
        position = _position(game, opponent)
        if position != self._asked and position != self._answered:
            self._asked = position
            self._job = OffLoop(partial(advise_view, position[0], opponent), _("working out the odds"))
        if self._job is not None and self._job.done:
            job, self._job = self._job, None
            try:
                self.advice, self.problem = job.result(), None
            except OffLoopFailed as failed:
                self.advice, self.problem = None, str(failed)
            self._answered = self._asked

    def advice_for(self, game: Game, opponent: str) -> Any:
        """The Advice for the position of ``game`` against ``opponent``, if it is known."""
        return self.advice if self._answered == _position(game, opponent) else None

    def draw(self, surface: pygame.Surface, layout: Layout, text: TextCache, style: FaceStyle,
             advice: Any) -> None:
        """A badge on each of the person's cards with ``advice``'s win chance, the best one
        in gold. They lie astride the card's bottom edge beside the key cap, where no card
        face prints anything (tcf_gui.gui.card_marks): never over an index or a pip."""
        if advice is None:
            return
        best = advice.best.slot
        for choice in advice.choices:
            room = card_marks.badge_room(layout, style, choice.slot)
            words = badge_words(text, percent(choice.win, 0), room.width)
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

    def caption(self, game: Game, opponent: str) -> str:
        """A line for the table about the position of ``game``: the best discard and the
        chance to complete a flush on the next draw, or why the coach is silent."""
        position = _position(game, opponent)
        if self._answered == position and self.problem:
            return problem_words(self.problem)
        if self._answered == position and self.advice is not None:
            best = self.advice.best
            return _("Coach: discarding {card} wins {win} ({flush} to complete a flush on "
                     "the next draw)").format(card=card_text(best.card), win=percent(best.win, 0),
                                              flush=percent(best.odds.flush_next, 0))
        if self._asked == position and self.thinking:
            return _("Coach: working out the odds…")
        return ""


class CoachedTable(TableView, Protocol):
    """What the coach's badges need of the person's table."""

    @property
    def game(self) -> Game: ...

    @property
    def opponent(self) -> str: ...

    @property
    def awaiting_choice(self) -> bool: ...

    @property
    def session(self) -> TableSession: ...


class CoachBadges(Part):
    """The coach on ``table``: its badges, while the coach is on and the person chooses."""

    def __init__(self, table: CoachedTable, coach: CoachOverlay) -> None:
        self.table = table
        self.coach = coach

    @property
    def on(self) -> bool:
        """The coach is on and the table waits for the person's discard."""
        return self.table.settings.coach and self.table.awaiting_choice

    def update(self, now: float) -> None:
        """Ask for the odds of the position on the table, once per position (and take them);
        the game is marked as coached."""
        if self.on:
            self.coach.update(self.table.game, self.table.opponent)
            self.table.session.coached = True

    def switched(self) -> None:
        """The coach on or off (C, or Options under the menu): on, it starts on the position
        on the table at once, so the odds are there when the menu closes."""
        self.update(self.table.now)
        self.table.toast(_("Coach on: each card shows your win chance if discarded")
                         if self.table.settings.coach else _("Coach off"))

    def draw(self, surface: pygame.Surface) -> None:
        table = self.table
        if self.on:
            self.coach.draw(surface, table.layout, table.text, table.renderer.card_set.style,
                            self.coach.advice_for(table.game, table.opponent))


def badge_words(text: TextCache, words: str, width: int) -> str:
    """A win chance for a badge ``width`` pixels wide: as the language writes it ("47 %" in
    French), or where that will not fit at the smallest text without the space before %."""
    if text.size(words, MIN_TEXT_PX, bold=True)[0] + 2 * MIN_TEXT_PX // 3 <= width:
        return words
    return words.replace("\xa0", "").replace("\u202f", "")


#: A position as the coach answers it: what Player 1 may see, and who the opponent is.
Position = tuple[View, str]


def _position(game: Game, opponent: str) -> Position:
    return (game.view(1), opponent)


def advise_view(view: View, opponent: str) -> Any:
    """The coach's Advice for ``view`` against ``opponent``; OffLoopFailed with the reason
    when the coach cannot model that opponent (the table's badges, and speech's G)."""
    from tcf_gui.engine.coach import CoachError, Position, advise  # numpy: load when first used

    try:
        return advise(Position.from_view(view), opponent)
    except CoachError as error:
        raise OffLoopFailed(str(error)) from None


def problem_words(problem: str) -> str:
    """Why the coach is silent, in one short line ('Coach: ...', the reason's first part)."""
    return _("Coach: {problem}").format(problem=problem.split(";")[0])
