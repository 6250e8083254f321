"""Branches of a game (tcf_gui.engine.branch) in words: which discard, which draws, how
it ended."""
from __future__ import annotations

from typing import TYPE_CHECKING

from tcf_gui.engine.game import Game
from tcf_gui.i18n import _, ngettext
from tcf_gui.words.notation import card_text
from tcf_gui.words.results import explain

if TYPE_CHECKING:
    from tcf_gui.engine.branch import Branch


def branch_title(game: Game, turn: int, slot: int, *, symbols: bool = True) -> str:
    """'Turn 2 with 9♥ thrown instead of K♣ (you then play as the coach's model):'."""
    hand = game.hand_history()[turn - 1][0]
    return _("Turn {turn} with {card} thrown instead of {played} (you then play as the "
             "coach's model):").format(turn=turn, card=card_text(hand[slot], symbols=symbols),
                                       played=card_text(hand[game.moves[turn - 1][0]],
                                                        symbols=symbols))


def branch_short(game: Game, turn: int, slot: int) -> str:
    """'K♠ instead of J♣': the window's short title of a branch."""
    hand = game.hand_history()[turn - 1][0]
    return _("{card} instead of {played}").format(card=card_text(hand[slot]),
                                                  played=card_text(hand[game.moves[turn - 1][0]]))


def branch_label(branch: "Branch") -> str:
    """'with the draws that came' / 'with fresh draws (seed 5)'."""
    if branch.draws == "real":
        return _("with the draws that came")
    return _("with fresh draws (seed {seed})").format(seed=branch.seed)


def branch_line(branch: "Branch") -> str:
    """'with the draws that came: You win with a King-high flush in clubs, turn 4'."""
    game = branch.game
    assert game.outcome is not None
    result = explain(game.outcome, game.turns, you=1).title
    return ngettext("{label}: {result}, after {n} turn", "{label}: {result}, after {n} turns",
                    game.turns).format(label=branch_label(branch), result=result, n=game.turns)
