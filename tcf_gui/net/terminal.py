"""A friend's game in the terminal: ``tcf-gui play --text --host`` and ``--join``.

The connection runs on its worker thread (tcf_gui.net.client); a second thread reads the
keyboard, and both put what they have on the client's inbox, so the one loop here waits on
one queue and never polls. Each turn shows the table as this player sees it; a move is the
slot typed (1, 2 or 3); ``q`` leaves (a game in progress counts as lost), and at the end
``r`` asks for a rematch. Each game a player finishes (or leaves) goes into their history as
a game against a friend, with the friend's name, as the window's do; one whose server went
away is kept with the games in progress.
"""
from __future__ import annotations

import threading
from typing import TextIO

from tcf_gui.history import History
from tcf_gui.i18n import _, ngettext
from tcf_gui.words.notation import card_text, cards_text, prints_symbols
from tcf_gui.console.progress import is_terminal
from tcf_gui.console.table import table_lines
from tcf_gui.words.cards import hand_name
from tcf_gui.net import messages
from tcf_gui.net.client import FAILED, GONE, TableClient
from tcf_gui.net.history import keep_ended, left_record, unfinished_record
from tcf_gui.net.messages import (Ask, Deal, Friend, Over, Question, Received, RematchAsked,
                                  Seated, Turn, Waiting)
from tcf_gui.net.mirror import FriendTable, ServerError
from tcf_gui.net.sealed.client import table_for
from tcf_gui.net.transcript import folder as transcript_folder, keep
from tcf_gui.net.words import (choosing_line, link_line, refusal_line, result_line, timer_line,
                    verdict_line)

KEYBOARD = "keyboard"
QUIT = ("q", "quit")


def read_keyboard(stdin: TextIO, client: TableClient) -> None:
    """Put every line typed on the client's inbox (None at the end of the input)."""
    def read() -> None:
        while True:
            try:
                line = stdin.readline()
            except (OSError, ValueError, KeyboardInterrupt):
                line = ""
            client.inbox.put({"type": KEYBOARD, "line": line or None})
            if not line:
                return

    threading.Thread(target=read, daemon=True, name="keyboard").start()


def _words(line: str | None) -> str:
    """A line typed as an answer (the end of the input is q)."""
    return (line or "q").strip().lower()


class TerminalFriend:
    """The loop of one player's terminal at a friend's table."""

    def __init__(self, client: TableClient, address: str, stdin: TextIO, stdout: TextIO,
                 join_hint: str = "", history: History | None = None) -> None:
        self.client = client
        self.stdin = stdin
        self.reading = False
        self.address = address
        self.out = stdout
        self.symbols = prints_symbols(stdout)
        """Cards with the suit symbols (10♠), or letters (10S) where stdout cannot print them."""
        self.join_hint = join_hint
        self.table = FriendTable(kept=client.kept)
        self.said: set[str] = set()
        self.exit_code: int | None = None
        self.asked = False
        self.rematch_asked = 0
        """The number of the game after which this player asked for a rematch (0: none)."""
        self.ahead: list[str | None] = []
        """Lines typed before they were asked for (type-ahead), taken in order."""
        self.history = history
        """Where this player's games are kept (None: nowhere, as in the tests)."""
        self.saved: set[int] = set()

    def say(self, *lines: str) -> None:
        self.out.write("".join(f"{line}\n" for line in lines))
        self.out.flush()

    def run(self) -> int:
        """Play until the player leaves or the link ends; the exit code."""
        while True:
            message = self.client.inbox.get()
            if message["type"] == KEYBOARD:
                code = self.typed(message["line"])
            else:
                code = self.told(message)
            if code is not None:
                return code

    # -- the keyboard ------------------------------------------------------------------------
    def typed(self, line: str | None) -> int | None:
        """A line typed: q at once; other lines in order, each when it can be answered (a
        move when one is asked, r or q once a game is over); a q typed behind moves typed
        ahead waits its turn too."""
        if not self.ahead and _words(line) in QUIT:
            return self._answer(_words(line))
        if line is not None and not line.strip() and not self._answerable:
            return None  # an Enter pressed while nothing is asked answers nothing later
        self.ahead.append(line)
        code = self._take_ahead()
        if self.ahead and code is None and line is not None and is_terminal(self.stdin):
            self.say(_("Nothing is asked now: {answer!r} is kept for the next question").format(
                answer=_words(line)))
        return code

    @property
    def _answerable(self) -> bool:
        """Whether a line typed now is answered now (a move asked, the end, or watching)."""
        return self.asked or self.table.ending is not None or not self.table.seat

    def _take_ahead(self) -> int | None:
        """Answer the lines typed so far, oldest first, while something can take them."""
        while self.ahead and self._answerable:
            code = self._answer(_words(self.ahead.pop(0)))
            if code is not None:
                return code
        return None

    def _answer(self, answer: str) -> int | None:
        if answer in QUIT:
            if self.table.seat and not self.client.finished:
                if self.table.in_game:
                    self.say(_("You left the table: the game counts as your loss"))
                self.give_up()
            self.client.close()
            return 0
        if answer == "r" and self.rematch_possible:
            self.client.send(messages.rematch())
            self.rematch_asked = self.table.number
            self.say(_("Rematch asked: waiting for your friend"))
            return None
        if self.asked and answer in ("1", "2", "3"):
            self.asked, slot = False, int(answer) - 1
            self.table.moved(slot)
            self._send_outgoing()
            self._say_choosing()
            return None
        if self.asked:
            self.say(_("Not a choice: {answer!r}. Type 1, 2 or 3 for the card to discard, "
                       "or q to leave.").format(answer=answer))
            self.prompt()
        elif self.table.ending is not None and answer:
            self.say(self.end_keys())
        elif not self.table.seat and answer:
            self.say(_("Watching: q leaves"))
        return None

    def give_up(self) -> None:
        """Leave the table (the friend reads "left", not "lost"); a game in progress goes
        into the history as lost."""
        for message in self.table.leaving():
            self.client.send(message)
        self.client.send(messages.leave())
        if self.table.in_game and self.table.seat and self.history is not None:
            self._keep(self.history.add(left_record(self.table)))

    def _keep(self, problem: str | None) -> None:
        """Say what went wrong keeping a game in the history, if anything did."""
        if problem:
            self.say(problem)

    def end_keys(self) -> str:
        """What may be typed once a game is over."""
        return _("r: a rematch   q: leave") if self.rematch_possible else _("q: leave")

    def _send_outgoing(self) -> None:
        """Send what the table is to send: commitments and their openings."""
        for message in self.table.outgoing():
            self.client.send(message)

    @property
    def rematch_possible(self) -> bool:
        """A game is over and both players are still at the table."""
        ending = self.table.ending
        return (bool(self.table.seat) and ending is not None and not ending.abandoned_by
                and not self.table.friend_left)

    def prompt(self) -> None:
        self.out.write(_("Discard 1, 2 or 3 (q leaves): "))
        self.out.flush()

    # -- the server ----------------------------------------------------------------------------
    def told(self, message: Received) -> int | None:
        kind = message["type"]
        if kind == "link":
            self.say("", link_line(message, self.address, self.table.in_game))
            if message.get("state") in (FAILED, GONE):
                self._keep_unfinished()
                return self.ended_code()
            return None
        if kind == "refused":
            self.say("", refusal_line(message.get("reason", "?"), self.address))
            self.client.close()
            return self.ended_code()
        self.table = table_for(message, self.table)  # (a sealed table: its own mirror)
        try:
            events = self.table.take(message)
        except ServerError as error:
            self.say("", str(error))
            self._keep_unfinished()
            self.client.close()
            return 1
        self._send_outgoing()
        if events is None:
            return None  # told again (after a reconnect), or about another game: said before
        handler = getattr(self, f"on_{self.table.news(message)}", None)
        if handler is not None:
            handler(message)
        code, self.exit_code = self.exit_code, None
        return code

    def _keep_unfinished(self) -> None:
        """A game in progress when the table ends (a lie, a lost server): kept unfinished."""
        if self.table.in_game and self.table.seat and self.history is not None:
            self._keep(self.history.keep_unfinished(unfinished_record(self.table)))

    def ended_code(self) -> int:
        """The exit code when the link ends: 0 after a finished game, 1 in the middle of
        one or before any."""
        return 0 if self.table.number and not self.table.in_game else 1

    def on_seated(self, message: Seated) -> None:
        table = self.table
        if not self.reading:  # the keyboard counts once there is a place to play
            self.reading = True
            read_keyboard(self.stdin, self.client)
        if table.seat == 1 and table.names[1] is None:
            self.say(_("Table open on {address}.").format(address=self.address),
                     _("join code: {code}").format(code=table.code))
            if self.join_hint:
                self.say(_("Your friend joins with:  {command}").format(command=self.join_hint))
            self.say(_("Waiting for your friend…"))
        elif table.seat == 0:
            self.say(_("Watching the table {code}: public information only").format(code=table.code))

    def on_friend(self, message: Friend) -> None:
        table, name = self.table, self.table.friend_name
        if table.friend_left:
            self.say(_("{name} left the table").format(name=name))
        elif table.friend_away:
            self.say(_("{name} lost the connection: their seat is held for a minute").format(name=name))
            if self.asked and table.seconds is not None:
                self.say(_("Your timer is stopped until {name} is back").format(name=name))
        elif table.friend_came_back:
            self.say(_("{name} is back at the table").format(name=name))
        elif table.number == 0 and f"sat:{name}" not in self.said:
            self.said.add(f"sat:{name}")
            self.say(_("{name} sat down. You are Player {seat}.").format(name=name, seat=table.seat))

    def on_deal(self, message: Deal) -> None:
        self.say("", _("=== Game {number}. The deck is committed: SHA-256 {digest}…").format(
            number=self.table.number, digest=self.table.commitment[:16]))

    def on_ask(self, message: Ask | Question) -> None:
        table = self.table
        if not table.seat or int(message["turn"]) != table.turn:
            return
        self.say(*self.table_lines())
        if table.seconds is not None:
            self.say(_("You have {seconds} seconds; then your lowest card is played.").format(
                seconds=round(table.seconds)))
        self.asked = True
        self.prompt()
        self.exit_code = self._take_ahead()

    def on_waiting(self, message: Waiting) -> None:
        self._say_choosing()

    def _say_choosing(self) -> None:
        """Who is still choosing this turn, once."""
        line = choosing_line(self.table)
        key = f"{self.table.number}:{self.table.turn}:{line}"
        if line and key not in self.said:
            self.said.add(key)
            self.say(line)

    def on_turn(self, message: Turn) -> None:
        table, names = self.table, self.table.seat_names()
        self.asked = False
        discards = [card for who, card in table.discards[-2:]]
        line = _("Turn {turn}: {p1} discarded {c1}, {p2} discarded {c2}.").format(
            turn=len(table.moves), p1=names[0], c1=card_text(discards[0], symbols=self.symbols),
            p2=names[1], c2=card_text(discards[1], symbols=self.symbols))
        if table.seat:
            drew = table.hand[table.moves[-1][table.seat - 1]]
            line += " " + _("You drew {card}.").format(card=card_text(drew, symbols=self.symbols))
        self.say(line)
        timers = timer_line(table, names)
        if timers:
            self.say(timers)
        if "ask" in message:
            self.on_ask(message["ask"])

    def on_over(self, message: Over) -> None:
        table = self.table
        ending = table.ending
        assert ending is not None
        if not ending.verdict.verified:  # nothing of it shown as played: the table ends
            self.say("", verdict_line(table))
            self._keep_ended()
            self.client.close()
            self.exit_code = 1
            return
        game, names = ending.game, self.table.seat_names()
        self.say("", ngettext("=== Game over after {turns} turn.", "=== Game over after {turns} turns.",
                              game.turns).format(turns=game.turns))
        for player in (1, 2):
            hand = cards_text(game.hand1 if player == 1 else game.hand2, symbols=self.symbols)
            analysis = (game.outcome.analysis1 if player == 1 else game.outcome.analysis2) if game.outcome else None
            self.say(f"{names[player - 1]:<12} {hand}" + (f"  -- {hand_name(analysis)}" if analysis else ""))
        self.say(result_line(table), verdict_line(table))
        self._keep_ended()
        self.say(self.end_keys())
        self.exit_code = self._take_ahead()

    def _keep_ended(self) -> None:
        """Save the game that ended (verified, counted; else kept as not verified) once."""
        table = self.table
        if table.seat and table.number not in self.saved:
            self.saved.add(table.number)
            if self.history is not None:
                _record, trouble = keep_ended(self.history, table)
            else:
                _path, trouble = keep(table)
            self.say(trouble or _("The game is kept in {path}: tcf-gui verify checks it "
                                  "again").format(path=transcript_folder()))

    def on_rematch(self, message: RematchAsked) -> None:
        if (self.table.rematch_asked_by and self.table.rematch_asked_by != self.table.seat
                and self.rematch_asked != self.table.number):  # (else the deal comes next)
            self.say(_("{name} asks for a rematch: r to play again, q to leave").format(
                name=self.table.friend_name))

    def table_lines(self) -> list[str]:
        """The table as this player sees it before a turn."""
        table = self.table
        theirs = [card for who, card in table.discards if who != table.seat]
        mine = [card for who, card in table.discards if who == table.seat]
        return table_lines(turn=table.turn, cards_left=table.cards_left,
                           you=_("You (Player {seat})").format(seat=table.seat),
                           other=table.friend_name, other_title=table.friend_name, hand=table.hand,
                           other_hand=table.opponent_hand, discards=mine, other_discards=theirs,
                           symbols=self.symbols)
