"""``tcf-gui duel --same-decks``: both seatings on the very same decks, a per-deck test."""
from __future__ import annotations

import json

import pytest

from tcf_gui.cli import main
from tcf_gui.lab.batch.paired import paired_duel


def test_the_text_gives_the_rates_the_difference_and_the_verdict(capsys):
    assert main(["duel", "heuristic", "random", "-n", "2000", "--seed", "1", "--same-decks"]) == 0
    out = capsys.readouterr().out
    assert "Duel on the same decks: A = heuristic, B = random; 2000 decks" in out
    assert "  A heuristic   wins " in out and "95% CI" in out
    # About 80% against 20%: z is far beyond 1.96.
    assert "Significant at the 5% level: heuristic wins more often." in out
    assert "(test: two-sided z-test on the mean score per deck" in out


def test_the_json_is_the_paired_duel(capsys):
    assert main(["duel", "heuristic", "heuristic:high=off", "-n", "3000", "--seed", "4",
                 "--same-decks", "--json"]) == 0
    record = json.loads(capsys.readouterr().out)
    duel = paired_duel("heuristic", "heuristic:high=off", 3000, 4)
    assert (record["decks"], record["games"]) == (3000, 6000)
    assert (record["wins_a"], record["wins_b"]) == (duel.wins_a, duel.wins_b)
    assert record["difference"] == pytest.approx(duel.difference)
    assert record["z"] == pytest.approx(duel.z) and record["same_decks"] is True
    low, high = record["difference_ci"]
    assert low < record["difference"] < high


def test_players_that_choose_alike_have_nothing_to_test(capsys):
    assert main(["duel", "heuristic", "heuristic:pair=on", "-n", "500", "--same-decks"]) == 0
    out = capsys.readouterr().out
    assert "+0.000 points" in out and "Every deck came out even" in out


@pytest.mark.parametrize("extra, named", [(["--engine", "single"], "--engine single"),
                                          (["--watch", "2"], "--watch")])
def test_options_it_cannot_honour_are_refused(capsys, extra, named):
    assert main(["duel", "heuristic", "random", "-n", "10", "--same-decks", *extra]) == 2
    err = capsys.readouterr().err
    assert err.startswith("tcf-gui duel: error: --same-decks") and named in err
    assert len(err.strip().splitlines()) == 1


def test_decks_that_all_score_alike_are_told_as_the_sign_test(capsys):
    """One deck won twice by A: no variance, so no interval and no z; the sign test over
    one deck gives p = 1. Three decks all +2 would give p = 2 / 2^3."""
    from tcf_gui.lab.statistics import PairedDuel

    assert main(["duel", "heuristic", "random", "-n", "1", "--seed", "2", "--same-decks",
                 "--json"]) == 0
    record = json.loads(capsys.readouterr().out)
    assert (record["wins_a"], record["wins_b"]) == (2, 0)  # this seed: A takes both games
    assert record["difference_ci"] is None and record["z"] is None
    assert record["p_value"] == 1 and "exact sign test on the decks" in record["test"]
    three = PairedDuel("A", "B", decks=3, wins_a=6, wins_b=0, score_sum=6, score_squares=12)
    assert three.exact and three.p_value == 0.25 and three.z == float("inf")
    mixed = PairedDuel("A", "B", decks=3, wins_a=5, wins_b=0, score_sum=5, score_squares=9)
    assert not mixed.exact and 0 < mixed.z < float("inf")
