"""A sealed table on the server: it relays the players' sealed deck and never holds a card.

The server chooses it when the host asks for one (``host`` with ``sealed``, protocol 3).
Each game goes: ``sealed_game``; the three passes (player 1, 2, 1); each player's keys for
the other's dealt cards; each player's ``sealed_shown`` (its flush shown, or nothing); then
each turn, both ``sealed_commit``, both ``sealed_move`` (taken only once both commitments
are in, and only when it opens its commitment), both ``sealed_shown``; once a flush was
shown or the last turn played, both seeds (``sealed_seed``), then ``sealed_over``. What a
player sends in its turn is relayed to both players (``by``: the sender), in order, and
kept for each of them: a player who comes back (a resume) is sent the game again, its own
part included, and takes it as its seat did (tcf_gui.net.sealed.client). A message out of
its turn is passed over.

The table knows the turn from what is sent, never a card: the keys it relays open nothing
for it (each card needs both players' keys for its position), and each player gives its
key for a card of its own only to show it. The players check everything themselves
(tcf_gui.net.sealed.client). A sealed table has no spectators.

The turn timer: the server cannot play a card for a player (it holds none). When a
player's time runs out it tells both (``sealed_timeout``, kept in the game's messages):
that player's own client plays its lowest card, and the other checks at the end that it
was the lowest. A player who has still not committed ``timer_s`` later abandons the game.
The timer stands still while either player is away; a dropped player's seat is held for
``hold_s`` as at any table, then the game is abandoned.
"""
from __future__ import annotations

import time
from dataclasses import dataclass, field
from typing import Callable, cast

from tcf_gui.engine.game import MAX_TURNS
from tcf_gui.net.messages import (Ask, ClientMessage, Friend, RematchAsked, Seated,
                                  SealedGame, SealedOver, SealedPart, SealedRelayed,
                                  SealedTimeout, ServerMessage)
from tcf_gui.net.proof import opens
from tcf_gui.net.places import Held, Peer, Places
from tcf_gui.net.seat import HOLD_S, RemoteSeat


@dataclass
class Progress:
    """Where game ``number`` stands, as far as what was relayed tells."""

    number: int
    passes: int = 0
    keys: set[int] = field(default_factory=set)
    turn: int = 0
    """The turn under way (0: the deal)."""
    shown: dict[int, bool] = field(default_factory=dict)
    """Who sent ``sealed_shown`` for ``turn``, and whether they showed a flush."""
    commitments: dict[int, str] = field(default_factory=dict)
    moved: set[int] = field(default_factory=set)
    ending: bool = False
    """A flush was shown or the last turn played: the seeds come next."""
    seeds: set[int] = field(default_factory=set)
    over: bool = False

    def takes(self, player: int, message: SealedPart) -> bool:
        """Whether ``message`` from ``player`` is the one its turn expects (and note it)."""
        if message["game"] != self.number or self.over:
            return False
        if message["type"] == "sealed_pass":
            if message["step"] != self.passes + 1 or player != (2 if message["step"] == 2 else 1):
                return False
            self.passes += 1
        elif message["type"] == "sealed_keys":
            if self.passes < 3 or player in self.keys:
                return False
            self.keys.add(player)
        elif message["type"] == "sealed_shown":
            ready = len(self.keys) == 2 if self.turn == 0 else len(self.moved) == 2
            if message["turn"] != self.turn or not ready or player in self.shown or self.ending:
                return False
            self.shown[player] = bool(message["keys"])
        elif message["type"] == "sealed_commit":
            if (message["turn"] != self.turn or not self.turn or self.ending
                    or player in self.commitments):
                return False
            self.commitments[player] = message["commitment"]
        elif message["type"] == "sealed_move":
            committed = self.commitments.get(player)
            if (message["turn"] != self.turn or len(self.commitments) != 2 or player in self.moved
                    or committed is None or not opens(committed, self.number, self.turn,
                                                      str(message["slot"]), message["nonce"])):
                return False
            self.moved.add(player)
        else:  # (before the end: a player who leaves, so that the other can check the deal)
            if player in self.seeds or self.passes < 3:
                return False
            self.seeds.add(player)
            self.over = len(self.seeds) == 2 and self.ending
        return True

    def next_turn(self) -> bool:
        """Once both said what they show: the game ends (False) or the next turn starts."""
        if len(self.shown) != 2 or self.ending:
            return False
        if any(self.shown.values()) or self.turn == MAX_TURNS:
            self.ending = True
            return False
        self.turn += 1
        self.shown, self.commitments, self.moved = {}, {}, set()
        return True


class SealedNetTable(Places[Held]):
    """A sealed table with a join code: the host in seat 1, the friend in seat 2. It has the
    server's side of tcf_gui.net.table.NetTable (join, resume, dropped, leave, rematch, tick,
    deadline), and ``relay`` for the sealed deck's messages."""

    spectators = False
    watchers: list[Peer] = []  # (never any: a sealed table has no spectators)

    def __init__(self, code: str, host_name: str, host: Peer, *, timer_s: int = 0,
                 hold_s: float = HOLD_S, clock: Callable[[], float] = time.monotonic) -> None:
        self.code = code
        self.timer_s = timer_s
        self.used = 0.0
        """Seconds of the turn's timer used before ``running_since``."""
        self.running_since: float | None = None
        """When the turn's timer last started running (None: it stands still)."""
        self.timed_out: set[int] = set()
        """The players told their time ran out this turn."""
        self.hold_s = hold_s
        self.clock = clock
        self.places: dict[int, Held] = {}
        self.game: Progress | None = None
        self.closed = False
        self._sit(1, host_name, host)

    # -- who comes and goes --------------------------------------------------------------------
    def _sit(self, player: int, name: str, peer: Peer) -> None:
        place = Held(player, RemoteSeat(name, hold_s=self.hold_s, clock=self.clock), peer=peer)
        self.places[player] = place
        peer.send(self._seated(place))

    def _seated(self, place: Held) -> Seated:
        return {"type": "seated", "code": self.code, "seat": place.player, "token": place.token,
                "timer": self.timer_s, "spectators": False, "open": False, "names": self.names(),
                "sealed": True}

    def join(self, name: str, peer: Peer) -> None:
        """The friend sits down in seat 2 and the first game starts."""
        self._sit(2, name, peer)
        for place in self.places.values():
            self._tell_friend_of(place)
        self._start(1)

    def watch(self, peer: Peer) -> None:
        """Never called: the server refuses spectators at a table that allows none."""
        raise AssertionError("a sealed table has no spectators")

    def resume(self, place: Held, peer: Peer) -> None:
        """A player is back: their seat, the friend, the game so far, the turn asked."""
        place.peer = peer
        place.seat.back()
        self._run_timer()
        peer.send(self._seated(place))
        if self._other(place) is not None:
            self._tell_friend_of(place)
            self._tell_friend_of(self.places[3 - place.player])
        for message in place.log:
            peer.send(message)
        self._ask(place)

    def dropped(self, peer: Peer) -> None:
        """A connection went away: the player's seat is held (``hold_s``)."""
        self._away(peer, left=False)

    def leave(self, peer: Peer) -> None:
        """A player says they leave: a game in progress is abandoned by them."""
        self._away(peer, left=True)

    def _away(self, peer: Peer, left: bool) -> None:
        for place in self.places.values():
            if place.peer is peer:
                place.peer = None
                if left:
                    place.seat.leave()
                else:
                    place.seat.dropped()
                self._tell_friend(place)
        self._stop_timer()
        self.tick()

    def _tell_friend(self, place: Held) -> None:
        """Tell the other player that ``place``'s player came, went or came back."""
        other = self._other(place)
        if other is not None:
            self._tell_friend_of(other)

    def _tell_friend_of(self, place: Held) -> None:
        other = self._other(place)
        if other is not None and place.peer is not None:
            told: Friend = {"type": "friend", "name": other.seat.name,
                            "present": other.peer is not None, "left": other.seat.gone}
            place.peer.send(told)

    # -- the game ------------------------------------------------------------------------------
    def _start(self, number: int) -> None:
        self.game = Progress(number)
        start: SealedGame = {"type": "sealed_game", "game": number}
        for place in self.places.values():
            place.rematch = False
            place.log.clear()
            self._send(place, start)

    def play(self, peer: Peer, message: ClientMessage) -> None:
        """A protocol 2 move at a sealed table: passed over."""

    def relay(self, peer: Peer, message: SealedPart) -> None:
        """A player's part of the sealed deck: relayed to both when its turn expects it."""
        place = self._place_of_peer(peer)
        game = self.game
        if place is None or game is None or not self.full or not game.takes(place.player,
                                                                             message):
            return
        relayed = cast(SealedRelayed, {**message, "by": place.player})
        for each in self.places.values():
            self._send(each, relayed)
        if game.next_turn():
            self.used, self.running_since, self.timed_out = 0.0, None, set()
            self._run_timer()
            for each in self.places.values():
                self._ask(each)
        if game.over:
            self._over(0)

    def _ask(self, place: Held) -> None:
        """Ask ``place`` for the turn under way, unless it has committed to it already."""
        game = self.game
        if (game is not None and game.turn and not game.ending and not game.over
                and place.player not in game.commitments and place.peer is not None):
            left = self._left()
            ask: Ask = {"type": "ask", "game": game.number, "turn": game.turn,
                        "seconds": None if left is None else round(max(0.0, left), 1)}
            place.peer.send(ask)

    def _over(self, abandoned_by: int) -> None:
        assert self.game is not None
        self.game.over = True
        over: SealedOver = {"type": "sealed_over", "game": self.game.number,
                            "abandoned_by": abandoned_by}
        for place in self.places.values():
            self._send(place, over)
        if abandoned_by:
            self.closed = True

    def rematch(self, peer: Peer) -> None:
        """Another game once both asked, after a game that ended."""
        place = self._place_of_peer(peer)
        game = self.game
        if place is None or place.rematch or game is None or not game.over or self.closed:
            return
        place.rematch = True
        other = self._other(place)
        if other is not None:
            asked: RematchAsked = {"type": "rematch", "game": game.number, "by": place.player}
            if other.peer is not None:
                other.peer.send(asked)
        if self.full and all(p.rematch for p in self.places.values()):
            self._start(game.number + 1)

    # -- the clocks ----------------------------------------------------------------------------
    def _turn_open(self) -> bool:
        game = self.game
        return (game is not None and game.turn > 0 and not game.ending and not game.over
                and len(game.commitments) < 2)

    def _run_timer(self) -> None:
        """The turn's timer runs on, when there is one, a turn open and both players here."""
        if (self.timer_s and self.running_since is None and self._turn_open()
                and all(p.peer is not None for p in self.places.values())):
            self.running_since = self.clock()

    def _stop_timer(self) -> None:
        if self.running_since is not None:
            self.used += self.clock() - self.running_since
            self.running_since = None

    def _left(self) -> float | None:
        """Seconds until the turn's timer runs out (None: no timer); below zero once the
        players it ran out for have had another ``timer_s`` to play their lowest card."""
        if not self.timer_s or not self._turn_open():
            return None
        used = self.used + (0.0 if self.running_since is None
                            else self.clock() - self.running_since)
        return self.timer_s - used

    def _time_out(self) -> None:
        """The turn's time ran out: each player who has not committed is told to play its
        lowest card (both are told); one told so ``timer_s`` ago abandons the game."""
        game, left = self.game, self._left()
        if game is None or left is None or left > 0 or self.running_since is None:
            return
        late = [p for p in (1, 2) if p not in game.commitments]
        if left <= -self.timer_s and late:
            self._over(late[0])
            return
        for player in late:
            if player not in self.timed_out:
                self.timed_out.add(player)
                told: SealedTimeout = {"type": "sealed_timeout", "game": game.number,
                                       "turn": game.turn, "player": player}
                for place in self.places.values():
                    self._send(place, told)

    def tick(self) -> float | None:
        """A turn's time run out; a seat held past its time: the game in play is abandoned
        by that player."""
        self._time_out()
        gone = [p.player for p in self.places.values() if p.seat.gone]
        if gone and self.game is not None and not self.game.over and self.full:
            self._over(gone[0])
            for place in self.places.values():
                self._tell_friend(place)
        if gone and (self.game is None or self.game.over):
            self.closed = True
        return self.deadline()

    def deadline(self) -> float | None:
        times = [t for place in self.places.values() if (t := place.seat.deadline()) is not None]
        left = self._left()
        if left is not None and self.running_since is not None:
            times.append(self.clock() + (left if left > 0 else left + self.timer_s))
        return None if self.closed or not times else min(times)

    def _send(self, place: Held, message: ServerMessage) -> None:
        place.log.append(message)
        if place.peer is not None:
            place.peer.send(message)
