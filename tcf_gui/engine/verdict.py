"""Why a finished game ended as it did, as facts: who won, on which case, which card beat
which. The engine holds no words for them; tcf_gui.words.results says them in the player's
language."""
from __future__ import annotations

from dataclasses import dataclass
from enum import Enum

from tcf_gui.engine.analysis import Analysis
from tcf_gui.engine.cards import Card
from tcf_gui.engine.outcome import Case, Outcome


class Why(Enum):
    """What decided the game."""

    DEAD_DECK = "dead deck"
    """Neither hand made a flush before the deck ran out: a draw."""
    FLUSH = "flush"
    """The winner's hand is a flush and the loser's is not."""
    STRAIGHT_FLUSH = "straight flush"
    """Both hands are flushes; only the winner's is a straight flush."""
    HIGHER_RANK = "higher rank"
    """Both flushes of one kind: the winner's high card has the higher rank."""
    HIGHER_SUIT = "higher suit"
    """Both flushes of one kind, high cards of one rank: the winner's suit ranks above."""


@dataclass(frozen=True)
class Verdict:
    """The facts of a finished game's result. ``winning`` and ``losing`` are the hands'
    analyses (``None`` both in a draw)."""

    case: Case
    why: Why
    on_deal: bool
    """True when the deal ended the game, before the first turn."""
    winning: Analysis | None
    losing: Analysis | None

    @property
    def winner(self) -> int:
        """1 or 2, 0 for a draw."""
        return self.case.winner

    @property
    def loser(self) -> int:
        """The other player (0 in a draw)."""
        return 3 - self.winner if self.winner else 0

    @property
    def both_straight(self) -> bool:
        """True when both hands are straight flushes."""
        return bool(self.winning and self.losing and self.winning.straight
                    and self.losing.straight)

    @property
    def beats(self) -> tuple[Card, Card] | None:
        """The winning high card and the one it beats, when both hands are flushes."""
        if not self.case.both_flush:
            return None
        assert self.winning is not None and self.losing is not None
        assert self.winning.high is not None and self.losing.high is not None
        return self.winning.high, self.losing.high


def verdict(outcome: Outcome, turns: int) -> Verdict:
    """The facts of ``outcome``, a finished game that took ``turns`` turns (0: ended on the
    deal); ValueError while the game goes on.

    >>> from tcf_gui.engine.cards import parse_cards
    >>> from tcf_gui.engine.outcome import judge
    >>> found = verdict(judge(parse_cards("KS 2S 5S"), parse_cards("KD 3D 7D")), 4)
    >>> found.winner, found.why, [card.code for card in found.beats]
    (1, <Why.HIGHER_SUIT: 'higher suit'>, ['KS', 'KD'])
    """
    case = outcome.case
    if case is None:
        raise ValueError("the game is not over: there is no result to explain")
    if case.winner == 0:
        return Verdict(case, Why.DEAD_DECK, turns == 0, None, None)
    analyses = (outcome.analysis1, outcome.analysis2)
    win, lose = analyses[case.winner - 1], analyses[2 - case.winner]
    return Verdict(case, _why(case, win, lose), turns == 0, win, lose)


def _why(case: Case, win: Analysis, lose: Analysis) -> Why:
    if not case.both_flush:
        return Why.FLUSH
    if win.straight and not lose.straight:
        return Why.STRAIGHT_FLUSH
    assert win.high is not None and lose.high is not None
    return Why.HIGHER_SUIT if win.high.rank == lose.high.rank else Why.HIGHER_RANK
