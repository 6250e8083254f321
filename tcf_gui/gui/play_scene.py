"""The person's game: Player 1 clicks a card to discard, Player 2 is a computer player.

A thin adapter over a TableSession (tcf_gui.play): the session deals the run's games (game 1
from the run's seed, so the seed on the status line replays that game as game 1, ``tcf-gui
--seed S``), asks both seats, counts and writes the history; this scene animates its events
and hands the person's clicks and keys to the person's seat (through the part that is
their hand, tcf_gui.gui.person_hand).
"""
from __future__ import annotations

import sys
from typing import Any, Callable

import pygame

from tcf_gui.engine.events import Event
from tcf_gui.engine.game import Game
from tcf_gui.history import History
from tcf_gui.history.kinds import SEEDED
from tcf_gui.i18n import N_, _
from tcf_gui.levels import DEFAULT_OPPONENT, short_name
from tcf_gui.config.speeds import speed_name
from tcf_gui.play import PersonSeat, Seat, SeatFailure, TableSession
from tcf_gui.play.scoring import GameScorer
from tcf_gui.history.record import Record
from tcf_gui.gui import palette
from tcf_gui.gui.help_overlay import FULLSCREEN_ROW, HELP_ROW, HOW_TO_PLAY_ROW, SPEED_ROW
from tcf_gui.gui.coach_overlay import CoachBadges, CoachOverlay
from tcf_gui.gui.all_time import AllTime
from tcf_gui.gui.daily_deal import DailyDeal
from tcf_gui.gui.end_buttons import EndButtons, review_label
from tcf_gui.gui.first_run import welcome
from tcf_gui.gui.game_tag import GameTag
from tcf_gui.gui.keys import ENTER_KEYS, SLOT_KEYS
from tcf_gui.gui.person_hand import PersonHand
from tcf_gui.gui.play_menu import PlayMenu, failure_notice
from tcf_gui.gui.render import Banner, SeatLabel
from tcf_gui.gui.scene_manager import Scene
from tcf_gui.gui.table import TableScene, rules_help
from tcf_gui.gui.table_view import Options, Sounds

RESULT_COLOURS = {0: palette.DRAW, 1: palette.WIN, 2: palette.LOSS}
#: Who takes Player 2's seat when the chosen strategy fails.
FALLBACK_OPPONENT = DEFAULT_OPPONENT
#: The keys of the person's table, shown in its help; a key's letter is the key itself, not a
#: word to translate.
KEYS_HELP = [
    # TRANSLATORS: the help's left column names keys and clicks: "click", "key" and
    # "Enter" are words; letters, digits and F1 are the keys themselves.
    (N_("click, 1-3"), N_("discard that card of yours (bottom row)")),
    (N_("click, key"), N_("while cards move: hurry them along")),
    (N_("N / Enter"), N_("new game (after your first move it asks: that gives this one up, a loss)")),
    ("L", N_("the turn log; the wheel or PgUp / PgDn scroll it")),
    ("O", N_("open hands (both hands face up) from the next game")),
    ("F", N_("four-colour deck (green clubs, blue diamonds)")),
    ("S", N_("sound on or off")),
    ("T", N_("statistics: your games, win rate, streaks, charts")),
    ("C", N_("coach: each card shows your win chance if you discard it")),
    ("R", N_("review the game move by move, once it is over")),
    (N_("Ctrl+C"), N_("copy the result of today's deal, once it is over")),
    SPEED_ROW,
    FULLSCREEN_ROW,
    HELP_ROW,
    ("Q", N_("quit: a game not over is kept and comes back at the next start")),
    ("W", N_("in this help: the welcome of the first start again")),
    HOW_TO_PLAY_ROW,
    (N_("Esc"), N_("the menu: new game, opponent, options, statistics, quit")),
]


class PlayScene(TableScene):
    """A person (Player 1) against a computer Player 2, game after game."""

    keys_help = KEYS_HELP
    menus: PlayMenu
    banner_button = N_("New game  (N)")
    #: ``--server`` and ``--name`` for Play a friend, and the choices made there
    #: (tcf_gui.gui.friend_menu.FriendOptions), set when the window opens.
    friend_options: Any = None
    #: The spectator's option: a person's games are always kept.
    not_offered = frozenset({"keep_watched"})

    def __init__(self, settings: Options, size: tuple[int, int], *, seed: int | None = None,
                 opponent: str = DEFAULT_OPPONENT, sounds: Sounds | None = None,
                 record: Record | None = None, history: History | None = None,
                 resume: bool = False, daily: bool = False,
                 statistics: Callable[[Any], Scene] | None = None) -> None:
        super().__init__(settings, size, sounds)
        self.history = history
        self.statistics_screen = statistics
        """Builds the statistics screen over this table (the window passes tcf_gui.gui.
        stats.scene.open_statistics); None: the menu shows the record as a placeholder."""
        self.all_time = AllTime(record if record is not None else Record())
        self.flag_opponent = opponent
        """The opponent the session began with (offered in the menu beside the levels)."""
        self.person = PersonSeat()
        self.session = TableSession(self.person, opponent, seed=seed, history=history,
                                    fallback=FALLBACK_OPPONENT, keep_unfinished=True)
        self.shown_score = Record()
        """The session's counted games as the table shows them (not one still flying)."""
        self.game_over_listeners: list[Callable[[], None]] = []
        """Called once when a game's result is on the table (the first-run hints listen)."""
        self._told_over: object = None
        self.coach = CoachOverlay()
        self.coach_badges = CoachBadges(self, self.coach)
        self.options.effects["coach"] = self.coach_badges.switched
        self.scorer = GameScorer(history)
        """Works out each game's skill score off the loop as it ends (tcf_gui.play.scoring)."""
        self.daily = DailyDeal(self)
        """Today's deal at this table (tcf_gui.gui.daily_deal)."""
        self.end_buttons = EndButtons(self)
        self.person_hand = PersonHand(self)
        self.tag = GameTag(self)
        self.extras += [self.tag, self.person_hand, self.coach_badges]
        self.overlays.append(self.end_buttons)
        if daily:
            self.daily.open()
        if self.session.game is None and not (resume and self.play_on_unfinished()):
            self.new_game()  # (today's deal could not be dealt: the message says why)

    # -- the session -----------------------------------------------------------------------
    @property
    def score(self) -> Record:
        """This session's games, counted as each ended."""
        return self.session.score

    @property
    def game_number(self) -> int:
        return self.session.game_number

    @property
    def p2(self) -> Seat:
        return self.session.seat(2)

    @property
    def opponent(self) -> str:
        """Who plays Player 2 in the game on the table."""
        return self.p2.name

    @property
    def next_opponent(self) -> str:
        """Who plays Player 2 from the next game."""
        return self.session.next_seat(2).name

    def new_game(self, seed: int | None = None) -> None:
        """Deal the session's next game on the table (the one before must be settled), or
        the deal ``seed`` (a practice game: known beforehand)."""
        self.session.open_hands = self.settings.open_hands
        self.show_dealt(self.session.deal(seed, None if seed is None else SEEDED))

    def show_dealt(self, events: list[Event]) -> None:
        """The game the session just dealt, on the table."""
        assert self.session.game is not None
        self.coach.new_game()
        self.show_game(self.session.game, events, open_hands=self.session.game.open_hands)

    def push(self, scene: Scene, short: str = "") -> None:
        """``scene`` over the table (a notice, a menu); before the window runs, ``short``
        as a note on the table instead."""
        if self.manager is not None:
            self.manager.push(scene)
        elif short:
            self.toast(short)

    def play_on_unfinished(self, kind: str | None = None, seed: int | None = None) -> bool:
        """Put the game a window left unfinished back on the table, as it was (the one of
        ``kind`` dealt from ``seed``, if given); False when there is none."""
        events = self.session.resume(kind, seed)
        self._take_problems()
        game = self.session.game
        if events is None or game is None:
            return False
        self.coach.new_game()
        self.tag.resumed = game
        self.show_game(game, events, open_hands=game.open_hands, at_once=True)
        self.toast(_("Your game is back where you left it: turn {n}").format(n=game.turns + 1))
        return True

    @property
    def in_progress(self) -> bool:
        """A game is at stake: its hands are shown and it is not over."""
        return self.state.dealt and self.session.in_progress

    @property
    def awaiting_choice(self) -> bool:
        """True when the person may discard: dealt, not over, nothing moving, not chosen."""
        return (self.state.dealt and self.session.in_progress and not self.timeline.busy
                and not self.session.answered(1))

    @property
    def animating(self) -> bool:
        """Moving cards, or a player or the coach still thinking (the loop keeps polling)."""
        coaching = self.settings.coach and self.awaiting_choice and self.coach.thinking
        scoring = self.scorer.working  # the score line fills in when it comes
        return super().animating or self.p2.thinking or coaching or scoring

    def choose(self, slot: int) -> bool:
        """Player 1 discards ``slot``; the turn is played once Player 2 has chosen too (from
        its own view, asked when the turn began)."""
        if not self.awaiting_choice:
            return False
        self._play_on()  # the seats are asked, if they were not yet
        if not self.person.give(slot):
            return False
        self._play_on()
        return True

    def _play_on(self) -> None:
        """Whatever the session did since the last frame: a turn to animate, a seat that
        failed, a history that could not be written."""
        events = self.session.poll()
        failure = self.session.take_failure()
        if failure is not None:
            self._strategy_failed(failure)
        elif events:
            self.animate(events)
        self._take_problems()

    def _take_problems(self) -> None:
        """The session's problems with the history: one line on stderr, and a toast."""
        for problems in (self.session.keeper.problems, self.scorer.problems):
            while problems:
                problem = problems.pop(0)
                print(f"tcf-gui: {problem}", file=sys.stderr)
                self.toast(problem)

    def _score(self, game: Game) -> None:
        """Start working out the skill score of ``game``, which just ended or was given up,
        off the loop; it is stored with the game the history wrote for it."""
        record = self.session.keeper.last
        if record is not None and (record.seed, record.moves) != (game.seed, tuple(game.moves)):
            record = None
        self.scorer.score(game, self.opponent, record)

    def _strategy_failed(self, failure: SeatFailure) -> None:
        """Say what went wrong (window and one line on stderr): that game is not counted,
        and a new one is dealt against the built-in Normal level."""
        print(f"tcf-gui: {failure.reason}", file=sys.stderr)
        self.new_game()
        if self.manager is not None:
            self.manager.push(failure_notice(failure, FALLBACK_OPPONENT, self.layout.size))

    def after_update(self) -> None:
        self._play_on()
        game = self.session.game
        if game is not None and game.over and not self.scorer.knows(game):
            self._score(game)
        self.scorer.poll()
        if self.state.outcome is not None or self.session.in_progress:
            self.shown_score = Record(**vars(self.session.counted))  # as the record counts
        if self.state.outcome is not None and not self.timeline.busy and self._told_over is not self.game:
            self._told_over = self.game
            for listener in self.game_over_listeners:
                listener()

    def quit(self) -> None:
        """Leave: a game not over stays in the history and comes back at the next start."""
        self.session.close()
        super().quit()

    # -- input -----------------------------------------------------------------------------
    def click(self, pos: tuple[int, int]) -> None:
        """A click no part took: the banner's New game."""
        if self.end_buttons.shown and self.layout.button.collidepoint(pos):
            self.new_game()

    def scene_key(self, key: int) -> None:
        """1-3 discard, N/Enter deal anew, O toggles open hands; other keys hurry
        moving cards."""
        if key == pygame.K_o:  # an option, like F or S: it works while cards move too
            self.set_option("open_hands", not self.settings.open_hands)
        elif key == pygame.K_t:  # the statistics: over the table, which waits below them
            self.menus.open_statistics()
        elif key == pygame.K_c and self.key_mods & pygame.KMOD_CTRL:
            self.daily.copy()  # Ctrl+C: the daily result, once there is one
        elif key == pygame.K_c:
            self.set_option("coach", not self.settings.coach)
        elif key == pygame.K_r and self.state.outcome is not None and not self.timeline.busy:
            self.open_review()
        elif key in SLOT_KEYS or self.timeline.busy:
            self.person_hand.press(SLOT_KEYS.get(key))
        elif key in (pygame.K_n, *ENTER_KEYS):
            self.menus.ask_new_game()

    def help_key(self, key: int) -> None:
        if key == pygame.K_w and self.manager is not None:
            self.manager.push(welcome(self.layout.size))

    def hover_slot(self) -> int | None:
        if not self.awaiting_choice:
            return None
        return self.layout.hand_slot_at(self.mouse)

    def key_labels(self) -> bool:
        return self.awaiting_choice

    @property
    def wants_hand_cursor(self) -> bool:
        if self.menu_button.points_at(self.mouse):
            return True
        if self.end_buttons.shown:
            return (self.layout.button.collidepoint(self.mouse)
                    or self.end_buttons.points_at(self.mouse))
        return self.hover_slot() is not None

    # -- the menu --------------------------------------------------------------------------
    def menu_tree(self) -> PlayMenu:
        return PlayMenu(self)

    def deal_again(self, seed: int | None = None) -> None:
        """Give the game on the table up (if it is not over: a loss) and deal the next (or
        ``seed``: new_game)."""
        given_up = self.session.game
        if self.session.give_up() and given_up is not None:
            self._score(given_up)
        self.new_game(seed)

    # -- the coach and the review ----------------------------------------------------------
    def open_review(self) -> None:
        """The finished game move by move, over the table (tcf_gui.gui.review_scene)."""
        from tcf_gui.gui.review_scene import ReviewScene

        ReviewScene.open_over(self, self.game, self.opponent)

    def banner_buttons(self) -> list[str]:
        return [*super().banner_buttons(), review_label()]

    def banner(self) -> Banner | None:
        """The end-of-game banner with the skill score's line, and today's deal's row."""
        return self.end_buttons.dressed(super().banner())

    # -- words on the table ----------------------------------------------------------------
    def seats(self) -> dict[int, SeatLabel]:
        return {1: SeatLabel(_("You"), _("your hand")),
                2: SeatLabel(_("Player 2"), short_name(self.opponent))}

    def hint(self) -> str:
        if self.session.answered(1) and self.p2.thinking:
            return _("Player 2 is thinking…")
        if self.awaiting_choice:
            caption = self.coach.caption(self.game, self.opponent) if self.settings.coach else ""
            if caption:
                return caption
            return _("Your turn: click a card (or press 1, 2, 3) to discard it")
        return ""

    def result_colour(self, winner: int) -> tuple[int, int, int]:
        return RESULT_COLOURS[winner]

    def status_text(self) -> tuple[str, str]:
        right = _("You {score}   ·   {speed}   ·   Esc menu   H help   L log").format(
            score=self.shown_score, speed=speed_name(self.settings.speed))
        return self.status_left(str(self.game_number)), right

    @property
    def record(self) -> Record:
        """The all-time record of ordinary games, this session's included."""
        return self.all_time.with_session(self.session)

    def statistics_reset(self) -> None:
        """The statistics screen reset the history: the all-time record starts from nothing."""
        self.all_time.reset(self.session)

    def help_lines(self) -> list[str]:
        return rules_help() + [_("Your record: this session {session}, all time {all_time}.").format(
            session=self.shown_score, all_time=self.record), ""]
