"""watch(strategy): the same decisions, with every one of them logged."""
from __future__ import annotations

from typing import Callable

from tcf_gui.engine.cards import hand_rep
from tcf_gui.engine.view import View
from tcf_gui.engine.strategies.registry import Strategy


def describe_decision(name: str, view: View, slot: int) -> str:
    """One line: what the strategy saw and which card it threw, in hand-rep form."""
    seen = hand_rep(view.discards) if view.discards else "()"
    opponent = f" opponent {hand_rep(view.opponent_hand)}" if view.opponent_hand else ""
    return (
        f"[{name} as Player {view.player}, turn {view.turn}] hand {hand_rep(view.hand)}"
        f"{opponent} discards seen {seen} cards left {view.cards_left}"
        f" --> discard slot {slot + 1} {view.hand[slot].rep()}"
    )


def watch(
    strategy: Strategy, log: Callable[[str], None] = print, name: str | None = None
) -> Strategy:
    """Wrap ``strategy`` so that each decision is passed to ``log`` as one line."""
    label = name or str(getattr(strategy, "name", getattr(strategy, "__name__", "strategy")))

    def watched(view: View) -> int:
        slot = strategy(view)
        log(describe_decision(label, view, slot))
        return slot

    watched.name = label  # type: ignore[attr-defined]
    return watched
