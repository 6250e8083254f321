"""The person's game: Player 1 clicks a card to discard, Player 2 is a computer player.

A thin adapter over a TableSession (tcf_gui.play): the session deals the run's games (game 1
from the run's seed, so the seed on the status line replays that game as game 1, ``tcf-gui
--seed S``), asks both seats, counts and writes the history; this scene animates its events
and hands the person's clicks and keys to the person's seat.

A click is never eaten and never discards a card the person has not seen: while cards move
a click or key only hurries them; a discard needs the table to have been still for
``SETTLE_MS`` and no other press in the ``BURST_MS`` before it, so the rest of a double or
triple click that hurried the cards never becomes a discard.
"""
from __future__ import annotations

import dataclasses
import math
import sys
from functools import partial
from typing import Any, Callable

import pygame

from tcf_gui.engine.events import Event
from tcf_gui.engine.game import Game
from tcf_gui.history import ORDINARY, History
from tcf_gui.i18n import N_, _
from tcf_gui.levels import LEVELS, level_name, level_of
from tcf_gui.config.speeds import speed_name
from tcf_gui.play import PersonSeat, Seat, SeatFailure, TableSession
from tcf_gui.play.scoring import GameScorer
from tcf_gui.history.record import Record
from tcf_gui.engine.strategies.registry import strategy_names
from tcf_gui.gui import palette
from tcf_gui.gui.help_overlay import FULLSCREEN_ROW, HELP_ROW, HOW_TO_PLAY_ROW, SPEED_ROW
from tcf_gui.gui.coach_overlay import CoachOverlay
from tcf_gui.gui.daily_deal import DailyDeal
from tcf_gui.gui.first_run import welcome
from tcf_gui.gui.menu import Item, MenuScene, confirm, notice
from tcf_gui.gui.render import Banner, Seat as SeatLabel
from tcf_gui.gui.scene_manager import SCREENS, Scene
from tcf_gui.gui.table import ENTER_KEYS, Options, Sounds, TableScene, rules_help

SLOT_KEYS = {pygame.K_1: 0, pygame.K_2: 1, pygame.K_3: 2,
             pygame.K_KP1: 0, pygame.K_KP2: 1, pygame.K_KP3: 2}
RESULT_COLOURS = {0: palette.DRAW, 1: palette.WIN, 2: palette.LOSS}
#: How long the table must have been still before a click or key may discard (ms).
SETTLE_MS = 250
#: Presses closer together than this are one burst: one that hurried cards discards nothing.
BURST_MS = 500
#: Who takes Player 2's seat when the chosen strategy fails.
FALLBACK_OPPONENT = "heuristic"


class PlayScene(TableScene):
    """A person (Player 1) against a computer Player 2, game after game."""

    #: Keys shown in the help; a key's letter is the key itself, not a word to translate.
    keys_help = [
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
    banner_button = N_("New game  (N)")
    #: ``--server`` and ``--name`` for Play a friend, and the choices made there
    #: (tcf_gui.gui.friend_menu.FriendOptions), set when the window opens.
    friend_options: Any = None
    #: The spectator's option: a person's games are always kept.
    not_offered = frozenset({"keep_watched"})

    def __init__(self, settings: Options, size: tuple[int, int], *, seed: int | None = None,
                 opponent: str = "heuristic", sounds: Sounds | None = None,
                 record: Record | None = None, history: History | None = None,
                 resume: bool = False, daily: bool = False) -> None:
        super().__init__(settings, size, sounds)
        self.history = history
        self.record_before = record if record is not None else Record()
        """The all-time record as it stood when the session began (or the statistics were
        reset: none)."""
        self.counted_before = Record()
        """This session's games counted before the statistics were reset (none if not)."""
        self.flag_opponent = opponent
        """The opponent the session began with (offered in the menu beside the levels)."""
        self.person = PersonSeat()
        self.session = TableSession(self.person, opponent, seed=seed, history=history,
                                    fallback=FALLBACK_OPPONENT, keep_unfinished=True)
        self.shown_score = Record()
        """The session's score as the table shows it (a result still flying is not in it)."""
        self._still_since: float | None = None
        self._last_press = -math.inf
        self.game_over_listeners: list[Callable[[PlayScene], None]] = []
        """Called once when a game's result is on the table (the first-run hints listen)."""
        self._told_over: object = None
        self.coach = CoachOverlay()
        self.option_effects["coach"] = self._coach_changed
        self.scorer = GameScorer(history)
        """Works out each game's skill score off the loop as it ends (tcf_gui.play.scoring)."""
        self.daily = DailyDeal(self)
        """Today's deal at this table (tcf_gui.gui.daily_deal)."""
        if daily:
            self.daily.open()
        if self.session.game is None and not (resume and self._resume()):
            self.new_game()  # (today's deal could not be dealt: the message says why)

    def _coach_changed(self) -> None:
        """The coach on or off (C, or Options under the menu): on, it starts on the position
        on the table at once, so the odds are there when the menu closes."""
        if self.settings.coach and self.awaiting_choice:
            self.coach.update(self.game, self.opponent)
            self.session.coached = True
        self.toast(_("Coach on: each card shows your win chance if discarded")
                   if self.settings.coach else _("Coach off"))

    # -- the session -----------------------------------------------------------------------
    @property
    def run_seed(self) -> int:
        return self.session.run_seed

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

    def new_game(self) -> None:
        """Deal the session's next game on the table (the one before must be settled)."""
        self.session.open_hands = self.settings.open_hands
        self.show_dealt(self.session.deal())

    def show_dealt(self, events: list[Event]) -> None:
        """The game the session just dealt, on the table."""
        assert self.session.game is not None
        self.coach.new_game()
        self.show_game(self.session.game, events, open_hands=self.session.game.open_hands)

    def play_on_unfinished(self, kind: str, seed: int) -> bool:
        """The game of ``kind`` dealt from ``seed`` left unfinished, back on the table."""
        return self._resume(kind, seed)

    def push(self, scene: Scene, short: str = "") -> None:
        """``scene`` over the table (a notice, a menu); before the window runs, ``short``
        as a note on the table instead."""
        if self.manager is not None:
            self.manager.push(scene)
        elif short:
            self.toast(short)

    def _resume(self, kind: str | None = None, seed: int | None = None) -> bool:
        """Put the game a window left unfinished back on the table, as it was (the one of
        ``kind`` dealt from ``seed``, if given); False when there is none."""
        events = self.session.resume(kind, seed)
        self._take_problems()
        game = self.session.game
        if events is None or game is None:
            return False
        self.coach.new_game()
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
            self.manager.push(self.failure_notice(failure))

    def failure_notice(self, failure: SeatFailure) -> MenuScene:
        """What the window says when Player 2's strategy failed."""
        return notice(_("Player 2 ({name}) could not play").format(name=failure.name), [
            failure.reason, _("That game is not counted."),
            _("Player 2 now plays {level}; the menu's Opponent changes it.").format(
                level=self.level_name(FALLBACK_OPPONENT)),
        ], self.layout.size)

    def after_update(self) -> None:
        self._play_on()
        game = self.session.game
        if game is not None and game.over and not self.scorer.knows(game):
            self._score(game)
        self.scorer.poll()
        if not self.awaiting_choice:
            self._still_since = None
        elif self._still_since is None:
            self._still_since = self.now
        if self.state.outcome is not None or self.session.in_progress:
            self.shown_score = Record(**vars(self.session.score))
        if self.settings.coach and self.awaiting_choice:
            self.coach.update(self.game, self.opponent)
            self.session.coached = True
        if self.state.outcome is not None and not self.timeline.busy and self._told_over is not self.game:
            self._told_over = self.game
            for listener in self.game_over_listeners:
                listener(self)

    def quit(self) -> None:
        """Leave: a game not over stays in the history and comes back at the next start."""
        self.session.close()
        super().quit()

    # -- input -----------------------------------------------------------------------------
    def may_discard(self) -> bool:
        """True for a press that may discard: the table still long enough, not in a burst."""
        settled = self._still_since is not None and self.now - self._still_since >= SETTLE_MS
        return self.awaiting_choice and settled and self.now - self._last_press >= BURST_MS

    def _press(self, slot: int | None) -> None:
        """A click on ``slot`` (None: elsewhere) or a slot key: hurry, or discard if allowed."""
        allowed = self.may_discard()
        self._last_press = self.now
        if self.timeline.busy:
            self.timeline.hurry()
        elif slot is not None and allowed:
            self.choose(slot)

    def click(self, pos: tuple[int, int]) -> None:
        if self.state.outcome is not None and not self.timeline.busy:
            if self.layout.button.collidepoint(pos):
                self.new_game()
            elif self.review_button().collidepoint(pos):
                self.open_review()
            elif (copy := self.copy_button()) is not None and copy.collidepoint(pos):
                self.daily.copy()
        else:
            self._press(self.layout.hand_slot_at(pos))

    def scene_key(self, key: int) -> None:
        """1-3 discard, N/Enter deal anew, Q quits, O toggles open hands; other keys hurry
        moving cards."""
        if key == pygame.K_o:  # an option, like F or S: it works while cards move too
            self.set_option("open_hands", not self.settings.open_hands)
        elif key == pygame.K_t:  # the statistics: over the table, which waits below them
            self.open_statistics()
        elif key == pygame.K_c and self.key_mods & pygame.KMOD_CTRL:
            self.daily.copy()  # Ctrl+C: the daily result, once there is one
        elif key == pygame.K_c:
            self.set_option("coach", not self.settings.coach)
        elif key == pygame.K_r and self.state.outcome is not None and not self.timeline.busy:
            self.open_review()
        elif key == pygame.K_q:  # like Esc, it works while cards move too
            self.menu_quit()
        elif key in SLOT_KEYS or self.timeline.busy:
            self._press(SLOT_KEYS.get(key))
        elif key in (pygame.K_n, *ENTER_KEYS):
            self.ask_new_game()

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
        if self.layout.menu_button.collidepoint(self.mouse):
            return True
        if self.state.outcome is not None and not self.timeline.busy:
            copy = self.copy_button()
            return (self.layout.button.collidepoint(self.mouse)
                    or self.review_button().collidepoint(self.mouse)
                    or copy is not None and copy.collidepoint(self.mouse))
        return self.hover_slot() is not None

    # -- the menu --------------------------------------------------------------------------
    def menu(self) -> MenuScene:
        return MenuScene(_("Menu"), self.menu_items(), self.layout.size, text=self.text,
                         lines=(_("You against {level}   ·   this session {score}").format(
                             level=self.level_name(self.opponent), score=self.shown_score),))

    def menu_items(self) -> list[Item]:
        return [
            self.resume_item(),
            Item(_("New game"), self.ask_new_game, key=pygame.K_n),
            Item(_("Today's deal"), self.daily.open, value=lambda: self.daily.menu_value()),
            Item(_("Opponent"), self.open_opponents, value=self.level_name),
            Item(_("Options"), self.open_options),
            Item(_("Statistics"), self.open_statistics, key=pygame.K_t),
            Item(_("Play a friend"), self.open_friends),
            Item(_("Help"), self.open_help, key=pygame.K_h),
            Item(_("How to play"), self.open_how_to_play),
            Item(_("Quit"), self.menu_quit, key=pygame.K_q),
        ]

    def open_friends(self) -> None:
        """Play a friend: host or join a table over the network (tcf_gui.gui.friend_menu)."""
        from tcf_gui.gui.friend_menu import open_friend_menu

        open_friend_menu(self)

    def ask_new_game(self) -> None:
        """A new deal. A deal seen is played: before the first move it stays on the table;
        after it, a new deal asks first, as it gives this game up (a loss)."""
        def deal() -> None:
            self.close_menus()
            given_up = self.session.game
            if self.session.give_up() and given_up is not None:
                self._score(given_up)
            self.new_game()

        if not self.session.in_progress:
            deal()
        elif not self.session.moved:
            self.close_menus()
            self.toast(_("This deal is yours to play: a new game comes after your first move"))
        elif self.manager is not None:
            self.manager.push(confirm(_("New game?"), (_("This game is not over:"),
                                                       _("a new deal now gives it up, a loss.")),
                                      _("Deal again (a loss)"), deal, self.layout.size,
                                      on_no=self.close_menus))

    def menu_quit(self) -> None:
        """Quit (the menu's Quit, or Q); mid-game it asks first, and the game is kept."""
        def leave() -> None:
            self.close_menus()
            self.quit()

        if self.in_progress and self.manager is not None:
            self.manager.push(confirm(_("Quit?"), (_("This game is not over: it is kept,"),
                                                   _("and comes back when you start again.")),
                                      _("Quit"), leave, self.layout.size, on_no=self.close_menus))
        else:
            leave()

    def levels(self) -> list[tuple[str, str]]:
        """The opponents offered: the levels that exist, and the one the session began with."""
        known = set(strategy_names())  # a level whose strategy is not registered is left out
        levels = [(_(level.name), level.spec) for level in LEVELS if level.spec in known]
        if self.flag_opponent not in (name for _, name in levels):
            levels.append((_("Yours"), self.flag_opponent))
        return levels

    def level_name(self, name: str | None = None) -> str:
        """'Normal (heuristic)' for a level, the spec alone for another opponent (by default
        the one who plays the next game)."""
        return level_name(name or self.next_opponent)

    def open_opponents(self) -> None:
        levels = self.levels()
        lines = [_("Player 2 plays this from the next game.")]
        offered = {spec for name, spec in levels}
        lines += [level.strength_line() for level in LEVELS if level.spec in offered]
        menu = MenuScene(_("Opponent"), [], self.layout.size, text=self.text, lines=tuple(lines))

        def choose(name: str) -> None:
            self.session.sit(2, name)
            if level_of(name) is not None:
                self.set_option("opponent", name)
            menu.done = True
            self.toast(_("Player 2: {level} from the next game").format(level=self.level_name(name)))

        for level, name in levels:
            label = (_("{level}: {strategy}  (now)") if name == self.next_opponent
                     else _("{level}: {strategy}")).format(level=level, strategy=name)
            menu.items.append(Item(label, partial(choose, name)))
        menu.items.append(Item(_("Back"), menu.back))
        if self.manager is not None:
            self.manager.push(menu)

    def open_statistics(self) -> None:
        factory = SCREENS.get("statistics")
        screen: Scene
        if factory is not None:
            screen = factory(self)
        else:
            lines = ((_("This session: {score}").format(score=self.shown_score),
                      _("All time: {score}").format(score=self.record))
                     if self.record.games else (_("No games yet."),))
            screen = MenuScene(_("Statistics"), [], self.layout.size, text=self.text, lines=lines)
            screen.items = [Item(_("Back"), screen.back)]
        if self.manager is not None:
            self.manager.push(screen)

    # -- the coach and the review ----------------------------------------------------------
    def open_review(self) -> None:
        """The finished game move by move, over the table (tcf_gui.gui.review_scene)."""
        from tcf_gui.gui.review_scene import ReviewScene

        ReviewScene.open_over(self, self.game, self.opponent)

    def review_button(self) -> pygame.Rect:
        """The Review button, left of the banner's New game button."""
        return self.layout.second_button

    def draw_extras(self, surface: pygame.Surface) -> None:
        if self.settings.coach and self.awaiting_choice:
            self.coach.draw(surface, self.layout, self.text, self.renderer.card_set.style,
                            self.coach.advice_for(self.game, self.opponent))

    def draw(self, surface: pygame.Surface) -> None:
        super().draw(surface)
        banner = self.banner()
        if banner is not None and not self.timeline.busy and not self.help_open:
            self.renderer.button(surface, self.review_button(), self.review_label(), self.layout.font_px,
                                 self.review_button().collidepoint(self.mouse), quiet=True)
            self.daily.draw(surface, banner)

    @staticmethod
    def review_label() -> str:
        return _("Review  (R)")

    def banner_buttons(self) -> list[str]:
        return [*super().banner_buttons(), self.review_label()]

    def copy_button(self) -> pygame.Rect | None:
        """The daily banner's Copy result button, when it shows one."""
        banner = self.banner()
        return None if banner is None else self.daily.copy_button(banner)

    def banner(self) -> Banner | None:
        """The end-of-game banner with the skill score's line under the reason, and for
        today's deal the record's row."""
        banner = super().banner()
        if banner is None:
            return None
        notes = [self.score_note()]
        daily = self.daily.note()
        if daily is not None:
            notes.append(daily)
        return dataclasses.replace(banner, notes=tuple(notes), room=self.daily.button_room())

    def score_note(self) -> tuple[str, palette.RGB]:
        """The skill score of the game on the table, as far as it is worked out."""
        return self.skill_note(self.scorer.skill_for(self.game))

    # -- words on the table ----------------------------------------------------------------
    def seats(self) -> dict[int, SeatLabel]:
        return {1: SeatLabel(_("You"), _("your hand")),
                2: SeatLabel(_("Player 2"), self.level_name(self.opponent))}

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
        """The all-time record of ordinary games, this session's included (those since the
        statistics were reset, if they were)."""
        total = Record(**vars(self.record_before))
        total += self.session.scores.get(ORDINARY, Record()) - self.counted_before
        return total

    def statistics_reset(self) -> None:
        """The statistics screen reset the history: the all-time record starts from nothing."""
        self.record_before = Record()
        self.counted_before = Record(**vars(self.session.scores.get(ORDINARY, Record())))

    def help_lines(self) -> list[str]:
        return rules_help() + [_("Your record: this session {session}, all time {all_time}.").format(
            session=self.score, all_time=self.record), ""]
