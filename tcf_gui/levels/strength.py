"""How strong a level measured: duels on paired decks and win rates, as the lab makes them.

The levels' figures (tcf_gui/levels/measured.py) are written in these terms by
``python benchmarks/bench_strength.py --write``.
"""
from __future__ import annotations

from dataclasses import dataclass

from tcf_gui.lab.statistics import PairedDuel


@dataclass(frozen=True)
class Rate:
    """Games won out of games played (or positions alike out of positions compared)."""

    wins: int
    games: int

    @property
    def rate(self) -> float:
        return self.wins / self.games


@dataclass(frozen=True)
class Strength:
    """What the benchmark measured for one level, with the seed of every run."""

    seed: int
    against_normal: PairedDuel
    """The level (A) against Normal (B) on paired decks."""
    expert_against: PairedDuel
    """Expert (A) against the level (B) on paired decks: what a strong player reaches."""
    against_random: Rate
    """The level as Player 2 against random (the lab's own match-up)."""
    agreement: Rate | None = None
    """For a level the lab plays as a cheaper rule: the positions in which the rule chose as
    the window's strategy, out of those compared."""

    @property
    def win_rate_against_normal(self) -> float:
        """The level's share of the games either side won against Normal."""
        duel = self.against_normal
        return duel.wins_a / max(1, duel.wins_a + duel.wins_b)
