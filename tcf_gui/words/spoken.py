"""What the game says aloud (tcf_gui.gui.speaker), in the language in force: the hand, a
turn's discards and draws, the cards still to come, the coach's odds, the score and the
result, each at one of three verbosity levels.

Written for the ear: cards by name ("Queen of hearts", never "Q♥"), each announcement one
sentence or a few, the most important words first so that a player who cuts the voice off
early has heard what matters.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Mapping, Sequence

from tcf_gui.engine.cards import Card, Suit
from tcf_gui.words.verbosity import verbosity_name
from tcf_gui.i18n import _, ngettext
from tcf_gui.words.cards import card_name, suit_name


def cards_words(cards: Sequence[Card | None]) -> str:
    """'Seven of hearts, Queen of hearts, Two of spades' (a void is left out)."""
    return ", ".join(card_name(card) for card in cards if card is not None)


def hand_words(cards: Sequence[Card | None], whose: str, verbosity: str,
               deck: int | None = None) -> str:
    """A hand: 'Your hand: Seven of hearts, ...' (short: the cards alone; full: with the
    number of cards left in the deck)."""
    cards_said = cards_words(cards)
    if verbosity == "short":
        return cards_said
    # TRANSLATORS: spoken; {whose} is "Your hand" or "Player 1's hand", {cards} the cards.
    said = _("{whose}: {cards}.").format(whose=whose, cards=cards_said)
    if verbosity == "full" and deck is not None:
        said += " " + ngettext("{n} card in the deck.", "{n} cards in the deck.", deck).format(n=deck)
    return said


@dataclass(frozen=True)
class SpokenTurn:
    """What one turn showed: its number, each seat's discard, and the cards drawn that the
    listener may know (None: drawn face down)."""

    turn: int
    thrown: Mapping[int, Card]
    drawn: Mapping[int, Card | None]
    hand: Sequence[Card | None] = ()
    """The listener's hand after the draws (said from normal up)."""
    deck: int | None = None


def turn_words(turn: SpokenTurn, names: Mapping[int, str], verbosity: str) -> str:
    """'Turn 3. You discarded the Two of spades, Player 2 the Nine of clubs. You drew the
    Jack of hearts.' Short: the discards and your draw in the fewest words."""
    thrown = [_("{name}: {card}").format(name=names[seat], card=card_name(card))
              for seat, card in sorted(turn.thrown.items())]
    drawn = [_("{name} drew {card}").format(name=names[seat], card=card_name(card))
             for seat, card in sorted(turn.drawn.items()) if card is not None]
    if verbosity == "short":
        return "; ".join(thrown + drawn) + "."
    # TRANSLATORS: spoken at the end of a turn: {thrown} is each player's discard
    # ("You: Two of spades; Player 2: Nine of clubs").
    said = _("Turn {turn}. Discarded: {thrown}.").format(turn=turn.turn, thrown="; ".join(thrown))
    if drawn:
        said += " " + "; ".join(drawn) + "."
    if verbosity == "full":
        hidden = [names[seat] for seat, card in sorted(turn.drawn.items()) if card is None]
        for name in hidden:
            said += " " + _("{name} drew a card face down.").format(name=name)
    if turn.hand and verbosity != "short":
        said += " " + hand_words(turn.hand, _("Your hand"), verbosity,
                                 turn.deck if verbosity == "full" else None)
    return said


def counts_words(unseen: Mapping[Suit, int], verbosity: str) -> str:
    """The cards of each suit not yet seen: 'Still to come: clubs 9, diamonds 11, ...'."""
    parts = [_("{suit} {n}").format(suit=suit_name(suit), n=unseen[suit]) for suit in Suit]
    if verbosity == "short":
        return ", ".join(parts)
    # TRANSLATORS: spoken; {counts} is each suit with the number of its cards not yet seen.
    return _("Not yet seen: {counts}.").format(counts=", ".join(parts))


def score_words(wins: int, losses: int, draws: int) -> str:
    """'2 won, 1 lost, no draw', as the ear takes a score."""
    return ", ".join((
        ngettext("{n} won", "{n} won", wins).format(n=wins),
        ngettext("{n} lost", "{n} lost", losses).format(n=losses),
        ngettext("{n} drawn", "{n} drawn", draws).format(n=draws),
    ))


def result_words(title: str, reason: str, lab: Sequence[str], verbosity: str) -> str:
    """The result: its title; with its reason (normal); and the lab's lines (full)."""
    if verbosity == "short":
        return title
    said = f"{title}. {reason}"
    if verbosity == "full" and lab:
        said += " " + " ".join(lab)
    return said


def verbosity_words(verbosity: str) -> str:
    """'Verbosity: full' (said when B changes it)."""
    return _("Verbosity: {level}").format(level=verbosity_name(verbosity))

