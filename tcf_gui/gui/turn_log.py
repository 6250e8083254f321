"""The turn log's lines: both hands after the deal and after every shown turn, both players'
discards of each turn, and at the end the result.

Cards read as players read them ("K♣ J♣ 6♠"), the result in words; with the "Lab notation"
option the hands are the lab's hand-rep ("((K . C) (J . C) (6 . S))") and the result its
report lines. Player 2's hand reads "hidden" while it is face down (and Player 1's too, for a
spectator of a friend's game); once the game is over it is face up, and every line of the
log shows it, from the deal on.
"""
from __future__ import annotations

from typing import Protocol, Sequence

from tcf_gui.engine.cards import Card, hand_rep
from tcf_gui.engine.events import Discarded, Event
from tcf_gui.words.results import Explanation
from tcf_gui.i18n import _
from tcf_gui.words.notation import card_text, cards_text
from tcf_gui.gui import palette
from tcf_gui.gui.table_state import TableState

#: A line of the log panel and its colour.
LogLine = tuple[str, palette.RGB]


def log_column_name(name: str, player: int) -> str:
    """'You' stays 'You'; 'Player 2' becomes 'P2' (three columns wide at least)."""
    # TRANSLATORS: a player's number in the turn log's narrow column: P1, P2.
    return f"{name if name == _('You') else _('P{n}').format(n=player):<3}"


class Played(Protocol):
    """A game as the log reads it: its events and the hands they made (an engine Game, or
    a friend's game as one client knows it, tcf_gui.net.mirror)."""

    @property
    def events(self) -> Sequence[Event]: ...

    def hand_history(self) -> list[tuple[tuple[Card, ...], tuple[Card, ...]]]: ...


def turn_log(game: Played, state: TableState, names: tuple[str, str],
             words: Explanation | None = None, *, lab: bool = False,
             timer: frozenset[tuple[int, int]] = frozenset()) -> list[LogLine]:
    """The log of ``game`` as far as ``state`` shows it; ``words`` once the result is shown;
    ``lab``: in the lab's notation; ``timer``: (turn, player) of the cards a turn timer
    played, marked so."""
    if not state.dealt:
        return []

    def hand(cards: Sequence[Card | None]) -> str:
        return hand_rep(cards) if lab else cards_text(cards)

    me, other = log_column_name(names[0], 1), log_column_name(names[1], 2)
    discards: dict[int, dict[int, str]] = {}
    for event in game.events:
        if isinstance(event, Discarded):
            shown = event.card.rep() if lab else card_text(event.card)
            if (event.turn, event.player) in timer:
                shown = _("{card} (timer)").format(card=shown)
            discards.setdefault(event.turn, {})[event.player] = shown
    hidden = "(hidden)" if lab else _("hidden")
    lines: list[LogLine] = []
    for turn, (hand1, hand2) in enumerate(game.hand_history()[: state.turns_shown + 1]):
        if turn:
            out = discards[turn]
            lines.append((f"{turn:>2} " + _("out {me} {mine}  {other} {theirs}").format(
                me=me.strip(), mine=out[1], other=other.strip(), theirs=out[2]), palette.TEXT_DIM))
        lines.append((f"{' 0' if turn == 0 else '  '} {me} {hand(hand1) if state.face_up[1] else hidden}",
                      palette.TEXT))
        lines.append((f"   {other} {hand(hand2) if state.face_up[2] else hidden}", palette.TEXT))
    if words is not None:
        if lab:
            lines += [(line, palette.GOLD) for line in words.lab]
        else:
            lines.append((words.title, palette.GOLD))
        lines.append((words.reason, palette.TEXT))
    return lines
