"""``tcf-gui coach HAND``: the chance to win, draw and lose after each possible discard."""
from __future__ import annotations

import argparse
import json
import sys
from typing import TYPE_CHECKING

from tcf_gui.levels import DEFAULT_OPPONENT
from tcf_gui.words import formats
from tcf_gui.engine.cards import Card, parse_cards
from tcf_gui.i18n import _, ngettext, pgettext
from tcf_gui.words.notation import card_text, cards_text, prints_symbols
from tcf_gui.console.table import cards_or_none, columns
from tcf_gui.commands.common import say_error, strategy_spec

if TYPE_CHECKING:
    from tcf_gui.engine.coach import Advice


def add_arguments(parser: argparse.ArgumentParser) -> None:
    """The description and options of ``tcf-gui coach`` (its --help line is in tcf_gui.cli)."""
    parser.description = _(
        "For your hand (you are Player 1), the chance to win, draw and lose if you "
        "discard each card now and then play on as Expert's rule against the "
        "opponent, with the chance that the next draw completes "
        "your flush. The opponent's hand is unknown (every hand it may hold counts by its "
        "chance) unless hands are played open (--open). The best discard is marked."
    )
    parser.add_argument("hand", type=card_list, metavar="HAND",
                        help=_('your three cards, e.g. "QH AH 3C" (ranks 2-9, X or 10, J Q K A; '
                               "suits C D H S or ♣ ♦ ♥ ♠)"))
    parser.add_argument("--discards", type=card_list, default=[], metavar="CARDS",
                        help=_('every card discarded so far by either player, e.g. "2H 7S"'))
    parser.add_argument("--turn", type=turn_number, default=None, metavar="T",
                        help=_("the turn about to be played, 1-23 (default: the turn the "
                               "discards lead to; discards left out count as unknown cards)"))
    parser.add_argument("--opponent", type=strategy_spec, default=DEFAULT_OPPONENT, metavar="SPEC",
                        help=_("the opponent's strategy (default heuristic)"))
    parser.add_argument("--open", type=card_list, default=None, metavar="CARDS",
                        help=_('the opponent\'s hand, when hands are played open, e.g. "2S 9S 4D"'))
    parser.add_argument("--json", action="store_true", help=_("print one JSON object"))
    parser.set_defaults(func=run)


def card_list(text: str) -> list[Card]:
    """An argparse type: cards such as 'QH AH 3C', none repeated."""
    try:
        return parse_cards(text)
    except ValueError as error:
        raise argparse.ArgumentTypeError(str(error)) from None


def turn_number(text: str) -> int:
    """An argparse type: a whole number (the range is checked with the position)."""
    try:
        return int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(
            _("turn {text!r} is not a whole number").format(text=text)) from None


def chance_column(chance: float) -> str:
    """' 45.7%', in the language's numbers, six wide."""
    return f"{formats.percent(chance, 1):>6}"


def advice_lines(advice: "Advice", symbols: bool = True) -> list[str]:
    """The text answer: the position, then one line per discard, the best marked; cards as
    players write them (10♠, or 10S without ``symbols``)."""
    position = advice.position
    discards = cards_or_none(position.discards, symbols)
    opponent = (_("Opponent: {name}, holding {hand} (open hands); after this discard you play "
                  "on as {continuation}.") if position.opponent_hand else
                _("Opponent: {name}; after this discard you play on as {continuation}."))
    lines = [
        ngettext("Your hand: {hand}   turn {turn}, {n} card left   discards: {discards}",
                 "Your hand: {hand}   turn {turn}, {n} cards left   discards: {discards}",
                 position.cards_left).format(
            hand=cards_text(position.hand, symbols=symbols), turn=position.turn,
            n=position.cards_left, discards=discards),
        opponent.format(name=advice.opponent, continuation=advice.continuation,
                        hand=cards_text(position.opponent_hand or (), symbols=symbols)),
        "",
    ]
    best = advice.best.slot
    rows = [[str(choice.slot + 1), card_text(choice.card, symbols=symbols),
             chance_column(choice.win), chance_column(choice.draw), chance_column(choice.loss),
             chance_column(choice.odds.flush_next), _("<- best") if choice.slot == best else ""]
            for choice in advice.choices]
    # TRANSLATORS: the headings of the coach's columns: the slot (1-3) of a card, the card,
    # the chances to win, draw and lose, the chance that the next draw makes a flush.
    headings = [_("slot"), pgettext("column: the card discarded", "discard"), _("win"), _("draw"), _("lose"),
                _("flush on the next draw"), ""]
    lines += columns(headings, rows, (True, True, True, True, True, True, False))
    if position.missing_discards:
        lines.append(ngettext("({n} earlier discard not given: counted as an unknown card)",
                              "({n} earlier discards not given: counted as unknown cards)",
                              position.missing_discards).format(n=position.missing_discards))
    return lines


def advice_json(advice: "Advice") -> dict:
    """The JSON answer: chances as fractions of 1, slots 1-3 as in the window."""
    return {
        "choices": [
            {
                "slot": choice.slot + 1,
                "card": choice.card.code,
                "win": round(choice.win, 6),
                "draw": round(choice.draw, 6),
                "loss": round(choice.loss, 6),
                "flush_next": round(choice.odds.flush_next, 6),
            }
            for choice in advice.choices
        ],
        "best": advice.best.slot + 1,
        "turn": advice.position.turn,
        "cards_left": advice.position.cards_left,
        "opponent": advice.opponent,
        "opponent_hand": (None if advice.position.opponent_hand is None
                          else [c.code for c in advice.position.opponent_hand]),
        "continuation": advice.continuation,
    }


def run(args: argparse.Namespace) -> int:
    from tcf_gui.engine.coach import CoachError, Position, PositionError, advise  # numpy: load late

    try:
        position = Position.from_cards(args.hand, args.discards, args.turn, args.open)
        advice = advise(position, args.opponent)
    except (PositionError, CoachError) as error:
        say_error("coach", error)
        return 2
    if args.json:
        print(json.dumps(advice_json(advice)))
    else:
        print("\n".join(advice_lines(advice, prints_symbols(sys.stdout))))
    return 0
