"""--watch K: the run's first K games traced decision by decision, in hand-rep form."""
from __future__ import annotations

import json
import re

from tcf_gui.cli import main
from tcf_gui.engine.match import Match
from tcf_gui.lab.transcripts import play_game_lines

CARD = r"\([2-9XJQKA] \. [CDHS]\)"
HAND = rf"\({CARD} {CARD} {CARD}\)"
DECISION = re.compile(
    rf"^\[(?P<name>\S+) as Player (?P<player>[12]), turn (?P<turn>\d+)\] hand {HAND}"
    rf"(?P<opponent> opponent {HAND})? discards seen \(({CARD}( {CARD})*)?\) cards left \d+"
    rf" --> discard slot [123] {CARD}$"
)


def games_of(out: str) -> list[list[str]]:
    """The lines of each watched game."""
    blocks = re.split(r"^=== watched game \d+ of \d+: .*$\n", out, flags=re.M)[1:]
    return [block.strip("\n").split("\n\n")[0].splitlines() for block in blocks]


def test_stats_watch_traces_the_first_k_games_before_the_statistics(capsys):
    assert main(["stats", "-n", "20", "--seed", "6", "--watch", "3", "--engine", "single"]) == 0
    out = capsys.readouterr().out
    games = games_of(out)
    assert len(games) == 3
    assert out.index("=== watched game 3 of 3") < out.index("*game-count* = 20")
    match = Match("random", "heuristic", 6)
    for lines in games:
        game = match.play_next()
        decisions = [line for line in lines if line.startswith("[")]
        assert all(DECISION.match(line) for line in decisions)
        assert len(decisions) == 2 * game.turns  # both players, every turn
        assert [DECISION.match(d)["name"] for d in decisions[:2]] == ["random", "heuristic"][: len(decisions[:2])]
        assert not any(DECISION.match(d)["opponent"] for d in decisions)  # hands are hidden
        assert lines[len(decisions):] == play_game_lines(game)  # hand-rep lines and result


def test_open_hands_show_the_opponent_hand(capsys):
    assert main(["stats", "-n", "5", "--seed", "2", "--watch", "2", "--open", "--engine", "single"]) == 0
    decisions = [line for game in games_of(capsys.readouterr().out) for line in game
                 if line.startswith("[")]
    assert decisions and all(DECISION.match(line)["opponent"] for line in decisions)


def test_with_json_the_trace_goes_to_stderr(capsys):
    assert main(["stats", "-n", "10", "--watch", "1", "--json", "--workers", "1"]) == 0
    captured = capsys.readouterr()
    assert json.loads(captured.out)["games"] == 10
    assert "=== watched game 1 of 1" in captured.err


def test_duel_watch_traces_each_seating(capsys):
    assert main(["duel", "heuristic", "lazy", "-n", "10", "--watch", "2", "--workers", "1"]) == 0
    out = capsys.readouterr().out
    headers = re.findall(r"^=== watched game \d of 2: (\S+) as Player 1, (\S+) as Player 2$", out, re.M)
    assert headers == [("heuristic", "lazy")] * 2 + [("lazy", "heuristic")] * 2
    assert out.index("=== watched game") < out.index("Duel: A = heuristic")


def test_watch_needs_a_positive_count(capsys):
    import pytest

    with pytest.raises(SystemExit) as exit_info:
        main(["stats", "--watch", "0"])
    assert exit_info.value.code == 2
    assert "not positive" in capsys.readouterr().err
