"""The text seam: English by default, a compiled catalog when a language is chosen."""
from tcf_gui import i18n


def test_english_source_until_a_language_is_chosen():
    i18n.use_language("en")
    assert i18n._("You win") == "You win"
    assert i18n.ngettext("{n} card left", "{n} cards left", 1) == "{n} card left"
    assert i18n.ngettext("{n} card left", "{n} cards left", 2) == "{n} cards left"


def test_a_chosen_language_translates_messages_and_plurals(catalogs):
    assert i18n.use_language("de") == "de"
    assert i18n._("You win") == "Du gewinnst"
    assert i18n.ngettext("{n} card left", "{n} cards left", 3).format(n=3) == "3 Karten übrig"
    assert i18n._("not in the catalog") == "not in the catalog"


def test_an_unknown_language_falls_back_to_english(catalogs):
    i18n.use_language("de")
    assert i18n.use_language("xx") == "en"
    assert i18n._("You win") == "You win"


def test_the_system_language_comes_from_the_environment(catalogs, monkeypatch):
    for name in ("LANGUAGE", "LC_ALL", "LC_MESSAGES"):
        monkeypatch.delenv(name, raising=False)
    monkeypatch.setenv("LANG", "de_DE.UTF-8")
    assert i18n.use_language(None) == "de"
    assert i18n._("You win") == "Du gewinnst"


def test_available_languages_lists_the_compiled_catalogs(catalogs):
    assert i18n.available_languages() == ["en", "de"]
