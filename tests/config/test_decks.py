"""Finding the card decks other card games install (tcf_gui.config.decks): the three formats,
the player's folder before the standard ones, and a line, never an exception, for a deck that
cannot be read."""
import json

import pytest
from deck_fixtures import write_aisleriot_theme, write_kde_deck, write_pysol_set

from tcf_gui.config import decks
from tcf_gui.config.decks import find_decks, is_deck_key, one_line
from tcf_gui.config.settings import load_settings
from tcf_gui.i18n import use_language

#: The real search of the standard folders (the conftest puts one that finds none in its place).
STANDARD_FOLDERS = decks.standard_folders


def test_each_format_is_found_in_a_folder_the_player_names(tmp_path):
    write_kde_deck(tmp_path / "carddecks" / "svg-tiny")
    write_aisleriot_theme(tmp_path / "aisleriot" / "cards")
    write_pysol_set(tmp_path / "cardsets" / "cardset-tiny")
    search = find_decks([tmp_path])
    assert {(d.key, d.kind, d.name) for d in search.decks} == {
        ("kde/svg-tiny", "kde", "Tiny"), ("aisleriot/tiny_theme", "aisleriot", "Tiny Theme"),
        ("pysol/cardset-tiny", "pysol", "Tiny set")}
    assert search.problems == []
    kde = search.by_key("kde/svg-tiny")
    assert kde is not None and kde.path.name == "tiny.svgz"
    assert kde.preview is None  # index.desktop names 11.png, which is not there
    pysol = search.by_key("pysol/cardset-tiny")
    assert pysol is not None and pysol.extension == ".png" and pysol.preview.name == "back01.png"


def test_a_deck_folder_named_itself_is_the_one_deck(tmp_path):
    folder = write_kde_deck(tmp_path / "mine")
    assert [d.key for d in find_decks([folder]).decks] == ["kde/mine"]
    folder = write_pysol_set(tmp_path / "cardset-x")
    assert [d.key for d in find_decks([folder]).decks] == ["pysol/cardset-x"]


def test_the_standard_folders_follow_xdg(tmp_path, monkeypatch):
    monkeypatch.setattr(decks, "standard_folders", STANDARD_FOLDERS)
    home, shared = tmp_path / "home", tmp_path / "shared"
    monkeypatch.setenv("XDG_DATA_HOME", str(home))
    monkeypatch.setenv("XDG_DATA_DIRS", str(shared))
    monkeypatch.setenv("HOME", str(tmp_path / "nobody"))
    write_kde_deck(home / "carddecks" / "svg-tiny", name="Mine")
    write_kde_deck(shared / "carddecks" / "svg-tiny", name="The system's")
    write_kde_deck(shared / "carddecks" / "svg-other", name="Other")
    search = find_decks()
    assert [(d.key, d.name) for d in search.decks] == [("kde/svg-tiny", "Mine"), ("kde/svg-other", "Other")]
    assert home / "carddecks" in search.folders and shared / "aisleriot" / "cards" in search.folders


def test_a_kde_deck_is_named_in_the_players_language(tmp_path):
    write_kde_deck(tmp_path / "svg-tiny", name="Tiny")
    use_language("de")
    assert [d.name for d in find_decks([tmp_path]).decks] == ["Tiny (deutsch)"]


@pytest.mark.parametrize("make, says", [
    (lambda f: (f / "index.desktop").write_text("[KDE Backdeck]\nName=Old\nBack=x\n"), "without SVG"),
    (lambda f: (f / "index.desktop").write_text("[KDE Backdeck]\nName=Gone\nSVG=gone.svgz\n"), "missing"),
    (lambda f: (f / "index.desktop").write_text("no group at all\n"), "cannot read index.desktop"),
    (lambda f: (f / "index.desktop").write_bytes(b"[Other]\nName=\xff\n"), "no [KDE Backdeck]"),
])
def test_a_kde_deck_that_cannot_be_read_is_one_line(tmp_path, make, says):
    folder = tmp_path / "carddecks" / "svg-bad"
    folder.mkdir(parents=True)
    make(folder)
    write_kde_deck(tmp_path / "carddecks" / "svg-good")
    search = find_decks([tmp_path])
    assert [d.key for d in search.decks] == ["kde/svg-good"]
    assert len(search.problems) == 1 and "\n" not in search.problems[0]
    assert "svg-bad" in search.problems[0] and says in search.problems[0]


def test_a_pysol_set_that_is_not_whole_or_not_french_is_skipped(tmp_path):
    write_pysol_set(tmp_path / "cardsets" / "cardset-holes", leave_out=3)
    write_pysol_set(tmp_path / "cardsets" / "cardset-tarock", kind=2)
    (tmp_path / "cardsets" / "cardset-junk").mkdir()
    (tmp_path / "cardsets" / "cardset-junk" / "config.txt").write_text("not pysol\n")
    search = find_decks([tmp_path])
    assert search.decks == []
    assert sorted(p.split(": skipped: ")[1] for p in search.problems) == [
        "3 card pictures missing, such as 02c.png", "config.txt is not a PySolFC card set's",
        "not a French deck (PySolFC type 2)"]


def test_names_from_the_disk_reach_no_terminal_raw(tmp_path):
    write_kde_deck(tmp_path / "svg-evil", name="Evil\x1b[2J\x07 deck")
    (deck,) = find_decks([tmp_path]).decks
    assert deck.name == "Evil [2J deck"
    assert one_line("a\nb\x1b\tc", 4) == "a b"


def test_a_folder_that_is_not_there_is_said(tmp_path):
    search = find_decks([tmp_path / "nowhere"])
    assert search.decks == [] and search.problems == [f"{tmp_path / 'nowhere'}: no such folder"]


def test_the_settings_keep_a_deck_and_a_folder(tmp_path):
    assert is_deck_key("kde/svg-dondorf") and is_deck_key("pysol/cardset-2000")
    assert not any(is_deck_key(v) for v in ("kde/", "svg-dondorf", "kde/../x/y", "web/x", 3, None))
    path = tmp_path / "settings.json"
    path.write_text(json.dumps({"card_face": "aisleriot/bonded", "card_folder": "/home/me/decks"}))
    settings, warning = load_settings(path)
    assert warning is None and settings.card_face == "aisleriot/bonded" and settings.card_folder == "/home/me/decks"
    path.write_text(json.dumps({"card_face": "kde/../../etc", "card_folder": 7}))
    settings, warning = load_settings(path)
    assert (settings.card_face, settings.card_folder) == ("classic", None) and warning


def test_the_window_looks_in_the_folders_it_was_given(tmp_path):
    write_kde_deck(tmp_path / "svg-tiny")
    assert decks.find_deck("kde/svg-tiny") is None
    decks.use_card_folders([tmp_path])
    assert decks.find_deck("kde/svg-tiny") is not None
