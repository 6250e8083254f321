"""``tcf-gui play --text --daily``: today's deal for the record once, then practice; a game
for the record stopped mid-way goes on at the next start; the history keeps the result,
its accuracy and the streak."""
from __future__ import annotations

import io
from datetime import date

import pytest

from tcf_gui.cli import main
from tcf_gui.play.daily import daily_record, daily_seed
from tcf_gui.engine.match import Match
from tcf_gui.history import KINDS
from tcf_gui.history.kinds import DAILY, PRACTICE

DAY = date(2026, 3, 14)


@pytest.fixture(autouse=True)
def fixed_day(monkeypatch):
    """Today is DAY, whenever the tests run."""
    monkeypatch.setattr("tcf_gui.commands.daily_text.today", lambda: DAY)


def play(monkeypatch, capsys, typed: str, *args: str) -> tuple[int, str, str]:
    monkeypatch.setattr("sys.stdin", io.StringIO(typed))
    code = main(["play", "--text", "--daily", *args])
    captured = capsys.readouterr()
    assert "Traceback" not in captured.err
    return code, captured.out, captured.err


def test_the_first_game_counts_and_the_next_is_practice(monkeypatch, capsys, history):
    code, out, _ = play(monkeypatch, capsys, "1\n" * 23)
    assert code == 0
    assert f"Today's deal, 2026-03-14: seed {daily_seed(DAY)}" in out
    assert "for the record" in out and "Accuracy " in out
    expected = Match("lazy:slot=0", "heuristic", daily_seed(DAY)).play_next()
    [game] = history.games(tuple(KINDS))
    assert (game.kind, game.seed, game.moves, game.winner) == (
        DAILY, daily_seed(DAY), tuple(expected.moves), expected.outcome.case.winner)
    assert game.scored and game.accuracy is not None
    share = next(line for line in out.splitlines() if line.startswith("To share: "))
    assert share.startswith("To share: Three Card Flush, daily deal 2026-03-14: ")
    assert "Streak: 1 day played" in share and not any(s in share for s in "♣♦♥♠")

    code, out, _ = play(monkeypatch, capsys, "2\n" * 23)
    assert code == 0 and "this game is practice, not counted" in out
    assert "Practice. For the record: " in out
    kinds = [g.kind for g in history.games(tuple(KINDS))]
    assert kinds == [DAILY, PRACTICE]
    record = daily_record(history, DAY)
    assert record.played == 1 and record.result(DAY).winner == game.winner


def test_a_game_for_the_record_stopped_mid_way_goes_on(monkeypatch, capsys, history):
    seed = daily_seed(DAY)
    if Match("lazy:slot=2", "heuristic", seed).play_next().turns < 2:
        pytest.skip("the day's game is over in one turn")
    code, out, _ = play(monkeypatch, capsys, "3\nq\n")
    assert code == 0 and "the game is kept" in out
    assert history.games(tuple(KINDS)) == [] and history.unfinished_count() == 1
    monkeypatch.setattr("tcf_gui.play.daily.today", lambda: DAY)
    assert main(["history", "--kind", "daily"]) == 0  # not "not played yet"
    assert "Today's deal (2026-03-14): begun, not finished" in capsys.readouterr().out
    code, out, _ = play(monkeypatch, capsys, "3\n" * 23)
    assert code == 0 and "Your game goes on where you left it: turn 2." in out
    assert "for the record" in out
    [game] = history.games(tuple(KINDS))
    expected = Match("lazy:slot=2", "heuristic", seed).play_next()
    assert game.kind == DAILY and game.moves == tuple(expected.moves)
    assert history.unfinished_count() == 0


def test_practice_stopped_mid_way_is_not_kept(monkeypatch, capsys, history):
    play(monkeypatch, capsys, "1\n" * 23)
    code, out, _ = play(monkeypatch, capsys, "q\n")
    assert code == 0 and "kept" not in out
    assert history.unfinished_count() == 0


def test_a_deal_played_in_another_window_now_is_refused(monkeypatch, capsys, history):
    from tcf_gui.history import UnfinishedGame

    history.keep_unfinished(UnfinishedGame(DAILY, "you", "heuristic", daily_seed(DAY)))
    history._connect().execute("UPDATE unfinished SET owner = '1:another-window'")
    code, _, err = play(monkeypatch, capsys, "1\n")
    assert code == 1 and "being played in a window now" in err


@pytest.mark.parametrize("extra", [["--seed", "5"], ["--open"], ["--host"], ["--join", "localhost:1", "ABC"]])
def test_daily_goes_with_neither_seed_nor_open(monkeypatch, capsys, extra):
    code, out, err = play(monkeypatch, capsys, "", *extra)
    assert code == 2 and out == "" and "--daily" in err


def test_history_shows_the_daily_record(monkeypatch, capsys):
    import json

    monkeypatch.setattr("tcf_gui.play.daily.today", lambda: DAY)
    play(monkeypatch, capsys, "1\n" * 23)
    play(monkeypatch, capsys, "2\n" * 23)  # practice
    assert main(["history", "--json"]) == 0
    daily = json.loads(capsys.readouterr().out)["daily"]
    assert (daily["today"], daily["seed"], daily["days_played"], daily["streak"]) == (
        "2026-03-14", 20260314, 1, 1)
    assert daily["played_today"] and daily["today_result"]["accuracy"] is not None
    assert main(["history", "--kind", "daily"]) == 0
    out = capsys.readouterr().out
    assert "Today's deal (2026-03-14): " in out and "Daily deals: 1 day played" in out
    assert ": 1 game," in out  # the daily pool: the game for the record only


def test_history_names_todays_deal_played_in_another_window(history):
    from tcf_gui.commands.history import daily_lines
    from tcf_gui.play.daily import ELSEWHERE, NEW

    record = daily_record(history, DAY)
    assert daily_lines(record, ELSEWHERE)[0] == ("Today's deal (2026-03-14): being played in "
                                                 "a window now")
    assert "not played yet" in daily_lines(record, NEW)[0]


def test_a_damaged_history_is_moved_aside_and_the_player_told(monkeypatch, capsys):
    """The history is damaged: it is kept aside, a new one takes the game, and the player
    reads so (before, play --text --daily moved it aside without a word)."""
    from tcf_gui.history import open_history
    from tcf_gui.history.store import history_path

    path = history_path()
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_bytes(b"not a database at all" * 300)
    code, out, err = play(monkeypatch, capsys, "1\n" * 23)
    assert code == 0 and "for the record" in out
    assert "tcf-gui play: the game history " in err and "was damaged" in err
    assert [p.name for p in path.parent.glob("history.sqlite3.damaged-*")]
    history = open_history()
    try:
        assert [g.kind for g in history.games(tuple(KINDS))] == [DAILY]
    finally:
        history.close()
