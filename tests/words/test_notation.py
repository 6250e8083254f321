"""Players' notation: 10♠ and K♥, letters where a terminal cannot print the suits, and
rank letters a translation may change."""
from __future__ import annotations

import io

from tcf_gui import i18n
from tcf_gui.engine.cards import CARDS, parse_cards
from tcf_gui.words.notation import card_text, cards_text, prints_symbols


def test_every_card_reads_as_a_player_reads_it():
    names = [card_text(card) for card in CARDS]
    assert len(set(names)) == 52
    assert cards_text(parse_cards("XS KH 2C AD QS JD")) == "10♠ K♥ 2♣ A♦ Q♠ J♦"
    assert card_text(None) == "—"


def test_without_symbols_the_letters_the_command_line_reads_back():
    cards = parse_cards("XS KH 2C")
    assert cards_text(cards, symbols=False) == "10S KH 2C"
    assert parse_cards(cards_text(cards, symbols=False)) == cards


def test_a_terminal_that_cannot_print_the_suits_is_found():
    assert prints_symbols(io.TextIOWrapper(io.BytesIO(), encoding="utf-8"))
    assert not prints_symbols(io.TextIOWrapper(io.BytesIO(), encoding="cp1252"))
    assert not prints_symbols(io.TextIOWrapper(io.BytesIO(), encoding="ascii"))


def test_a_translation_may_change_the_rank_letters(catalogs):
    i18n.use_language("de")
    assert cards_text(parse_cards("JH QS KD")) == "B♥ D♠ K♦"


def test_each_shipped_language_writes_its_own_corner_letters():
    """German B D K A, Polish W D K A, French V D R A; Spanish and Portuguese keep J Q K A
    (the catalogs shipped, not a test's own)."""
    cards = parse_cards("JH QS KD AC")
    expected = {"de": "B♥ D♠ K♦ A♣", "pl": "W♥ D♠ K♦ A♣", "fr": "V♥ D♠ R♦ A♣",
                "es": "J♥ Q♠ K♦ A♣", "pt_BR": "J♥ Q♠ K♦ A♣"}
    for language, text in expected.items():
        i18n.use_language(language)
        assert cards_text(cards) == text, language
        # without symbols: the letters the command line reads back, in every language
        assert parse_cards(cards_text(cards, symbols=False)) == cards, language
