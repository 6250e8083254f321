"""``tcf-gui review --seed S --moves 1,3,2``: the post-game review of a game you played."""
from __future__ import annotations

import argparse
import json
import sys

from typing import TYPE_CHECKING

from tcf_gui.levels import DEFAULT_OPPONENT
from tcf_gui.engine.game import Game
from tcf_gui.engine.match import game_seeds, player_rngs
from tcf_gui.engine.strategies.registry import StrategyError, make_strategy
from tcf_gui.engine.skill import Skill, error_label, move_accuracy
from tcf_gui.words import formats
from tcf_gui.i18n import _, ngettext, pgettext
from tcf_gui.words.notation import card_text, cards_text, prints_symbols
from tcf_gui.words.branch import branch_line, branch_title
from tcf_gui.words.luck import label_text, luck_lines, signed_points
from tcf_gui.words.skill import model_note, points, score_line
from tcf_gui.console.table import columns
from tcf_gui.words.review import review_result, review_summary
from tcf_gui.commands.common import say_error, seed_int, strategy_spec

if TYPE_CHECKING:
    from tcf_gui.engine.branch import Branch
    from tcf_gui.engine.coach import Review
    from tcf_gui.engine.coach.luck import Accounting


class MovesError(ValueError):
    """Moves that do not fit the game; the message is one line."""


def add_arguments(parser: argparse.ArgumentParser) -> None:
    """The description and options of ``tcf-gui review`` (its --help line is in tcf_gui.cli)."""
    parser.description = _(
        "Replay the game dealt by SEED with your moves (you are Player 1; the "
        "opponent plays as it did in the window) and show, for every turn, your hand, the "
        "card you discarded, the coach's best discard, the win chance your move gave up and "
        "its accuracy (100% for the best move, halved by every 10 points given up); then the "
        "game's accuracy, the mean over its moves. An opponent the coach cannot model (a "
        "strategy file) is reviewed as if it played as the heuristic, and the review says so."
    )
    parser.add_argument("--seed", type=seed_int, required=True, help=_("the game's seed"))
    parser.add_argument("--moves", type=move_list, required=True, metavar="1,3,2,...",
                        help=_("the slot (1-3) you discarded on each turn, in order"))
    parser.add_argument("--opponent", type=strategy_spec, default=DEFAULT_OPPONENT, metavar="SPEC",
                        help=_("the opponent's strategy (default heuristic, the window's)"))
    parser.add_argument("--branch", type=branch_point, metavar="TURN:SLOT",
                        help=_("also play on from TURN with the other discard SLOT (1-3) "
                               "against the same opponent: with the draws that came, and "
                               "with fresh draws"))
    parser.add_argument("--json", action="store_true", help=_("print one JSON object"))
    parser.set_defaults(func=run)


def move_list(text: str) -> list[int]:
    """An argparse type: slots 1-3 separated by commas, as slots 0-2."""
    moves = []
    for item in text.replace(" ", "").split(","):
        if item not in ("1", "2", "3"):
            raise argparse.ArgumentTypeError(
                _("a move is the slot 1, 2 or 3, not {item!r}").format(item=item))
        moves.append(int(item) - 1)
    return moves


def branch_point(text: str) -> tuple[int, int]:
    """An argparse type: 'TURN:SLOT' as (turn, slot 0-2)."""
    turn, _sep, slot = text.partition(":")
    if not turn.strip().isdigit() or slot.strip() not in ("1", "2", "3") or int(turn) < 1:
        raise argparse.ArgumentTypeError(
            _("a branch is TURN:SLOT, a turn from 1 and a slot 1, 2 or 3, not {text!r}").format(
                text=text))
    return int(turn), int(slot) - 1


def replay(seed: int, moves: list[int], opponent: str) -> Game:
    """The game ``seed`` deals, Player 1 playing ``moves`` and Player 2 ``opponent`` (built
    as game 1 of a run with that seed builds it, so the window's game comes back, and play
    --text's, whose fresh run seed deals game 1 from a hash of it)."""
    p2 = make_strategy(opponent, player_rngs(seed)[1])
    game = Game(next(game_seeds(seed)))
    game.deal()
    if game.over:  # a flush dealt: no turn, no move
        raise MovesError(_("the game ended at the deal, before the first turn: there is no "
                           "move to review"))
    for number, slot in enumerate(moves, start=1):
        if game.over:
            raise MovesError(ngettext(
                "the game is over after {turns} turn, but {moves} moves were given (move "
                "{number} has no turn)",
                "the game is over after {turns} turns, but {moves} moves were given (move "
                "{number} has no turn)", game.turns).format(
                    turns=game.turns, moves=len(moves), number=number))
        game.play_turn(slot, p2(game.view(2)))
    return game


def review_lines(seed: int, review: "Review", opponent: str, skill: Skill,
                 accounting: "Accounting", symbols: bool = True) -> list[str]:
    """Every turn: the hand, the card discarded, the coach's best, the win chance after the
    move, what it gave up, its accuracy and error label, and the luck of the turn's draws;
    then the game's score and luck; cards as players write them (10S without ``symbols``)."""
    note = model_note(skill)
    title = _("Review of game {seed}: you are Player 1, the opponent is {opponent}.").format(
        seed=seed, opponent=opponent)
    if note:
        title = _("Review of game {seed}: you are Player 1, the opponent is {opponent} "
                  "({note}).").format(seed=seed, opponent=opponent, note=note)
    rows = [[str(turn.turn), cards_text(turn.hand, symbols=symbols),
             card_text(turn.card, symbols=symbols),
             card_text(turn.advice.best.card, symbols=symbols),
             formats.percent(turn.win, 1),
             "0" if turn.was_best else points(turn.given_up, exact=True),
             formats.percent(move_accuracy(turn.given_up) / 100, 1),
             label_text(error_label(turn.given_up)), signed_points(share.luck)]
            for turn, share in zip(review.turns, accounting.turns)]
    # TRANSLATORS: the headings of the review's columns: the turn, the hand, the card
    # discarded, the coach's best card, the win chance after your move, the win chance it
    # gave up, the move's accuracy, its error label (doubtful, bad, very bad), the points
    # the turn's draws gave Player 1 (luck).
    headings = [_("turn"), _("hand"), pgettext("column: the card discarded", "discarded"), _("best"), _("win after yours"),
                _("given up"), _("accuracy"), pgettext("column: error label", "error"),
                pgettext("column: the draws' effect", "luck")]
    lines = [title, "", *columns(headings, rows,
                                 (True, False, True, True, True, False, True, False, True))]
    lines.append("")
    lines.append(review_result(review) or _("The game is not over after these moves"))
    lines.append(review_summary(review))
    lines.append(score_line(skill, symbols=symbols))
    lines.extend(luck_lines(skill))
    return lines


def review_json(seed: int, review: "Review", opponent: str, skill: Skill,
                accounting: "Accounting") -> dict:
    """The review as data; never translated. From Player 1's side, ``result = start + luck +
    skill`` (coach/luck.py); each turn's ``luck`` is its draws', ``deal_luck`` the deal's."""
    worst = skill.costliest
    outcome = review.outcome
    shares = accounting.turns
    # luck is what the rounded start and skill leave of the result: the three add up to it
    start, skill_share = round(accounting.start, 6), round(accounting.skill, 6)
    return {
        "seed": seed,
        "opponent": opponent,
        "model": skill.model,
        "stand_in": skill.stand_in,
        "accuracy": None if skill.accuracy is None else round(skill.accuracy, 3),
        "given_up": round(skill.given_up, 6),
        "costliest": None if worst is None else {
            "turn": worst.turn, "discarded": worst.card.code, "best": worst.best.code,
            "given_up": round(worst.given_up, 6)},
        "turns": [
            {
                "turn": turn.turn,
                "hand": [c.code for c in turn.hand],
                "slot": turn.slot + 1,
                "discarded": turn.card.code,
                "best_slot": turn.advice.best.slot + 1,
                "best": turn.advice.best.card.code,
                "win": round(turn.win, 6),
                "best_win": round(turn.advice.best.win, 6),
                "given_up": round(turn.given_up, 6),
                "accuracy": round(move_accuracy(turn.given_up), 3),
                "label": error_label(turn.given_up),
                "luck": round(share.luck, 6),
                "skill1": round(share.skill1, 6),
                "skill2": round(share.skill2, 6),
            }
            for turn, share in zip(review.turns, shares)
        ],
        "over": outcome is not None,
        "winner": None if outcome is None else outcome.winner,
        "result_case": None if outcome is None or outcome.case is None else
        outcome.case.name.lower(),
        "best_moves": sum(turn.was_best for turn in review.turns),
        "start": start,
        "result": accounting.end if accounting.over else None,
        "expected_end": round(accounting.end, 6),
        "luck": round(round(accounting.end, 6) - start - skill_share, 6),
        "skill": skill_share,
        "skill1": round(accounting.skill1, 6),
        "skill2": round(accounting.skill2, 6),
        "deal_luck": round(accounting.deal, 6),
        "decisive_turn": accounting.decisive,
        "deal_lean": round(accounting.lean[0], 6),
        "deal_lean_error": round(accounting.lean[1], 6),
        "errors": skill.errors(),
    }


def run(args: argparse.Namespace) -> int:
    from tcf_gui.engine.coach import review_game  # numpy: load late
    from tcf_gui.engine.branch import BranchError, branches
    from tcf_gui.engine.coach.luck import account
    from tcf_gui.engine.coach.scoring import model_for, skill_of

    model, stand_in = model_for(args.opponent)
    try:
        game = replay(args.seed, args.moves, args.opponent)
    except (MovesError, StrategyError) as error:  # a strategy file that fails to play
        say_error("review", error)
        return 2
    tried: tuple[Branch, Branch] | None = None
    if args.branch is not None:
        try:
            tried = branches(game, args.branch[0], args.branch[1], args.opponent, args.seed)
        except (BranchError, StrategyError) as error:
            say_error("review", error)
            return 2
    review = review_game(game, model)
    accounting = account(game.events, model)
    skill = skill_of(review, stand_in, accounting.summary())
    if args.json:
        answer = review_json(args.seed, review, args.opponent, skill, accounting)
        if tried is not None:
            answer["branches"] = [branch_json(branch) for branch in tried]
        print(json.dumps(answer))
        return 0
    symbols = prints_symbols(sys.stdout)
    lines = review_lines(args.seed, review, args.opponent, skill, accounting, symbols)
    if tried is not None:
        lines += ["", branch_title(game, *args.branch, symbols=symbols),
                  *("  " + branch_line(branch) for branch in tried)]
    print("\n".join(lines))
    return 0


def branch_json(branch: "Branch") -> dict:
    """A branch as data: its draws, the moves of both players and how it ended."""
    game = branch.game
    return {"draws": branch.draws, "seed": branch.seed, "turn": branch.turn,
            "slot": branch.slot + 1, "moves": [[a + 1, b + 1] for a, b in game.moves],
            "turns": game.turns, "winner": game.outcome.winner if game.outcome else None}
