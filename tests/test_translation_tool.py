"""tools/translations.py: the pseudo-locale keeps placeholders and makes every word longer;
the catalog checks find what keeps a catalog from shipping."""
from __future__ import annotations

import sys
from pathlib import Path

import pytest
from babel.messages.catalog import Catalog

sys.path.insert(0, str(Path(__file__).parent / "gui"))
from dev_tools import load_tool  # noqa: E402

tool = load_tool("translations")


@pytest.mark.parametrize("source, pseudo", [
    ("You win", "[ÝÝööû ŵŵííñ]"),
    ("{name} wins with {hand}", "[{name} ŵŵííñš ŵŵííţĥ {hand}]"),
    ("%(prog)s: error: %(message)s\n", "[%(prog)s: ééŕŕŕöŕ: %(message)s]\n"),
    ("{n:,} games, {rate:.1%}", "[{n:,} ĝĝååɱéš, {rate:.1%}]"),
])
def test_the_pseudo_locale_keeps_placeholders_and_makes_words_longer(source, pseudo):
    assert tool.pseudo_text(source) == pseudo
    assert tool.placeholders(pseudo) == tool.placeholders(source)


def test_the_pseudo_locale_has_no_english_letter_left():
    text = tool.pseudo_text("The quick brown fox jumps over the lazy dog, THE END")
    assert not any("a" <= char.lower() <= "z" for char in text)
    words = text.strip("[]").split()
    assert all(len(pseudo) >= 1.4 * len(word) for pseudo, word in zip(
        words, "The quick brown fox jumps over the lazy dog, THE END".split()))


def test_the_template_holds_the_package_and_argparse():
    template = tool.extract()
    ids = {message.id for message in template}
    assert "usage: " in ids and "show this help message and exit" in ids
    assert any(message.id == "J" and message.context == "card rank" for message in template)
    assert any(message.pluralizable for message in template)
    assert all(location[0].startswith(("tcf_gui/", "argparse.py"))
               for message in template for location in message.locations)


def _shipped_plural_forms(locale: str) -> str:
    po = Path(__file__).parents[1] / "tcf_gui" / "locale" / locale / "LC_MESSAGES" / "tcf-gui.po"
    return tool.read_catalog(po).plural_forms


def _catalog(locale: str, *entries: tuple) -> Catalog:
    """A catalog with the plural rule of the game's own catalog of ``locale`` (Babel's own
    rule follows CLDR and changes: Babel 2.19 gives French a third form, for millions)."""
    catalog = Catalog(locale=locale)
    catalog.mime_headers = [("Plural-Forms", _shipped_plural_forms(locale))]
    for entry in entries:
        catalog.add(*entry[:2], flags=entry[2] if len(entry) > 2 else ())
    return catalog


def test_the_checks_find_untranslated_fuzzy_and_wrong_placeholders():
    catalog = _catalog("de", ("You win", "Du gewinnst"), ("Sound", ""),
                       ("Speed", "Tempo", ["fuzzy"]), ("{name} wins", "{Name} gewinnt"),
                       (("{n} card", "{n} cards"), ("eine Karte", "{n} Karten")),
                       (("{n} game", "{n} games"), ("{n} Spiel", "Spiele")))
    problems = "\n".join(tool.catalog_problems(catalog))
    assert "'Sound' is not translated" in problems
    assert "'Speed' is fuzzy" in problems
    assert "'{name} wins': the translation has ['{Name}'], the source ['{name}']" in problems
    assert "'{n} games': the translation has [], the source ['{n}']" in problems
    assert "cards" not in problems  # German's singular serves 1 alone: "eine Karte" will do
    assert "You win" not in problems


def test_french_says_the_number_in_its_singular_too():
    # French's first form serves 0 and 1: without {n}, "0 cartes" would read "une carte"
    catalog = _catalog("fr", (("{n} card", "{n} cards"), ("une carte", "{n} cartes")))
    assert tool.catalog_problems(catalog) == [
        "'{n} cards': the translation has [], the source ['{n}']"]


def test_a_polish_plural_needs_all_three_forms():
    catalog = _catalog("pl", (("{n} card", "{n} cards"), ("{n} karta", "{n} karty")))
    assert tool.catalog_problems(catalog) == ["'{n} cards' is not translated"]


def test_a_catalog_with_plurals_is_current_once_compiled(tmp_path):
    # a .mo read back gives a plural's forms as lists, a .po tuples: the same catalog
    catalog = _catalog("fr", ("You win", "Vous gagnez"),
                       (("{n} card", "{n} cards"), ("{n} carte", "{n} cartes")))
    catalog.add("K", "R", context="card rank")  # a .mo read back gives a context as bytes
    po = tmp_path / "tcf-gui.po"
    po.write_bytes(tool._po_bytes(catalog))
    assert tool.stale_mo(po)
    po.with_suffix(".mo").write_bytes(tool._mo_bytes(tool.read_catalog(po)))
    assert not tool.stale_mo(po)
    catalog.get(("{n} card", "{n} cards")[0]).string = ("{n} carte", "{n} cartes !")
    po.write_bytes(tool._po_bytes(catalog))
    assert tool.stale_mo(po)


def test_a_percent_sign_before_a_word_is_no_placeholder():
    # French writes "45 % de victoire": printf's space flag would read "% d" in it
    assert tool.placeholders("{win} % de victoire, 100 % for %(prog)s %s") == [
        "%(prog)s", "%s", "{win}"]
    catalog = _catalog("fr", ("{win}% to win", "{win} % de victoire"))
    assert tool.catalog_problems(catalog) == []


def test_an_unchanged_catalog_with_plurals_and_contexts_is_not_written_again(tmp_path):
    catalog = _catalog("fr", ("You win", "Vous gagnez"),
                       (("{n} card", "{n} cards"), ("{n} carte", "{n} cartes")))
    catalog.add("K", "K", context="card rank")
    po = tmp_path / "tcf-gui.po"
    assert tool._write_if_changed(po, catalog, None)
    before = po.read_bytes()
    assert not tool._write_if_changed(po, tool.read_catalog(po), tool.read_catalog(po))
    changed = tool.read_catalog(po)
    changed.get("K", context="card rank").flags.add("fuzzy")
    assert tool._write_if_changed(po, changed, tool.read_catalog(po))
    assert po.read_bytes() != before


def test_the_pseudo_locale_keeps_a_corner_letter_one_letter():
    """A card's corner holds one letter in every language: the pseudo-locale accents it and
    does not lengthen it (the layout tests would find a card index that does not fit)."""
    from babel.messages.catalog import Catalog

    template = Catalog()
    template.add("K", context="card rank")
    template.add("K")
    pseudo = tool.pseudo_catalog(template)
    assert pseudo.get("K", context="card rank").string == "Ķ"
    assert pseudo.get("K").string == "[ĶĶ]"
