"""``tcf-gui install-desktop`` / ``uninstall-desktop``: the freedesktop files, valid, put in the
user's XDG data folder and taken away exactly; the window's class names the same app."""
from __future__ import annotations

import hashlib
import os
import re
import shutil
import subprocess
import sys
import xml.etree.ElementTree as ET
from pathlib import Path

import pygame
import pytest

from tcf_gui import __version__
from tcf_gui.cli import main
from tcf_gui.system.desktop import APP_ID, ICON_SIZES, exec_value, install, manifest_path, uninstall
from tcf_gui.gui import app
from tcf_gui.i18n import available_languages
from tcf_gui.system.resources import asset_path, read_asset_bytes

ROOT = Path(__file__).resolve().parents[2]
METAINFO = f"desktop/{APP_ID}.metainfo.xml"


@pytest.fixture
def home(tmp_path, monkeypatch) -> Path:
    """A temporary $XDG_DATA_HOME."""
    folder = tmp_path / "share"
    monkeypatch.setenv("XDG_DATA_HOME", str(folder))
    return folder


def _files(folder: Path) -> set[str]:
    return {p.relative_to(folder).as_posix() for p in folder.rglob("*")} if folder.exists() else set()


def test_install_puts_the_entry_metainfo_and_icons_in_the_xdg_data_home(home, capsys):
    assert main(["install-desktop"]) == 0
    expected = {f"applications/{APP_ID}.desktop", f"metainfo/{APP_ID}.metainfo.xml"}
    expected |= {f"icons/hicolor/{n}x{n}/apps/{APP_ID}.png" for n in ICON_SIZES}
    if (ROOT / "assets" / "icons" / "scalable.svg").exists():
        expected.add(f"icons/hicolor/scalable/apps/{APP_ID}.svg")
    files = {name for name in _files(home) if (home / name).is_file()}
    assert files == expected
    for size in ICON_SIZES:
        icon = pygame.image.load(str(home / f"icons/hicolor/{size}x{size}/apps/{APP_ID}.png"))
        assert icon.get_size() == (size, size)
    out = capsys.readouterr().out
    assert str(home / "applications") in out and "application menu" in out


def test_uninstall_removes_exactly_what_install_put(home, capsys):
    (home / "icons" / "hicolor").mkdir(parents=True)
    theirs = home / "icons" / "hicolor" / "index.theme"  # someone else's file in a shared folder
    theirs.write_text("[Icon Theme]\n")
    before = _files(home)
    install()
    assert _files(home) > before
    assert main(["uninstall-desktop"]) == 0
    assert _files(home) == before and theirs.read_text() == "[Icon Theme]\n"
    assert not manifest_path().exists()
    assert "files removed" in capsys.readouterr().out
    assert main(["uninstall-desktop"]) == 0  # nothing left to remove: said, not an error
    assert "Nothing to remove" in capsys.readouterr().out


def test_a_file_changed_after_install_is_kept(home):
    install()
    entry = home / "applications" / f"{APP_ID}.desktop"
    entry.write_text(entry.read_text() + "X-Edited=true\n")
    result = uninstall()
    assert result is not None and result.kept == [entry] and entry.exists()
    assert not (home / "metainfo").exists()  # made by install, empty again: gone


def test_installing_twice_then_uninstalling_leaves_nothing(home):
    install(argv=["/old/place/tcf-gui"])
    install(argv=["/new/place/tcf-gui"])
    entry = (home / "applications" / f"{APP_ID}.desktop").read_text()
    assert "Exec=/new/place/tcf-gui" in entry
    uninstall()
    assert _files(home) == set()


def test_a_damaged_manifest_is_one_line(home, capsys):
    manifest_path().parent.mkdir(parents=True, exist_ok=True)
    manifest_path().write_text("{not json")
    assert main(["uninstall-desktop"]) == 1
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "cannot read" in err


def test_the_manifest_never_removes_a_file_of_another_name(home, tmp_path):
    victim = tmp_path / "precious.txt"
    victim.write_text("mine")
    manifest_path().parent.mkdir(parents=True, exist_ok=True)
    manifest_path().write_text('{"files": {"%s": "%s"}, "folders": []}'
                               % (victim, hashlib.sha256(b"mine").hexdigest()))
    result = uninstall()
    assert result is not None and result.kept == [victim] and victim.read_text() == "mine"


@pytest.mark.parametrize("argv, value", [
    (["/usr/bin/tcf-gui"], "/usr/bin/tcf-gui"),
    (["/home/a b/venv/bin/python", "-m", "tcf_gui"], '"/home/a b/venv/bin/python" -m tcf_gui'),
    (["/opt/100%/tcf-gui"], "/opt/100%%/tcf-gui"),
    (['/x/"q"$/tcf'], r'"/x/\\"q\\"\\$/tcf"'),
])
def test_exec_quotes_as_the_desktop_entry_spec_asks(argv, value):
    assert exec_value(argv) == value


def _validate(tool: str, *args: str) -> subprocess.CompletedProcess:
    path = shutil.which(tool)
    if path is None:
        pytest.skip(f"{tool} is not installed (Debian: desktop-file-utils / appstream)")
    return subprocess.run([path, *args], capture_output=True, text=True, timeout=60)


def test_the_installed_entry_passes_desktop_file_validate(home, tmp_path):
    install(argv=[str(tmp_path / "a folder" / "tcf-gui")])
    done = _validate("desktop-file-validate", str(home / "applications" / f"{APP_ID}.desktop"))
    assert done.returncode == 0 and not done.stdout.strip(), done.stdout + done.stderr


def test_the_shipped_entry_passes_desktop_file_validate():
    with asset_path(f"desktop/{APP_ID}.desktop") as path:
        done = _validate("desktop-file-validate", str(path))
    assert done.returncode == 0 and not done.stdout.strip(), done.stdout + done.stderr


def test_the_metainfo_passes_appstreamcli_validate():
    with asset_path(METAINFO) as path:
        done = _validate("appstreamcli", "validate", "--no-net", str(path))
    assert done.returncode == 0, done.stdout + done.stderr
    assert not re.search(r"^[EW]:", done.stdout, re.M), done.stdout


def test_the_metainfo_matches_the_game():
    root = ET.fromstring(read_asset_bytes(METAINFO))
    assert root.findtext("id") == APP_ID
    assert root.find("launchable").text == f"{APP_ID}.desktop"
    assert root.find("content_rating") is not None
    assert root.find("releases/release").get("version") == __version__
    images = [image.text for image in root.iter("image")]
    assert images and all((ROOT / "docs" / Path(url).name).is_file() for url in images)


def test_the_window_class_is_the_entrys_id_unless_the_user_set_one(monkeypatch):
    monkeypatch.setattr("sys.argv", ["/x/__main__.py"])
    monkeypatch.setenv("SDL_VIDEO_X11_WMCLASS", "__main__.py")  # what importing pygame sets
    monkeypatch.delenv("SDL_VIDEO_WAYLAND_WMCLASS", raising=False)
    monkeypatch.setenv("SDL_APP_ID", "my.own.Id")
    app.name_the_app()
    assert os.environ["SDL_VIDEO_X11_WMCLASS"] == APP_ID
    assert os.environ["SDL_VIDEO_WAYLAND_WMCLASS"] == APP_ID
    assert os.environ["SDL_APP_ID"] == "my.own.Id"
    entry = read_asset_bytes(f"desktop/{APP_ID}.desktop").decode()
    assert f"StartupWMClass={APP_ID}\n" in entry and f"Icon={APP_ID}\n" in entry


def test_install_desktop_refuses_outside_freedesktop_systems(home, monkeypatch, capsys):
    monkeypatch.setattr("sys.platform", "win32")
    assert main(["install-desktop"]) == 1
    assert "Linux" in capsys.readouterr().err and not home.exists()


def test_the_scalable_icon_is_the_one_make_assets_draws_and_renders():
    sys.path.insert(0, str(ROOT / "tests" / "gui"))
    from dev_tools import load_tool

    svg = read_asset_bytes("icons/scalable.svg")
    assert svg.decode() == load_tool("make_assets").make_icon_svg()
    root = ET.fromstring(svg)
    assert root.get("viewBox") == "0 0 64 64" and root.find("{*}text") is None  # outlines only
    with asset_path("icons/scalable.svg") as path:
        picture = pygame.image.load(str(path))
    assert picture.get_size() == (64, 64)
    assert picture.get_at((32, 40))[:3] != picture.get_at((2, 32))[:3]  # cards over the felt


def test_a_copy_run_from_its_source_folder_is_told_to_install_first(home, capsys):
    from tcf_gui.system import desktop

    assert main(["install-desktop"]) == 0
    err = capsys.readouterr().err
    assert ("source folder on PYTHONPATH" in err) == (not desktop.starts_from_menu(desktop.launcher()))


def test_starts_from_menu_asks_the_python_without_pythonpath(tmp_path, monkeypatch):
    from tcf_gui.system import desktop

    assert desktop.starts_from_menu(["/opt/app/tcf-gui"])
    monkeypatch.setenv("PYTHONPATH", str(tmp_path))
    (tmp_path / "tcf_gui.py").write_text("")  # found only through PYTHONPATH
    lone = tmp_path / "venv"
    subprocess.run([sys.executable, "-m", "venv", "--without-pip", str(lone)], check=True,
                   timeout=120)
    assert not desktop.starts_from_menu([str(lone / "bin" / "python"), "-m", "tcf_gui"])


def test_the_entry_and_the_metainfo_speak_every_language_the_game_ships():
    """The menu's line and the software centre's page come in each language of the catalogs:
    the entry's GenericName, Comment and Keywords, the metainfo's summary, every paragraph
    and item of its description, and every caption, once per language."""
    languages = set(available_languages()) - {"en"}
    assert languages
    entry = read_asset_bytes(f"desktop/{APP_ID}.desktop").decode()
    for key in ("GenericName", "Comment", "Keywords"):
        assert set(re.findall(rf"^{key}\[(\w+)\]=.+$", entry, re.M)) == languages, key
    root = ET.fromstring(read_asset_bytes(METAINFO))
    lang = "{http://www.w3.org/XML/1998/namespace}lang"
    for path in ("summary", "description/p", "description/ul/li", "screenshots/screenshot/caption"):
        english = [e for e in root.findall(path) if e.get(lang) is None]
        translated = [e.get(lang) for e in root.findall(path) if e.get(lang) is not None]
        assert english and sorted(translated) == sorted(list(languages) * len(english)), path
