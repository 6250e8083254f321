"""The end of a game in words: who won with what (the title) and why (the reason), beside
the lab's report lines, from the engine's verdict (tcf_gui.engine.verdict).

The window names the players as it seats them: ``("Player 1", "Player 2")`` when two
computer players are watched; when a person plays, ``you`` is that person's seat and the
words speak to them ("You win", "You were dealt"), whatever name the seat shows.
"""
from __future__ import annotations

from dataclasses import dataclass

from tcf_gui.engine.cards import Card, Rank
from tcf_gui.engine.outcome import Outcome
from tcf_gui.engine.verdict import Verdict, Why, verdict
from tcf_gui.i18n import _
from tcf_gui.words.notation import rank_symbol
from tcf_gui.words.cards import a_hand, card_name, ranks_name, suit_name

#: The names of hand 1 and hand 2.
Names = tuple[str, str]


def player_names() -> Names:
    """'Player 1', 'Player 2' in the language in force."""
    return _("Player 1"), _("Player 2")


@dataclass(frozen=True)
class Explanation:
    """How a game ended: the winner (0 for a draw), a title, the reason, the lab's report lines."""

    winner: int
    title: str
    reason: str
    lab: tuple[str, ...]


def explain(outcome: Outcome, turns: int, names: Names | None = None,
            you: int = 0) -> Explanation:
    """The account of a finished game that took ``turns`` turns (0: ended on the deal), the
    players called ``names`` (default 'Player 1', 'Player 2'), the player ``you`` (1 or 2;
    0: none) spoken to; ValueError while the game goes on.

    >>> from tcf_gui.engine.cards import parse_cards
    >>> from tcf_gui.engine.outcome import judge
    >>> words = explain(judge(parse_cards("2C 3D 4S"), parse_cards("8D 2D 5D")), 0, you=1)
    >>> words.title
    'Player 2 wins with an Eight-high flush in diamonds'
    >>> words.reason
    'Player 2 was dealt a flush (all three cards diamonds), so the game ended before the first turn'
    """
    names = names or player_names()
    found = verdict(outcome, turns)
    lab = tuple(outcome.report_lines(names, you))
    if found.why is Why.DEAD_DECK:
        return Explanation(0, _("The deck is dead — a draw"),
                           _("Neither hand made a flush before the deck ran out"), lab)
    assert found.winning is not None and found.losing is not None
    winner, loser = names[found.winner - 1], names[found.loser - 1]
    hand = a_hand(found.winning)
    title = (_("You win with {hand}").format(hand=hand) if found.winner == you else
             _("{name} wins with {hand}").format(name=winner, hand=hand))
    if found.why is Why.FLUSH:
        reason = _one_flush(found, winner, loser, you)
    else:
        reason = f"{_both(found)} {_tie_break(found)}"
    return Explanation(found.winner, title, reason, lab)


def _one_flush(found: Verdict, winner: str, loser: str, you: int) -> str:
    """Why the only flush wins."""
    assert found.winning is not None and found.winning.suit is not None
    suit = suit_name(found.winning.suit)
    if found.on_deal:
        if found.winner == you:
            return _("You were dealt a flush (all three cards {suit}), so the game ended "
                     "before the first turn").format(suit=suit)
        return _("{name} was dealt a flush (all three cards {suit}), so the game ended before "
                 "the first turn").format(name=winner, suit=suit)
    if found.winner == you:
        return _("You made a flush: all three cards are {suit}. {name}'s hand is not a "
                 "flush").format(suit=suit, name=loser)
    if found.loser == you:
        return _("{name} made a flush: all three cards are {suit}. Your hand is not a "
                 "flush").format(name=winner, suit=suit)
    return _("{winner} made a flush: all three cards are {suit}. {loser}'s hand is not a "
             "flush").format(winner=winner, suit=suit, loser=loser)


def _both(found: Verdict) -> str:
    """The first sentence when both hands are flushes."""
    if found.both_straight:
        return _("Both were dealt straight flushes.") if found.on_deal else _(
            "Both made straight flushes.")
    return _("Both were dealt flushes.") if found.on_deal else _("Both flushed.")


def _tie_break(found: Verdict) -> str:
    """Why the winning flush beats the other: straight over plain, else the higher card."""
    assert found.beats is not None and found.winning is not None
    high, other = found.beats
    if found.why is Why.STRAIGHT_FLUSH:
        # TRANSLATORS: {run} is the straight's ranks, low to high: "9-10-J", "Q-K-A".
        return _("Straight flush {run} beats a plain flush").format(run=_run(high))
    if found.why is Why.HIGHER_SUIT:
        return _("{card} beats {other}: {suit} rank above {other_suit}").format(
            card=card_name(high), other=card_name(other), suit=suit_name(high.suit),
            other_suit=suit_name(other.suit))
    return _("{card} beats {other}: {ranks} rank above {other_ranks}").format(
        card=card_name(high), other=card_name(other), ranks=ranks_name(high.rank),
        other_ranks=ranks_name(other.rank))


def _run(high: Card) -> str:
    """The ranks of a straight flush up to ``high``, as the cards' corners show them: '9-10-J'."""
    return "-".join(rank_symbol(Rank(high.rank - step)) for step in (2, 1, 0))

