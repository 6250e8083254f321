"""The banner at the end of a game: who won, with what, and why, with its button."""
from __future__ import annotations

from typing import Callable

import pygame

from tcf_gui.i18n import _
from tcf_gui.play.scoring import Scored
from tcf_gui.engine.skill import Skill
from tcf_gui.words.luck import luck_line
from tcf_gui.words.skill import score_line
from tcf_gui.gui import palette
from tcf_gui.gui.render import Banner, banner_growth, banner_rect
from tcf_gui.gui.table_view import Part, TableView


def skill_note(scored: Scored | None) -> tuple[str, palette.RGB]:
    """A banner's line with the skill score of a game, as far as it is worked out."""
    if scored is None or (scored.skill is None and scored.problem is None):
        return _("Accuracy: the coach is grading your moves…"), palette.TEXT_DIM
    if scored.skill is None:
        return _("No skill score: {reason}").format(reason=scored.problem), palette.TEXT_DIM
    return banner_line(scored.skill), palette.TEXT


def banner_line(skill: Skill) -> str:
    """The skill score's line of a banner: how you played and how the cards leaned when its
    luck is worked out (words/luck.py), else the score alone."""
    return score_line(skill) if skill.luck is None else luck_line(skill)


class EndPanel(Part):
    """The end-of-game banner of ``table``: ``banner()`` gives it (None: none yet), and
    ``buttons()`` the labels of its buttons side by side (none: the banner's one button)."""

    def __init__(self, table: TableView, banner: Callable[[], Banner | None],
                 buttons: Callable[[], list[str]]) -> None:
        self.table = table
        self.banner = banner
        self.buttons = buttons
        self.shown: Banner | None = None
        """The banner of the frame being drawn (``place`` sets it)."""
        self.covered: pygame.Rect | None = None
        """Where it lies on the table (None: no banner)."""

    def place(self) -> None:
        """Before the table is drawn: fit the layout's banner to the words of this frame's
        banner (buttons wide enough for their labels, the panel grown about its middle for
        lines past the usual), and remember where it lies."""
        self.shown = banner = self.banner()
        self.covered = None
        if banner is None:
            return
        layout, text = self.table.layout, self.table.text
        labels = self.buttons() or ([banner.button] if banner.button else [])
        widest = max((text.size(label, layout.font_px, bold=True)[0] for label in labels),
                     default=0)
        layout.widen_banner_buttons(widest, pair=len(labels) > 1)
        layout.lower_banner(banner_growth(layout, banner, text))
        self.covered = banner_rect(layout, banner, text)

    def draw(self, surface: pygame.Surface) -> None:
        if self.shown is not None:
            layout = self.table.layout
            self.table.renderer.banner(surface, layout, self.shown,
                                       layout.button.collidepoint(self.table.mouse))
