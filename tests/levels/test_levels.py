"""The table of levels: each record names what the window, the lab and the coach play, and
its words come from its measured strength."""
from __future__ import annotations

import pytest

from tcf_gui.lab.batch import batch_form
from tcf_gui.engine.coach.policies import suit_policy
from tcf_gui.engine.strategies.registry import strategy_names
from tcf_gui.history.summary import LevelStats
from tcf_gui.levels import LEVELS, expected_win_rate, level_name, level_of, short_name
from tcf_gui.levels.measured import MEASURED


@pytest.mark.parametrize("level", LEVELS, ids=lambda level: level.spec)
def test_every_level_is_played_by_the_window_the_lab_and_the_coach(level):
    assert level.spec in strategy_names()
    assert batch_form(level.lab) is not None  # the lab plays it at batch speed
    suit_policy(level.coach)  # the coach models it (CoachError otherwise)


def test_every_level_has_its_measured_strength():
    assert set(MEASURED) == {level.spec for level in LEVELS}
    for level in LEVELS:
        duel = level.strength.against_normal
        assert (duel.a, duel.b) == (level.lab, "heuristic") and duel.games == 2 * duel.decks
        assert level.strength.expert_against.a == "expert"


def test_the_strength_line_says_what_the_record_measured():
    expert = level_of("expert")
    duel = expert.strength.against_normal
    share = 100 * duel.wins_a / (duel.wins_a + duel.wins_b)
    assert expert.strength_line().endswith(f"wins {share:.2f}% against Normal")
    assert level_of("heuristic").strength_line().endswith("wins 50.00% against Normal")


def test_names_of_levels_and_of_other_opponents():
    assert level_name("heuristic") == "Normal (heuristic)" and short_name("expert") == "Expert"
    assert level_name("mine.py:choose") == short_name("mine.py:choose") == "mine.py:choose"
    assert level_of("lazy") is None and expected_win_rate("lazy") is None


def test_the_statistics_expect_what_expert_measured_against_each_level():
    for level in LEVELS:
        duel = level.strength.expert_against
        assert LevelStats(level.spec).expected == expected_win_rate(level.spec) == duel.wins_a / duel.games
    assert expected_win_rate("random") > 0.75  # a strong player beats the random one
