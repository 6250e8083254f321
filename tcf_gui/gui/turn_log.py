"""The turn log's lines: both hands after the deal and after every shown turn (the lab's
hand-rep), both players' discards of each turn, and at the end the result in the lab's words.

Player 2's hand reads "(hidden)" while it is face down; once the game is over it is face up,
and every line of the log shows it, from the deal on.
"""
from __future__ import annotations

from ..engine.cards import hand_rep
from ..engine.events import Discarded
from ..engine.explain import Explanation
from ..engine.game import Game
from . import palette
from .table_state import TableState

#: A line of the log panel and its colour.
LogLine = tuple[str, palette.RGB]


def short_name(name: str, player: int) -> str:
    """'You' stays 'You'; 'Player 2' becomes 'P2' (three columns wide)."""
    return f"{name if name == 'You' else f'P{player}':<3}"


def turn_log(game: Game, state: TableState, names: tuple[str, str],
             words: Explanation | None = None) -> list[LogLine]:
    """The log of ``game`` as far as ``state`` shows it; ``words`` once the result is shown."""
    if not state.dealt:
        return []
    me, other = short_name(names[0], 1), short_name(names[1], 2)
    discards: dict[int, dict[int, str]] = {}
    for event in game.events:
        if isinstance(event, Discarded):
            discards.setdefault(event.turn, {})[event.player] = event.card.rep()
    lines: list[LogLine] = []
    for turn, (hand1, hand2) in enumerate(game.hand_history()[: state.turns_shown + 1]):
        if turn:
            out = discards[turn]
            lines.append((f"{turn:>2} out {me.strip()} {out[1]}  {other.strip()} {out[2]}",
                          palette.TEXT_DIM))
        lines.append((f"{' 0' if turn == 0 else '  '} {me} {hand_rep(hand1)}", palette.TEXT))
        shown = hand_rep(hand2) if state.face_up[2] else "(hidden)"
        lines.append((f"   {other} {shown}", palette.TEXT))
    if words is not None:
        lines += [(line, palette.GOLD) for line in words.lab]
        lines.append((words.reason, palette.TEXT))
    return lines
