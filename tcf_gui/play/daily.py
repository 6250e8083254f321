"""Today's deal: one deal per calendar day, the same for every player.

The deal of a day is the game whose seed is the date written as a number, year, month,
day: 14 March 2026 deals seed 20260314 (``daily_seed``), so the seed is printed like any
other and ``tcf-gui --seed 20260314 --p2 heuristic`` plays that game again. The day is the date on the
player's own calendar. Such a seed is public by design (anyone can work out any day's, so
a deal can be looked at before its day by whoever wants to fool themself); that is fair
because the opponent is always the built-in Normal level (``DAILY_OPPONENT``), never a
strategy file that could work the seed out and learn the deck, and every player meets the
same opponent on the same deal.

The first game of a day's deal is played for the record (kind ``daily``): its result and
its skill score are kept, and the days played and won make the streaks. Playing the deal
again is practice (kind ``practice``): kept apart, marked, never counted. A daily game left
unfinished is the one played for the record: it comes back (``daily_state``), and until it
is finished the deal cannot be practised, since practice would show the rest of the deck.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from datetime import date, timedelta
from typing import TYPE_CHECKING, Iterable

from tcf_gui.levels import DEFAULT_OPPONENT
from tcf_gui.history.kinds import DAILY, PRACTICE
from tcf_gui.i18n import _, ngettext

if TYPE_CHECKING:
    from tcf_gui.history import GameRecord, History

#: Who plays Player 2 in every daily deal: the built-in Normal level.
DAILY_OPPONENT = DEFAULT_OPPONENT

#: What the history holds of a day's deal (``daily_state``).
NEW, WAITING, ELSEWHERE, PLAYED = "new", "waiting", "elsewhere", "played"


def daily_seed(day: date) -> int:
    """The seed of ``day``'s deal: the date as the number YYYYMMDD."""
    return day.year * 10_000 + day.month * 100 + day.day


def seed_day(seed: int | None) -> date | None:
    """The day whose deal ``seed`` is, or None for a seed that is no date."""
    if seed is None or not 10_000_101 <= seed <= 99_991_231:
        return None
    try:
        return date(seed // 10_000, seed // 100 % 100, seed % 100)
    except ValueError:
        return None


def today() -> date:
    """The date on this computer's calendar."""
    return date.today()


@dataclass(frozen=True)
class DailyResult:
    """A day's deal as played for the record."""

    day: date
    winner: int
    turns: int
    accuracy: float | None
    quit: bool = False
    id: int | None = None
    coach: bool = False
    """The coach was on: its odds were on the table while the game was played."""

    @property
    def won(self) -> bool:
        return self.winner == 1


@dataclass
class DailyRecord:
    """The days whose deal was played for the record, and the streaks they make."""

    today: date
    results: dict[date, DailyResult] = field(default_factory=dict)

    @classmethod
    def of_games(cls, games: Iterable[GameRecord], today: date) -> "DailyRecord":
        """From the history's daily games (oldest first): the first game of each day."""
        record = cls(today)
        for game in games:
            day = seed_day(game.seed)
            if game.kind == DAILY and day is not None and day not in record.results:
                record.results[day] = DailyResult(day, game.winner, game.turns, game.accuracy,
                                                  game.quit, game.id, game.coach)
        return record

    @property
    def played(self) -> int:
        return len(self.results)

    @property
    def won(self) -> int:
        return sum(result.won for result in self.results.values())

    def result(self, day: date | None = None) -> DailyResult | None:
        """The result of ``day``'s deal (today's by default), if it was played."""
        return self.results.get(day or self.today)

    def _runs(self, counts: set[date]) -> tuple[int, int]:
        """(current, best) runs of consecutive days in ``counts``; the current run ends
        today, or yesterday while today's deal is still to play (a day played, lost, is
        not in the won days: it ends their run)."""
        best = run = 0
        previous: date | None = None
        for day in sorted(counts):
            run = run + 1 if previous is not None and day - previous == timedelta(days=1) else 1
            best, previous = max(best, run), day
        last_day = self.today if self.today in self.results else self.today - timedelta(days=1)
        current = run if previous == last_day else 0
        return current, best

    @property
    def streak(self) -> int:
        """Days played in a row, up to today (or yesterday, today's being still to play)."""
        return self._runs(set(self.results))[0]

    @property
    def best_streak(self) -> int:
        return self._runs(set(self.results))[1]

    @property
    def won_streak(self) -> int:
        """Days won in a row, up to today (or yesterday): a day lost or missed ends it."""
        return self._runs({day for day, result in self.results.items() if result.won})[0]

    @property
    def best_won_streak(self) -> int:
        return self._runs({day for day, result in self.results.items() if result.won})[1]

    def as_dict(self) -> dict[str, object]:
        """For ``tcf-gui history --json``."""
        mine = self.result()
        return {"today": self.today.isoformat(), "seed": daily_seed(self.today),
                "played_today": mine is not None,
                "today_result": None if mine is None else result_dict(mine),
                "days_played": self.played, "days_won": self.won,
                "streak": self.streak, "best_streak": self.best_streak,
                "won_streak": self.won_streak, "best_won_streak": self.best_won_streak}


def result_dict(result: DailyResult) -> dict[str, object]:
    return {"day": result.day.isoformat(), "won": result.won, "winner": result.winner,
            "turns": result.turns, "accuracy": result.accuracy, "gave_up": result.quit}


def daily_record(history: History, day: date | None = None) -> DailyRecord:
    """The daily deals the history holds, as of ``day`` (today by default). Raises
    HistoryError when the history cannot be read."""
    return DailyRecord.of_games(history.games((DAILY,), moves=False), day or today())


def daily_state(history: History, day: date) -> str:
    """What ``day``'s deal is to this window: NEW (to play for the record), WAITING (its
    game for the record was left unfinished: it goes on), ELSEWHERE (another window plays
    it now) or PLAYED (playing it again is practice). HistoryError when unreadable."""
    seed = daily_seed(day)
    left = history.unfinished_of(DAILY, seed)
    if left is not None:
        return WAITING if left[1] else ELSEWHERE
    if daily_record(history, day).result(day) is not None:
        return PLAYED
    return NEW


def daily_kind(state: str) -> str:
    """The kind of a game dealt in ``state`` (NEW: for the record, else practice)."""
    return DAILY if state == NEW else PRACTICE


# -- in words ------------------------------------------------------------------------------
def day_text(day: date) -> str:
    """The day as every player reads it: 2026-03-14."""
    return day.isoformat()


def days_played(n: int) -> str:
    return ngettext("{n} day played", "{n} days played", n).format(n=n)


def streak_text(record: DailyRecord, *, best: bool = True) -> str:
    """'Daily streak: 3 days played, 2 won in a row (longest: 5 days played, 3 won)';
    without ``best`` the current streaks only."""
    played = days_played(record.streak)
    if not best:
        return _("Daily streak: {played}, {won} won in a row").format(played=played,
                                                                    won=record.won_streak)
    return _("Daily streak: {played}, {won} won in a row (longest: {best_played}, "
             "{best_won} won)").format(played=played, won=record.won_streak,
                                       best_played=days_played(record.best_streak),
                                       best_won=record.best_won_streak)


def outcome_text(result: DailyResult) -> str:
    """'won in 5 turns', 'lost in 1 turn', 'drawn in 23 turns', 'given up after 2 turns'."""
    n = result.turns
    if result.quit:
        return ngettext("given up after {n} turn", "given up after {n} turns", n).format(n=n)
    if result.winner == 1:
        return ngettext("won in {n} turn", "won in {n} turns", n).format(n=n)
    if result.winner == 2:
        return ngettext("lost in {n} turn", "lost in {n} turns", n).format(n=n)
    return ngettext("drawn in {n} turn", "drawn in {n} turns", n).format(n=n)


def share_text(result: DailyResult, record: DailyRecord) -> str:
    """The result to share, with no card given away: 'Three Card Flush, daily deal
    2026-03-14: won in 5 turns, accuracy 94%. Streak: 3 days played, 2 won in a row.' (and
    'with the coach on' where it was: its accuracy is then the coach's as much as yours)."""
    from tcf_gui.words.skill import accuracy_text

    line = _("Three Card Flush, daily deal {day}: {outcome}").format(
        day=day_text(result.day), outcome=outcome_text(result))
    if result.accuracy is not None:
        line = _("{line}, accuracy {accuracy}").format(line=line,
                                                      accuracy=accuracy_text(result.accuracy))
    if result.coach:
        line = _("{line}, with the coach on").format(line=line)
    played = days_played(record.streak)
    return _("{line}. Streak: {played}, {won} won in a row.").format(
        line=line, played=played, won=record.won_streak)


def seed_line(day: date) -> str:
    """The line printed when today's deal is dealt: its date and seed, like any seed."""
    seed = daily_seed(day)
    return _("Today's deal, {day}: seed {seed} (tcf-gui --seed {seed} --p2 {opponent} plays "
             "it again, as practice)").format(day=day_text(day), seed=seed,
                                               opponent=DAILY_OPPONENT)
