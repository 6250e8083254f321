"""``tcf-gui duel --same-decks``: both seatings on the very same decks, a per-deck test."""
from __future__ import annotations

import json

import pytest

from tcf_gui.cli import main
from tcf_gui.engine.batch.paired import paired_duel


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
    assert "+0.000 points" in out and "chose alike on every deck" in out


@pytest.mark.parametrize("extra, named", [(["--engine", "single"], "--engine single"),
                                          (["--watch", "2"], "--watch")])
def test_options_it_cannot_honour_are_refused(capsys, extra, named):
    assert main(["duel", "heuristic", "random", "-n", "10", "--same-decks", *extra]) == 2
    err = capsys.readouterr().err
    assert err.startswith("tcf-gui duel: error: --same-decks") and named in err
    assert len(err.strip().splitlines()) == 1
