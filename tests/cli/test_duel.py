"""``tcf-gui duel``: both seatings, each rate with its interval, the difference and its test."""
from __future__ import annotations

import json
import math

import pytest

from tcf_gui.cli import main
from tcf_gui.commands.differences import difference_lines
from tcf_gui.commands.duel import SIGN_TEST, TEST_NAME
from tcf_gui.lab.statistics import difference
from tcf_gui.lab.runner import run_games


def duel_json(capsys, *args: str) -> dict:
    assert main(["duel", *args, "--json", "--workers", "1"]) == 0
    return json.loads(capsys.readouterr().out)


def test_the_text_shows_both_seatings_rates_and_the_verdict(capsys):
    assert main(["duel", "heuristic", "random", "-n", "2000", "--seed", "1", "--workers", "1"]) == 0
    out = capsys.readouterr().out
    assert "Duel: A = heuristic, B = random; 2000 games in each seating" in out
    assert "  A as Player 1:  A wins " in out and "  B as Player 1:  B wins " in out
    assert "  A heuristic   wins " in out and "  B random      wins " in out
    assert "draws" in out and "95% CI" in out
    # The heuristic wins about 80% against random's 20%: z is near 40, far beyond 1.96.
    assert "Significant at the 5% level: heuristic wins more often." in out
    assert "(test: two-sided z-test on the difference of two win rates" in out


def test_the_numbers_are_the_two_seatings_of_the_same_seed(capsys):
    record = duel_json(capsys, "heuristic", "lazy", "-n", "700", "--seed", "5")
    first = run_games("heuristic", "lazy", 700, 5, workers=1).counters
    second = run_games("lazy", "heuristic", 700, 5, workers=1).counters
    assert record["seatings"] == [{"p1": "heuristic", "p2": "lazy", **first.as_dict()},
                                  {"p1": "lazy", "p2": "heuristic", **second.as_dict()}]
    assert record["games"] == 1400
    assert record["wins_a"] == first.win1 + second.win2
    assert record["wins_b"] == first.win2 + second.win1
    assert record["draws"] == first.draws + second.draws
    assert record["wins_a"] + record["wins_b"] + record["draws"] == 1400
    low, high = record["ci_a"]
    assert low < record["rate_a"] < high
    assert record["significant"] and record["difference"] > 0.5


def test_a_strategy_against_itself_shows_no_difference(capsys):
    # The two seatings of A against A are the same games with the seats swapped, so each
    # side wins exactly as often: the difference is zero whatever the seed.
    record = duel_json(capsys, "random", "random", "-n", "500", "--seed", "9")
    assert record["difference"] == 0 and record["p_value"] == 1 and not record["significant"]


@pytest.mark.parametrize("seed", [0, 1, 2])
def test_two_spellings_of_random_are_not_told_apart(capsys, seed):
    # Same strategy, different random draws: the difference is noise. |z| > 4 has
    # probability 6e-5 under that null, so these bounds hold for any seed.
    record = duel_json(capsys, "random", "mix:p=0.5,random,random", "-n", "1500", "--seed", str(seed))
    assert abs(record["z"]) < 4
    low, high = record["difference_ci"]
    assert low < record["difference"] < high


def test_difference_is_the_multinomial_z_test():
    d = difference(600, 400, 2000)
    se = math.sqrt((0.3 + 0.2 - 0.1**2) / 2000)
    assert d.value == pytest.approx(0.1)
    assert d.z == pytest.approx(0.1 / se)
    assert (d.low, d.high) == pytest.approx((0.1 - 1.959964 * se, 0.1 + 1.959964 * se))
    assert d.significant and d.p_value == pytest.approx(math.erfc(d.z / math.sqrt(2)))
    # 52 to 48 wins in 1000 games: z = 0.04 / sqrt(0.9984 / 1000) = 1.27, p = 0.20.
    close = difference(520, 480, 1000)
    assert close.z == pytest.approx(1.266, abs=1e-3) and not close.significant
    assert close.p_value == pytest.approx(0.2055, abs=1e-4)


def test_certain_results_have_no_variance():
    assert difference(0, 0, 50).p_value == 1
    certain = difference(50, 0, 50)
    # z is infinite, but the p-value is the exact sign test's: 50 of 50 decided games.
    assert certain.z == math.inf and certain.p_value == 2 * 0.5**50 and certain.significant
    assert (certain.low, certain.high) == (1.0, 1.0)


def test_two_games_won_out_of_two_are_not_significant():
    # One game in each seating, both won by A: the Wald variance is 0 (z infinite), but
    # under "equally good" that happens with chance 1/2 (either side taking both).
    tiny = difference(2, 0, 2)
    assert tiny.z == math.inf and tiny.p_value == 0.5 and not tiny.significant
    assert tiny.exact and not difference(2, 1, 3).exact


def test_a_result_with_no_variance_is_told_as_the_sign_test():
    """No interval of width zero and no infinite z under the z-test's name."""
    first, verdict, test = difference_lines("A", "B", difference(2, 0, 2), TEST_NAME, SIGN_TEST)
    assert first == "Difference A - B: +100.00 points, p = 0.5"
    assert "Not significant" in verdict and "exact sign test" in test
    assert "z-test" in difference_lines("A", "B", difference(2, 1, 3), TEST_NAME, SIGN_TEST)[-1]


def test_the_json_of_a_duel_with_no_variance_names_the_sign_test(capsys):
    record = duel_json(capsys, "heuristic", "random", "-n", "1", "--seed", "2")
    assert (record["wins_a"], record["wins_b"]) == (2, 0)  # this seed: A takes both games
    assert record["difference_ci"] is None and record["z"] is None
    assert record["test"] == SIGN_TEST and record["p_value"] == 0.5


def test_the_interval_stays_within_minus_one_and_one():
    # Two games, one each: se = sqrt(1 / 2) = 0.71, so d +- 1.96 se would pass +-1.
    even = difference(1, 1, 2)
    assert (even.low, even.high) == (-1.0, 1.0)


def test_a_user_file_strategy_duels(tmp_path, capsys):
    path = tmp_path / "mine.py"
    path.write_text("def choose(view):\n    return 1\n")
    record = duel_json(capsys, f"{path}:choose", "lazy:slot=1", "-n", "300")
    assert record["difference"] == 0  # the same player under two names


@pytest.mark.parametrize("argv, message", [
    (["duel", "heuristic"], "the following arguments are required: B"),
    (["duel", "heuristic", "nosuch"], "unknown strategy 'nosuch'; choose from: heuristic, random, lazy"),
    (["duel", "heuristic", "random", "-n", "0"], "0 is not positive"),
    (["duel", "heuristic", "random", "-n", "-5"], "-5 is not positive"),
    (["duel", "majority:random", "random"], "majority takes at least 2 member strategies"),
    (["duel", "heuristic", "/no/such/file.py:choose"], "strategy file '/no/such/file.py' does not exist"),
])
def test_bad_arguments(capsys, argv, message):
    with pytest.raises(SystemExit) as exit_info:
        main(argv)
    assert exit_info.value.code == 2
    err = capsys.readouterr().err
    assert message in err and "Traceback" not in err


def test_a_bad_slot_during_the_duel_is_one_line_and_exit_2(tmp_path, capsys):
    path = tmp_path / "bad.py"
    path.write_text("def choose(view):\n    return 7\n")
    assert main(["duel", str(path), "random", "-n", "50", "--workers", "1"]) == 2
    level, error = capsys.readouterr().err.splitlines()  # the isolation level, then the error
    assert level.startswith("tcf-gui duel: strategy files run at the ")
    assert error == (f"tcf-gui duel: error: strategy {path}:choose as Player 1 returned 7 on "
                     "turn 1; a strategy returns the index in view.hand of the card to "
                     "discard: 0 for card 1, 1 for card 2, 2 for card 3")


@pytest.fixture
def files(tmp_path):
    (tmp_path / "mine.py").write_text("def choose(view):\n    return 0\n")
    (tmp_path / "broken.py").write_text("def choose(view)\n    return 0\n")
    return tmp_path


def test_a_user_file_strategy_in_stats(files, capsys):
    assert main(["stats", "-n", "200", "--p1", f"{files}/mine.py:choose", "--json", "--workers", "1",
                 "--seed", "0"]) == 0
    record = json.loads(capsys.readouterr().out)
    assert record == run_games("lazy", "heuristic", 200, 0, workers=1).counters.as_dict() | {
        "p1": f"{files}/mine.py:choose", "p2": "heuristic", "seed": 0}


@pytest.mark.parametrize("command", [["stats", "--p2"], ["duel", "random"]])
@pytest.mark.parametrize("spec, message", [
    ("nothere.py:choose", "strategy file '{d}/nothere.py' does not exist"),
    ("mine.py:chose", "strategy file '{d}/mine.py' has no function 'chose'; functions in it: choose"),
    ("broken.py:choose", "strategy file '{d}/broken.py' does not import: SyntaxError"),
])
def test_user_file_errors_on_the_command_line(files, capsys, command, spec, message):
    with pytest.raises(SystemExit) as exit_info:
        main(command + [f"{files}/{spec}"])
    assert exit_info.value.code == 2
    err = capsys.readouterr().err
    assert message.format(d=files) in err.splitlines()[-1] and "Traceback" not in err
