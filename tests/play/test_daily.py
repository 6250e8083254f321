"""Today's deal: the seed of fixed dates, the streaks over gaps, practice never counted, and
what the history holds of a day's deal."""
from __future__ import annotations

from datetime import date, timedelta

import pytest

from tcf_gui.play.daily import (ELSEWHERE, NEW, PLAYED, WAITING, DailyRecord, DailyResult,
                           daily_kind, daily_record, daily_seed, daily_state, seed_day,
                           share_text, streak_text)
from tcf_gui.engine.game import Game
from tcf_gui.history import PERSON, GameRecord, UnfinishedGame, pool_kinds, summarize
from tcf_gui.history.kinds import DAILY, PRACTICE

DAY = date(2026, 3, 14)


@pytest.mark.parametrize("day, seed", [
    (date(2026, 3, 14), 20260314),
    (date(2000, 1, 1), 20000101),
    (date(2024, 2, 29), 20240229),
    (date(9999, 12, 31), 99991231),
])
def test_the_seed_of_a_day_is_its_date_as_a_number(day, seed):
    assert daily_seed(day) == seed
    assert seed_day(seed) == day


def test_a_seed_that_is_no_date_has_no_day():
    for seed in (None, 0, 5, 20260230, 20261301, 20260100, 123456789012, 2**63):
        assert seed_day(seed) is None


def test_the_deal_of_a_fixed_day_is_the_same_for_every_player():
    """The deal is the seed's, dealt as any game: pinned here, so that a change to the
    shuffle (which would give players different deals by version) is seen."""
    for day, hand1, hand2 in ((date(2026, 3, 14), "7C 8S QH", "3S 8D KH"),
                              (date(2027, 1, 1), "7C 9D 7D", "AD JH 5C")):
        game = Game(daily_seed(day))
        game.deal()
        assert " ".join(c.code for c in game.hand1) == hand1
        assert " ".join(c.code for c in game.hand2) == hand2


def record_of(days: dict[int, int], today: int) -> DailyRecord:
    """Results on days (offsets from DAY) with their winner; as of DAY + ``today``."""
    record = DailyRecord(DAY + timedelta(days=today))
    for offset, winner in days.items():
        day = DAY + timedelta(days=offset)
        record.results[day] = DailyResult(day, winner, 4, 90.0)
    return record


def test_the_streak_counts_days_in_a_row_and_a_gap_ends_it():
    # played days 0 1 2, missed 3, played 4 5; won 0 1 and 5, lost 2 and 4
    days = {0: 1, 1: 1, 2: 2, 4: 2, 5: 1}
    record = record_of(days, today=5)
    assert (record.played, record.won) == (5, 3)
    assert (record.streak, record.best_streak) == (2, 3)
    assert (record.won_streak, record.best_won_streak) == (1, 2)
    # the next day, before playing it: the streaks are still alive
    assert (record_of(days, 6).streak, record_of(days, 6).won_streak) == (2, 1)
    # a day missed ends them; the best ones stay
    assert (record_of(days, 7).streak, record_of(days, 7).won_streak) == (0, 0)
    assert record_of(days, 7).best_streak == 3
    # a lost day ends the won streak, not the played one
    lost_today = record_of({**days, 6: 2}, today=6)
    assert (lost_today.streak, lost_today.won_streak) == (3, 0)
    assert record_of({}, 0).streak == record_of({}, 0).best_won_streak == 0
    assert streak_text(record) == ("Daily streak: 2 days played, 1 won in a row (longest: "
                                   "3 days played, 2 won)")
    assert streak_text(record_of({0: 2}, 0)) == ("Daily streak: 1 day played, 0 won in a row "
                                                 "(longest: 1 day played, 0 won)")


def test_a_streak_runs_over_months_and_years():
    record = DailyRecord(date(2027, 1, 1))
    for day in (date(2026, 12, 30), date(2026, 12, 31), date(2027, 1, 1)):
        record.results[day] = DailyResult(day, 1, 3, None)
    assert record.streak == record.won_streak == 3


def daily_game(day: date, winner: int, kind: str = DAILY, accuracy: float | None = 80.0,
               ended: str = "2026-03-14T10:00:00+00:00") -> GameRecord:
    return GameRecord(kind, PERSON, "heuristic", daily_seed(day), ((0, 0),), 2 if winner == 1 else 3,
                      winner, 1, ended_at=ended, accuracy=accuracy)


def test_a_deal_played_with_the_coach_on_says_so_when_shared(history):
    import dataclasses

    history.add(dataclasses.replace(daily_game(DAY, 1, accuracy=100.0), coach=True))
    record = daily_record(history, DAY)
    assert record.result().coach
    assert "accuracy 100%, with the coach on." in share_text(record.result(), record)


def test_practice_is_never_counted(history):
    history.add(daily_game(DAY, 2, accuracy=55.0),
                daily_game(DAY, 1, PRACTICE, accuracy=100.0),     # the same day again: practice
                daily_game(DAY, 1, PRACTICE),
                daily_game(DAY + timedelta(days=1), 1, PRACTICE))  # practice only: no day played
    record = daily_record(history, DAY + timedelta(days=1))
    assert record.played == 1 and record.won == 0
    assert record.result(DAY) == DailyResult(DAY, 2, 1, 55.0, False, 1)
    assert record.result() is None and record.streak == 1 and record.won_streak == 0
    [level] = summarize(history.games(pool_kinds("daily")))[1:]
    assert (level.games, level.wins) == (1, 0)  # the daily pool counts the first game only
    assert summarize(history.games(pool_kinds("practice")))[0].games == 3
    assert "computer" not in {"daily", "practice"} and history.totals() == (0, 0, 0)


def test_a_second_daily_game_of_a_day_is_not_the_result(history):
    history.add(daily_game(DAY, 2), daily_game(DAY, 1))  # two windows raced: the first counts
    assert daily_record(history, DAY).result(DAY).winner == 2


def test_the_state_of_a_days_deal(history):
    assert daily_state(history, DAY) == NEW and daily_kind(NEW) == DAILY
    left = UnfinishedGame(DAILY, PERSON, "heuristic", daily_seed(DAY), ((1, 0),))
    history.keep_unfinished(left)  # this window's: free for it
    assert daily_state(history, DAY) == WAITING and daily_kind(WAITING) == PRACTICE
    other = history._connect()
    other.execute("UPDATE unfinished SET owner = '1:another-window'")  # pid 1 is alive
    assert daily_state(history, DAY) == ELSEWHERE
    other.execute("DELETE FROM unfinished")
    history.add(daily_game(DAY, 1))
    assert daily_state(history, DAY) == PLAYED and daily_kind(PLAYED) == PRACTICE
    assert daily_state(history, DAY + timedelta(days=1)) == NEW


def test_the_text_to_share_gives_no_card_away():
    record = record_of({0: 1, 1: 1}, today=1)
    result = record.result()
    text = share_text(result, record)
    assert text == ("Three Card Flush, daily deal 2026-03-15: won in 4 turns, accuracy 90%. "
                    "Streak: 2 days played, 2 won in a row.")
    assert not any(symbol in text for symbol in "♣♦♥♠")
    coached = DailyResult(DAY, 1, 4, 100.0, coach=True)  # the coach's accuracy as much as yours
    assert share_text(coached, record_of({0: 1}, 0)).startswith(
        "Three Card Flush, daily deal 2026-03-14: won in 4 turns, accuracy 100%, with the coach "
        "on. Streak")
    unscored = DailyResult(DAY, 0, 23, None)
    assert share_text(unscored, record_of({0: 0}, 0)).startswith(
        "Three Card Flush, daily deal 2026-03-14: drawn in 23 turns. Streak: 1 day played")
