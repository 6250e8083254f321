"""run_games: reproducible from its seed whatever the workers, the single engine equal to
run_statistics, the batch engine's statistics equal to the one-game engine's within bounds
that follow from the math, and plain Python strategies on the hybrid path."""
from __future__ import annotations

import json
import math
from dataclasses import replace

import pytest
from scipy.stats import fisher_exact

from tcf_gui.cli import main
from tcf_gui.engine.strategies.registry import StrategyError, strategy_names
from tcf_gui.lab.runner import RunResult, run_games, run_statistics
from tcf_gui.lab.batch import (
    BATCH_CHUNK_GAMES, HYBRID_CHUNK_GAMES, ChunkTask, exact_one_game_spec, play_chunk,
)

Z = 4.0  # two-sided false alarm about 6e-5 per comparison
P_FALSE_ALARM = math.erfc(Z / math.sqrt(2))  # the same false alarm for an exact test


@pytest.mark.xdist_group("whole_core")  # a pool of two
def test_workers_do_not_change_the_numbers():
    games = 2 * BATCH_CHUNK_GAMES + 123  # three chunks, the last one short
    one = run_games("random", "heuristic", games, seed=5, workers=1)
    two = run_games("random", "heuristic", games, seed=5, workers=2)
    assert one == two
    assert one.counters.games == games == sum(one.turn_histogram)
    assert [c[0] for c in one.checkpoints] == list(range(1000, games, 1000)) + [games]
    c = one.counters
    assert one.checkpoints[-1] == (c.games, c.win1, c.win2, c.draws)
    assert all(a[i] <= b[i] for a, b in zip(one.checkpoints, one.checkpoints[1:]) for i in range(4))


def test_same_seed_same_numbers_other_seed_other_numbers():
    """In one process (whatever the workers, the numbers are the same: the test above)."""
    first = run_games("random", "random", 5000, seed=1, workers=1)
    assert run_games("random", "random", 5000, seed=1, workers=1) == first
    assert run_games("random", "random", 5000, seed=2, workers=1).counters != first.counters


def test_single_engine_counts_the_games_of_run_statistics():
    result = run_games("random", "heuristic", 1700, seed=3, engine="single", open_hands=True)
    assert result.counters == run_statistics("random", "heuristic", 1700, 3, open_hands=True)
    assert sum(result.turn_histogram) == 1700
    assert sum(t * n for t, n in enumerate(result.turn_histogram)) == result.counters.turns
    first, every = run_statistics("random", "heuristic", 1000, 3, open_hands=True), result.counters
    assert result.checkpoints == [(1000, first.win1, first.win2, first.draws),
                                  (1700, every.win1, every.win2, every.draws)]


def _mean_and_variance(result: RunResult) -> tuple[float, float]:
    n = result.counters.games
    mean = result.counters.turns / n
    return mean, sum(k * (t - mean) ** 2 for t, k in enumerate(result.turn_histogram)) / (n - 1)


@pytest.mark.parametrize("p2", strategy_names())
@pytest.mark.parametrize("p1", strategy_names())
def test_batch_statistics_agree_with_the_one_game_engine(p1, p2):
    """The one-game engine plays the one-game form that each batch form reproduces (the
    expert's rule: the batch engine plays it for the searching expert)."""
    single = run_games(exact_one_game_spec(p1), exact_one_game_spec(p2), 1500, seed=21,
                       engine="single")
    batch = run_games(p1, p2, BATCH_CHUNK_GAMES, seed=21, workers=1)
    n1, n2 = single.counters.games, batch.counters.games
    for key in ("win1", "win2", "draws", "f1f2"):
        x1, x2 = getattr(single.counters, key), getattr(batch.counters, key)
        # Fisher's exact test on the 2x2 table, not the normal approximation, which is wrong
        # for rare events such as draws (one draw in 1500 games against 1 in 65,536 is
        # unremarkable, yet beyond 4 pooled standard errors).
        p_value = fisher_exact([[x1, n1 - x1], [x2, n2 - x2]]).pvalue
        assert p_value >= P_FALSE_ALARM, key
    (m1, v1), (m2, v2) = _mean_and_variance(single), _mean_and_variance(batch)
    assert abs(m1 - m2) <= Z * math.sqrt(v1 / n1 + v2 / n2), "turns per game"


@pytest.fixture
def mine(tmp_path):
    path = tmp_path / "mine.py"
    path.write_text(
        "def choose(view):\n    return 0\n\n"
        "def bad(view):\n    return 3 if view.turn == 2 else 0\n"
    )
    return str(path)


def test_a_plain_function_plays_on_the_hybrid_path(mine):
    for index in range(2):
        task = ChunkTask(f"{mine}:choose", "heuristic", seed=8, index=index, games=3000)
        hybrid, batch = play_chunk(task), play_chunk(replace(task, p1="lazy"))
        assert hybrid.turns.tolist() == batch.turns.tolist()
        assert hybrid.cases.tolist() == batch.cases.tolist()


@pytest.mark.xdist_group("whole_core")  # a pool of two
def test_hybrid_runs_do_not_depend_on_workers_either(mine):
    games = 2 * HYBRID_CHUNK_GAMES + 7
    one = run_games("random", f"{mine}:choose", games, seed=6, workers=1)
    assert one == run_games("random", f"{mine}:choose", games, seed=6, workers=2)
    assert one.counters.games == games


def test_a_bad_slot_from_a_user_function_is_a_clear_error(mine):
    with pytest.raises(StrategyError, match="0 for card 1, 1 for card 2, 2 for card 3"):
        run_games("random", f"{mine}:bad", 100, seed=0)


def test_stats_command_reports_a_bad_slot_in_one_line(mine, capsys):
    assert main(["stats", "-n", "100", "--p2", f"{mine}:bad"]) == 2
    level, error = capsys.readouterr().err.strip().splitlines()  # the isolation level first
    assert level.startswith("tcf-gui stats: strategy files run at the ")
    assert "0 for card 1, 1 for card 2, 2 for card 3" in error and "Traceback" not in error


@pytest.mark.parametrize("engine", ["batch", "single"])
def test_stats_command_json(engine, capsys):
    args = ["stats", "-n", "300", "--seed", "4", "--json", "--engine", engine, "--workers", "1"]
    assert main(args) == 0
    record = json.loads(capsys.readouterr().out)
    expected = run_games("random", "heuristic", 300, 4, engine=engine)
    assert record == expected.counters.as_dict() | {"p1": "random", "p2": "heuristic", "seed": 4}


@pytest.mark.parametrize("bad", [["--engine", "fast"], ["--workers", "0"]])
def test_stats_command_refuses_bad_engine_options(bad, capsys):
    with pytest.raises(SystemExit) as exit_:
        main(["stats", *bad])
    assert exit_.value.code == 2
    assert "Traceback" not in capsys.readouterr().err


def test_run_games_refuses_bad_arguments():
    with pytest.raises(ValueError, match="negative"):
        run_games("random", "random", -1)
    with pytest.raises(ValueError, match="unknown engine"):
        run_games("random", "random", 1, engine="fast")
    with pytest.raises(StrategyError):
        run_games("nobody", "random", 1)
