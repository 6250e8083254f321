"""Every result explained in plain words from the engine's verdict, with the lab's lines, named
as the window seats them."""
from __future__ import annotations

import random

import pytest

from tcf_gui.engine.cards import make_deck, parse_cards
from tcf_gui.engine.game import Game, play_game
from tcf_gui.engine.outcome import Case, judge
from tcf_gui.engine.strategies.registry import make_strategy
from tcf_gui.engine.verdict import Why, verdict
from tcf_gui.words.results import explain

YOU = 1  # the person is Player 1
PLAYERS = 0  # two computer players

# (hand 1, hand 2, deck empty, the seat spoken to, case, title, reason, lab lines)
CASES = [
    ("2C 3D 4S", "JD 2H 5D", True, YOU, Case.DEAD_DECK,
     "The deck is dead — a draw", "Neither hand made a flush before the deck ran out",
     ["--> The game is a draw. The deck is dead."]),
    ("JD 2D 5D", "2C 3D 4S", False, YOU, Case.P1_FLUSH,
     "You win with a Jack-high flush in diamonds",
     "You made a flush: all three cards are diamonds. Player 2's hand is not a flush",
     ["--> You win with (JACK HIGH DIAMOND FLUSH)"]),
    ("2C 3D 4S", "8H 2H 5H", False, YOU, Case.P2_FLUSH,
     "Player 2 wins with an Eight-high flush in hearts",
     "Player 2 made a flush: all three cards are hearts. Your hand is not a flush",
     ["--> Player 2 wins with (8 HIGH HEART FLUSH)"]),
    ("9C XC JC", "AH 2H 5H", False, YOU, Case.P1_STRAIGHT,
     "You win with a Jack-high straight flush in clubs",
     "Both flushed. Straight flush 9-10-J beats a plain flush",
     ["!!! Both players found their way to a flush", "--> You win with (JACK HIGH STRAIGHT CLUB FLUSH)"]),
    ("AS KS 2S", "QH KH AH", False, PLAYERS, Case.P2_STRAIGHT,
     "Player 2 wins with an Ace-high straight flush in hearts",
     "Both flushed. Straight flush Q-K-A beats a plain flush",
     ["!!! Both players found their way to a flush",
      "--> Player 2 wins with (ACE HIGH STRAIGHT HEART FLUSH)"]),
    ("KS 2S 5S", "KD 3D 7D", False, YOU, Case.P1_HIGH_CARD,
     "You win with a King-high flush in spades",
     "Both flushed. King of spades beats King of diamonds: spades rank above diamonds",
     ["!!! Both players found their way to a flush", "--> You win with (KING HIGH SPADE FLUSH)"]),
    ("KS 2S 5S", "AC 3C 7C", False, YOU, Case.P2_HIGH_CARD,
     "Player 2 wins with an Ace-high flush in clubs",
     "Both flushed. Ace of clubs beats King of spades: aces rank above kings",
     ["!!! Both players found their way to a flush", "--> Player 2 wins with (ACE HIGH CLUB FLUSH)"]),
    ("7H 8H 9H", "4S 5S 6S", False, PLAYERS, Case.P1_HIGH_CARD,
     "Player 1 wins with a Nine-high straight flush in hearts",
     "Both made straight flushes. Nine of hearts beats Six of spades: nines rank above sixes",
     ["!!! Both players found their way to a flush",
      "--> Player 1 wins with (9 HIGH STRAIGHT HEART FLUSH)"]),
]


@pytest.mark.parametrize("hand1, hand2, deck_empty, you, case, title, reason, lab", CASES)
def test_each_result_case_in_plain_words_and_lab_syntax(hand1, hand2, deck_empty, you, case,
                                                       title, reason, lab):
    outcome = judge(parse_cards(hand1), parse_cards(hand2), deck_empty=deck_empty)
    assert outcome.case is case
    words = explain(outcome, 5, you=you)
    assert (words.winner, words.title, words.reason, list(words.lab)) == (case.winner, title, reason, lab)


def test_the_table_covers_all_seven_cases():
    assert {row[4] for row in CASES} == set(Case)


def stacked_game(hand1: str, hand2: str) -> Game:
    """A game whose deal gives these hands (the deal alternates hand 1, hand 2)."""
    cards1, cards2 = parse_cards(hand1), parse_cards(hand2)
    top = [card for pair in zip(cards1, cards2) for card in pair]
    game = Game(deck=top + [c for c in make_deck() if c not in top])
    game.deal()
    assert game.over and game.turns == 0
    return game


@pytest.mark.parametrize("you, who", [(1, ("Player 2 wins", "Player 2 was")),
                                      (2, ("You win", "You were"))])
def test_a_flush_dealt_on_the_deal_is_named_as_such(you, who):
    game = stacked_game("2C 3D 4S", "8D 2D 5D")
    words = explain(game.outcome, game.turns, you=you)
    assert words.title == f"{who[0]} with an Eight-high flush in diamonds"
    assert words.reason == (f"{who[1]} dealt a flush (all three cards diamonds), "
                            "so the game ended before the first turn")


def test_both_dealt_flushes():
    game = stacked_game("KS 2S 5S", "AC 3C 7C")
    words = explain(game.outcome, game.turns, you=YOU)
    assert words.reason == "Both were dealt flushes. Ace of clubs beats King of spades: aces rank above kings"


def test_a_game_that_goes_on_has_nothing_to_explain():
    with pytest.raises(ValueError, match="not over"):
        explain(judge(parse_cards("2C 3D 4S"), parse_cards("JD 2H 5D")), 3)


@pytest.mark.parametrize("you, never", [(YOU, "Player 1"), (PLAYERS, "You")])
def test_one_set_of_names_from_the_title_to_the_last_line(you, never):
    rng = random.Random(7)
    seen = set()
    for seed in range(400):
        game = play_game(make_strategy("random", rng), make_strategy("heuristic", rng), seed)
        seen.add(game.outcome.case)
        words = explain(game.outcome, game.turns, you=you)
        text = "\n".join([words.title, words.reason, *words.lab])
        assert never not in text
        winner = words.winner
        if winner:
            name = "You" if winner == you else f"Player {winner}"
            assert words.title.startswith(name)
            assert words.lab[-1].startswith(f"--> {name} win")
    assert len(seen) >= 5  # the random games reach most cases


def test_a_seat_named_you_is_not_spoken_to():
    """A friend may call themself "You": the words speak to the seat, not to a name."""
    outcome = judge(parse_cards("2C 3D 4S"), parse_cards("8H 2H 5H"))
    words = explain(outcome, 4, ("Ann", "You"), you=1)
    assert words.title == "You wins with an Eight-high flush in hearts"
    assert words.reason.endswith("Your hand is not a flush")


@pytest.mark.parametrize("hand1, hand2, why, beats", [
    ("2C 3D 4S", "JD 2H 5D", Why.DEAD_DECK, None),
    ("JD 2D 5D", "2C 3D 4S", Why.FLUSH, None),
    ("9C XC JC", "AH 2H 5H", Why.STRAIGHT_FLUSH, ("JC", "AH")),
    ("KS 2S 5S", "KD 3D 7D", Why.HIGHER_SUIT, ("KS", "KD")),
    ("KS 2S 5S", "AC 3C 7C", Why.HIGHER_RANK, ("AC", "KS")),
    ("7H 8H 9H", "4S 5S 6S", Why.HIGHER_RANK, ("9H", "6S")),
])
def test_the_engine_gives_the_facts_and_no_words(hand1, hand2, why, beats):
    found = verdict(judge(parse_cards(hand1), parse_cards(hand2), deck_empty=True), 0)
    assert found.why is why and found.on_deal
    assert (None if found.beats is None else tuple(card.code for card in found.beats)) == beats
    assert found.loser == (3 - found.winner if found.winner else 0)


def test_the_engine_holds_no_words_and_no_text_seam():
    import pathlib

    import tcf_gui.engine as engine

    for path in pathlib.Path(engine.__file__).parent.rglob("*.py"):
        text = path.read_text(encoding="utf-8")
        for word in (".describe(", "rank.word", "suit.plural", "explain("):
            assert word not in text, (path, word)
        if path.name in ("analysis.py", "outcome.py", "verdict.py", "game.py", "events.py"):
            assert "i18n" not in text, path  # the rules hold facts; only errors are words
