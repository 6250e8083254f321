"""Every example printed in the lab text, as a test (../shared/seeds/000_70a9857fe84c7b5f.txt)."""
from __future__ import annotations

import pytest

from engine_lab import FOUR_TURNS, PLAY_GAMES, game_from_history, history_of, lab_cards, lab_hand, normalise
from tcf_gui.engine.analysis import BUST, analyze_hand, high_card, is_flush, is_straight
from tcf_gui.engine.cards import CARDS, hand_rep, lab_list, make_deck
from tcf_gui.engine.outcome import Case, judge

# -- Part 1: make-deck -----------------------------------------------------------------------

MAKE_DECK_OUTPUT = """
((2 . CLUB) (3 . CLUB) (4 . CLUB) (5 . CLUB) (6 . CLUB) (7 . CLUB) (8 . CLUB) (9 . CLUB)
(10 . CLUB) (JACK . CLUB) (QUEEN . CLUB) (KING . CLUB) (ACE . CLUB) (2 . DIAMOND) (3 . DIAMOND)
(4 . DIAMOND) (5 . DIAMOND) (6 . DIAMOND) (7 . DIAMOND) (8 . DIAMOND) (9 . DIAMOND)
(10 . DIAMOND) (JACK . DIAMOND) (QUEEN . DIAMOND) (KING . DIAMOND) (ACE . DIAMOND)
(2 . HEART) (3 . HEART) (4 . HEART) (5 . HEART) (6 . HEART) (7 . HEART) (8 . HEART)
(9 . HEART) (10 . HEART) (JACK . HEART) (QUEEN . HEART) (KING . HEART) (ACE . HEART)
(2 . SPADE) (3 . SPADE) (4 . SPADE) (5 . SPADE) (6 . SPADE) (7 . SPADE) (8 . SPADE)
(9 . SPADE) (10 . SPADE) (JACK . SPADE) (QUEEN . SPADE) (KING . SPADE) (ACE . SPADE))
"""

# Part 4's listing of the linear order, low to high.
LINEAR_ORDER = """
(2 . CLUB) (2 . DIAMOND) (2 . HEART) (2 . SPADE) (3 . CLUB) (3 . DIAMOND) (3 . HEART)
(3 . SPADE) (4 . CLUB) (4 . DIAMOND) (4 . HEART) (4 . SPADE) (5 . CLUB) (5 . DIAMOND)
(5 . HEART) (5 . SPADE) (6 . CLUB) (6 . DIAMOND) (6 . HEART) (6 . SPADE) (7 . CLUB)
(7 . DIAMOND) (7 . HEART) (7 . SPADE) (8 . CLUB) (8 . DIAMOND) (8 . HEART) (8 . SPADE)
(9 . CLUB) (9 . DIAMOND) (9 . HEART) (9 . SPADE) (10 . CLUB) (10 . DIAMOND) (10 . HEART)
(10 . SPADE) (JACK . CLUB) (JACK . DIAMOND) (JACK . HEART) (JACK . SPADE) (QUEEN . CLUB)
(QUEEN . DIAMOND) (QUEEN . HEART) (QUEEN . SPADE) (KING . CLUB) (KING . DIAMOND)
(KING . HEART) (KING . SPADE) (ACE . CLUB) (ACE . DIAMOND) (ACE . HEART) (ACE . SPADE)
"""


def test_make_deck_order_and_count():
    deck = make_deck()
    assert len(deck) == 52
    assert deck == lab_cards(MAKE_DECK_OUTPUT)
    assert lab_list(deck) == normalise(MAKE_DECK_OUTPUT)


def test_linear_order_is_the_labs():
    order = lab_cards(LINEAR_ORDER)
    assert list(CARDS) == order
    assert sorted(make_deck()) == order
    assert all(a < b for a, b in zip(order, order[1:]))


# -- Part 2 and 3: voids and replacements, printed as NIL --------------------------------------

@pytest.mark.parametrize(
    "hand, void, printed",
    [
        ("((7 . CLUB) (8 . SPADE) (9 . CLUB))", 0, "(NIL (8 . SPADE) (9 . CLUB))"),
        ("((ACE . HEART) (4 . DIAMOND) (ACE . SPADE))", 1, "((ACE . HEART) NIL (ACE . SPADE))"),
        ("((10 . DIAMOND) (3 . DIAMOND) (QUEEN . DIAMOND))", 2,
         "((10 . DIAMOND) (3 . DIAMOND) NIL)"),
    ],
)
def test_randomly_discard_cards_lines(hand, void, printed):
    cards: list = list(lab_hand(hand))
    cards[void] = None
    assert lab_list(cards) == printed


# -- Part 4: flush-p, high-card, straight-p, analyze-hand --------------------------------------

@pytest.mark.parametrize(
    "hand, flush",
    [
        ("((2 . CLUB) (ACE . CLUB) (10 . CLUB))", True),
        ("((JACK . DIAMOND) (9 . DIAMOND) (5 . DIAMOND))", True),
        ("((JACK . HEART) (10 . HEART) (9 . HEART))", True),
        ("((2 . SPADE) (3 . SPADE) (ACE . SPADE))", True),
        ("((10 . SPADE) (5 . DIAMOND) (ACE . SPADE))", False),
        ("((8 . CLUB) (9 . DIAMOND) (10 . HEART))", False),
    ],
)
def test_flush_p(hand, flush):
    assert is_flush(lab_cards(hand)) is flush


@pytest.mark.parametrize(
    "hand, high",
    [
        ("((10 . HEART) (5 . CLUB) (QUEEN . SPADE) (7 . HEART))", "(QUEEN . SPADE)"),
        ("((2 . DIAMOND) (2 . CLUB) (10 . HEART) (4 . DIAMOND) (ACE . CLUB))", "(ACE . CLUB)"),
        ("((ACE . DIAMOND) (ACE . CLUB) (5 . SPADE))", "(ACE . DIAMOND)"),
    ],
)
def test_high_card(hand, high):
    card = high_card(lab_cards(hand))
    assert card.lab() == high


@pytest.mark.parametrize(
    "hand, straight",
    [
        ("((5 . SPADE) (3 . DIAMOND) (4 . SPADE) (6 . CLUB))", True),
        ("((5 . SPADE) (7 . DIAMOND) (4 . SPADE) (8 . CLUB))", False),
        ("((KING . HEART) (QUEEN . DIAMOND) (ACE . SPADE) (10 . CLUB) (JACK . DIAMOND))", True),
        ("((ACE . CLUB) (2 . DIAMOND) (3 . SPADE))", False),
    ],
)
def test_straight_p(hand, straight):
    assert is_straight(lab_cards(hand)) is straight


@pytest.mark.parametrize(
    "hand, analysis",
    [
        ("((5 . SPADE) (3 . DIAMOND) (4 . SPADE))", "BUST"),
        ("((5 . CLUB) (9 . CLUB) (4 . CLUB))", "(9 HIGH CLUB FLUSH)"),
        ("((QUEEN . HEART) (ACE . HEART) (KING . HEART))", "(ACE HIGH STRAIGHT HEART FLUSH)"),
    ],
)
def test_analyze_hand(hand, analysis):
    assert str(analyze_hand(lab_hand(hand))) == analysis


def test_bust_is_the_bust_analysis():
    assert analyze_hand(lab_hand("((5 . SPADE) (3 . DIAMOND) (4 . SPADE))")) == BUST


# -- Part 5: analyze-game and report-the-result --------------------------------------------------

@pytest.mark.parametrize(
    "hand1, hand2, state",
    [
        ("((2 . DIAMOND) (4 . DIAMOND) (JACK . HEART))",
         "((10 . SPADE) (KING . HEART) (QUEEN . HEART))", "(BUST BUST)"),
        ("((10 . DIAMOND) (JACK . DIAMOND) (2 . DIAMOND))",
         "((3 . SPADE) (5 . SPADE) (4 . SPADE))",
         "((JACK HIGH DIAMOND FLUSH) (5 HIGH STRAIGHT SPADE FLUSH))"),
    ],
)
def test_analyze_game(hand1, hand2, state):
    assert judge(lab_hand(hand1), lab_hand(hand2)).game_state == state


def test_analyze_game_busts_go_on_until_the_deck_is_dead():
    hand1 = lab_hand("((2 . DIAMOND) (4 . DIAMOND) (JACK . HEART))")
    hand2 = lab_hand("((10 . SPADE) (KING . HEART) (QUEEN . HEART))")
    assert not judge(hand1, hand2).over
    assert judge(hand1, hand2).report_lines() == []
    assert judge(hand1, hand2, deck_empty=True).over


BOTH = "!!! Both players found their way to a flush"

# Part 5 lists seven possible game states; with hands chosen to give them they are exactly
# the seven cases of report-the-result, in the order of its cond.
SEVEN_CASES = [
    ("(4 . C) (9 . D) (K . S)", "(5 . H) (6 . S) (J . C)", True, "(BUST BUST)",
     Case.DEAD_DECK, ["--> The game is a draw. The deck is dead."]),
    ("(10 . C) (2 . C) (7 . C)", "(5 . H) (6 . S) (J . C)", False,
     "((10 HIGH CLUB FLUSH) BUST)",
     Case.P1_FLUSH, ["--> Player 1 wins with (10 HIGH CLUB FLUSH)"]),
    ("(4 . C) (9 . D) (K . S)", "(J . H) (10 . H) (Q . H)", False,
     "(BUST (QUEEN HIGH STRAIGHT HEART FLUSH))",
     Case.P2_FLUSH, ["--> Player 2 wins with (QUEEN HIGH STRAIGHT HEART FLUSH)"]),
    ("(4 . C) (6 . C) (5 . C)", "(A . S) (2 . S) (3 . S)", False,
     "((6 HIGH STRAIGHT CLUB FLUSH) (ACE HIGH SPADE FLUSH))",
     Case.P1_STRAIGHT, [BOTH, "--> Player 1 wins with (6 HIGH STRAIGHT CLUB FLUSH)"]),
    ("(K . C) (2 . C) (3 . C)", "(7 . D) (9 . D) (8 . D)", False,
     "((KING HIGH CLUB FLUSH) (9 HIGH STRAIGHT DIAMOND FLUSH))",
     Case.P2_STRAIGHT, [BOTH, "--> Player 2 wins with (9 HIGH STRAIGHT DIAMOND FLUSH)"]),
    ("(8 . S) (9 . S) (10 . S)", "(10 . H) (9 . H) (8 . H)", False,
     "((10 HIGH STRAIGHT SPADE FLUSH) (10 HIGH STRAIGHT HEART FLUSH))",
     Case.P1_HIGH_CARD, [BOTH, "--> Player 1 wins with (10 HIGH STRAIGHT SPADE FLUSH)"]),
    ("(Q . C) (2 . C) (9 . C)", "(4 . D) (Q . D) (6 . D)", False,
     "((QUEEN HIGH CLUB FLUSH) (QUEEN HIGH DIAMOND FLUSH))",
     Case.P2_HIGH_CARD, [BOTH, "--> Player 2 wins with (QUEEN HIGH DIAMOND FLUSH)"]),
]


@pytest.mark.parametrize("hand1, hand2, deck_empty, state, case, lines", SEVEN_CASES)
def test_report_the_result_seven_cases(hand1, hand2, deck_empty, state, case, lines):
    outcome = judge(lab_hand(hand1), lab_hand(hand2), deck_empty=deck_empty)
    assert outcome.game_state == state
    assert outcome.case is case
    assert outcome.report_lines() == lines
    assert outcome.winner == case.winner
    assert case.both_flush is (lines[0] == BOTH)


def test_seven_cases_cover_every_case_once():
    assert sorted(case for *_, case, _lines in SEVEN_CASES) == list(Case)


def test_case_winners_and_both_flush():
    assert [case.winner for case in Case] == [0, 1, 2, 1, 2, 1, 2]
    assert [case.both_flush for case in Case] == [False] * 3 + [True] * 4


def test_a_flush_wins_even_when_the_deck_is_empty():
    outcome = judge(lab_hand("(10 . C) (2 . C) (7 . C)"), lab_hand("(5 . H) (6 . S) (J . C)"),
                    deck_empty=True)
    assert outcome.case is Case.P1_FLUSH


def test_case_order_straight_checked_before_high_card():
    # Player 1 holds the greater high card, but only Player 2's hand is a straight.
    outcome = judge(lab_hand("(A . S) (2 . S) (9 . S)"), lab_hand("(2 . C) (3 . C) (4 . C)"))
    assert outcome.case is Case.P2_STRAIGHT


# -- Part 6: hand-rep ----------------------------------------------------------------------------

@pytest.mark.parametrize(
    "internal, external",
    [
        # The rule's examples. The lab prints example (b) as ((K . C) (X . D) (5 . S)): a
        # misprint, since the suit mapping takes DIAMOND to D for all three cards.
        ("((5 . CLUB) (QUEEN . DIAMOND) (10 . SPADE))", "((5 . C) (Q . D) (X . S))"),
        ("((KING . DIAMOND) (10 . DIAMOND) (5 . DIAMOND))", "((K . D) (X . D) (5 . D))"),
        # demo--hand-rep's printed runs.
        ("((8 . DIAMOND) (QUEEN . SPADE) (JACK . DIAMOND))", "((8 . D) (Q . S) (J . D))"),
        ("((6 . SPADE) (3 . CLUB) (5 . SPADE))", "((6 . S) (3 . C) (5 . S))"),
        ("((7 . CLUB) (KING . DIAMOND) (6 . CLUB))", "((7 . C) (K . D) (6 . C))"),
        ("((10 . DIAMOND) (5 . HEART) (8 . SPADE))", "((X . D) (5 . H) (8 . S))"),
        ("((2 . DIAMOND) (KING . HEART) (2 . HEART))", "((2 . D) (K . H) (2 . H))"),
        ("(6 . SPADE) (9 . SPADE) (10 . SPADE))", "((6 . S) (9 . S) (X . S))"),
    ],
)
def test_hand_rep(internal, external):
    assert hand_rep(lab_hand(internal)) == external


# Part 6's mappings, as the lab prints them.
RANK_MAPPING = dict(zip("2 3 4 5 6 7 8 9 10 JACK QUEEN KING ACE".split(),
                        "2 3 4 5 6 7 8 9 X J Q K A".split()))
SUIT_MAPPING = {"CLUB": "C", "DIAMOND": "D", "HEART": "H", "SPADE": "S"}


def test_hand_rep_follows_the_mappings_for_every_card():
    for card in make_deck():
        rank, suit = card.lab()[1:-1].split(" . ")
        assert hand_rep([card]) == f"(({RANK_MAPPING[rank]} . {SUIT_MAPPING[suit]}))"


def test_hand_rep_is_fixed_width_for_every_hand():
    widths = {len(hand_rep(CARDS[i:i + 3])) for i in range(50)}
    assert widths == {len("((5 . C) (Q . D) (X . S))")}


# -- Part 6: play-game transcripts ---------------------------------------------------------------

@pytest.mark.parametrize("lines, report", PLAY_GAMES, ids=[r for _, r in PLAY_GAMES])
def test_play_game_transcript(lines, report):
    """The deck that deals the transcript's hands, played with its discards, shows every line,
    ends exactly on the last one, and reports what the lab printed."""
    history = history_of(lines)
    game = game_from_history(history)  # play_turn refuses a turn once the game is over
    assert game.over
    assert game.hand_history() == history
    assert [(hand_rep(h1), hand_rep(h2)) for h1, h2 in game.hand_history()] == [
        (hand_rep(lab_hand(h1)), hand_rep(lab_hand(h2))) for h1, h2 in lines
    ]
    assert game.outcome.report_lines()[-1] == report
    assert judge(*history[-1]).report_lines() == [report]
    assert all(not judge(h1, h2).over for h1, h2 in history[:-1])


def test_players_each_take_a_turn_transcript():
    history = history_of(FOUR_TURNS)
    game = game_from_history(history)
    assert game.hand_history() == history
    assert game.turns == 4 and not game.over
    assert game.cards_left == 46 - 2 * 4
