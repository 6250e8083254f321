"""The post-game review in the window: every turn of the person's game beside the table.

R (or the Review button) at the end of a game opens it over the table. The list on the
right gives each turn's hand, the card discarded, the coach's best discard and the win
chance given up, with the summary line on top; the table shows the selected turn's cards,
the discarded card and the best one marked. Left/Right step, Up/Down or the wheel scroll,
a click on a row selects it, Esc closes. The coach's answers are worked out on a worker
thread, turn after turn, and the list fills in as they come (against random one answer may
take a tenth of a second), so the window stays responsive while a long game is reviewed.
"""
from __future__ import annotations

from functools import partial
from typing import Any, Callable

import pygame

from tcf_gui.engine.game import Game
from tcf_gui.engine.skill import Skill
from tcf_gui.i18n import N_, _, ngettext
from tcf_gui.levels import short_name
from tcf_gui.words.notation import card_text
from tcf_gui.play import OffLoop, OffLoopFailed
from tcf_gui.words.formats import percent as percent_of
from tcf_gui.net.mirror import seen_from
from tcf_gui.words.luck import luck_lines
from tcf_gui.words.skill import score_line
from tcf_gui.gui.help_overlay import HELP_ROW
from tcf_gui.gui.render import Banner, SeatLabel, friend_seats
from tcf_gui.gui.keys import SLOT_KEYS
from tcf_gui.gui.review_branch import BranchJob
from tcf_gui.gui.review_list import TurnList
from tcf_gui.gui.review_luck import LuckJob
from tcf_gui.gui.table import TableScene
from tcf_gui.gui.table_state import TableState, replay
from tcf_gui.gui.table_view import Options, Sounds
STEP_KEYS = {pygame.K_LEFT: -1, pygame.K_RIGHT: 1, pygame.K_UP: -1, pygame.K_DOWN: 1}


class ReviewScene(TableScene):
    keys_help = [
        # TRANSLATORS: names of keys on the keyboard, as your keyboards label them.
        (N_("Left / Right"), N_("the turn before / after")),
        (N_("Up / Down, wheel"), N_("move through the list")),
        (N_("click a row"), N_("show that turn")),
        (N_("Home / End"), N_("the first / last turn")),
        (N_("1 / 2 / 3"), N_("play on from the turn with that discard")),
        HELP_ROW,
        (N_("Esc"), N_("close the review")),
    ]
    title = N_("Three Card Flush — review")
    help_title = N_("Review")
    log_title = ""  # the review draws its own list where the turn log would be

    def __init__(self, settings: Options, size: tuple[int, int], game: Game,
                 opponent: str | None, sounds: Sounds | None = None,
                 on_scored: Callable[[Skill], None] | None = None, *, seat: int = 1,
                 friend: str | None = None, timer: frozenset[int] = frozenset()) -> None:
        """The review of the person's moves in ``game``, where they sat in ``seat``, against
        ``opponent`` (a strategy spec), or against a ``friend`` (a person, named); the turns
        in ``timer`` a turn timer played for them: no decision, left out of the score."""
        from tcf_gui.engine.coach import positions  # numpy: load when first used
        from tcf_gui.engine.coach.scoring import model_for

        super().__init__(settings, size, sounds)
        self.source = game
        self.opponent = opponent
        self.friend = friend
        self.seat = seat
        self.timer = timer
        self.model, self.stand_in = model_for(None if friend is not None else opponent)
        """The opponent the coach models (Normal standing in for one it cannot)."""
        self.on_scored = on_scored
        """Called with the game's skill score once every turn is reviewed (to keep it)."""
        self._asked = list(positions(game.events, game.open_hands, seat))
        self.total = len(self._asked)
        self.turns: list[Any] = []
        """ReviewedTurn for each turn computed so far."""
        self.problem: str | None = None
        self._job: OffLoop[Any] | None = None  # the turn being worked out off the loop
        self._ask_next()
        self.luck = LuckJob(game, self.model, seat)
        """The game's luck, worked out beside the turns."""
        self.branch = BranchJob(game, self.model if self.stand_in else opponent or self.model)
        self.selected = 0
        self.turn_list = TurnList(self)
        self.extras.append(self.turn_list)
        self.show_turn(0)

    @classmethod
    def open_over(cls, table: TableScene, game: Game, opponent: str | None,
                  on_scored: Callable[[Skill], None] | None = None, **where: Any) -> None:
        """Push the review of ``game`` over ``table``, with its settings, size, sounds and
        ``keep``; ``where`` takes ``seat`` and ``friend``."""
        if table.manager is not None:
            review = cls(table.settings, table.layout.size, game, opponent, table.sounds,
                         on_scored, **where)
            review.keep = table.keep
            table.manager.push(review)

    # -- the review ------------------------------------------------------------------------
    @property
    def count(self) -> int:
        return self.total if self.problem is None else len(self.turns)

    @property
    def working(self) -> bool:
        """True while the coach still works on some turn of the game."""
        return len(self.turns) < self.total and self.problem is None

    @property
    def animating(self) -> bool:
        return super().animating or self.working or not self.luck.done or self.branch.working

    def _ask_next(self) -> None:
        """Ask the coach about the first turn not yet reviewed, off the loop."""
        if self.working:
            position, slot = self._asked[len(self.turns)]
            self._job = OffLoop(partial(_review_turn, position, slot, self.model),
                                _("the coach on turn {turn}").format(turn=position.turn))

    def after_update(self) -> None:
        """Take the coach's answer once it has come, and ask about the next turn; once every
        turn and the luck are in, the game's score goes to ``on_scored``."""
        self.luck.poll()
        self.branch.poll()
        if self._job is not None and self._job.done:
            try:
                self.turns.append(self._job.result())
            except OffLoopFailed as failed:
                self.problem = str(failed)
            self._job = None
            self._ask_next()
        if (not self.working and self.luck.done and self.problem is None
                and self.on_scored is not None):
            self.on_scored(self.skill())
            self.on_scored = None

    def skill(self) -> Skill:
        """The game's skill score from the turns reviewed (all of them, once done)."""
        from tcf_gui.engine.coach import Review
        from tcf_gui.engine.coach.scoring import skill_of

        return skill_of(Review(tuple(self.turns), self.model, self.source.outcome), self.stand_in,
                        self.luck.luck, self.seat).without(self.timer)

    def show_turn(self, index: int) -> None:
        """The table as it stood before turn ``index + 1`` (the end of the game after the last)."""
        total = len(self.source.moves)
        self.selected = max(0, min(index, total))
        seed = self.source.seed
        game = self.source if seed is None else Game.replay(
            seed, self.source.moves[: self.selected], open_hands=True)
        self.game = game
        self.state = replay([seen_from(event, self.seat) for event in game.events],
                            TableState(face_up={1: True, 2: True}))
        self.turn_list.keep_in_view()

    def summary(self) -> str:
        from tcf_gui.engine.coach import Review
        from tcf_gui.words.review import best_moves, review_summary

        if self.problem:
            return _("No review: {problem}").format(problem=self.problem.split(";")[0])
        if self.working:
            return _("The coach is looking at turn {turn} of {n}…").format(
                turn=len(self.turns) + 1, n=self.count)
        decided = [turn for turn in self.turns if turn.turn not in self.timer]
        best, count = sum(turn.was_best for turn in decided), len(decided)
        if not count:
            return review_summary(Review((), self.model, self.source.outcome))
        skill = self.skill()
        return " ".join([_("{score}. {moves}.").format(score=score_line(skill),
                                                        moves=best_moves(best, count)),
                         *luck_lines(skill)[:1]])

    # -- input -----------------------------------------------------------------------------
    def scene_key(self, key: int) -> None:
        if key in STEP_KEYS:
            self.show_turn(self.selected + STEP_KEYS[key])
        elif key == pygame.K_HOME:
            self.show_turn(0)
        elif key == pygame.K_END:
            self.show_turn(len(self.source.moves))
        elif key in SLOT_KEYS and self.seat == 1 and self.selected < len(self.source.moves):
            self.branch.ask(self.selected + 1, SLOT_KEYS[key])

    def open_menu(self) -> None:
        """Esc (or the Menu button) closes the review: back to the table."""
        self.done = True

    def log_open(self) -> bool:
        """Always: the review's list is there (the Turn log option is for the table)."""
        return True

    def hint(self) -> str:
        branch = self.branch.text(self.selected)
        if branch or self.selected >= len(self.turns):
            return branch
        turn = self.turns[self.selected]
        if turn.was_best:
            return _("Turn {turn}: you discarded {card}, the best move ({win} to win)").format(
                turn=turn.turn, card=card_text(turn.card), win=percent_of(turn.win))
        return _("Turn {turn}: you discarded {card} ({win} to win); best was {best} "
                 "({best_win})").format(turn=turn.turn, card=card_text(turn.card),
                                        win=percent_of(turn.win),
                                        best=card_text(turn.advice.best.card),
                                        best_win=percent_of(turn.advice.best.win))

    def help_lines(self) -> list[str]:
        return [_("Every turn of your game beside the table: your hand, the card you discarded, "
                  "the coach's best discard, the win chance your move gave up and its accuracy "
                  "(100% for the best move, halved by every 10 points given up). The table "
                  "shows the chosen turn, your discard and the best one marked."), ""]

    def seats(self) -> dict[int, SeatLabel]:
        if self.friend is not None:
            return friend_seats(self.friend, self.seat)
        opponent = short_name(self.opponent) if self.opponent else ""
        return {1: SeatLabel(_("You"), _("your hand")), 2: SeatLabel(_("Player 2"), opponent)}

    def banner(self) -> Banner | None:
        return None  # the end of the game shows in the analyses; the list needs the room

    def status_text(self) -> tuple[str, str]:
        total = len(self.source.moves)
        if self.selected < total:
            where = ngettext("Review of game {seed}  ·  before turn {turn} of {n} turn",
                             "Review of game {seed}  ·  before turn {turn} of {n} turns", total)
        else:
            where = ngettext("Review of game {seed}  ·  the end of the game, {n} turn",
                             "Review of game {seed}  ·  the end of the game, {n} turns", total)
        return (where.format(seed=self.source.seed, turn=self.selected + 1, n=total),
                _("Left/Right step  ·  Up/Down, wheel  ·  Esc close  ·  H help"))


def _review_turn(position: Any, slot: int, opponent: str) -> Any:
    """The coach's ReviewedTurn for ``slot`` discarded in ``position``; OffLoopFailed with the
    reason when the coach cannot model the opponent."""
    from tcf_gui.engine.coach import CoachError, ReviewedTurn, advise  # numpy: load when first used

    try:
        return ReviewedTurn(position.turn, slot, advise(position, opponent))
    except CoachError as error:
        raise OffLoopFailed(str(error)) from None
