"""What a friend's table says: the status line (where the table is, the game, the score),
the hint over your hand (whose turn, the timer, a lost connection) and the banner (waiting
for the friend, the result with the deal's check, the table closed)."""
from __future__ import annotations

from typing import Protocol

from tcf_gui.args import MAX_NAME
from tcf_gui.i18n import _
from tcf_gui.net.mirror import FriendTable
from tcf_gui.net.start import Link
from tcf_gui.net.words import choosing_line, result_line, verdict_line
from tcf_gui.play.scoring import GameScorer
from tcf_gui.words.notation import card_text
from tcf_gui.words.results import Explanation, explain
from tcf_gui.gui import palette
from tcf_gui.gui.anim import Timeline
from tcf_gui.gui.end_panel import skill_note
from tcf_gui.gui.render import Banner, SeatLabel
from tcf_gui.gui.status_line import cards_left_words, turn_words
from tcf_gui.gui.table_state import TableState
from tcf_gui.gui.table_view import Options
from tcf_gui.gui.turn_log import LogLine, turn_log
from tcf_gui.gui.text import ELLIPSIS

#: A spectator's status bar cuts the players' names to this many characters.
STATUS_NAME = 8


def cut_name(name: str, longest: int) -> str:
    """``name``, cut to ``longest`` characters with an ellipsis as the last."""
    return name if len(name) <= longest else name[:longest - 1] + ELLIPSIS


class FriendView(Protocol):
    """What the words read of the friend's table scene."""

    @property
    def table(self) -> FriendTable: ...

    @property
    def link(self) -> Link: ...

    @property
    def problem(self) -> str: ...

    @property
    def link_note(self) -> str: ...

    @property
    def asked_at(self) -> float: ...

    @property
    def score(self) -> list[int]: ...

    @property
    def scorer(self) -> GameScorer: ...

    @property
    def state(self) -> TableState: ...

    @property
    def timeline(self) -> Timeline: ...

    @property
    def now(self) -> float: ...

    @property
    def friend(self) -> str: ...

    @property
    def awaiting_choice(self) -> bool: ...

    @property
    def rematch_possible(self) -> bool: ...

    @property
    def settings(self) -> Options: ...

    def counts(self) -> TableState: ...

    def explanation(self) -> Explanation | None: ...

    def seats(self) -> dict[int, SeatLabel]: ...


class FriendWords:
    """The words of the friend's table ``scene``."""

    def __init__(self, scene: FriendView) -> None:
        self.scene = scene
        self.stopped_at: int | None = None
        """The seconds your timer showed when your friend went away (None: it runs)."""

    def score_text(self, longest: int = MAX_NAME) -> str:
        """This side's wins, losses and draws at this table; a spectator's: each player's
        wins and the draws, their names cut to ``longest`` characters."""
        if not self.scene.table.seat:
            p1, p2 = (cut_name(name, longest) for name in self.scene.table.player_names())
            return _("{p1} won {one}, {p2} won {two}, drawn {drawn}").format(
                p1=p1, p2=p2, one=self.scene.score[0], two=self.scene.score[1], drawn=self.scene.score[2])
        won, lost, drawn = self.scene.score
        return _("won {won}, lost {lost}, drawn {drawn}").format(won=won, lost=lost, drawn=drawn)

    def hint(self) -> str:
        """What the hand waits for, with your turn timer whatever else is said (stopped while
        your friend is away)."""
        line = self._hint_line()
        left = self.seconds_left() if self._asked_of_you() else None
        if not line or left is None:
            return line
        if not self.scene.table.friend_present:
            return _("{line}  ·  your timer stopped at {seconds} s").format(line=line,
                                                                             seconds=left)
        return _("{line}  ·  {seconds} s").format(line=line, seconds=left)

    def _hint_line(self) -> str:
        if self.scene.problem:
            return ""
        if self.scene.link_note:
            return self.scene.link_note
        table = self.scene.table
        if table.number == 0:
            return ""
        if table.in_game and not table.friend_present and table.seat:
            return _("{name} lost the connection: their seat is held for a minute").format(
                name=self.scene.friend)
        if self.scene.awaiting_choice:
            return choosing_line(table) or _("Your turn: click a card (or press 1, 2, 3)")
        return choosing_line(table)

    def _asked_of_you(self) -> bool:
        """Your seat is asked this turn and you have not chosen yet."""
        table = self.scene.table
        return (bool(table.seat) and table.in_game and table.asked_turn == table.turn
                and not table.chosen["you"])

    def seconds_left(self) -> int | None:
        """Your turn timer's seconds, as the server last told them, counted down here; held
        where they were while your friend is away (the server stops it then too)."""
        table = self.scene.table
        if table.seconds is None:
            return None
        if table.in_game and table.seat and not table.friend_present:
            if self.stopped_at is None:
                self.stopped_at = self._counted()
            return self.stopped_at
        self.stopped_at = None
        return self._counted()

    def _counted(self) -> int:
        seconds = self.scene.table.seconds or 0.0
        return max(0, round(seconds - (self.scene.now - self.scene.asked_at) / 1000))

    def status_text(self) -> tuple[str, str]:
        table = self.scene.table
        if table.number == 0:
            left = _("Table {code} on {address}").format(code=table.code or "…",
                                                          address=self.scene.link.address)
        else:
            left = _("{turn}  ·  {cards}  ·  Game {number}  ·  table {code}").format(
                turn=turn_words(self.scene.state), cards=cards_left_words(self.scene.counts()), number=table.number,
                code=table.code)
        if not table.seat:  # (the names short, so that the keys keep their room)
            return left, _("{score}   ·   Esc menu   H help   L log").format(
                score=self.score_text(STATUS_NAME))
        right = _("You {score}   ·   Esc menu   H help   L log").format(score=self.score_text())
        return left, right

    def banner(self) -> Banner | None:
        ending, back = self.scene.table.ending, _("Back  (Enter)")
        if self.scene.problem and (ending is None or not ending.verdict.verified):
            # (a deal not verified: no result is shown, the line says what failed)
            title = _("The table is closed")
            if not self.scene.table.code:  # never seated: what failed is the join or the host
                title = _("Could not open a table") if self.own_seat() == 1 else _(
                    "Could not join the table")
            return Banner(title, self.scene.problem, palette.LOSS, back)
        if ending is None or self.scene.timeline.busy:
            return self.waiting_banner()
        table = self.scene.table
        button: str | None = back
        problem: tuple[tuple[str, palette.RGB], ...] = ()
        badge = ((_("deal verified"), palette.WIN) if ending.verdict.verified
                 else (verdict_line(table), palette.LOSS))
        if self.scene.problem:  # the table closed after the game: its result stays, the reason below
            problem = ((self.scene.problem, palette.LOSS),)
        else:
            button = _("Rematch  (N)") if self.scene.rematch_possible else back
            if table.rematch_asked_by and table.rematch_asked_by != table.seat:
                badge = (_("{badge}   ·   {name} asks for a rematch").format(
                    badge=badge[0], name=self.scene.friend), badge[1])
        skill = (skill_note(self.scene.scorer.skill_for(ending.game)),) if table.seat else ()
        if ending.abandoned_by or self.scene.state.outcome is None:
            return Banner(result_line(table), badge[0], palette.GOLD, button, (*problem, *skill))
        words = self.scene.explanation()
        assert words is not None  # the why line stays; the check of the deal is a note below
        colour = palette.DRAW if words.winner == 0 else (
            palette.WIN if words.winner == 1 and table.seat else palette.LOSS)
        return Banner(words.title, words.reason, colour if table.seat else palette.GOLD,
                      button, (*problem, badge, *skill))

    def chosen(self) -> int | None:
        """The slot of the card you chose this turn, until the turn is played (None: none)."""
        table = self.scene.table
        if table.in_game and table.seat and table.chosen["you"] and table.sent is not None:
            return table.sent
        return None

    def raised(self, pointed: int | None) -> int | None:
        """The card that stands up in your hand: the one you chose, until the turn is played;
        else the one under the pointer while you may choose."""
        chosen = self.chosen()
        if chosen is not None:
            return chosen
        return pointed if self.scene.awaiting_choice else None

    def chosen_line(self) -> str:
        """Said to a second key or click once your card is chosen (a move sent stands)."""
        slot = self.chosen()
        card = self.scene.table.hand[slot] if slot is not None else None
        return _("You chose {card} this turn: a card sent cannot be changed").format(
            card=card_text(card))

    def explanation(self) -> Explanation | None:
        """Why the game ended as it did, in the seats' names; None while it goes on."""
        outcome = self.scene.state.outcome
        if outcome is None or outcome.case is None:
            return None
        names = self.scene.seats()
        return explain(outcome, len(self.scene.table.moves), (names[1].name, names[2].name),
                       1 if self.scene.table.seat else 0)

    def log_lines(self) -> list[LogLine]:
        """The turn log of the table's game so far (none before the first deal)."""
        if self.scene.table.number == 0:
            return []
        names = self.scene.seats()
        return turn_log(self.scene.table, self.scene.state, (names[1].name, names[2].name),
                        self.scene.explanation(), lab=self.scene.settings.lab_notation,
                        timer=self.scene.table.timer_plays)

    def help_lines(self) -> list[str]:
        return [_("You and a friend at another window, each seeing only your own hand; the "
                  "server deals and checks every move, and at the end shows that the deal was "
                  "the one it promised."), ""]

    def own_seat(self) -> int:
        """Your seat: as the server told it, or before it did, the one you asked for (a
        host's 1, a friend's 2)."""
        return self.scene.table.seat or (1 if self.scene.link.client.place["type"] == "host"
                                         else 2)

    def waiting_banner(self) -> Banner | None:
        """Before the first deal: where the table is and what to tell the friend."""
        table = self.scene.table
        if table.number:
            return None
        if not table.code:
            return Banner(_("Connecting to {address}…").format(address=self.scene.link.address), "",
                          palette.TEXT_DIM)
        if table.seat == 1:
            return Banner(_("join code: {code}").format(code=table.code),
                          _("Your friend chooses Play a friend → Join and types {address} and "
                            "this code. Waiting for them…").format(address=self.scene.link.address),
                          palette.GOLD)
        return Banner(_("At {name}'s table").format(name=self.scene.friend),
                      _("Waiting for the deal…"), palette.GOLD)
