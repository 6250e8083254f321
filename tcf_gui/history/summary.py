"""The person's statistics from the history: per opponent, games, wins, losses, draws, the
win rate with its 95% interval, winning streaks, average length, how the games ended, and
a rolling win rate. The statistics screen and ``tcf-gui history`` both show these numbers.
"""
from __future__ import annotations

from collections import deque
from dataclasses import dataclass, field
from typing import Any, Iterable, Sequence

from tcf_gui.engine.outcome import Case, tally
from tcf_gui.engine.skill import Label
from tcf_gui.lab.statistics import wilson_interval
from tcf_gui.i18n import N_, _
from tcf_gui.levels import LEVELS, expected_win_rate, level_name, level_of, short_name
from tcf_gui.history.store import GameRecord, ImportedTotals

#: How a game ended, from the person's side (Player 1), by result case; shown with _().
# TRANSLATORS: how games ended, short labels beside a count: "your straight" is a game won
# with your straight flush (against a plain flush or none), "your flush" one won with a
# plain flush against no flush, "their high card" one lost when both
# flushed and their high card ranked above yours, "dead deck" a draw.
CASE_LABELS = {
    Case.DEAD_DECK: N_("dead deck"),
    Case.P1_FLUSH: N_("your flush"),
    Case.P2_FLUSH: N_("their flush"),
    Case.P1_STRAIGHT: N_("your straight"),
    Case.P2_STRAIGHT: N_("their straight"),
    Case.P1_HIGH_CARD: N_("your high card"),
    Case.P2_HIGH_CARD: N_("their high card"),
}


@dataclass
class LevelStats:
    """The person's games against one opponent (or all of them: ``opponent`` is None)."""

    opponent: str | None
    games: int = 0
    wins: int = 0
    losses: int = 0
    draws: int = 0
    quits: int = 0
    """Games given up mid-way (counted among the losses)."""
    coached: int = 0
    """Games played with the coach on."""
    turns: int = 0
    current_streak: int = 0
    best_streak: int = 0
    cases: dict[int, int] = field(default_factory=lambda: {case.value: 0 for case in Case})
    """How the finished games ended (GameRecord.ending: a straight flush's win counts as
    one): result case (1-7) -> games."""
    scored: int = 0
    """Games with a skill score (tcf_gui.engine.skill) that graded a move."""
    accuracy_sum: float = 0.0
    given_up_sum: float = 0.0
    lucky: int = 0
    """Games whose luck is worked out (coach/luck.py): the sums below are of these."""
    luck_sum: float = 0.0
    """The person's luck, summed (fractions of expected score)."""
    score_sum: float = 0.0
    adjusted_sum: float = 0.0
    """The person's score had luck been even (start + decisions), summed."""
    errors: dict[Label, int] = field(default_factory=lambda: {"doubtful": 0, "bad": 0,
                                                              "very_bad": 0})
    """The scored games' decisions by error label (tcf_gui.engine.skill.LABELS)."""

    def add(self, game: GameRecord) -> None:
        self.games += 1
        self.turns += game.turns
        self.wins, self.losses, self.draws = tally((self.wins, self.losses, self.draws),
                                                   game.winner)
        self.current_streak = self.current_streak + 1 if game.winner == 1 else 0
        self.best_streak = max(self.best_streak, self.current_streak)
        if game.quit:
            self.quits += 1
        if game.coach:
            self.coached += 1
        if game.ending is not None:
            self.cases[game.ending.value] += 1
        if game.accuracy is not None and game.given_up is not None:
            self.scored += 1
            self.accuracy_sum += game.accuracy
            self.given_up_sum += game.given_up
        self._add_luck(game)

    def _add_luck(self, game: GameRecord) -> None:
        skill = game.skill if game.scored else None
        if skill is None:
            return
        for label, count in skill.errors().items():
            self.errors[label] += count
        if skill.luck is not None:
            mine = skill.luck.for_seat(skill.seat)
            self.lucky += 1
            self.luck_sum += mine.luck
            self.score_sum += mine.result
            self.adjusted_sum += mine.adjusted

    @property
    def luck_per_game(self) -> float | None:
        """The person's mean luck per game (None: no game's luck worked out)."""
        return self.luck_sum / self.lucky if self.lucky else None

    @property
    def adjusted_score(self) -> float | None:
        """The person's mean score (win 1, draw 0.5) had luck been even."""
        return self.adjusted_sum / self.lucky if self.lucky else None

    @property
    def accuracy(self) -> float | None:
        """The mean accuracy (0-100) of the scored games; None when none is scored."""
        return self.accuracy_sum / self.scored if self.scored else None

    @property
    def given_up_per_game(self) -> float | None:
        """The win chance given up per scored game, on average (a fraction of 1)."""
        return self.given_up_sum / self.scored if self.scored else None

    @property
    def win_rate(self) -> float:
        return self.wins / self.games if self.games else 0.0

    @property
    def interval(self) -> tuple[float, float]:
        """The win rate's 95% Wilson interval."""
        return wilson_interval(self.wins, self.games)

    @property
    def average_turns(self) -> float:
        return self.turns / self.games if self.games else 0.0

    @property
    def label(self) -> str:
        """'All opponents', 'Normal (heuristic)', in the language in force."""
        return _("All opponents") if self.opponent is None else level_name(self.opponent)

    @property
    def name(self) -> str:
        """'All opponents', 'Normal': the label as the window shows it (the level's name; the
        strategy behind it is for the terminal, where --p2 takes it)."""
        return _("All opponents") if self.opponent is None else short_name(self.opponent)

    def source_label(self) -> str:
        """The label in the source's English, as --json gives it (never translated)."""
        if self.opponent is None:
            return "All opponents"
        level = level_of(self.opponent)
        return f"{level.name} ({level.spec})" if level else self.opponent

    @property
    def expected(self) -> float | None:
        """The win rate a strong player expects against this opponent, if measured."""
        return None if self.opponent is None else expected_win_rate(self.opponent)

    def as_dict(self) -> dict[str, Any]:
        low, high = self.interval
        return {"opponent": self.opponent, "label": self.source_label(), "games": self.games,
                "wins": self.wins, "losses": self.losses, "draws": self.draws,
                "quits": self.quits, "coached": self.coached, "win_rate": self.win_rate, "ci95": [low, high],
                "current_streak": self.current_streak, "best_streak": self.best_streak,
                "average_turns": self.average_turns,
                "cases": {Case(case).name.lower(): n for case, n in self.cases.items()},
                "expected_win_rate": self.expected, "scored": self.scored,
                "accuracy": self.accuracy, "given_up_per_game": self.given_up_per_game,
                "luck_games": self.lucky, "luck_per_game": self.luck_per_game,
                "score_of_luck_games": self.score_sum / self.lucky if self.lucky else None,
                "adjusted_score": self.adjusted_score, "errors": dict(self.errors)}


def summarize(games: Iterable[GameRecord]) -> list[LevelStats]:
    """All opponents first, then one entry per opponent: the menu's levels (Easy, Normal,
    Expert), then the others, the most played first. ``games`` in the order they were played
    (oldest first), so streaks count right."""
    overall = LevelStats(None)
    levels: dict[str, LevelStats] = {}
    for game in games:
        overall.add(game)
        if game.p2 not in levels:
            levels[game.p2] = LevelStats(game.p2)
        levels[game.p2].add(game)
    order = [level.spec for level in LEVELS]
    return [overall, *sorted(levels.values(), key=lambda level: (
        order.index(level.opponent) if level.opponent in order else len(order), -level.games))]


def rolling_win_rate(games: Sequence[GameRecord], window: int) -> list[float]:
    """The win rate over the last ``window`` games (fewer at the start), after each game."""
    return rolling_mean([float(game.winner == 1) for game in games], window)


def rolling_accuracy(games: Sequence[GameRecord], window: int) -> list[float | None]:
    """After each game, the mean accuracy (as a fraction of 1) of the last ``window`` scored
    games up to it; None before the first scored game."""
    recent: deque[float] = deque(maxlen=window)
    means: list[float | None] = []
    for game in games:
        if game.accuracy is not None:
            recent.append(game.accuracy / 100)
        means.append(sum(recent) / len(recent) if recent else None)
    return means


def rolling_adjusted(games: Sequence[GameRecord], window: int) -> list[float | None]:
    """After each game, the person's mean score had luck been even over the last ``window``
    games whose luck is worked out; None before the first."""
    recent: deque[float] = deque(maxlen=window)
    means: list[float | None] = []
    for game in games:
        skill = game.skill if game.scored else None
        if skill is not None and skill.luck is not None:
            recent.append(skill.luck.for_seat(skill.seat).adjusted)
        means.append(sum(recent) / len(recent) if recent else None)
    return means


def rolling_mean(values: Sequence[float], window: int) -> list[float]:
    """The mean of the last ``window`` values (fewer at the start), after each value."""
    recent: deque[float] = deque(maxlen=window)
    means, total = [], 0.0
    for value in values:
        if len(recent) == window:
            total -= recent[0]
        recent.append(value)
        total += value
        means.append(total / len(recent))
    return means


def imported_dict(totals: ImportedTotals) -> dict[str, Any]:
    return {"wins": totals.wins, "losses": totals.losses, "draws": totals.draws,
            "games": totals.games, "source": totals.source, "imported_at": totals.imported_at}


def result_text(game: GameRecord, *, coach: bool = True) -> str:
    """'won', 'lost', 'draw' or 'gave up' (a loss), from the person's side; with ``coach``,
    '+ coach' after it when the coach was on."""
    text = _("gave up") if game.quit else {0: _("draw"), 1: _("won"), 2: _("lost")}[game.winner]
    return _("{result} + coach").format(result=text) if coach and game.coach else text
