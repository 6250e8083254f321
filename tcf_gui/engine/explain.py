"""Every result in plain words, beside the lab's syntax: what the end of a game says.

The window names the players as it seats them: ``("You", "Player 2")`` when a person plays,
``("Player 1", "Player 2")`` when two computer players are watched. The same names are used
from the title to the last line of the lab's report.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from .analysis import Analysis
from .cards import Card, Rank

if TYPE_CHECKING:
    from .outcome import Outcome

#: The names of hand 1 and hand 2.
Names = tuple[str, str]
PLAYERS: Names = ("Player 1", "Player 2")
#: The one name spoken to (verbs agree: "You win", "You were dealt").
YOU = "You"


def wins(name: str) -> str:
    """'Player 2 wins', 'You win'."""
    return f"{name} win" if name == YOU else f"{name} wins"


def _possessive(name: str) -> str:
    """'Player 2's', 'Your' (at the start of a sentence)."""
    return "Your" if name == YOU else f"{name}'s"


def _was(name: str) -> str:
    return f"{name} were" if name == YOU else f"{name} was"


def _plural(rank: Rank) -> str:
    """'aces', 'sixes'."""
    word = rank.word.lower()
    return word + ("es" if word.endswith("x") else "s")


def _run(high: Card) -> str:
    """The ranks of a straight flush up to ``high``: '9-10-J', 'Q-K-A'."""
    ranks = (Rank(high.rank - 2), Rank(high.rank - 1), high.rank)
    return "-".join(str(r.value) if r <= Rank.TEN else r.letter for r in ranks)


@dataclass(frozen=True)
class Explanation:
    """How a game ended: the winner (0 for a draw), a title, the reason, the lab's report lines."""

    winner: int
    title: str
    reason: str
    lab: tuple[str, ...]


def explain(outcome: Outcome, turns: int, names: Names = PLAYERS) -> Explanation:
    """The plain-words account of a finished game that took ``turns`` turns (0: ended on the deal).

    >>> from tcf_gui.engine.cards import parse_cards
    >>> from tcf_gui.engine.outcome import judge
    >>> words = explain(judge(parse_cards("2C 3D 4S"), parse_cards("8D 2D 5D")), 0, ("You", "Player 2"))
    >>> words.title
    'Player 2 wins with an Eight-high flush in diamonds'
    >>> words.reason
    'Player 2 was dealt a flush (all three cards diamonds), so the game ended before the first turn'
    """
    case = outcome.case
    if case is None:
        raise ValueError("the game is not over: there is no result to explain")
    lab = tuple(outcome.report_lines(names))
    if case.winner == 0:
        return Explanation(0, "The deck is dead — a draw",
                           "Neither hand made a flush before the deck ran out", lab)
    analyses = (outcome.analysis1, outcome.analysis2)
    win, lose = analyses[case.winner - 1], analyses[2 - case.winner]
    winner, loser = names[case.winner - 1], names[2 - case.winner]
    title = f"{wins(winner)} with {win.describe_with_article()}"
    if case.both_flush:
        reason = f"{_both(win, lose, turns == 0)} {_tie_break(win, lose)}"
    else:
        reason = _single_flush(win, winner, loser, turns == 0)
    return Explanation(case.winner, title, reason, lab)


def _single_flush(win: Analysis, winner: str, loser: str, on_deal: bool) -> str:
    assert win.suit is not None
    suits = win.suit.plural
    if on_deal:
        return f"{_was(winner)} dealt a flush (all three cards {suits}), so the game ended before the first turn"
    return f"{winner} made a flush: all three cards are {suits}. {_possessive(loser)} hand is not a flush"


def _both(win: Analysis, lose: Analysis, on_deal: bool) -> str:
    """The first words when both hands are flushes."""
    if win.straight and lose.straight:
        return "Both were dealt straight flushes." if on_deal else "Both made straight flushes."
    return "Both were dealt flushes." if on_deal else "Both flushed."


def _tie_break(win: Analysis, lose: Analysis) -> str:
    """Why the winning flush beats the other: straight over plain, else the higher high card."""
    assert win.high is not None and lose.high is not None
    if win.straight and not lose.straight:
        return f"Straight flush {_run(win.high)} beats a plain flush"
    beats = f"{win.high.describe()} beats {lose.high.describe()}"
    if win.high.rank == lose.high.rank:
        return f"{beats}: {win.high.suit.plural} rank above {lose.high.suit.plural}"
    return f"{beats}: {_plural(win.high.rank)} rank above {_plural(lose.high.rank)}"
