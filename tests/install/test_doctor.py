"""``tcf-gui --version`` and ``tcf-gui doctor``: what is installed, for a bug report; doctor
changes nothing, and a damaged file is a finding, not a crash."""
from __future__ import annotations

import os
import platform
import re
import sqlite3

import pygame
import pytest

from tcf_gui import __version__
from tcf_gui.cli import main
from tcf_gui.commands import doctor
from tcf_gui.history.store import history_path
from tcf_gui.config.settings import settings_path


def _report(capsys, *argv: str) -> dict[str, str]:
    """The doctor's report as {section: its first line}."""
    assert main(["doctor", *argv]) == 0
    lines = capsys.readouterr().out.splitlines()
    return {line.split(": ", 1)[0]: line.split(": ", 1)[1] for line in lines
            if ": " in line and not line.startswith(" ")}


def test_version_names_python_pygame_and_the_folders(capsys):
    with pytest.raises(SystemExit) as stop:
        main(["--version"])
    assert stop.value.code == 0
    out = capsys.readouterr().out.splitlines()
    assert out[0] == f"tcf-gui {__version__}"
    assert f"Python {platform.python_version()}" in out[1]
    assert f"pygame-ce {pygame.version.ver}" in out[1]
    assert "SDL " + ".".join(map(str, pygame.get_sdl_version())) in out[1]
    assert any(str(settings_path()) in line for line in out)
    assert any(str(history_path()) in line for line in out)


def test_doctor_reports_every_section(capsys):
    report = _report(capsys)
    for section in ("Extras", "Video", "Audio", "Sandbox", "Settings", "History", "Desktop entry"):
        assert section in report
    assert report["Video"].startswith("dummy")  # the tests' SDL_VIDEODRIVER
    assert report["Sandbox"].startswith("works: a strategy file played 3 games")
    assert report["History"].startswith("no games yet")
    assert report["Settings"].startswith("none saved yet")


def test_doctor_names_every_extra_and_how_to_get_a_missing_one(capsys, monkeypatch):
    real = doctor.find_spec
    monkeypatch.setattr(doctor, "find_spec", lambda name: None if name == "zeroconf" else real(name))
    assert main(["doctor"]) == 0
    out = capsys.readouterr().out
    assert "Extras: plot, cluster, net\n" in out  # the test extra has all but zeroconf's
    assert re.search(r"^  net \(websockets [0-9.]+\): installed$", out, re.MULTILINE)
    assert re.search(r"^  net \(nacl [0-9.]+\): installed$", out, re.MULTILINE)  # (PyNaCl's)
    assert "  lan (zeroconf): not installed; get it with: " in out
    monkeypatch.setattr(doctor, "find_spec", lambda name: None if name == "nacl" else real(name))
    assert main(["doctor"]) == 0
    out = capsys.readouterr().out
    assert "Extras: plot, cluster, lan\n" in out  # net is whole only with both of its parts
    assert "  net (nacl): not installed; get it with: " in out


def test_doctor_reads_a_history_without_changing_it(capsys, history):
    from history_helpers import real_games

    history.add(*real_games(4, seed=1))
    history.close()
    path = history_path()
    before = {p.name: p.read_bytes() for p in path.parent.glob("history*")}
    assert _report(capsys)["History"].startswith("ok, 4 games played and 0 watched")
    assert {p.name: p.read_bytes() for p in path.parent.glob("history*")} == before


def test_doctor_counts_watched_games_in_the_plural_of_the_language(capsys, history):
    from history_helpers import made_up_games

    from tcf_gui.history.kinds import WATCHED

    history.add(*made_up_games(2), *made_up_games(1, kind=WATCHED))
    history.close()
    assert _report(capsys, "--lang", "fr")["Historique"].startswith(
        "ok, 2 parties jouées et 1 regardée (")  # one watched: singular


def test_doctor_finds_damaged_files_and_leaves_them(capsys):
    history_path().parent.mkdir(parents=True, exist_ok=True)
    history_path().write_bytes(b"this is not a database" * 100)
    settings_path().parent.mkdir(parents=True, exist_ok=True)
    settings_path().write_bytes(b"{broken")
    report = _report(capsys)
    assert "cannot be read" in report["History"] and "could not read" in report["Settings"]
    assert history_path().read_bytes().startswith(b"this is not a database")
    assert settings_path().read_bytes() == b"{broken"


@pytest.mark.parametrize("content, finding", [
    (b"[]", "is not a JSON object; using the defaults"),
    (b'{"speed": "warp", "sound": true}', "ignored bad values in"),
    (b'{"speed": "fast"}', "ok, "),
])
def test_doctor_says_what_the_game_makes_of_the_settings(capsys, content, finding):
    # it said 'ok' for any JSON: a list, or values the game ignores (and keeps a copy of)
    settings_path().parent.mkdir(parents=True, exist_ok=True)
    settings_path().write_bytes(content)
    assert finding in _report(capsys)["Settings"]
    assert os.listdir(settings_path().parent) == [settings_path().name]  # nothing moved aside
    assert settings_path().read_bytes() == content


def test_doctor_does_not_open_a_fifo_in_place_of_the_settings(capsys):
    # it read it, and waited for ever for a writer
    settings_path().parent.mkdir(parents=True, exist_ok=True)
    os.mkfifo(settings_path())
    assert "is not a regular file" in _report(capsys)["Settings"]


def test_doctor_names_the_sandbox_level(capsys, monkeypatch):
    from tcf_gui.engine.strategies.sandbox.levels import available

    level = available()[-1]  # the weakest: offered everywhere
    monkeypatch.setenv("TCF_GUI_SANDBOX", level)
    assert main(["doctor"]) == 0
    out = capsys.readouterr().out
    assert f"  strategy files run at the {level} level (chosen by TCF_GUI_SANDBOX)" in out
    monkeypatch.setenv("TCF_GUI_SANDBOX", "nonsense")
    assert _report(capsys)["Sandbox"].startswith("does not work: TCF_GUI_SANDBOX")


def test_doctor_says_when_the_sandbox_fails(capsys, monkeypatch):
    monkeypatch.setattr(doctor, "PROBE_STRATEGY", "raise ImportError('no luck')\n")
    assert _report(capsys)["Sandbox"].startswith("does not work: ")


def test_a_check_that_breaks_is_a_finding(capsys, monkeypatch):
    def broken() -> list[str]:
        raise RuntimeError("boom")

    monkeypatch.setattr(doctor, "SECTIONS", (("Audio", broken),))
    assert _report(capsys)["Audio"] == "the check failed: RuntimeError: boom"


def test_doctor_without_a_display_says_the_window_cannot_open(capsys, monkeypatch):
    for name in ("SDL_VIDEODRIVER", "DISPLAY", "WAYLAND_DISPLAY"):
        monkeypatch.delenv(name, raising=False)
    assert doctor.video()[0].startswith("no display found")
    os.environ["SDL_VIDEODRIVER"] = "dummy"  # monkeypatch restores it too; the display is off
    assert not pygame.display.get_init()
