"""--plot FILE.png: one figure per run; without matplotlib a one-line hint and exit 2."""
from __future__ import annotations

import builtins

import pytest

from tcf_gui.cli import main
from tcf_gui.lab import runner

PNG_MAGIC = b"\x89PNG\r\n\x1a\n"


@pytest.mark.parametrize("argv", [
    ["stats", "-n", "2500", "--p1", "lazy"],
    ["duel", "heuristic", "random", "-n", "1500"],
    ["tournament", "-n", "1200"],
])
def test_plot_writes_a_png(tmp_path, capsys, argv):
    path = tmp_path / "run.png"
    assert main(argv + ["--workers", "1", "--plot", str(path)]) == 0
    data = path.read_bytes()
    assert data.startswith(PNG_MAGIC) and len(data) > 20_000  # a real figure, not a blank
    assert f"plot saved to {path}" in capsys.readouterr().out


def test_with_json_stdout_stays_json(tmp_path, capsys):
    path = tmp_path / "run.png"
    assert main(["stats", "-n", "100", "--json", "--workers", "1", "--plot", str(path)]) == 0
    captured = capsys.readouterr()
    assert captured.out.startswith("{") and "plot saved" in captured.err and path.exists()


@pytest.fixture
def no_matplotlib(monkeypatch):
    real_import = builtins.__import__

    def hidden(name, *args, **kwargs):
        if name == "matplotlib" or name.startswith("matplotlib."):
            raise ImportError(f"No module named {name!r}")
        return real_import(name, *args, **kwargs)

    monkeypatch.setattr(builtins, "__import__", hidden)

    def no_games(*args, **kwargs):
        raise AssertionError("games were played before the missing matplotlib was reported")

    monkeypatch.setattr("tcf_gui.commands.stats.run_games", no_games)
    for module in ("duel", "tournament"):
        monkeypatch.setattr(f"tcf_gui.commands.{module}.run_many", no_games)


@pytest.mark.parametrize("argv", [
    ["stats"], ["duel", "heuristic", "random"], ["tournament"],
])
def test_without_matplotlib_plot_says_how_to_get_it(tmp_path, capsys, no_matplotlib, argv):
    path = tmp_path / "run.png"
    assert main(argv + ["--plot", str(path)]) == 2
    captured = capsys.readouterr()
    assert captured.err == (
        f"tcf-gui {argv[0]}: --plot needs matplotlib, which is not installed; "
        'get it with: pip install ".[plot]" in the checkout, or pip install matplotlib\n'
    )
    assert captured.out == "" and not path.exists()


def test_without_matplotlib_the_rest_still_works(capsys, no_matplotlib, monkeypatch):
    monkeypatch.setattr("tcf_gui.commands.stats.run_games", runner.run_games)
    assert main(["stats", "-n", "50", "--workers", "1"]) == 0
    assert "*game-count* = 50" in capsys.readouterr().out


@pytest.mark.parametrize("name, message", [
    ("nofolder/run.png", "folder 'NOFOLDER' does not exist"),
    ("run.txt", "is not a picture file name; end it with one of: .png, .svg, .pdf"),
    ("folder.png", "folder.png': it is a folder"),
])
def test_a_bad_plot_path_is_refused_before_playing(tmp_path, capsys, name, message):
    (tmp_path / "folder.png").mkdir()
    with pytest.raises(SystemExit) as exit_info:
        main(["stats", "--plot", str(tmp_path / name)])
    assert exit_info.value.code == 2
    assert message.replace("NOFOLDER", str(tmp_path / "nofolder")) in capsys.readouterr().err


def test_a_plot_that_cannot_be_written_is_one_line(tmp_path, capsys, monkeypatch):
    def refuse(path, *args, **kwargs):
        raise PermissionError(13, "Permission denied", path)

    monkeypatch.setattr("tcf_gui.lab.plots.draw", refuse)
    path = tmp_path / "run.png"
    assert main(["stats", "-n", "100", "--workers", "1", "--plot", str(path)]) == 1
    captured = capsys.readouterr()
    assert "*game-count* = 100" in captured.out  # the results came first
    assert captured.err == f"tcf-gui stats: error: cannot write {str(path)!r}: Permission denied\n"
