"""Cards, parse_cards, the linear order, and the edge cases of hand analysis."""
from __future__ import annotations

import itertools

import pytest

from tcf_gui.engine.analysis import analyze_hand, high_card, is_flush, is_straight
from tcf_gui.engine.cards import CARDS, Card, Rank, Suit, card_from_index, hand_rep, parse_card, parse_cards


# -- parse_cards ----------------------------------------------------------------------------------

@pytest.mark.parametrize(
    "text, expected",
    [
        ("QH AH KH", [Card(Rank.QUEEN, Suit.HEART), Card(Rank.ACE, Suit.HEART),
                      Card(Rank.KING, Suit.HEART)]),
        ("qh ah kh", [Card(Rank.QUEEN, Suit.HEART), Card(Rank.ACE, Suit.HEART),
                      Card(Rank.KING, Suit.HEART)]),
        ("10s", [Card(Rank.TEN, Suit.SPADE)]),
        ("Xs", [Card(Rank.TEN, Suit.SPADE)]),
        ("xD, 2c,\t9H", [Card(Rank.TEN, Suit.DIAMOND), Card(Rank.TWO, Suit.CLUB),
                         Card(Rank.NINE, Suit.HEART)]),
        ("  JC  ", [Card(Rank.JACK, Suit.CLUB)]),
    ],
)
def test_parse_cards_good(text, expected):
    assert parse_cards(text) == expected


def test_parse_cards_reads_every_card_back_from_its_code():
    text = " ".join(card.code for card in CARDS)
    assert parse_cards(text) == list(CARDS)
    assert parse_cards(text.lower()) == list(CARDS)
    assert parse_cards(text.replace("X", "10")) == list(CARDS)


@pytest.mark.parametrize(
    "text",
    [
        "1H", "11H", "0S", "ZH", "TS", "1OS",  # bad ranks (TS: T is not a rank letter here)
        "QX", "QB", "10", "Q", "H",  # bad or missing suits
        "QH AH KHX", "Q H", "QHH", "HQ", "QH; AH",  # malformed tokens
        "2C 3C 2C", "10S XS", "qh QH",  # duplicates, whatever the spelling
    ],
)
def test_parse_cards_rejects(text):
    with pytest.raises(ValueError):
        parse_cards(text)


@pytest.mark.parametrize("text", ["", "   ", "\t"])
def test_parse_card_rejects_an_empty_token(text):
    with pytest.raises(ValueError):
        parse_card(text)


@pytest.mark.parametrize("text, code", [("Q♥", "QH"), ("10♠", "XS"), ("a♧", "AC"),
                                        ("7♢", "7D"), ("K♥\ufe0f", "KH"), ("2♣", "2C")])
def test_parse_card_reads_cards_as_the_game_prints_them(text, code):
    """The suit symbols the game prints (and their white and emoji forms) read back."""
    assert parse_card(text) == parse_card(code)


def test_cards_printed_by_card_text_read_back():
    from tcf_gui.words.notation import card_text

    assert [parse_card(card_text(card)) for card in CARDS] == list(CARDS)


def test_parse_errors_say_what_is_wrong():
    with pytest.raises(ValueError, match="not a card: 'ZH'"):
        parse_cards("QH ZH")
    with pytest.raises(ValueError, match="duplicate card: XS"):
        parse_cards("10S XS")


# -- cards and the linear order -------------------------------------------------------------------

def test_card_index_is_its_place_in_the_linear_order():
    assert len(CARDS) == 52 and len(set(CARDS)) == 52
    for i, card in enumerate(CARDS):
        assert card.index == i
        assert card_from_index(i) == card
    assert CARDS[0] == Card(Rank.TWO, Suit.CLUB) and CARDS[-1] == Card(Rank.ACE, Suit.SPADE)


def test_order_is_rank_first_then_suit():
    for a, b in itertools.combinations(CARDS, 2):  # CARDS is in increasing order
        assert a < b
        assert (a.rank, a.suit) < (b.rank, b.suit)
    assert Card(Rank.TWO, Suit.SPADE) < Card(Rank.THREE, Suit.CLUB)
    assert Card(Rank.ACE, Suit.HEART) < Card(Rank.ACE, Suit.SPADE)


def test_card_is_immutable_and_hashable():
    card = Card(Rank.QUEEN, Suit.HEART)
    with pytest.raises(AttributeError):
        card.rank = Rank.KING  # type: ignore[misc]
    assert {card: 1}[Card(Rank.QUEEN, Suit.HEART)] == 1


def test_card_texts():
    card = Card(Rank.TEN, Suit.DIAMOND)
    assert (card.code, card.lab(), card.rep()) == ("XD", "(10 . DIAMOND)", "(X . D)")
    assert str(Card(Rank.QUEEN, Suit.SPADE)) == "QS"
    assert hand_rep([Card(Rank.ACE, Suit.CLUB), None]) == "((A . C) NIL)"


# -- analysis edge cases --------------------------------------------------------------------------

@pytest.mark.parametrize(
    "text, straight",
    [
        ("QH KD AS", True),  # Q-K-A: the ace is high
        ("AC 2D 3S", False),  # A-2-3: the ace is never low
        ("KC AC 2C", False),  # no wrapping round the ace
        ("2C 3D 4H", True),
        ("JS QS KS AS", True),
        ("9C XD JH QS KC AD", True),
        ("5C 6C", True),
        ("5C 7C", False),
        ("5C 5D 6C", False),  # a repeated rank is no straight
        ("4C 6D 5H 8S 7C 3D", True),  # any order
        ("2C 3C 5C", False),
    ],
)
def test_is_straight(text, straight):
    assert is_straight(parse_cards(text)) is straight


@pytest.mark.parametrize(
    "text, flush",
    [("2S 9S", True), ("2S 9S XS AS KS", True), ("2S 9S XS AS KD", False), ("2H 2D", False)],
)
def test_is_flush_any_length(text, flush):
    assert is_flush(parse_cards(text)) is flush


@pytest.mark.parametrize(
    "text, high",
    [
        ("AC AD", "AD"),  # equal ranks: the suit decides
        ("KS AC", "AC"),  # rank before suit
        ("2C 2D 2H 2S", "2S"),
        ("9H", "9H"),
        ("3D XC 4S 9H 10H QC 2S", "QC"),
    ],
)
def test_high_card_any_length(text, high):
    assert high_card(parse_cards(text)) == parse_card(high)


def test_analysis_fields():
    analysis = analyze_hand(parse_cards("QH AH KH"))
    assert (analysis.flush, analysis.straight, analysis.high) == (True, True, parse_card("AH"))
    assert (analysis.rank, analysis.suit) == (Rank.ACE, Suit.HEART)
    plain = analyze_hand(parse_cards("5C 9C 4C"))
    assert str(plain) == "(9 HIGH CLUB FLUSH)"
    bust = analyze_hand(parse_cards("5S 3D 4S"))
    assert (bust.flush, bust.high, bust.rank, bust.suit) == (False, None, None, None)
    assert str(bust) == "BUST"


def test_analysis_of_every_three_card_flush():
    """Every flush of three cards, against a direct statement of the rule."""
    for suit in Suit:
        for trio in itertools.combinations(Rank, 3):
            hand = [Card(r, suit) for r in trio]
            analysis = analyze_hand(hand)
            low, mid, top = sorted(trio)
            straight = mid == low + 1 and top == mid + 1
            assert analysis.straight is straight
            assert analysis.high == Card(top, suit)
            word = " STRAIGHT" if straight else ""
            name = {11: "JACK", 12: "QUEEN", 13: "KING", 14: "ACE"}.get(int(top), str(int(top)))
            assert str(analysis) == f"({name} HIGH{word} {suit.name} FLUSH)"
