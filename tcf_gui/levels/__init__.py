"""The opponent levels (Easy, Normal, Expert): one record each, which the window's menus,
the history and its statistics, the coach and the lab all read.

A level holds the strategy the window seats for it, the spec the lab plays for it (its
batch form: for Expert a rule that chooses as its search in about 99% of positions), the
spec the coach models it by, its words, and its measured strength. The figures come from
``python benchmarks/bench_strength.py --write``, which writes them to
tcf_gui/levels/measured.py (and the strength table of docs/benchmarks.md); nothing here is
typed by hand. Words are marked with ``N_`` and shown with ``_()``.
"""
from __future__ import annotations

from dataclasses import dataclass

from tcf_gui.words import formats
from tcf_gui.i18n import N_, _
from tcf_gui.levels.measured import MEASURED
from tcf_gui.levels.strength import Strength


@dataclass(frozen=True)
class Level:
    spec: str
    """The strategy the window seats for this level."""
    name: str
    """Its name in the menus (marked with N_: show it with _())."""
    summary: str
    """What it does, in a few words (N_)."""
    lab: str
    """The spec the lab (batch engine) plays for it."""
    coach: str
    """The spec the coach models it by (coach/policies.py)."""

    @property
    def strength(self) -> Strength:
        return MEASURED[self.spec]

    def label(self) -> str:
        """'Normal (heuristic)', translated."""
        return f"{_(self.name)} ({self.spec})"

    def strength_line(self) -> str:
        """What measurement says the level is, e.g. 'Expert: wins 50.04% against Normal'."""
        rate = self.strength.win_rate_against_normal
        return _("{level}: {summary}; wins {rate} against Normal").format(
            level=_(self.name), summary=_(self.summary), rate=formats.percent(rate, 2))


#: The levels, weakest first, as the menus list them.
LEVELS: tuple[Level, ...] = (
    Level("random", N_("Easy"), N_("discards at random"), "random", "random"),
    Level("heuristic", N_("Normal"),
          N_("keeps a suited pair, else gives up the suit with the fewest unseen cards"),
          "heuristic", "heuristic"),
    Level("expert", N_("Expert"),
          N_("weighs every discard's win chance, reading your hand from your discards"),
          "expert", "expert:search=off"),
)
BY_SPEC: dict[str, Level] = {level.spec: level for level in LEVELS}
EASY, NORMAL, EXPERT = LEVELS
#: Who plays Player 2 when no one is chosen (the window's first game, the lab, Today's deal).
DEFAULT_OPPONENT = NORMAL.spec


def level_of(spec: str) -> Level | None:
    """The level whose strategy ``spec`` is, or None for any other opponent."""
    return BY_SPEC.get(spec)


def level_name(spec: str) -> str:
    """'Normal (heuristic)' for a level, else the spec itself."""
    level = level_of(spec)
    return level.label() if level else spec


def short_name(spec: str) -> str:
    """'Normal' for a level, else the spec itself."""
    level = level_of(spec)
    return _(level.name) if level else spec


def expected_win_rate(spec: str) -> float | None:
    """The share of games a strong player (Expert) wins against ``spec``, if measured."""
    level = level_of(spec)
    if level is None:
        return None
    duel = level.strength.expert_against
    return duel.wins_a / duel.games
