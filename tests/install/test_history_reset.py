"""``tcf-gui history --reset``: asks first (--yes for scripts), keeps a dated copy as the
window's reset does, and a refusal changes nothing."""
from __future__ import annotations

import io
import sqlite3

from history_helpers import real_games

from tcf_gui.cli import main
from tcf_gui.history.store import history_path


def _games_in(path) -> int:
    with sqlite3.connect(path) as db:
        return db.execute("SELECT COUNT(*) FROM games").fetchone()[0]


def _stdin(monkeypatch, text: str) -> None:
    monkeypatch.setattr("sys.stdin", io.StringIO(text))


def test_reset_asks_and_a_no_keeps_every_game(history, monkeypatch, capsys):
    history.add(*real_games(5, seed=4))
    history.close()
    for answer in ("n\n", "\n", ""):  # no, Enter, and no answer at all (end of input)
        _stdin(monkeypatch, answer)
        assert main(["history", "--reset"]) == 1
        out = capsys.readouterr().out
        assert "(5 games)? A dated copy is kept" in out and "Not reset" in out
    assert _games_in(history_path()) == 5
    assert list(history_path().parent.glob("history-*")) == []


def test_a_yes_resets_and_keeps_a_dated_copy(history, monkeypatch, capsys):
    history.add(*real_games(5, seed=4))
    history.close()
    _stdin(monkeypatch, "y\n")
    assert main(["history", "--reset"]) == 0
    (copy,) = history_path().parent.glob("history-*.sqlite3")
    assert str(copy) in capsys.readouterr().out
    assert _games_in(copy) == 5 and _games_in(history_path()) == 0


def test_yes_skips_the_question(history, monkeypatch, capsys):
    history.add(*real_games(3, seed=4))
    history.close()
    _stdin(monkeypatch, "")
    assert main(["history", "--reset", "--yes"]) == 0
    out = capsys.readouterr().out
    assert "?" not in out and "3 games kept in" in out
    assert _games_in(history_path()) == 0


def test_an_empty_history_has_nothing_to_reset(capsys):
    assert main(["history", "--reset", "--yes"]) == 0
    assert "nothing to reset" in capsys.readouterr().out
    assert list(history_path().parent.glob("history-*")) == []


def test_yes_alone_is_refused(capsys):
    assert main(["history", "--yes"]) == 2
    assert capsys.readouterr().err.strip() == "tcf-gui history: --yes goes with --reset"
