"""How the runner cuts runs into chunks and feeds them to one pool: chunk sizes that depend
on the number of games only, checkpoints computed by arithmetic, and several runs through one
pool giving what each run gives alone."""
from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from tcf_gui.lab.runner import (
    CHECKPOINT_GAMES,
    LEAST_CHUNKS,
    Run,
    checkpoint_ends,
    chunk_sizes,
    run_games,
    run_many,
)


@given(st.integers(0, 3_000_000), st.sampled_from([1 << 12, 1 << 16]))
def test_chunks_are_equal_and_as_few_as_the_largest_allows(games, largest):
    sizes = chunk_sizes(games, largest)
    assert sum(sizes) == games and all(0 < size <= largest for size in sizes)
    assert max(sizes, default=0) - min(sizes, default=0) <= 1
    if len(sizes) > LEAST_CHUNKS:  # more than the least only when the largest forces it
        assert games > (len(sizes) - 1) * largest
    if games >= LEAST_CHUNKS * (largest // 4):
        assert len(sizes) >= LEAST_CHUNKS  # a short run still keeps several workers busy


@given(st.integers(1, 20_000), st.data())
def test_checkpoint_ends_are_every_thousandth_game_and_the_last(total, data):
    start = data.draw(st.integers(0, total - 1))
    games = data.draw(st.integers(1, total - start))
    by_definition = [k for k in range(1, games + 1)
                     if (start + k) % CHECKPOINT_GAMES == 0 or start + k == total]
    assert checkpoint_ends(start, games, total) == by_definition


@pytest.mark.xdist_group("whole_core")  # a pool of two
def test_one_pool_for_many_runs_gives_each_runs_own_numbers():
    runs = [Run("random", "heuristic", 70_000, seed=3), Run("heuristic", "random", 30_000, seed=3),
            Run("lazy", "expert", 1, seed=5), Run("random", "random", 0, seed=1),
            Run("expert", "lazy", 20_000, seed=8, open_hands=True)]
    seen: list[int] = []
    together = run_many(runs, workers=2, progress=seen.append)
    assert together == [run_games(r.p1, r.p2, r.games, r.seed, workers=1, open_hands=r.open_hands)
                        for r in runs]
    assert seen == sorted(seen) and seen[-1] == sum(run.games for run in runs)


def test_the_single_engine_plays_each_run_from_its_own_seed():
    runs = [Run("random", "heuristic", 1500, seed=3), Run("heuristic", "random", 1200, seed=3)]
    seen: list[int] = []
    together = run_many(runs, engine="single", progress=seen.append)
    assert together == [run_games(r.p1, r.p2, r.games, r.seed, engine="single") for r in runs]
    assert seen == sorted(seen) and seen[-1] == 2700
