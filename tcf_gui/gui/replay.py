"""A game from the history played again on the table, turn by turn, hands open.

``tcf-gui history --replay ID`` opens it; the statistics screen opens it for a selected
game. The game is dealt from its seed and played with its recorded moves: a TableSession
whose two seats are ReplaySeats.
R opens the game's review (tcf_gui.gui.review_scene) over it.
"""
from __future__ import annotations

import dataclasses
import sys
from datetime import datetime, timezone
from functools import partial

import pygame

from tcf_gui.engine.skill import Skill
from tcf_gui.words.formats import day_and_time
from tcf_gui.history import GameRecord, HistoryError
from tcf_gui.history.kinds import FRIEND
from tcf_gui.history.summary import result_text
from tcf_gui.levels import short_name
from tcf_gui.i18n import N_, _
from tcf_gui.play import ReplaySeat, TableSession
from tcf_gui.gui import palette
from tcf_gui.gui.end_panel import banner_line
from tcf_gui.gui.help_overlay import HELP_ROW, SPEED_ROW
from tcf_gui.gui.render import Banner, SeatLabel
from tcf_gui.gui.status_line import turn_words
from tcf_gui.gui.table import TableScene
from tcf_gui.gui.table_view import Options, Sounds
from tcf_gui.gui.scene_manager import SceneManager

TURN_PAUSE_MS = 700


class ReplayScene(TableScene):
    """Replays one recorded game; Space pauses, Right steps, Esc closes."""

    keys_help = [
        # TRANSLATORS: names of keys on the keyboard, as your keyboards label them.
        (N_("Space"), N_("pause or go on")),
        (N_("Right"), N_("one turn (while paused)")),
        (N_("Home"), N_("from the start again")),
        ("R", N_("the game's review: each move against the coach's best")),
        SPEED_ROW,
        ("L", N_("show or hide the turn log")),
        HELP_ROW,
        (N_("Esc"), N_("close the replay")),
    ]
    title = N_("Three Card Flush — replay")
    help_title = N_("Replay")

    def __init__(self, settings: Options, size: tuple[int, int], record: GameRecord,
                 sounds: Sounds | None = None) -> None:
        super().__init__(settings, size, sounds)
        self.record = record
        self.paused = False
        self._step = False
        self.start()

    def start(self) -> None:
        """Deal the recorded game again and play it from its first turn: a table session
        whose two seats replay the recorded moves (its game 1 is dealt from the seed)."""
        record = self.record
        self.session = TableSession(ReplaySeat(record.p1, record.moves, 1),
                                    ReplaySeat(record.p2, record.moves, 2), seed=record.seed,
                                    open_hands=record.open_hands)
        events = self.session.deal()
        assert self.session.game is not None
        self.show_game(self.session.game, events, open_hands=True)
        self.pause(TURN_PAUSE_MS)

    @property
    def turn(self) -> int:
        """Turns replayed so far."""
        return self.game.turns

    @property
    def animating(self) -> bool:
        return super().animating or not self.paused and self.turn < len(self.record.moves)

    def after_update(self) -> None:
        """Play the next recorded turn once the table is still (and not paused)."""
        if self.timeline.busy or (self.paused and not self._step):
            return
        self._step = False
        events = self.session.poll()
        if events:
            self.animate(events)
            self.pause(TURN_PAUSE_MS)

    def scene_key(self, key: int) -> None:
        if key == pygame.K_SPACE:
            self.paused = not self.paused
            self.toast(_("Paused — Right arrow plays one turn") if self.paused else _("Playing on"))
        elif key == pygame.K_RIGHT:
            if self.timeline.busy:
                self.timeline.hurry()
            else:
                self._step = True
        elif key == pygame.K_HOME:
            self.start()
        elif key == pygame.K_r and self.manager is not None:
            open_review(self, self.record)

    def help_lines(self) -> list[str]:
        return [_("A game from your history, dealt again from its seed and played with its "
                  "moves, both hands face up."), ""]

    def click(self, pos: tuple[int, int]) -> None:
        self.timeline.hurry()

    def open_menu(self) -> None:
        """Esc (or the Menu button) closes the replay: back to where it was opened."""
        self.done = True

    # -- words on the table ----------------------------------------------------------------
    def seats(self) -> dict[int, SeatLabel]:
        if self.record.kind == FRIEND:  # a person's name, whatever it reads like
            return {1: SeatLabel(_("You"), _("replay")), 2: SeatLabel(self.record.p2, _("Player 2"))}
        return {1: SeatLabel(_("You"), _("replay")), 2: SeatLabel(_("Player 2"), short_name(self.record.p2))}

    def banner(self) -> Banner | None:
        """The end of the game, with its skill score when the history has it."""
        banner = super().banner()
        skill = self.record.skill
        if banner is None or skill is None:
            return banner
        return dataclasses.replace(banner, notes=((banner_line(skill), palette.TEXT),))

    def status_text(self) -> tuple[str, str]:
        record = self.record
        left = _("Replay of game {id}  ·  {when}  ·  {turn}  ·  seed {seed}").format(
            id=record.id, when=ended_when(record), turn=turn_words(self.state), seed=record.seed)
        if record.quit and self.turn == len(record.moves):
            left = _("{status}  ·  given up after this turn (a loss)").format(status=left)
        if self.paused:
            right = _("{result}  ·  paused  ·  Right one turn  ·  Home again  ·  R review  ·  Esc close")
        else:
            right = _("{result}  ·  Space pause  ·  Home again  ·  R review  ·  Esc close")
        return left, right.format(result=result_text(record))


def ended_when(record: GameRecord) -> str:
    """When a recorded game ended, in the player's time zone and language's way of writing it
    (its recorded UTC time as it stands where that cannot be read)."""
    try:
        ended = datetime.fromisoformat(record.ended_at)
    except ValueError:
        return record.ended_at
    if ended.tzinfo is None:
        ended = ended.replace(tzinfo=timezone.utc)
    return day_and_time(ended.astimezone())


def open_review(over: TableScene, record: GameRecord) -> None:
    """Push the review of a recorded game (its moves replayed from its seed) over the table
    scene ``over``, with its options (and their saving) and its sounds. A game from before
    the skill score gets its score kept once the review has worked it out."""
    from tcf_gui.gui.review_scene import ReviewScene

    history = over.history

    def keep_score(skill: Skill) -> None:
        if history is not None:
            problem = history.set_skill(record, skill)
            if problem:
                over.toast(problem)

    friend = record.p2 if record.kind == FRIEND else None  # (a name, not a strategy)
    ReviewScene.open_over(over, record.replay(), record.p2,
                          None if record.scored else keep_score, friend=friend)


def run_replay(record: GameRecord) -> int:
    """Open the window on a replay of ``record``; 0 when closed, 1 if it cannot open."""
    try:
        from tcf_gui.gui import app
    except ImportError as error:  # pygame missing
        print(_("tcf-gui: cannot open the window: {problem}").format(problem=error), file=sys.stderr)
        return 1
    from tcf_gui.config.settings import load_settings, save_option
    from tcf_gui.gui.sounds import Sounds

    try:
        record.replay()
    except HistoryError as error:
        print(f"tcf-gui: {error}", file=sys.stderr)
        return 2

    settings, warning = load_settings()
    if warning:
        print(f"tcf-gui: {warning}", file=sys.stderr)
    sounds = Sounds(settings.sound)

    def scene(size: tuple[int, int]) -> SceneManager:
        replay = ReplayScene(settings, size, record, sounds)
        replay.keep = partial(save_option, settings)
        return SceneManager(replay)

    try:
        app.run_app(scene)
    except app.pygame.error as error:
        print(_("tcf-gui: cannot open the window: {problem}").format(problem=error), file=sys.stderr)
        return 1
    return 0
