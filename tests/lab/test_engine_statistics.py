"""The lab's statistics: the counters, their confidence intervals, and what they show."""
from __future__ import annotations

import math

import pytest
from scipy.stats import binomtest, norm

from tcf_gui.engine.analysis import is_flush, is_straight
from tcf_gui.engine.match import Match
from tcf_gui.lab.runner import run_games, run_statistics
from tcf_gui.lab.statistics import Counters, wilson_interval

# -- the counters -------------------------------------------------------------------------------


def test_lab_lines():
    counters = Counters(games=1000, turns=8123, win1=420, win2=455, draws=125, f1f2=17)
    assert counters.lab_lines() == [
        "*game-count* = 1000",
        "*turn-count* = 8123",
        "*win1-count* = 420",
        "*win2-count* = 455",
        "*draw-count* = 125",
        "*f1f2-count* = 17",
    ]
    assert list(counters.as_dict()) == ["games", "turns", "win1", "win2", "draws", "f1f2"]


def test_counters_add_up():
    total = Counters(games=3, turns=10, win1=1, win2=1, draws=1, f1f2=0)
    total += Counters(games=2, turns=5, win1=0, win2=1, draws=1, f1f2=1)
    assert total == Counters(games=5, turns=15, win1=1, win2=2, draws=2, f1f2=1)


@pytest.mark.parametrize("p1, p2", [("random", "random"), ("random", "heuristic"),
                                    ("lazy:slot=1", "heuristic:high=off")])
def test_run_statistics_counts_the_games_of_its_match(p1, p2):
    """The counters, against a count made here from the same games' final hands by the rules
    stated directly: a lone flush wins; of two flushes a lone straight wins, else the higher
    card."""
    match = Match(p1, p2, seed=77)
    games = [match.play_next() for _ in range(400)]
    expected = Counters(games=len(games))
    for game in games:
        flush1, flush2 = is_flush(game.hand1), is_flush(game.hand2)
        expected.turns += game.turns  # turns actually taken, not the lab's calls of make-moves
        expected.f1f2 += flush1 and flush2
        if not flush1 and not flush2:
            assert game.cards_left == 0
            expected.draws += 1
            continue
        if flush1 != flush2:
            player1_wins = flush1
        elif is_straight(game.hand1) != is_straight(game.hand2):
            player1_wins = is_straight(game.hand1)
        else:
            player1_wins = max(game.hand1) > max(game.hand2)
        expected.win1 += player1_wins
        expected.win2 += not player1_wins
    counters = run_statistics(p1, p2, 400, seed=77)
    assert counters == expected
    assert counters.win1 + counters.win2 + counters.draws == counters.games


def test_run_statistics_edge_cases():
    assert run_statistics("random", "random", 0, seed=1) == Counters()
    with pytest.raises(ValueError):
        run_statistics("random", "random", -1, seed=1)
    ticks: list[int] = []
    run_statistics("lazy", "heuristic", 2500, seed=1, progress=ticks.append)
    assert ticks[:2] == [1000, 2000] and ticks[-1] == 2500 and ticks == sorted(ticks)


# -- wilson_interval -------------------------------------------------------------------------------

@pytest.mark.parametrize("k, n", [(0, 1), (1, 1), (8, 10), (50, 100), (3, 1000), (999, 1000)])
def test_wilson_interval_is_scipys(k, n):
    low, high = wilson_interval(k, n)
    ci = binomtest(k, n).proportion_ci(confidence_level=0.95, method="wilson")
    assert low == pytest.approx(ci.low, abs=1e-12) and high == pytest.approx(ci.high, abs=1e-12)
    assert 0.0 <= low <= k / n <= high <= 1.0


def test_wilson_interval_shrinks_with_n():
    widths = [(lambda lo, hi: hi - lo)(*wilson_interval(n * 3 // 10, n)) for n in (10, 100, 1000, 10000)]
    assert widths == sorted(widths, reverse=True)
    # the width falls as 1/sqrt(n): about 2 * 1.96 * sqrt(0.3 * 0.7 / n) for large n
    assert widths[-1] == pytest.approx(2 * 1.96 * math.sqrt(0.21 / 10000), rel=0.01)


def test_wilson_interval_edges():
    assert wilson_interval(0, 0) == (0.0, 1.0)
    assert wilson_interval(0, 50)[0] == pytest.approx(0.0, abs=1e-12)
    assert wilson_interval(50, 50)[1] == pytest.approx(1.0, abs=1e-12)
    wide, narrow = wilson_interval(5, 10, z=2.576), wilson_interval(5, 10)
    assert wide[0] < narrow[0] and wide[1] > narrow[1]


# -- what the statistics show (fixed seeds, bounds from the math) ----------------------------------
# Played on the batch engine, one worker: its games are the one-game engine's (tests/lab/batch
# checks them game by game), tens of thousands in a fraction of a second.

def test_random_against_random_is_even():
    """Two random players are exchangeable: the deal alternates and the draws alternate, so
    swapping the players' cards position by position maps shuffles to equally likely shuffles,
    and a player that ignores its cards is the same in either seat. Among decided games win1
    is then Binomial(decided, 1/2); the test accepts it within the two-sided 99.9% interval,
    |win1 - decided/2| <= 3.29 * sqrt(decided)/2 (about +-150 games of some 17,500)."""
    counters = run_games("random", "random", 20_000, seed=2026, workers=1).counters
    decided = counters.win1 + counters.win2
    z = norm.ppf(1 - 0.001 / 2)
    assert abs(counters.win1 - decided / 2) <= z * math.sqrt(decided) / 2
    assert binomtest(counters.win1, decided, 0.5).pvalue > 0.001


@pytest.mark.parametrize("p1, p2, heuristic_seat", [("random", "heuristic", 2),
                                                    ("heuristic", "random", 1)])
def test_the_heuristic_beats_random(p1, p2, heuristic_seat):
    """The heuristic wins about 80% of its games against random. Over 20,000 games the
    standard error of the rate is sqrt(0.8 * 0.2 / 20000) = 0.0028, so the bound of 78% lies
    seven standard errors below: it fails only if the heuristic really plays worse."""
    counters = run_games(p1, p2, 20_000, seed=2026, workers=1).counters
    wins = counters.win2 if heuristic_seat == 2 else counters.win1
    assert wins / counters.games >= 0.78


@pytest.mark.parametrize("p1, p2, heuristic_seat", [("lazy", "heuristic", 2),
                                                    ("heuristic", "lazy:slot=2", 1)])
def test_the_heuristic_crushes_lazy(p1, p2, heuristic_seat):
    """Lazy never touches two of its cards. Those two are of different suits in 39 deals of
    51 (76.5%), and then lazy can never flush: the heuristic wins unless the deck runs dry,
    which takes 23 turns (it flushes in about 4). So the heuristic wins at least ~76% even if
    it lost every other game. Over 3,000 games the standard error is at most 0.009, so the
    bound of 70% is more than six standard errors below that floor."""
    counters = run_games(p1, p2, 3_000, seed=2026, workers=1).counters
    wins = counters.win2 if heuristic_seat == 2 else counters.win1
    assert wins / counters.games > 0.70


def test_one_tally_counts_every_result():
    from tcf_gui.engine.outcome import tally

    assert tally((0, 0, 0), 1) == (1, 0, 0)
    assert tally((1, 0, 0), 2) == (1, 1, 0)
    assert tally((1, 1, 0), 0) == (1, 1, 1)
    for bad in (3, -1, None, True + 2):
        with pytest.raises(ValueError):
            tally((0, 0, 0), bad)
