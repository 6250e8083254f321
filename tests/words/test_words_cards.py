"""Ranks, suits, cards and hands by name, in the language in force."""
from __future__ import annotations

import pytest

from tcf_gui import i18n
from tcf_gui.engine.analysis import analyze_hand
from tcf_gui.engine.cards import CARDS, Card, Rank, Suit, parse_cards
from tcf_gui.words.cards import a_hand, card_name, hand_name, rank_name, ranks_name, suit_name


def test_every_rank_suit_and_card_has_its_own_name():
    assert [rank_name(rank) for rank in Rank][:3] == ["Two", "Three", "Four"]
    assert len({rank_name(rank) for rank in Rank}) == len({ranks_name(rank) for rank in Rank}) == 13
    assert [suit_name(suit) for suit in Suit] == ["clubs", "diamonds", "hearts", "spades"]
    assert len({card_name(card) for card in CARDS}) == 52
    assert card_name(Card(Rank.TEN, Suit.DIAMOND)) == "Ten of diamonds"
    assert (ranks_name(Rank.SIX), ranks_name(Rank.ACE)) == ("sixes", "aces")


@pytest.mark.parametrize("hand, name, with_article", [
    ("QH AH KH", "Ace-high straight flush in hearts", "an Ace-high straight flush in hearts"),
    ("5C 9C 4C", "Nine-high flush in clubs", "a Nine-high flush in clubs"),
    ("8D 2D 5D", "Eight-high flush in diamonds", "an Eight-high flush in diamonds"),
    ("6S 7S 8S", "Eight-high straight flush in spades",
     "an Eight-high straight flush in spades"),
])
def test_a_flush_by_its_high_card_and_suit(hand, name, with_article):
    analysis = analyze_hand(parse_cards(hand))
    assert (hand_name(analysis), a_hand(analysis)) == (name, with_article)


def test_a_bust():
    assert hand_name(analyze_hand(parse_cards("5S 3D 4S"))) == "Bust (no flush)"


def test_the_names_come_from_the_catalog(catalogs):
    """A German catalog's rank and suit names reach the card's name; a word missing from it
    stays English."""
    i18n.use_language("de")
    assert card_name(Card(Rank.QUEEN, Suit.HEART)) == "Dame Herz"
    assert hand_name(analyze_hand(parse_cards("QH 2H 5H"))) == "Dame-high flush in hearts"
