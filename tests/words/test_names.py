"""Names from the network are cleaned before they are shown (tcf_gui.words.names)."""
from __future__ import annotations

import pytest

from tcf_gui.i18n import _, use_language
from tcf_gui.words.names import MOST_MARKS, UNKNOWN, clean_name


@pytest.mark.parametrize("given, shown", [
    ("Alice", "Alice"),
    ("  Bob   Smith ", "Bob Smith"),
    ("José", "José"),
    ("Jose\u0301", "José"),  # an accent written apart joins its letter (NFKC)
    ("Алёна", "Алёна"),
    ("李小龍", "李小龍"),
    ("Ken 山田たろう", "Ken 山田たろう"),  # Latin with Han and Hiragana, as Japanese is written
    ("देवनागरी", "देवनागरी"),  # marks a script needs stay
    ("Ｆｕｌｌ", "Full"),  # full width folds to the plain letters
    ("R2-D2 (the droid)", "R2-D2 (the droid)"),
    ("a\u202eevil", "aevil"),  # a right-to-left override is dropped
    ("zero\u200bwidth", "zerowidth"),
    ("tab\tand\x1b[31mred", "tab and[31mred"),  # controls go; what is left is plain text
    ("Zal\u0301\u0302\u0303\u0304\u0305go", "Za\u013a\u0302\u0303go"),  # a tower is cut
    ("\u0301\u0302lead", "lead"),  # marks on nothing go
    ("star ★ ♛", "star"),  # symbols go
])
def test_a_name_keeps_letters_digits_spaces_and_punctuation(given, shown):
    assert clean_name(given) == shown


@pytest.mark.parametrize("given", [
    "you", "YOU", "You", " y o u ".replace(" ", ""), "yóu", "ｙｏｕ", "Player 2", "player  1",
    "?", "",  "   ", "\x1b\x07", "★★★",
    "раypal",  # Cyrillic р and а with Latin: letters that look alike, mixed
    "Аlice",  # a Cyrillic A
    "αlpha",  # a Greek alpha among Latin letters
])
def test_a_name_that_passes_for_another_is_refused(given):
    assert clean_name(given) == UNKNOWN


def test_the_seat_words_of_the_language_in_force_are_refused_too():
    use_language("de")
    try:
        player = _("Player 2")
        assert player != "Player 2" and clean_name(player.upper()) == UNKNOWN
    finally:
        use_language("en")


def test_a_name_never_grows_nor_stacks_marks():
    for given in ("\ufdfa", "ﬃ" * 24, "㍿" * 24):  # each folds into several letters
        assert len(clean_name(given)) <= len(given)
    stacked = clean_name("a" + "\u0300" * 20 + "b" + "\u0301" * 20)
    assert stacked == "\u00e0" + "\u0300" * MOST_MARKS + "b" + "\u0301" * MOST_MARKS  # à joins
