"""``tcf-gui strategy-template``: the commented example strategy the game ships, written
where asked (never over a file) or shown; and the example itself plays legal moves."""
from __future__ import annotations

import importlib.util
from pathlib import Path

from tcf_gui.cli import main
from tcf_gui.engine.game import Game
from tcf_gui.system.resources import asset_path, read_asset_bytes

EXAMPLE = read_asset_bytes("example_strategy.py")


def test_the_template_is_written_once_and_never_over_a_file(tmp_path, capsys):
    path = tmp_path / "mine.py"
    assert main(["strategy-template", str(path)]) == 0
    assert path.read_bytes() == EXAMPLE and b"def choose(view):" in EXAMPLE
    assert capsys.readouterr().out == f"Wrote {path}. Try it: tcf-gui duel {path} heuristic\n"
    path.write_text("# mine now\n")
    assert main(["strategy-template", str(path)]) == 1
    err = capsys.readouterr().err.splitlines()
    assert len(err) == 1 and "already exists" in err[0] and path.read_text() == "# mine now\n"
    assert main(["strategy-template", str(tmp_path / "no" / "such" / "x.py")]) == 1
    assert "cannot write" in capsys.readouterr().err


def test_without_a_path_the_template_is_shown(capsys):
    assert main(["strategy-template"]) == 0
    assert capsys.readouterr().out.encode() == EXAMPLE


def test_the_example_plays_whole_games_with_hidden_and_open_hands():
    with asset_path("example_strategy.py") as path:
        spec = importlib.util.spec_from_file_location("example_strategy", path)
        module = importlib.util.module_from_spec(spec)
        spec.loader.exec_module(module)
    turns = 0
    for seed in range(1, 41):
        game = Game(seed, open_hands=seed % 2 == 0)
        game.deal()
        while not game.over:
            slots = module.choose(game.view(1)), module.choose(game.view(2))
            assert all(type(slot) is int and 0 <= slot <= 2 for slot in slots)
            game.play_turn(*slots)
            turns += 1
    assert turns > 40  # the games were played, not only dealt


GUIDE = Path(__file__).resolve().parents[2] / "docs" / "strategies.md"


def test_the_guide_shows_the_shipped_example_as_it_is():
    text = GUIDE.read_text(encoding="utf-8")
    after = text.split("<!-- example-strategy", 1)[1].split("```python\n", 1)[1]
    assert after.split("```", 1)[0].encode() == EXAMPLE


def test_the_guide_lists_every_field_and_method_of_a_view():
    from dataclasses import fields

    from tcf_gui.engine.view import View

    text = GUIDE.read_text(encoding="utf-8")
    names = [field.name for field in fields(View)] + [
        f"{name}()" for name in vars(View) if not name.startswith("_") and callable(vars(View)[name])]
    assert len(names) == 9 and all(f"`view.{name}`" in text for name in names), names
