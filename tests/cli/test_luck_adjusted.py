"""``--luck-adjusted`` (duel, duel --same-decks, tournament): the same games, each score less
its luck, a tighter interval; without the flag the output is the plain duel's."""
from __future__ import annotations

import json

import pytest

from tcf_gui.cli import main
from tcf_gui.commands import duel, same_decks
from tcf_gui.lab.batch.paired import paired_duel
from tcf_gui.lab.statistics import LuckSums, luck_adjusted_difference

DIFFERENCE_FIELDS = ("difference", "difference_ci", "z", "p_value", "significant", "test")


def _json(capsys, *argv: str) -> dict:
    assert main([*argv, "--json"]) == 0
    return json.loads(capsys.readouterr().out)


def test_without_the_flag_the_same_decks_output_is_the_plain_duels(capsys):
    assert main(["duel", "expert", "heuristic", "-n", "3000", "--seed", "8", "--same-decks"]) == 0
    out = capsys.readouterr().out
    duel = paired_duel("expert", "heuristic", 3000, 8)
    assert out == "\n".join(same_decks.report_lines(duel, 8)) + "\n"
    assert "luck" not in out


def test_without_the_flag_the_duel_output_is_the_plain_duels(capsys):
    assert main(["duel", "expert", "heuristic", "-n", "2000", "--seed", "8", "--workers",
                 "1"]) == 0
    out = capsys.readouterr().out
    played = duel.play_duel("expert", "heuristic", 2000, 8, workers=1)
    assert played.first.luck is None and played.adjusted() is None
    assert out == "\n".join(duel.report_lines(played, 8)) + "\n"
    assert "luck" not in out


@pytest.mark.parametrize("extra", [["--same-decks"], ["--workers", "1"]])
def test_the_json_keeps_its_fields_and_adds_the_adjustment(capsys, extra):
    argv = ["duel", "expert", "heuristic", "-n", "4000", "--seed", "6", *extra]
    plain = _json(capsys, *argv)
    adjusted = _json(capsys, *argv, "--luck-adjusted")
    assert set(plain) < set(adjusted)
    assert adjusted["luck_adjusted"] is True and "luck_adjusted" not in plain
    # The very same games: the counts, and the plain test as "unadjusted".
    assert {k: v for k, v in adjusted.items() if k not in DIFFERENCE_FIELDS
            and k in plain} == {k: v for k, v in plain.items() if k not in DIFFERENCE_FIELDS}
    assert adjusted["unadjusted"] == {k: plain[k] for k in DIFFERENCE_FIELDS}
    assert "luck-adjusted" in adjusted["test"]
    # The adjusted difference is the plain one less twice A's mean luck.
    if "--same-decks" in extra:
        assert adjusted["difference"] == pytest.approx(plain["difference"]
                                                       - 2 * adjusted["luck_a"])
    low, high = adjusted["difference_ci"]
    plain_low, plain_high = plain["difference_ci"]
    assert high - low < 0.6 * (plain_high - plain_low)


def test_the_text_gives_the_adjusted_test_and_the_plain_difference(capsys):
    assert main(["duel", "expert", "heuristic", "-n", "2000", "--seed", "1", "--same-decks",
                 "--luck-adjusted"]) == 0
    out = capsys.readouterr().out
    assert "(test: two-sided z-test on the mean luck-adjusted score per deck" in out
    assert "Adjusted for luck: expert's cards were worth " in out
    assert "without the adjustment the difference is " in out


def test_the_tournament_compares_head_to_head_adjusted_for_luck(capsys):
    argv = ["tournament", "heuristic", "random", "-n", "1000", "--seed", "3",
            "--workers", "1"]
    plain = _json(capsys, *argv)
    adjusted = _json(capsys, *argv, "--luck-adjusted")
    assert plain["ranking"] == adjusted["ranking"]
    for before, after in zip(plain["duels"], adjusted["duels"]):
        assert after["unadjusted"] == {k: before[k] for k in DIFFERENCE_FIELDS}
    assert main([*argv, "--luck-adjusted"]) == 0
    assert "difference of win rates adjusted for luck" in capsys.readouterr().out


@pytest.mark.parametrize("command", [["duel", "heuristic", "random"], ["tournament"]])
def test_the_one_game_engine_is_refused_in_one_line(capsys, command):
    assert main([*command, "-n", "10", "--engine", "single", "--luck-adjusted"]) == 2
    err = capsys.readouterr().err
    assert "--luck-adjusted" in err and len(err.strip().splitlines()) == 1


def test_the_adjusted_difference_of_results_without_luck_is_the_plain_one():
    # No luck at all: A won 3 of 4 games as Player 1 and 1 of 4 as Player 2 (no draws).
    first, second = LuckSums(3.0, 3.0, 0.0), LuckSums(3.0, 3.0, 0.0)
    diff = luck_adjusted_difference(first, 4, second, 4)
    assert diff.value == pytest.approx((4 - 4) / 8)
    first = LuckSums(4.0, 4.0, 0.0)  # A won all four as Player 1
    diff = luck_adjusted_difference(first, 4, second, 4)
    # per game scores: +1 x4, then 1 - 2 * (Player 1's result): -1 x3, +1 x1
    scores = [1, 1, 1, 1, -1, -1, -1, 1]
    mean = sum(scores) / 8
    variance = sum(s * s for s in scores) / 8 - mean * mean
    assert diff.value == pytest.approx(mean)
    assert diff.high - diff.value == pytest.approx(1.959963984540054 * (variance / 8) ** 0.5)
