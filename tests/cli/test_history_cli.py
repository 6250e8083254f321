"""``tcf-gui history``: the summary, --json, --csv, --games and --replay's errors."""
from __future__ import annotations

import csv
import dataclasses
import json

import pytest
from history_helpers import made_up_games, real_games, write_old_record

from tcf_gui.cli import main
from tcf_gui.lab.statistics import wilson_interval
from tcf_gui.history import ORDINARY, WATCHED
from tcf_gui.history.kinds import FRIEND
from tcf_gui.history.record import record_path


def history_json(capsys, *args: str) -> dict:
    assert main(["history", "--json", *args]) == 0
    return json.loads(capsys.readouterr().out)


def test_an_empty_history_says_so(capsys):
    assert main(["history"]) == 0
    assert "No games played yet" in capsys.readouterr().out


def test_the_summary_counts_per_opponent(capsys, history):
    games = real_games(20, seed=2) + real_games(7, seed=3, p2="random")
    history.add(*games, *made_up_games(5, kind=WATCHED))
    record = history_json(capsys)
    assert record["overall"]["games"] == 27 and record["kept_apart"] == {WATCHED: 5}
    by_opponent = {level["opponent"]: level for level in record["levels"]}
    for spec, own in (("heuristic", games[:20]), ("random", games[20:])):
        level = by_opponent[spec]
        wins = sum(g.winner == 1 for g in own)
        assert level["games"] == len(own) and level["wins"] == wins
        assert level["losses"] == sum(g.winner == 2 for g in own)
        assert level["ci95"] == pytest.approx(list(wilson_interval(wins, len(own))))
        assert level["average_turns"] == pytest.approx(sum(g.turns for g in own) / len(own))
        assert sum(level["cases"].values()) == len(own)
    assert by_opponent["random"]["expected_win_rate"] == pytest.approx(0.80, abs=0.01)
    assert main(["history"]) == 0
    out = capsys.readouterr().out
    assert "Normal (heuristic): 20 games" in out and "Easy (random): 7 games" in out
    assert "Kept apart: watched 5 (--kind shows them)" in out


def test_streaks_follow_the_order_of_play(capsys, history):
    games = made_up_games(200, seed=9, opponents=("random",))
    history.add(*games)
    level = history_json(capsys)["levels"][0]
    best = run = 0
    for game in games:
        run = run + 1 if game.winner == 1 else 0
        best = max(best, run)
    assert (level["current_streak"], level["best_streak"]) == (run, best)
    assert best >= 2  # the made-up results are 3 wins in 7: a run of two is all but certain


def test_games_lists_the_last_n(capsys, history):
    history.add(*made_up_games(30))
    record = history_json(capsys, "--games", "4")
    assert [game["id"] for game in record["games"]] == [27, 28, 29, 30]
    assert main(["history", "--games", "2"]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert lines[-1].split()[0] == "30" and lines[-2].split()[0] == "29"


def test_a_game_without_a_seed_lists_an_empty_seed(capsys, history):
    """A friend's game joined keeps no deal: its seed column is empty, not 'None'."""
    joined = dataclasses.replace(made_up_games(1, kind=FRIEND)[0], seed=None)
    history.add(joined)
    assert main(["history", "--kind", "friends", "--games", "1"]) == 0
    out = capsys.readouterr().out
    heading, row = out.splitlines()[-2:]
    assert row.split()[0] == "1" and "None" not in row
    assert row[heading.index("seed"):heading.index("kind")].strip() == ""


def test_csv_exports_every_game(tmp_path, capsys, history):
    games = real_games(6, seed=4)
    history.add(*games, *made_up_games(2, kind=WATCHED))
    target = tmp_path / "games.csv"
    assert main(["history", "--csv", str(target)]) == 0
    assert "8 games written" in capsys.readouterr().out
    rows = list(csv.DictReader(target.open(encoding="utf-8")))
    assert len(rows) == 8 and [row["kind"] for row in rows].count(WATCHED) == 2
    first = rows[0]
    assert int(first["seed"]) == games[0].seed and int(first["turns"]) == games[0].turns
    assert first["moves"] == " ".join(f"{a + 1}{b + 1}" for a, b in games[0].moves)


@pytest.mark.parametrize("suffix", ["", "-wal"])
def test_csv_onto_the_history_itself_is_refused(capsys, history, suffix):
    # --csv with the history's own path wrote the CSV over the database: every game gone,
    # and the next start moved the 'damaged' file aside
    history.add(*real_games(3, seed=4))
    target = f"{history.path}{suffix}"
    before = open(target, "rb").read()
    assert main(["history", "--csv", target]) == 1
    assert capsys.readouterr().err == (f"tcf-gui history: cannot write {target}: it is the game "
                                       "history itself; export to another file\n")
    assert open(target, "rb").read() == before
    assert len(history.games((ORDINARY,))) == 3


def test_csv_to_a_folder_that_is_a_file_is_one_line(tmp_path, capsys):
    (tmp_path / "file").write_text("x")
    assert main(["history", "--csv", str(tmp_path / "file" / "out.csv")]) == 1
    err = capsys.readouterr().err
    assert err.startswith("tcf-gui history: cannot write") and len(err.splitlines()) == 1


def test_replay_of_a_missing_game_is_an_error(capsys):
    assert main(["history", "--replay", "12"]) == 2
    assert "no game 12" in capsys.readouterr().err


def test_an_old_record_is_imported_and_shown(capsys):
    write_old_record(record_path(), 3, 2, 1)
    assert main(["history"]) == 0
    captured = capsys.readouterr()
    assert "3 won, 2 lost, 1 drawn" in captured.out and "imported the old record" in captured.err
    assert history_json(capsys)["imported"][0]["games"] == 6


def test_an_unreadable_history_is_one_line(tmp_path, monkeypatch, capsys):
    (tmp_path / "file").write_text("x")
    monkeypatch.setenv("TCF_GUI_DATA_DIR", str(tmp_path / "file"))
    assert main(["history"]) == 1
    err = capsys.readouterr().err
    assert err.startswith("tcf-gui history: cannot") and len(err.splitlines()) == 1


def test_games_with_the_coach_on_are_marked(capsys, history):
    import dataclasses

    games = real_games(4, seed=6)
    history.add(*games[:3], dataclasses.replace(games[3], coach=True))
    record = history_json(capsys, "--games", "4")
    assert record["overall"]["coached"] == 1
    assert [game["coach"] for game in record["games"]] == [False, False, False, True]
    assert main(["history", "--games", "1"]) == 0
    out = capsys.readouterr().out
    assert "+ coach" in out.splitlines()[-1] and "1 with the coach on" in out


def test_score_says_which_games_it_cannot_replay(capsys, history):
    """A game whose moves were changed by hand past replaying stays without a score: --score
    passed over it without a word, and the summary went on saying it works it out."""
    import sqlite3

    from tcf_gui.history.store import history_path

    history.add(*real_games(3, seed=4))
    history.close()
    with sqlite3.connect(history_path()) as db:
        moves = db.execute("SELECT moves FROM games WHERE id = 1").fetchone()[0]
        db.execute("UPDATE games SET moves = ? WHERE id = 1", (moves[:-1] + ",[0,0]]",))
    db.close()
    assert main(["history", "--score"]) == 0
    err = capsys.readouterr().err.splitlines()
    assert err[-2:] == ["2 games scored", "1 game cannot be replayed from its moves (changed by "
                        "hand?): it stays without a score"]


def test_score_works_out_old_games_and_json_and_csv_show_it(tmp_path, capsys, history):
    from tcf_gui.engine.coach.scoring import score_game

    games = real_games(6, seed=4) + real_games(3, seed=5, p2="lazy")
    history.add(*games, *made_up_games(2, kind=WATCHED))
    before = history_json(capsys, "--games", "9")
    assert before["unscored"] == 9 and before["overall"]["scored"] == 0
    assert before["overall"]["accuracy"] is None
    assert all(game["accuracy"] is None for game in before["games"])
    assert main(["history", "--score"]) == 0
    err = capsys.readouterr().err
    after = history_json(capsys, "--games", "9")
    graded = sum(game["accuracy"] is not None for game in after["games"])
    assert graded < 9  # (this seed: some games ended at the deal)
    assert f"{graded} games scored" in err and f"{9 - graded} game" in err.splitlines()[-1]
    assert after["overall"]["scored"] == graded  # as the summary counts them
    assert after["unscored"] == 0
    for game, listed in zip(games, after["games"]):
        skill = score_game(game.replay(), game.p2)
        accuracy = None if skill.accuracy is None else pytest.approx(skill.accuracy, abs=1e-3)
        assert listed["accuracy"] == accuracy
        assert listed["given_up"] == pytest.approx(skill.given_up, abs=1e-6)
        assert (listed["skill_model"], listed["skill_stand_in"]) == (
            "heuristic", game.p2 == "lazy")
    graded = [g["accuracy"] for g in after["games"] if g["accuracy"] is not None]
    assert after["overall"]["accuracy"] == pytest.approx(sum(graded) / len(graded), abs=1e-2)
    assert after["overall"]["scored"] == len(graded)
    assert main(["history", "--csv", str(tmp_path / "g.csv")]) == 0
    rows = list(csv.DictReader((tmp_path / "g.csv").open()))
    assert [row["accuracy"] for row in rows[:9]] == [
        "" if g["accuracy"] is None else str(g["accuracy"]) for g in after["games"]]
    assert [row["accuracy"] for row in rows[9:]] == ["", ""]  # watched games: not the person's
    header = next(csv.reader((tmp_path / "g.csv").open()))
    assert header[:18] == ["id", "ended_at", "kind", "p1", "p2", "seed", "open_hands", "moves",
                           "result", "result_case", "winner", "turns", "coach", "quit",
                           "accuracy", "given_up", "skill_model", "skill_stand_in"]
    assert header[18:] == ["luck_start", "luck", "luck_skill", "luck_adjusted", "deal_luck",
                           "deal_lean", "doubtful", "bad", "very_bad", "straight_flush"]  # appended
    for listed in after["games"]:  # the person's side: result = start + luck + skill
        result = {1: 1.0, 2: 0.0, 0: 0.5}[listed["winner"]]
        assert listed["luck_start"] + listed["luck"] + listed["luck_skill"] == pytest.approx(
            result, abs=3e-6)
        assert listed["luck_adjusted"] == pytest.approx(
            listed["luck_start"] + listed["luck_skill"], abs=2e-6)
        assert min(listed["doubtful"], listed["bad"], listed["very_bad"]) >= 0
    capsys.readouterr()
    assert main(["history", "--games", "3"]) == 0
    out = capsys.readouterr().out
    assert "accuracy" in out and "no skill score yet" not in out


@pytest.mark.parametrize("kind, empty", [
    ("practice", "No practice games yet"), ("friends", "No games against a friend yet"),
    ("watched", "No watched games kept")])
def test_an_empty_kind_is_named_beside_games_of_other_kinds(capsys, history, kind, empty):
    history.add(*real_games(3, seed=2))
    assert main(["history", "--kind", kind]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert lines[1].startswith(empty) and "No games played yet" not in "\n".join(lines)
    assert lines[-1] == "Kept apart: ordinary 3 (--kind shows them)"


def test_one_game_is_told_in_the_singular(capsys, history):
    """No average over one game: its own accuracy and points given up, its own turns."""
    [game] = real_games(1, seed=2)
    history.add(game)
    assert main(["history", "--score"]) == 0
    out = capsys.readouterr().out
    assert f"  winning streak 0 now, best 0;  {game.turns} turns\n" in out
    assert "on average" not in out and "a game" not in out
    assert " given up in this game" in out
    history.add(*real_games(2, seed=3))
    assert main(["history"]) == 0
    out = capsys.readouterr().out
    assert "given up (1 of 3 games scored)" in out and "turns a game" in out
