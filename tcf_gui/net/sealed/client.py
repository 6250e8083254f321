"""A player's side of a sealed table (tcf_gui.net.sealed.table): its own game, kept from its
SealedSeat and from what the server relays, every part of it checked.

A SealedFriendTable is the FriendTable (tcf_gui.net.mirror) of a sealed table: the screens
read the same fields (hand, moves, discards, ending, ...), and ``news`` says which of their
handlers a message calls ("deal" once this player's cards are opened, "turn" once both
discards and its draw are, "over" once the deal checked out). It takes the relayed
messages of both players, its own included (the server sends each to both, in order), and
answers on ``outgoing()``: its passes, its keys, its commitment, its move (only once the
other's commitment is in), whether it shows a flush, and its seed once the game is over.

Everything this side needs comes from its seat's seed (tcf_gui.net.sealed.keys), and a
move's nonce too (HMAC of the game and turn under the seed): a client killed mid-game keeps
the seed on disk (tcf_gui.net.kept_seats), and when it comes back the server sends the
game again, which it takes as before: the same passes and keys, its committed discard
found by its commitment.

At the end the other's seed opens the whole deal (tcf_gui.net.sealed.audit): every pass,
key and card is checked, and the game is replayed from the deck with the moves played; a
flush not shown ends the replay before the table ended (caught). A part that does not
check out is a ServerError, as anything a server sends that cannot be.
"""
from __future__ import annotations

import base64
import hashlib
import hmac
from dataclasses import dataclass, field
from typing import Any

from tcf_gui.engine.analysis import is_flush
from tcf_gui.engine.cards import Card
from tcf_gui.engine.events import Event
from tcf_gui.engine.game import HAND_SIZE, MAX_TURNS, Game
from tcf_gui.i18n import _
from tcf_gui.net.messages import (SEALED_KINDS, ClientMessage, Received, SealedCommitBy,
                                  SealedGame, SealedKeysBy, SealedMoveBy, SealedOver,
                                  SealedPart, SealedPassBy, SealedSeedBy, SealedShownBy,
                                  SealedTimeout, read_from_server)
from tcf_gui.net.mirror import (HIDDEN, DealCheck, Ending, FriendTable, ServerError,
                                dealt_events, seen_from, turn_events)
from tcf_gui.net.pledges import Pledges
from tcf_gui.net.proof import NONCE_HEX, commitment, new_secret, opens
from tcf_gui.net.sealed.audit import check_sealed_deal
from tcf_gui.net.sealed.group import POINT_BYTES, SealedError
from tcf_gui.net.sealed.keys import DECK_SIZE, sealed_secrets
from tcf_gui.net.sealed.seat import DEALT, SealedSeat, drawn_position
from tcf_gui.net.seat import lowest_slot

#: The protocol 2 game messages, which no sealed table sends: passed over.
_UNSEALED = frozenset({"shuffle", "committed", "deal", "turn", "over", "waiting"})
_SENDER = {1: 1, 2: 2, 3: 1}
"""Who sends each pass."""


def move_nonce(seed: str, game: int, turn: int) -> str:
    """The nonce of a seat's commitment to its discard in ``turn``: drawn from its seed."""
    text = f"tcf-gui sealed move {game} {turn}".encode()
    return hmac.new(seed.encode(), text, hashlib.sha256).hexdigest()[:NONCE_HEX]


def points_text(points: list[bytes]) -> str:
    return base64.b64encode(b"".join(points)).decode()


def read_points(text: str) -> list[bytes]:
    data = base64.b64decode(text, validate=True)
    return [data[i:i + POINT_BYTES] for i in range(0, len(data), POINT_BYTES)]


def draw_seat_seed(seat: int) -> str:
    """A fresh seed for a sealed seat (``seat``: tests put a known one per seat here)."""
    return new_secret()


def table_for(message: Received, table: FriendTable) -> FriendTable:
    """The table to take ``message`` with: a seat at a sealed table hands over to a
    SealedFriendTable (with the seat kept on disk), else ``table`` itself."""
    if (message.get("type") == "seated" and message.get("sealed") is True
            and not isinstance(table, SealedFriendTable)):
        return SealedFriendTable(kept=table.kept, draw_seed=table.draw_seed)
    return table


@dataclass
class SealedFriendTable(FriendTable):
    """A player's knowledge of its sealed table (see the module)."""

    sealed: SealedSeat | None = None
    passes: list[list[bytes] | None] = field(default_factory=lambda: [None, None, None])
    mine: list[int] = field(default_factory=list)
    """The positions of this player's hand, slot by slot."""
    theirs: list[int] = field(default_factory=list)
    shown: dict[int, bool] = field(default_factory=dict)
    """Who said, for the deal or the turn just played, whether they show a flush."""
    commitments: dict[int, str] = field(default_factory=dict)
    """The commitments of the turn asked, by player."""
    discarded: dict[int, tuple[int, Card]] = field(default_factory=dict)
    """The discards of the turn asked opened so far: (slot, card) by player."""
    timeouts: set[tuple[int, int]] = field(default_factory=set)
    """(turn, player) for each time the turn timer ran out, as the server told."""
    abandoned_by: int = 0
    their_seed: str = ""
    """The other's seed, revealed as they left mid-game (their game is over)."""
    outbox: list[ClientMessage] = field(default_factory=list)
    _news: str = ""
    _again: tuple[int, int] | None = None
    """After a reconnect: the game and the turns already shown, taken again quietly."""

    @property
    def in_game(self) -> bool:
        return self.number > 0 and self.ending is None and not self.abandoned_by

    @property
    def seed(self) -> str:
        return self.pledges.seed

    def news(self, message: Received) -> str:
        return self._news

    def leaving(self) -> list[ClientMessage]:
        """Leaving mid-game: this seat's seed, so that the other can check the deal so far
        (the game is over for this player: its keys open nothing it still plays)."""
        if not self.in_game or self.sealed is None or any(p is None for p in self.passes):
            return []
        return [{"type": "sealed_seed", "game": self.number, "seed": self.seed}]

    def outgoing(self) -> list[ClientMessage]:
        out, self.outbox = self.outbox, []
        return out

    def take(self, message: Received) -> list[Event] | None:
        kind = message.get("type")
        kind = kind if isinstance(kind, str) else ""
        if kind in _UNSEALED:
            self._news = ""
            return None
        if kind not in SEALED_KINDS and kind not in ("sealed_game", "sealed_timeout",
                                                     "sealed_over"):
            self._news = str(kind)
            if kind == "seated" and self.ending is None:
                self._again = (self.number, len(self.moves)) if self.number else None
                self.number = 0  # back: the server tells the game again, taken again whole
            return super().take(message)
        self._news = ""
        try:
            told = read_from_server(message)
            events = getattr(self, f"_{kind}")(told)
        except ServerError:
            raise
        except (KeyError, TypeError, ValueError, IndexError, AttributeError) as error:
            raise ServerError(_("the server sent a {kind} message that cannot be ({reason})").format(
                kind=kind, reason=error)) from None
        if events is not None:
            self.transcript.append(dict(message))
        if self._again is not None and (self.number, len(self.moves)) <= self._again:
            self._news = ""
            return None  # shown before the reconnect
        return events

    def moved(self, slot: int) -> None:
        """This player discards ``slot`` in the turn asked: its commitment goes (once: a
        choice after the timer played, or after a commitment, is passed over)."""
        if self.sent is not None or self.seat in self.commitments:
            return
        self.chosen["you"], self.sent = True, slot
        self._send({"type": "sealed_commit", "game": self.number, "turn": self.turn,
                    "commitment": self._commitment(self.turn, slot)})

    # -- the game ------------------------------------------------------------------------------
    def _sealed_game(self, message: SealedGame) -> list[Event] | None:
        number = int(message["game"])
        if not self.seat or number <= self.number:
            return None
        kept = self.kept.secrets if self.kept is not None else None
        if sealed_secrets(kept) and kept is not None and kept["game"] == number:
            seed = kept["sealed"]  # (back after a crash)
        elif self.pledges.game == number:
            seed = self.pledges.seed  # (the game told again after a reconnect)
        else:
            seed = self.draw_seed() if self.draw_seed else draw_seat_seed(self.seat)
        self.pledges = Pledges(number, seed=seed)
        self.transcript = [entry for entry in self.transcript if entry["type"] == "seated"][-1:]
        self.number, self.commitment, self.ending, self.rematch_asked_by = number, "", None, 0
        self.moves, self.discards, self.hand, self.opponent_hand = [], [], [], None
        self.chosen, self.sent, self.asked_turn = {"you": False, "friend": False}, None, 0
        self.sealed, self.passes, self.mine, self.theirs = (SealedSeat(self.seat, seed, number),
                                                            [None, None, None], [], [])
        self.shown, self.commitments, self.discarded, self.timeouts = {}, {}, {}, set()
        self.cards_left = 52
        if self.kept is not None:
            self.kept.keep_secrets({"game": number, "sealed": seed})
        if self.seat == 1:
            self._pass(1, self.sealed.first_pass())
        return []

    def _sealed_pass(self, message: SealedPassBy) -> list[Event] | None:
        step, by, seat = int(message["step"]), int(message["by"]), self._seat()
        if _SENDER[step] != by or message["game"] != self.number:
            raise ValueError(_("pass {step} from player {player}").format(step=step, player=by))
        if self.passes[step - 1] is not None:
            return None
        points = read_points(message["points"])
        self.passes[step - 1] = points
        if step == 3:
            self.commitment = hashlib.sha256(b"".join(points)).hexdigest()
            if self.seat == 2:
                seat.take_sealed(points)
            self._send({"type": "sealed_keys", "game": self.number,
                        "keys": _keys(seat.deal_keys())})
        elif by != self.seat:
            self._pass(step + 1, (seat.second_pass if step == 1 else seat.third_pass)(points))
        return []

    def _sealed_keys(self, message: SealedKeysBy) -> list[Event] | None:
        if message["game"] != self.number or int(message["by"]) == self.seat:
            return [] if message["game"] == self.number else None
        if self.mine:
            return None
        mine = [2 * slot + self.seat - 1 for slot in range(HAND_SIZE)]
        self.hand = self._open(message["keys"], mine)
        self.mine, self.theirs = mine, [2 * slot + 2 - self.seat for slot in range(HAND_SIZE)]
        self.cards_left = DECK_SIZE - DEALT
        self._news = "deal"
        self._say_shown()
        self.events = dealt_events(self.me, self.hand, None)
        return list(self.events)

    def _sealed_shown(self, message: SealedShownBy) -> list[Event] | None:
        turn, by = int(message["turn"]), int(message["by"])
        if message["game"] != self.number or turn != len(self.moves) or by in self.shown:
            return None
        if by != self.seat and message["keys"]:
            self.opponent_hand = self._open(message["keys"], self.theirs)
            if not is_flush(self.opponent_hand):
                raise SealedError(_("a hand shown as a flush is not one"))
        self.shown[by] = bool(message["keys"])
        if self._at_end():
            self._send({"type": "sealed_seed", "game": self.number, "seed": self.seed})
            if self.their_seed:  # (shown before the end: the game ends here)
                return self._finished()
        return []

    def _sealed_commit(self, message: SealedCommitBy) -> list[Event] | None:
        by = int(message["by"])
        if message["game"] != self.number or message["turn"] != self.turn or by in self.commitments:
            return None
        self.commitments[by] = str(message["commitment"])
        if by != self.seat:
            self.chosen["friend"] = True
            self._news = "waiting"
        elif self.sent is not None:
            if not hmac.compare_digest(self._commitment(self.turn, self.sent),
                                       self.commitments[by]):
                raise ValueError(_("my commitment is not the one I sent"))
        else:  # (back after a crash: the discard committed to, found again)
            self.sent = next((slot for slot in range(HAND_SIZE) if hmac.compare_digest(
                self._commitment(self.turn, slot), self.commitments[by])), None)
            self.chosen["you"] = self.sent is not None
        if len(self.commitments) == 2 and self.sent is not None:
            position, turn = self.mine[self.sent], self.turn
            keys = {position: self._seat().own_key(position)}
            draw, key = self._seat().draw_key(turn)
            self._send({"type": "sealed_move", "game": self.number, "turn": turn,
                        "slot": self.sent, "nonce": move_nonce(self.seed, self.number, turn),
                        "keys": _keys(keys) + _keys({draw: key})})
        return []

    def _sealed_move(self, message: SealedMoveBy) -> list[Event] | None:
        by, turn, slot = int(message["by"]), int(message["turn"]), int(message["slot"])
        if message["game"] != self.number or turn != self.turn or by in self.discarded:
            return None
        if by == self.seat:
            if self.sent is not None and slot != self.sent:
                raise ValueError(_("my discard is not the card I chose"))
            self.discarded[by] = slot, self.hand[slot]
        else:
            committed = self.commitments.get(by)
            if committed is None or not opens(committed, self.number, turn, str(slot),
                                              message["nonce"]):
                raise ValueError(_("player {player}'s discard is not the one committed to").format(
                    player=by))
            card, = self._open(message["keys"][:1], [self.theirs[slot]])
            self._open(message["keys"][1:], [drawn_position(turn, self.seat)])
            self.discarded[by] = slot, card
        return self._played(turn) if len(self.discarded) == 2 else []

    def _played(self, turn: int) -> list[Event]:
        """Both discards of ``turn`` opened, and this player's draw: the turn is played."""
        slots = (self.discarded[1][0], self.discarded[2][0])
        mine, other = slots[self.seat - 1], slots[2 - self.seat]
        drawn = drawn_position(turn, self.seat)
        self.hand[mine] = self._seat().opened[drawn]
        self.mine[mine], self.theirs[other] = drawn, drawn_position(turn, 3 - self.seat)
        self.moves.append(slots)
        self.timed_out = [(turn, player) in self.timeouts for player in (1, 2)]
        discards = [self.discarded[1][1], self.discarded[2][1]]
        self.discards += [(1, discards[0]), (2, discards[1])]
        self.cards_left -= 2
        draws = [HIDDEN, HIDDEN]
        draws[self.seat - 1] = self.hand[mine]
        shown = turn_events(self.me, turn, slots, discards, draws, self.cards_left)
        self.events += shown
        self.chosen, self.sent = {"you": False, "friend": False}, None
        self.shown, self.commitments, self.discarded = {}, {}, {}
        self._news = "turn"
        self._say_shown()
        return shown

    def _sealed_seed(self, message: SealedSeedBy) -> list[Event] | None:
        if message["game"] != self.number or self.ending is not None:
            return None
        if int(message["by"]) == self.seat:
            return []
        self.their_seed = str(message["seed"])
        return self._finished() if self._at_end() else []  # (else they leave: the server says)

    def _finished(self) -> list[Event]:
        """The game at its end, with the other's seed: checked, replayed, its result."""
        game = self._replay(self.their_seed)
        case = game.outcome.case if game.outcome is not None else None
        if not game.over or case is None:
            raise SealedError(_("a flush was hidden at the table"))
        self._end(Ending(case.winner, 0, game, DealCheck(True)))
        return [self.events[-1]]  # the GameOver: the window shows the real cards before it

    def _at_end(self) -> bool:
        """Both said what they show, and a flush was shown or the last turn played."""
        return len(self.shown) == 2 and (any(self.shown.values()) or len(self.moves) == MAX_TURNS)

    def _replay(self, theirs: str) -> Game:
        """The deal checked with the other's seed (tcf_gui.net.sealed.audit) and the game
        replayed from it with the moves played; SealedError for anything that does not fit."""
        seeds = [self.seed, theirs]
        if self.seat == 2:
            seeds.reverse()
        if any(p is None for p in self.passes):
            raise ValueError(_("a seed before the deal"))
        deck = check_sealed_deal(self.number, seeds, [p for p in self.passes if p is not None],
                                 self._seat().received, self._seat().opened, self.seat)
        game = Game(deck=deck)
        game.deal()
        for turn, move in enumerate(self.moves, 1):
            if game.over:
                raise SealedError(_("a flush was hidden at the table"))
            if any((turn, p) in self.timeouts and move[p - 1] != lowest_slot(tuple(game.hands[p - 1]))
                   for p in (1, 2)):
                raise SealedError(_("turn {turn}: the timer did not play the lowest card").format(
                    turn=turn))
            game.play_turn(*move)
        return game

    def _end(self, ending: Ending) -> None:
        self.ending = ending
        if self.kept is not None:
            self.kept.keep_secrets(None)  # (revealed now: never to be used again)
        self._news = "over"
        self.events = [seen_from(event, self.me) for event in ending.game.events]

    def _sealed_timeout(self, message: SealedTimeout) -> list[Event] | None:
        """A player's time ran out: this player's own lowest card, when it is this one."""
        turn, player = int(message["turn"]), int(message["player"])
        if message["game"] != self.number or turn != self.turn or (turn, player) in self.timeouts:
            return None
        if not self.timer:
            raise ValueError(_("a timer played on a table that has none"))
        self.timeouts.add((turn, player))
        if player == self.seat:
            self.moved(lowest_slot(tuple(self.hand)))
            self._news = "timeout"
        return []

    def _sealed_over(self, message: SealedOver) -> list[Event] | None:
        by = int(message["abandoned_by"])
        if message["game"] != self.number or not by or self.abandoned_by:
            return None
        if by == self.seat:
            raise ValueError(_("it says I left the table, and I did not"))
        self.abandoned_by = by
        if not self.their_seed:  # (their program ended, or the deal was not through)
            raise ServerError(_("{name} left the table without showing their seed: the deal "
                                "cannot be checked, and the game is not counted").format(
                                    name=self.friend_name or "?"))
        game = self._replay(self.their_seed)  # (shown as they left: the deal so far checked)
        if game.over:
            raise SealedError(_("a flush was hidden at the table"))
        self._end(Ending(self.seat, by, game, DealCheck(True)))
        return []

    # -- parts ---------------------------------------------------------------------------------
    def _seat(self) -> SealedSeat:
        if self.sealed is None:
            raise ValueError(_("no sealed game dealt"))
        return self.sealed

    def _commitment(self, turn: int, slot: int) -> str:
        return commitment(self.number, turn, str(slot), move_nonce(self.seed, self.number, turn))

    def _open(self, keys: list[list[Any]], positions: list[int]) -> list[Card]:
        """The cards at ``positions``, opened with ``keys`` (the other's, for exactly those
        positions in that order)."""
        if [int(position) for position, _key in keys] != positions:
            raise SealedError(_("a key of the sealed deck was asked out of turn"))
        return [self._seat().open(int(position), bytes.fromhex(key)) for position, key in keys]

    def _say_shown(self) -> None:
        """Say whether this player shows its hand (a flush: its keys for its three cards)."""
        seat = self._seat()
        shown = {p: seat.own_key(p) for p in self.mine} if is_flush(self.hand) else {}
        self._send({"type": "sealed_shown", "game": self.number, "turn": len(self.moves),
                    "keys": _keys(shown)})

    def _pass(self, step: int, points: list[bytes]) -> None:
        self._send({"type": "sealed_pass", "game": self.number, "step": step,
                    "points": points_text(points)})

    def _send(self, message: SealedPart) -> None:
        self.outbox.append(message)


def _keys(keys: dict[int, bytes]) -> list[list[Any]]:
    return [[position, key.hex()] for position, key in keys.items()]
