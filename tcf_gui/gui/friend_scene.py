"""A friend's table in the window: the same table, its game played on a server.

The scene is driven by the server's messages, which a TableClient (tcf_gui.net.client)
gathers on its worker thread: the loop takes them each frame without waiting, one at a time
and only while no card is moving, so the picture follows the game turn by turn. What the
client knows is a FriendTable (tcf_gui.net.mirror): its events are this side's view of the
game (your hand at the bottom), animated as any game's are. The other hand stays face down
until the end, when the server reveals the deck: the table is then laid again from the game
replayed from it, the check of the deal is on the end screen ("deal verified"), and the game
goes into the history as a game against a friend.

A click or a key on one of your cards sends your discard; the hint line says who is still
choosing and how long the turn timer has left. Faults are one line each: a connection lost
is taken up again by itself, a server gone ends the table (the game is kept as unfinished).
"""
from __future__ import annotations

import sys
from typing import Any

import pygame

from tcf_gui.engine.events import Event
from tcf_gui.words.results import Explanation
from tcf_gui.args import MAX_NAME
from tcf_gui.history import GameRecord, History
from tcf_gui.i18n import N_, _
from tcf_gui.net.client import BACK, FAILED, GONE, LOST
from tcf_gui.net.messages import leave, rematch as rematch_message
from tcf_gui.net.mirror import FriendTable, ServerError, seen_from
from tcf_gui.net.sealed.client import table_for
from tcf_gui.net.start import Link
from tcf_gui.play.scoring import GameScorer
from tcf_gui.net.words import flood_line, link_line, refusal_line, timer_line, verdict_line
from tcf_gui.gui.help_overlay import HELP_ROW
from tcf_gui.gui.friend_table_menu import FriendTableMenu
from tcf_gui.gui.friend_words import FriendWords
from tcf_gui.gui.keys import ENTER_KEYS, PRESS_KEYS, SLOT_KEYS
from tcf_gui.gui.render import Banner, SeatLabel, friend_seats
from tcf_gui.gui.table import TableScene
from tcf_gui.gui.table_view import Options, Sounds
from tcf_gui.gui.turn_log import LogLine

#: The most messages waiting to be shown: a game and its end told again after a reconnect are
#: under 60.
MAX_PENDING = 1000


class FriendScene(TableScene):
    """A table whose other seat is a person at another window (or terminal)."""

    #: The window's close button reaches this scene too (it leaves the table).
    hears_quit = True
    not_offered = frozenset({"open_hands", "coach"})
    menus: FriendTableMenu
    help_title = N_("A friend's table")
    keys_help = [
        (N_("click, 1-3"), N_("discard that card of yours (bottom row)")),
        (N_("N / Enter"), N_("at the end: ask for a rematch")),
        ("R", N_("review the game move by move, once it is over")),
        (N_("L"), N_("the turn log")),
        HELP_ROW,
        ("Q", N_("leave the table")),
        (N_("Esc"), N_("the menu: rematch, leave the table")),
    ]

    def __init__(self, settings: Options, size: tuple[int, int], link: Link, *,
                 sounds: Sounds | None = None, history: History | None = None,
                 scorer: GameScorer | None = None) -> None:
        super().__init__(settings, size, sounds)
        self.link = link
        self.history = history
        self.table = FriendTable(kept=link.client.kept)
        self.problem = ""
        """The one line that ended the table (refused, unreachable, server gone), or ""."""
        self.link_note = ""
        self.asked_at = 0.0
        self.score = [0, 0, 0]
        """This table's games from your side: won, lost, drawn (a spectator's: Player 1's
        wins, Player 2's, the draws)."""
        self.saved_games: set[int] = set()
        self.scorer = scorer or GameScorer(history)
        """Your skill score of each game, against the Normal model (a person's play is not
        modelled), worked out off the loop and kept with the game. The window's table below
        shares it: a score still coming when you leave is kept all the same."""
        self._pending: list[dict[str, Any]] = []
        self._taken = 0
        self.words = FriendWords(self)
        self.show_events([], open_hands=False)

    # -- the link ---------------------------------------------------------------------------
    @property
    def frame_key(self) -> object:
        """What changes the picture without an event (app.FramePacer): the time while cards
        move, else what the server said, the timer's seconds and the link's state. The loop
        keeps looking at idle speed meanwhile, and takes the server's messages."""
        if super().animating:
            return self.now
        return (self._taken, self.words.seconds_left(), self.link_note, self.problem,
                self.scorer.working)

    def after_update(self) -> None:
        """Take what the server said, one message at a time while no card moves. A server
        that says far more than a table needs ends the table (the backlog is bounded)."""
        self.scorer.poll()
        while self.scorer.problems:
            self.toast(self.scorer.problems.pop(0))
        self._pending.extend(self.link.client.messages())
        if self.problem:  # the table has ended: nothing it is told any more counts
            self._pending.clear()
            return
        if len(self._pending) > MAX_PENDING:
            self._end_with(flood_line())
            return
        while self._pending and not self.timeline.busy and not self.done and not self.problem:
            self._taken += 1
            self.take(self._pending.pop(0))

    def take(self, message: dict[str, Any]) -> None:
        """One message from the server (or a note about the link)."""
        kind = message["type"]
        if kind == "link":
            self._link(message)
            return
        if kind == "refused":
            self._end_with(refusal_line(message.get("reason"), self.link.address))
            return
        self.table = table_for(message, self.table)  # (a sealed table: its own mirror)
        try:
            events = self.table.take(message)
        except ServerError as error:
            self._end_with(str(error))
            return
        kind = self.table.news(message)
        self.link.send(self.table.outgoing())
        if events is None:
            return  # told again (after a reconnect), or about another game: shown before
        if kind == "ask" or (kind == "turn" and "ask" in message):
            self.asked_at = self.now  # the timer shown counts from here
        if kind == "deal":  # a spectator sees both hands face down
            self.show_events(events, open_hands=self.table.open_hands,
                             face_up=None if self.table.seat else {1: False, 2: False})
        elif kind == "over":
            self._over(events)
        elif kind == "friend" and self.table.friend_came_back:
            self.toast(_("{name} is back at the table").format(name=self.friend))
        elif events:
            self.animate(events)
            notes = timer_line(self.table, self.table.seat_names())
            if notes:
                self.toast(notes)

    def _link(self, message: dict[str, Any]) -> None:
        state = message.get("state")
        if state == LOST:
            self.link_note = link_line(message, self.link.address)
        elif state == BACK:
            self.link_note = ""
            self.toast(link_line(message, self.link.address))
        elif state in (FAILED, GONE):
            self._end_with(link_line(message, self.link.address, self.table.in_game))

    def _end_with(self, line: str) -> None:
        """The table ends with one line (window and stderr); a game in progress stays
        unfinished."""
        if not self.problem:
            self.problem = line
            print(f"tcf-gui: {line}", file=sys.stderr)
            if self.history is not None and self.table.in_game and self.table.seat:
                from tcf_gui.net.history import unfinished_record

                problem = self.history.keep_unfinished(unfinished_record(self.table))
                if problem:
                    print(f"tcf-gui: {problem}", file=sys.stderr)
        self.link_note = ""

    def _over(self, events: list[Event]) -> None:
        """The end: the table laid again from the game replayed from the revealed deck, then
        the result shown; the game saved."""
        ending = self.table.ending
        assert ending is not None
        if not ending.verdict.verified:  # not shown as played, nor counted: the table ends
            self._save()  # (kept as not verified)
            self._end_with(verdict_line(self.table))
            return
        if events:
            self.show_events(self.table.events[:-1], open_hands=self.table.open_hands,
                             at_once=True)
            self.animate(events)
        elif ending.abandoned_by:  # the game stops where it was: both hands face up
            self.show_events([seen_from(event, self.table.me) for event in ending.game.events],
                             open_hands=True, at_once=True, face_up={1: True, 2: True})
        self.game = ending.game
        # The score: a player's wins, losses and draws; a spectator's: Player 1's wins,
        # Player 2's, and the draws.
        self.score[(ending.winner_from(self.table.seat) - 1) % 3] += 1
        if self.table.seat:
            record = self._save()
            if self.reviewable:  # (else the game replayed is not the game played)
                self.scorer.score(ending.game, None, record, seat=self.table.seat,
                                  skip=self.table.timed_out_turns)

    def _save(self) -> GameRecord | None:
        """Write the finished game to the history, as a game against a friend; the record
        written (its skill score is stored with it when worked out)."""
        from tcf_gui.net.history import keep_ended

        if self.history is None or self.table.number in self.saved_games:
            return None
        self.saved_games.add(self.table.number)
        record, problem = keep_ended(self.history, self.table)
        if problem:
            self.toast(problem)
        return record

    # -- moves ------------------------------------------------------------------------------
    @property
    def awaiting_choice(self) -> bool:
        table = self.table
        return (bool(table.seat) and table.in_game and table.asked_turn == table.turn
                and not table.chosen["you"] and not self.timeline.busy and not self.problem)

    def choose(self, slot: int) -> bool:
        if not self.awaiting_choice:
            if self.words.chosen() is not None:  # a second key: said, not ignored
                self.toast(self.words.chosen_line())
            return False
        self.table.moved(slot)
        self.link.send(self.table.outgoing())
        return True

    @property
    def rematch_possible(self) -> bool:
        """A game is over, this side plays, the friend is still at the table and so is the
        server: what Rematch asks can come true."""
        return (self.table.ending is not None and bool(self.table.seat)
                and not self.table.friend_left and not self.problem)

    def rematch(self, back: bool = False) -> None:
        if self.rematch_possible:
            self.link.client.send(rematch_message())
            self.table.rematch_asked_by = self.table.rematch_asked_by or self.table.seat
            self.toast(_("Rematch asked: waiting for {name}").format(name=self.friend))
        elif back and self.table.ending and (self.table.friend_left or not self.table.seat):
            self.quit()  # (the banner's Back, once your friend has left)

    def click(self, pos: tuple[int, int]) -> None:
        if self.problem:
            self.quit()
        elif self.banner() is not None and self.layout.button.collidepoint(pos):
            self.rematch(back=True)
        elif self.timeline.busy:
            self.timeline.hurry()
        else:
            slot = self.layout.hand_slot_at(pos)
            if slot is not None:
                self.choose(slot)

    def scene_key(self, key: int) -> None:
        if self.problem and key in PRESS_KEYS:
            self.quit()
        elif key in SLOT_KEYS and not self.timeline.busy:
            self.choose(SLOT_KEYS[key])
        elif key in (pygame.K_n, *ENTER_KEYS):
            self.rematch(back=key != pygame.K_n)
        elif key == pygame.K_r and not self.timeline.busy:
            self.open_review()
        elif self.timeline.busy:
            self.timeline.hurry()

    @property
    def reviewable(self) -> bool:
        """Whether your game just ended can be reviewed: yours, played from the deck revealed."""
        ending = self.table.ending
        return bool(self.table.seat) and ending is not None and ending.verdict.verified

    def open_review(self) -> None:
        """Your moves in the game just ended, move by move, over the table."""
        from tcf_gui.gui.review_scene import ReviewScene

        ending = self.table.ending
        if self.reviewable and ending is not None:
            ReviewScene.open_over(self, ending.game, None, seat=self.table.seat,
                                  friend=self.friend, timer=self.table.timed_out_turns)

    def hover_slot(self) -> int | None:
        return self.words.raised(self.layout.hand_slot_at(self.mouse))

    def key_labels(self) -> bool:
        return self.awaiting_choice

    # -- leaving ----------------------------------------------------------------------------
    def quit(self) -> None:
        """Leave the table: a game in progress counts as lost (the server says so to the
        friend, who reads that you left rather than lost the connection); the connection and
        a server of our own end."""
        if self.table.seat and not self.problem:
            self.link.send(self.table.leaving() + [leave()])
            if self.table.in_game and self.history is not None:  # a loss here as there
                from tcf_gui.net.history import left_record

                problem = self.history.add(left_record(self.table))
                if problem:
                    print(f"tcf-gui: {problem}", file=sys.stderr)
        self.link.close()
        super().quit()

    def menu_tree(self) -> FriendTableMenu:
        return FriendTableMenu(self)

    def asks_before_closing(self) -> bool:
        return self.menus.asks_before_closing()

    # -- words ------------------------------------------------------------------------------
    @property
    def friend(self) -> str:
        return self.table.friend_name or _("your friend")

    def seats(self) -> dict[int, SeatLabel]:
        if not self.table.seat and self.table.code:  # a spectator
            p1, p2 = self.table.player_names()
            return {1: SeatLabel(p1, _("Player 1")), 2: SeatLabel(p2, _("Player 2"))}
        return friend_seats(self.friend, self.words.own_seat())

    def score_text(self, longest: int = MAX_NAME) -> str:
        return self.words.score_text(longest)

    def hint(self) -> str:
        return self.words.hint()

    def status_text(self) -> tuple[str, str]:
        return self.words.status_text()

    def banner(self) -> Banner | None:
        return self.words.banner()

    def explanation(self) -> Explanation | None:
        return self.words.explanation()

    def log_lines(self) -> list[LogLine]:
        return self.words.log_lines()

    def help_lines(self) -> list[str]:
        return self.words.help_lines()
