"""A strategy that rewrites the person's game history (every game won, 500 more) and their
settings. Where the level keeps it from your files it cannot; the limits level does not
promise that (it says so at the start of a run, and docs/sandbox.md says so)."""
from __future__ import annotations

import pytest

from hostile_helpers import told, wins_as_player_2
from history_helpers import real_games

from tcf_gui.history import History


def test_a_strategy_cannot_rewrite_the_history_or_the_settings(level, hostile, tmp_path, capfd):
    if level == "limits":
        pytest.skip("at the limits level a strategy can write your files (docs/sandbox.md)")
    history = History(tmp_path / "history.sqlite3")
    history.add(*real_games(30))
    before = [game.winner for game in history.games()]
    history.close()
    settings = tmp_path / "settings.json"
    settings.write_text('{"opponent": "expert"}')
    spec = f"{hostile('vandal.py', HISTORY=tmp_path / 'history.sqlite3', SETTINGS=settings)}:rewrite"
    assert wins_as_player_2(spec, 2, 20) == wins_as_player_2(str(hostile("honest.py")), 2, 20)
    history = History(tmp_path / "history.sqlite3")
    assert [game.winner for game in history.games()] == before
    history.close()
    assert settings.read_text() == '{"opponent": "expert"}'
    # Refused, or (under bubblewrap) done to copies in its private /tmp, not to yours.
    assert [line.split(" ")[0] for line in told(capfd.readouterr().err, "VANDAL")] == \
        ["history", "settings"]
