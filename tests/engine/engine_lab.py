"""Test helper: the lab text's card notations and its play-game transcripts.

The notations are read here with tables of their own, not with the engine's code, so the
tests that compare the engine's output with the lab text do not check the engine against
itself.
"""
from __future__ import annotations

import re

from tcf_gui.engine.cards import CARDS, Card, Rank, Suit
from tcf_gui.engine.game import Game

_PAIR = re.compile(r"\(\s*([0-9A-Za-z]+)\s*\.\s*([A-Za-z]+)\s*\)")
_RANKS = {str(n): Rank(n) for n in range(2, 11)} | {
    "X": Rank.TEN, "J": Rank.JACK, "Q": Rank.QUEEN, "K": Rank.KING, "A": Rank.ACE,
    "JACK": Rank.JACK, "QUEEN": Rank.QUEEN, "KING": Rank.KING, "ACE": Rank.ACE,
}
_SUITS = {"C": Suit.CLUB, "D": Suit.DIAMOND, "H": Suit.HEART, "S": Suit.SPADE,
          "CLUB": Suit.CLUB, "DIAMOND": Suit.DIAMOND, "HEART": Suit.HEART, "SPADE": Suit.SPADE}


def lab_cards(text: str) -> list[Card]:
    """Every dotted pair in ``text``, in either of the lab's notations:
    ``((5 . CLUB) (QUEEN . DIAMOND))`` or ``((5 . C) (Q . D))``, any case, any spacing."""
    return [Card(_RANKS[r.upper()], _SUITS[s.upper()]) for r, s in _PAIR.findall(text)]


def lab_hand(text: str) -> tuple[Card, ...]:
    """A three-card hand in the lab's notation."""
    cards = lab_cards(text)
    assert len(cards) == 3, text
    return tuple(cards)


def normalise(text: str) -> str:
    """The lab's printed lists with the paragraphing and spacing taken out."""
    return re.sub(r"\s+", " ", text).replace("( ", "(").replace(" )", ")").strip()


Hands = tuple[tuple[Card, ...], tuple[Card, ...]]


def history_of(lines: list[tuple[str, str]]) -> list[Hands]:
    """A transcript's (hand 1, hand 2) lines as hands."""
    return [(lab_hand(h1), lab_hand(h2)) for h1, h2 in lines]


def _changed_slot(before: tuple[Card, ...], after: tuple[Card, ...]) -> int:
    slots = [i for i in range(3) if before[i] != after[i]]
    assert len(slots) == 1, f"a turn changes exactly one card of a hand: {before} -> {after}"
    return slots[0]


def deck_and_moves(history: list[Hands]) -> tuple[list[Card], list[tuple[int, int]]]:
    """The deck (top first) and the moves that make a game show exactly ``history``.

    The deal takes deck positions 0-5 alternately (hand 1, hand 2, ...); each turn then
    takes hand 1's new card and hand 2's new card from the top. The cards the transcript
    never shows fill the rest of the deck in the linear order.
    """
    first1, first2 = history[0]
    top = [card for pair in zip(first1, first2) for card in pair]
    moves = []
    for (a1, a2), (b1, b2) in zip(history, history[1:]):
        s1, s2 = _changed_slot(a1, b1), _changed_slot(a2, b2)
        moves.append((s1, s2))
        top += [b1[s1], b2[s2]]
    assert len(set(top)) == len(top), "a transcript never shows a card twice"
    return top + [c for c in CARDS if c not in top], moves


def game_from_history(history: list[Hands]) -> Game:
    """A game played through the transcript's turns (dealt, every move made)."""
    deck, moves = deck_and_moves(history)
    game = Game(deck=deck)
    game.deal()
    for slot1, slot2 in moves:
        game.play_turn(slot1, slot2)
    return game


# The play-game transcripts of Part 6, each line (hand 1, hand 2), with the report line.
# The lab's paragraphing sometimes puts hand 2 of a line above hand 1; the pairs below
# follow the program, which prints hand 1 then hand 2 for each state.
PLAY_GAMES: list[tuple[list[tuple[str, str]], str]] = [
    ([("((5 . C) (6 . H) (3 . C))", "((3 . H) (K . C) (Q . H))"),
      ("((5 . C) (4 . S) (3 . C))", "((3 . H) (7 . H) (Q . H))")],
     "--> Player 2 wins with (QUEEN HIGH HEART FLUSH)"),
    ([("((9 . D) (3 . H) (3 . C))", "((J . S) (6 . S) (8 . S))")],
     "--> Player 2 wins with (JACK HIGH SPADE FLUSH)"),
    ([("((9 . C) (A . S) (3 . C))", "((2 . H) (K . C) (X . C))"),
      ("((5 . S) (A . S) (3 . C))", "((4 . S) (K . C) (X . C))"),
      ("((5 . S) (J . S) (3 . C))", "((J . D) (K . C) (X . C))"),
      ("((5.S)(J.S)(Q.D))", "((J . D) (K . C) (2 . D))"),
      ("((K . D) (J . S) (Q . D))", "((J . D) (X . D) (2 . D))")],
     "--> Player 2 wins with (JACK HIGH DIAMOND FLUSH)"),
    ([("((2 . H) (X . S) (A . S))", "((9 . S) (2 . C) (5 . C))"),
      ("((2 . H) (K . H) (A . S))", "((9 . S) (2 . C) (K . C))"),
      ("((2 . H) (6 . C) (A . S))", "((6 . D) (2 . C) (K . C))"),
      ("((2 . H) (6 . C) (3 . H))", "((6 . D) (8 . D) (K . C))"),
      ("((X . D) (6 . C) (3 . H))", "((A . H) (8 . D) (K . C))"),
      ("((X . D) (Q . S) (3 . H))", "((A . H) (2 . S) (K . C))"),
      ("((X . D) (Q . S) (8 . S))", "((5 . S) (2 . S) (K . C))"),
      ("((X . D) (X . H) (8 . S))", "((8 . H) (2 . S) (K . C))"),
      ("((K . D) (X . H) (8 . S))", "((8 . H) (2 . S) (4 . C))"),
      ("((K . D) (5 . H) (8 . S))", "((4 . H) (2 . S) (4 . C))"),
      ("((K . D) (5 . H) (J . H))", "((4 . H) (2 . S) (7 . C))"),
      ("((A . C) (5 . H) (J . H))", "((4 . H) (2 . S) (J . C))"),
      ("((A . C) (6 . S) (J . H))", "((4 . H) (2 . S) (9 . H))"),
      ("((3 . D) (6 . S) (J . H))", "((Q . H) (2 . S) (9 . H))"),
      ("((3 . D) (6 . S) (A . D))", "((Q . H) (3 . C) (9 . H))"),
      ("((3 . D) (6 . S) (9 . D))", "((Q . H) (3 . C) (5 . D))"),
      ("((3 . D) (7 . D) (9 . D))", "((Q . D) (3 . C) (5 . D))")],
     "--> Player 1 wins with (9 HIGH DIAMOND FLUSH)"),
    ([("((K . D) (6 . C) (K . H))", "((K . C) (Q . H) (5 . D))"),
      ("((3 . S) (6 . C) (K . H))", "((K . C) (Q . H) (A . D))"),
      ("((3 . S) (6 . C) (2 . C))", "((6 . S) (Q . H) (A . D))"),
      ("((3 . S) (6 . C) (4 . S))", "((6 . S) (2 . H) (A . D))"),
      ("((3 . S) (6 . C) (7 . D))", "((6 . S) (3 . H) (A . D))"),
      ("((X . H) (6 . C) (7 . D))", "((6 . S) (3 . H) (X . C))"),
      ("((8 . D) (6 . C) (7 . D))", "((6 . S) (3 . H) (5 . S))"),
      ("((8 . D) (J . D) (7 . D))", "((6 . S) (J . H) (5 . S))")],
     "--> Player 1 wins with (JACK HIGH DIAMOND FLUSH)"),
    ([("((K . H) (Q . C) (5 . S))", "((5 . H) (9 . H) (X . H))")],
     "--> Player 2 wins with (10 HIGH HEART FLUSH)"),
    ([("((6 . S) (2 . S) (5 . S))", "((6 . H) (9 . D) (K . D))")],
     "--> Player 1 wins with (6 HIGH SPADE FLUSH)"),
    ([("((5 . S) (J . H) (4 . D))", "((5 . D) (6 . H) (8 . D))"),
      ("((5 . S) (J . H) (5 . H))", "((5 . D) (8 . S) (8 . D))"),
      ("((8 . H) (J . H) (5 . H))", "((J . S) (8 . S) (8 . D))")],
     "--> Player 1 wins with (JACK HIGH HEART FLUSH)"),
    ([("((3 . H) (6 . S) (3 . S))", "((A . H) (7 . S) (J . D))"),
      ("((3 . H) (J . S) (3 . S))", "((A . H) (7 . S) (9 . D))"),
      ("((5 . D) (J . S) (3 . S))", "((A . H) (7 . S) (X . S))"),
      ("((2 . H) (J . S) (3 . S))", "((A . H) (4 . D) (X . S))"),
      ("((K . C) (J . S) (3 . S))", "((A . H) (4 . D) (7 . C))"),
      ("((K . C) (5 . H) (3 . S))", "((A . H) (6 . D) (7 . C))"),
      ("((K . C) (5 . H) (K . D))", "((A . H) (A . D) (7 . C))"),
      ("((K . C) (5 . H) (8 . C))", "((2 . S) (A . D) (7 . C))"),
      ("((K . C) (5 . S) (8 . C))", "((2 . S) (A . D) (Q . H))"),
      ("((K . C) (5 . S) (J . C))", "((6 . C) (A . D) (Q . H))"),
      ("((K . C) (9 . C) (J . C))", "((6 . C) (A . D) (8 . S))")],
     "--> Player 1 wins with (KING HIGH CLUB FLUSH)"),
    ([("((7 . C) (X . C) (8 . C))", "((J . S) (9 . H) (J . C))")],
     "--> Player 1 wins with (10 HIGH CLUB FLUSH)"),
]

# Part 3's players-each-take-a-turn transcript: the deal and four turns, no flush yet.
FOUR_TURNS: list[tuple[str, str]] = [
    ("((6 . CLUB) (10 . SPADE) (ACE . SPADE))", "((KING . SPADE) (10 . HEART) (ACE . CLUB))"),
    ("((6 . CLUB) (ACE . HEART) (ACE . SPADE))", "((KING . SPADE) (10 . HEART) (7 . CLUB))"),
    ("((5 . HEART) (ACE . HEART) (ACE . SPADE))", "((JACK . CLUB) (10 . HEART) (7 . CLUB))"),
    ("((2 . HEART) (ACE . HEART) (ACE . SPADE))", "((3 . HEART) (10 . HEART) (7 . CLUB))"),
    ("((2 . HEART) (ACE . HEART) (2 . DIAMOND))", "((8 . CLUB) (10 . HEART) (7 . CLUB))"),
]
