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


def _system(monkeypatch, platform="linux", **env):
    """The environment of a system whose language variables are ``env`` only."""
    for name in ("LANGUAGE", "LC_ALL", "LC_MESSAGES", "LANG"):
        monkeypatch.delenv(name, raising=False)
    for name, value in env.items():
        monkeypatch.setenv(name, value)
    monkeypatch.setattr(i18n.sys, "platform", platform)


def test_the_system_language_is_read_as_gettext_reads_it(catalogs, monkeypatch):
    _system(monkeypatch, LANGUAGE="sv:de:en", LANG="en_US.UTF-8")
    assert i18n.system_language() == "de"  # the first of LANGUAGE's list with a catalog
    _system(monkeypatch, LC_ALL="de_AT.UTF-8@euro", LANG="en_GB.UTF-8")
    assert i18n.system_language() == "de"  # LC_ALL before LANG, Austrian German is German
    _system(monkeypatch, LC_MESSAGES="C", LANG="de_DE.UTF-8")
    assert i18n.system_language() == "en"  # the first set of them decides: C is English
    _system(monkeypatch)
    assert i18n.system_language() == "en"


def test_windows_gives_the_users_display_language(catalogs, monkeypatch):
    import ctypes
    from types import SimpleNamespace

    _system(monkeypatch, platform="win32")
    kernel32 = SimpleNamespace(GetUserDefaultUILanguage=lambda: 0x0407)  # German (Germany)
    monkeypatch.setattr(ctypes, "windll", SimpleNamespace(kernel32=kernel32), raising=False)
    assert i18n.system_languages() == ["de_DE"]
    assert i18n.use_language(None) == "de"


def test_macos_gives_the_preferred_languages(catalogs, monkeypatch, tmp_path):
    import plistlib

    preferences = tmp_path / "GlobalPreferences.plist"
    preferences.write_bytes(plistlib.dumps({"AppleLanguages": ["fr-CA", "de-DE", "en-US"]},
                                           fmt=plistlib.FMT_BINARY))
    _system(monkeypatch, platform="darwin")
    monkeypatch.setattr(i18n, "MACOS_PREFERENCES", preferences)
    assert i18n.system_language() == "de"  # no French catalog here: the next one asked for
    preferences.write_bytes(b"not a plist")
    assert i18n.system_languages() == []


def test_a_code_finds_its_catalog_however_it_is_written(catalogs, monkeypatch):
    (catalogs / "pt_BR" / "LC_MESSAGES").mkdir(parents=True)
    (catalogs / "pt_BR" / "LC_MESSAGES" / "tcf-gui.mo").write_bytes(
        (catalogs / "de" / "LC_MESSAGES" / "tcf-gui.mo").read_bytes())
    for code in ("pt_BR", "pt-br", "PT_BR.UTF-8", "pt", "pt_PT"):
        assert i18n.match_language(code) == "pt_BR", code
    assert i18n.match_language("de_CH") == "de"
    for code in ("sv", "", "../de", "de/../../x", "d"):
        assert i18n.match_language(code) is None, code


def test_an_unknown_code_names_the_languages_there_are(catalogs):
    import pytest

    with pytest.raises(i18n.UnknownLanguage) as raised:
        i18n.choose_language("klingon")
    assert str(raised.value) == ("there is no language 'klingon': choose one of en (English), "
                                 "de (Deutsch)")
    assert i18n.language() == "en"


def test_lang_chooses_the_language_of_one_run_anywhere_on_the_line(catalogs, capsys):
    import pytest

    from tcf_gui.cli import main

    for argv in (["--lang", "de", "--help"], ["stats", "--help", "--lang=de"]):
        with pytest.raises(SystemExit):
            main(argv)
        assert capsys.readouterr().out.startswith("Aufruf: tcf-gui"), argv


def test_lang_with_an_unknown_code_is_one_line_and_exit_2(catalogs, capsys):
    from tcf_gui.cli import main

    assert main(["--lang", "xy", "demo", "make-deck"]) == 2
    out, err = capsys.readouterr()
    assert out == "" and err == ("tcf-gui: error: there is no language 'xy': choose one of "
                                 "en (English), de (Deutsch)\n")


def test_the_language_flag_is_taken_out_before_the_command_line_is_read():
    from tcf_gui.cli import language_flag

    assert language_flag(["--lang", "de", "stats", "-n", "5"]) == (["stats", "-n", "5"], "de")
    assert language_flag(["history", "--lang=pl"]) == (["history"], "pl")
    assert language_flag(["demo", "--", "--lang", "de"]) == (["demo", "--", "--lang", "de"], None)
    assert language_flag(["--lang"]) == ([], "")  # no code: refused with the languages


def test_lang_without_a_code_after_a_command_names_the_languages(catalogs, capsys):
    # argparse said 'unrecognized arguments: --lang', as if the command had no --lang
    from tcf_gui.cli import main

    assert main(["demo", "make-deck", "--lang"]) == 2
    out, err = capsys.readouterr()
    assert out == "" and err == ("tcf-gui: error: there is no language '': choose one of "
                                 "en (English), de (Deutsch)\n")
