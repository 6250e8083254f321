"""One table on the server: two network seats, their spectators, and what each is told.

A NetTable is pure logic, with no sockets and no asyncio: the server hands it who came,
what they sent and who went, and it sends messages through each peer's ``send``. The game
itself is a TableSession (tcf_gui.play) with two RemoteSeats: it asks both seats at once,
plays the turn when both answered, and judges. Each game is dealt from a seed neither the
server nor a player chooses alone, and each move is committed to before either is opened
(tcf_gui.net.proof; the rounds of commitments: tcf_gui.net.rounds): ``shuffle``, both
players' ``commit``, ``committed``, both ``seed``, then the deal; in each turn both
``commit``, ``committed``, both ``move``, then the turn.

What each peer is sent is decided here and only here (``_private``, ``_public``): a seat's
own hand and draws, every discard, the counts; the other hand only with open hands; both
hands, the deck, the server's secret, both seeds and the game's seed once the game is over.
Spectators get the public part alone. Nothing about the deck leaves before the end but the
commitment to the server's secret.
"""
from __future__ import annotations

import random
import time
from functools import partial
from dataclasses import dataclass, field
from typing import Callable

from tcf_gui.engine.events import Discarded, Drew, Event
from tcf_gui.engine.game import HAND_SIZE, Game, shuffled_deck
from tcf_gui.engine.view import View
from tcf_gui.play.session import TableSession
from tcf_gui.net.messages import (Commit, Deal, Friend, Move, Over, Question, RematchAsked,
                                  Seated, Seed, ServerMessage, Turn, Waiting)
from tcf_gui.net.proof import SEED, game_seed, new_secret, secret_commitment, seeded_secret
from tcf_gui.net.protocol import card_codes
from tcf_gui.net.rounds import Round
from tcf_gui.net.places import Held, Peer, Places
from tcf_gui.net.seat import HOLD_S, RemoteSeat

#: Cards left in the deck right after the deal.
DEALT_LEFT = 52 - 2 * HAND_SIZE
#: Seconds a player who comes back during a step with a deadline has at least, once a round
#: (its client sends what is missing at once; the deadline may have passed while it was away).
RESUME_GRACE_S = 10.0


@dataclass
class Place(Held):
    """A player's place at a table the server deals."""

    held: Turn | None = None
    """A turn played, held back until the next question is known: it goes with it."""
    told: dict[str, ServerMessage] = field(default_factory=dict)
    """The last ``friend`` and ``waiting`` sent on this connection: the same is not sent
    again (the player knows it)."""


class NetTable(Places[Place]):
    """A table with a join code: the host in seat 1, the friend who joins in seat 2."""

    def __init__(self, code: str, host_name: str, host: Peer, *, timer_s: int = 60,
                 spectators: bool = False, open_hands: bool = False, hold_s: float = HOLD_S,
                 clock: Callable[[], float] = time.monotonic, seed: int | None = None) -> None:
        self.code = code
        self.seed = seed
        """The seed of the server's secrets (None: fresh ones; tests give one, and still the
        players' seeds make each deck)."""
        self.timer_s = timer_s
        self.spectators = spectators
        self.open_hands = open_hands
        self.hold_s = hold_s
        self.clock = clock
        self.places: dict[int, Place] = {}
        self.watchers: list[Peer] = []
        self.session: TableSession | None = None
        self.secret = ""
        self.committed = ""
        """The commitment to the server's secret for the game on the table."""
        self.seeds: list[str] = []
        """Both players' seeds for the game on the table."""
        self.round: Round | None = None
        """The round of commitments under way: the seeds (turn 0) or a turn's moves."""
        self.ended: Over | None = None
        """The last game's ``over``, for a spectator who comes after it (until the next deal)."""
        self.closed = False
        """True once nobody will play here again: the server forgets the table."""
        self._sit(1, host_name, host)

    # -- who comes and goes --------------------------------------------------------------------
    def _sit(self, player: int, name: str, peer: Peer) -> Place:
        seat = RemoteSeat(name, timer_s=self.timer_s, hold_s=self.hold_s, clock=self.clock)
        place = Place(player, seat, peer=peer)
        seat.on_ask = partial(self._asked, place)
        self.places[player] = place
        self._send(place, self._seated(player, place.token))
        return place

    def _seated(self, player: int, token: str | None) -> Seated:
        return {"type": "seated", "code": self.code, "seat": player, "token": token,
                "timer": self.timer_s, "spectators": self.spectators,
                "open": self.open_hands, "names": self.names()}

    def join(self, name: str, peer: Peer) -> None:
        """The friend sits down in seat 2 and the first game is dealt (the table is not full)."""
        place = self._sit(2, name, peer)
        self._tell_friend(place)
        self._tell(place, self._friend_of(place))
        for watcher in self.watchers:  # who sat down, seen from seat 1 as spectators are
            watcher.send(self._friend_of(self.places[1]))
        self.session = TableSession(self.places[1].seat, place.seat, seed=self.seed,
                                    open_hands=self.open_hands)
        self._deal()

    def watch(self, peer: Peer) -> None:
        """A spectator (the host allowed them): the public part of the table from now on."""
        self.watchers.append(peer)
        peer.send(self._seated(0, None))
        game = self._game()
        if game is not None:
            peer.send(self._deal_message(None))
            for message in public_log(game, self.session.game_number if self.session else 0):
                peer.send(message)
            if game.over and self.ended is not None:
                peer.send(self.ended)  # between games: how the last one ended

    def resume(self, place: Place, peer: Peer) -> None:
        """A player's connection is back: tell them where the game is, as it was told."""
        place.peer = peer
        place.told.clear()  # (a new connection: it knows nothing yet)
        place.seat.back()
        self._grace(place)
        self._send(place, self._seated(place.player, place.token))
        other = self._other(place)
        if other is not None:
            self._tell(place, self._friend_of(place))
            self._run_timer(other)
        for message in place.log:
            self._send(place, message, keep=False)
        self._tell_friend(place)
        self._play()
        if place.seat.thinking and place.seat.view is not None:
            self._asked(place, place.seat.view)
            self._waiting()

    def dropped(self, peer: Peer) -> None:
        """A connection went away: a player's seat is held, a spectator is forgotten."""
        if peer in self.watchers:
            self.watchers.remove(peer)
            return
        for place in self.places.values():
            if place.peer is peer:
                place.peer = None
                place.seat.dropped()
                self._tell_friend(place)
                other = self._other(place)
                if other is not None and not place.seat.gone:
                    other.seat.pause()  # the one who stays is not timed while alone
        self.tick()

    def leave(self, peer: Peer) -> None:
        """A player says they leave: a game in progress counts as lost by them."""
        for place in self.places.values():
            if place.peer is peer:
                place.seat.leave()
                place.peer = None
                self._tell_friend(place)
        self.tick()

    def _friend_of(self, place: Place) -> Friend:
        other = self._other(place)
        assert other is not None
        return {"type": "friend", "name": other.seat.name, "present": other.peer is not None,
                "left": other.seat.gone}

    def _tell_friend(self, place: Place) -> None:
        """Tell the other player that ``place``'s player came, went or came back."""
        other = self._other(place)
        if other is not None:
            self._tell(other, self._friend_of(other))

    def _tell(self, place: Place, message: Friend | Waiting) -> None:
        """Send ``message`` unless it is the very one last sent of its kind."""
        if place.told.get(message["type"]) != message:
            place.told[message["type"]] = message
            self._send(place, message, keep=False)

    def _run_timer(self, place: Place) -> None:
        """The other player is back: ``place``'s timer runs on, and its client is told the
        seconds left (asked again)."""
        seat = place.seat
        if seat.paused_at is None:
            return
        seat.unpause()
        if seat.thinking and seat.view is not None and seat.timer_s and place.peer is not None:
            self._asked(place, seat.view)

    # -- the game ------------------------------------------------------------------------------
    def _game(self) -> Game | None:
        return self.session.game if self.session is not None else None

    def _deal(self) -> None:
        """Start the next game: the server commits to its secret, then each player to its
        seed (``commit``, turn 0); the deal comes once both seeds are open (``seed``)."""
        assert self.session is not None
        for place in self.places.values():
            place.log.clear()
            place.rematch = False
        number = self.session.game_number + 1
        self.secret = self._new_secret(number)
        self.committed = secret_commitment(number, self.secret)
        self.round = Round(number, 0, started=self.clock())
        for place in self.places.values():
            self._send(place, {"type": "shuffle", "game": number, "commitment": self.committed})

    def _new_secret(self, number: int) -> str:
        """The server's secret for game ``number``: a fresh one, or the seeded run's."""
        return new_secret() if self.seed is None else seeded_secret(self.seed, number)

    def open_seed(self, peer: Peer, game_number: int, value: str) -> None:
        """A player's seed for the game to deal; taken when it opens their commitment and
        both commitments are in. Both taken, the game is dealt."""
        place, rnd = self._place_of_peer(peer), self.round
        if place is None or rnd is None or (rnd.game, rnd.turn) != (game_number, 0):
            return
        if rnd.open(place.player, SEED, value) and len(rnd.openings) == 2:
            self.round = None
            self._dealt([rnd.openings[1], rnd.openings[2]])

    def _dealt(self, seeds: list[str]) -> None:
        assert self.session is not None
        self.seeds = seeds
        self.session.deal(seed=game_seed(self.secret, seeds, self.session.game_number + 1))
        game = self._game()
        assert game is not None
        for place in self.places.values():
            self._send(place, self._deal_message(place.player))
        for peer in self.watchers:
            peer.send(self._deal_message(None))
        if game.over:  # a flush dealt: the game ends before its first turn
            self._over()
        else:
            self._play()

    def _deal_message(self, player: int | None) -> Deal:
        game = self._game()
        assert game is not None and self.session is not None
        return deal_message(game, self.session.game_number, self.committed, player)

    def play(self, peer: Peer, message: Commit | Seed | Move) -> None:
        """A player's part of a round: a commitment, a seed or a move."""
        if message["type"] == "commit":
            self.commit(peer, message["game"], message["turn"], message["commitment"])
        elif message["type"] == "seed":
            self.open_seed(peer, message["game"], message["seed"])
        else:
            self.move(peer, message["game"], message["turn"], message["slot"], message["nonce"])

    def commit(self, peer: Peer, game_number: int, turn: int, committed: str) -> None:
        """A player's commitment to its seed (turn 0) or to its discard for ``turn`` of game
        ``game_number``; one for another turn (sent before a reconnect, say), or a second
        one, is passed over."""
        place, rnd = self._place_of_peer(peer), self._round_now()
        if place is None or rnd is None or (rnd.game, rnd.turn) != (game_number, turn):
            return
        if turn and not place.seat.commit(committed):
            return
        if rnd.commit(place.player, committed):
            self._play()
            if turn:  # the other may still be choosing: say who has chosen
                self._waiting()

    def move(self, peer: Peer, game_number: int, turn: int, slot: int, nonce: str) -> None:
        """A player's discard for ``turn`` of game ``game_number``, taken when it opens the
        commitment it sent for that turn once both were in; anything else is passed over."""
        place, rnd = self._place_of_peer(peer), self.round
        if (place is None or rnd is None or (rnd.game, rnd.turn) != (game_number, turn)
                or not turn or not rnd.open(place.player, str(slot), nonce)):
            return
        if place.seat.give(slot):
            self._play()

    def _round_now(self) -> Round | None:
        """The round of commitments under way: the seeds while a game is to be dealt, else
        the moves of the turn asked (None between games)."""
        if self.round is not None and self.round.turn == 0:
            return self.round
        game, session = self._game(), self.session
        if game is None or session is None or not session.in_progress:
            return None
        here = (session.game_number, game.turns + 1)
        if self.round is None or (self.round.game, self.round.turn) != here:
            self.round = Round(*here)
        return self.round

    def _open_round(self) -> None:
        """Once both players committed (or the timer played for one), tell each the other's
        commitment: now they open their own."""
        rnd = self._round_now()
        if rnd is None or self.session is None:
            return
        if rnd.ready(self._played(rnd)):
            rnd.opened, rnd.started = True, self.clock()
            for place in self.places.values():
                self._send(place, rnd.told(place.player))

    def tick(self) -> float | None:
        """Look at the clocks (a turn timer run out, a hold over, a step not taken in time);
        the next time to look."""
        if self.session is not None and not self.closed:
            self._step_missed()
            self._play()
        return self.deadline()

    def deadline(self) -> float | None:
        times = [t for place in self.places.values() if (t := place.seat.deadline()) is not None]
        step = self._step_deadline()
        if step is not None:
            times.append(step)
        return min(times) if times else None

    def _step_deadline(self) -> float | None:
        """When the step under way (the seeds, or a move's opening) must be done by: the
        table's turn timer, or with none the time a seat is held for a dropped connection."""
        rnd = self.round
        if rnd is None or rnd.started is None or not self._behind_here(rnd):
            return None
        return rnd.started + (self.timer_s or self.hold_s)

    def _behind_here(self, rnd: Round) -> list[Place]:
        """The connected players the step under way waits for (one away is the hold's)."""
        return [self.places[p] for p in sorted(rnd.behind(self._played(rnd)))
                if p in self.places and self.places[p].peer is not None
                and not self.places[p].seat.gone]

    def _played(self, rnd: Round) -> set[int]:
        """The players of a turn's round the timer played for (they commit nothing)."""
        session = self.session
        return {p for p in (1, 2) if rnd.turn and session is not None and session.answered(p)}

    def _grace(self, place: Place) -> None:
        """A player back during a step with a deadline has RESUME_GRACE_S at least, once."""
        rnd = self.round
        if rnd is not None and rnd.started is not None and place.player not in rnd.graced:
            rnd.graced.add(place.player)
            rnd.started = max(rnd.started,
                              self.clock() - (self.timer_s or self.hold_s) + RESUME_GRACE_S)

    def _step_missed(self) -> None:
        """A player still connected who let the step's deadline pass without sending what
        their client sends by itself leaves the table: mid-game it is their abandonment, the
        other's win; before a deal no game is dealt and the table closes, counted for no one.
        (A player away is the hold's business.)"""
        due, rnd = self._step_deadline(), self.round
        if due is None or rnd is None or self.clock() < due:
            return
        for place in self._behind_here(rnd):
            place.seat.leave()
            self._tell_friend(place)

    def _play(self) -> None:
        """Play on as far as the seats' answers go: turns, the end, an abandonment."""
        session = self.session
        if session is None:
            self._close_if_empty()
            return
        while session.in_progress:
            events = session.poll()
            failure = session.take_failure()
            if failure is not None:
                self._over(abandoned_by=failure.player)
                return
            if not events:
                break
            self._turn(events)
        self._flush()
        self._open_round()
        if not session.in_progress and any(place.seat.gone for place in self.places.values()):
            self.closed = True
            for place in self.places.values():
                self._tell_friend(place)

    def _asked(self, place: Place, view: View) -> None:
        """The seat is asked: the turn just played carries the question (one message where
        two would do), or it goes alone (the first turn, a player back after a drop)."""
        seconds = place.seat.seconds_left()
        ask: Question = {"turn": view.turn,
                         "seconds": None if seconds is None else round(seconds, 1)}
        if place.held is not None:
            place.held["ask"] = ask
        else:
            self._send(place, {"type": "ask", "game": self.session.game_number
                               if self.session else 0, **ask}, keep=False)

    def _flush(self) -> None:
        """Send the turns held back (with their questions, if any)."""
        for place in self.places.values():
            if place.held is not None:
                message, place.held = place.held, None
                self._send(place, message)

    def _waiting(self) -> None:
        """Tell the player still choosing that the other has chosen (the one who has knows)."""
        game = self._game()
        if game is None or self.session is None or not self.session.in_progress:
            return
        done = {p: self.session.answered(p) or place.seat.answered
                for p, place in self.places.items()}
        for place in self.places.values():
            if not done[place.player]:
                self._tell(place, {"type": "waiting", "game": self.session.game_number,
                                   "turn": game.turns + 1, "you": False,
                                   "friend": done[3 - place.player]})

    def _turn(self, events: list[Event]) -> None:
        game = self._game()
        assert game is not None and self.session is not None
        number = self.session.game_number
        timed_out = [self.places[p].seat.timed_out for p in (1, 2)]
        rnd, self.round = self.round, None
        nonces = [rnd.openings.get(p) if rnd is not None and rnd.turn == game.turns else None
                  for p in (1, 2)]
        for place in self.places.values():
            place.held = turn_message(game, number, events, timed_out, place.player, nonces)
        for peer in self.watchers:
            peer.send(turn_message(game, number, events, timed_out, None, nonces))
        if game.over:
            self._flush()
            self._over()

    def _over(self, abandoned_by: int = 0) -> None:
        """The game ended (or was abandoned): the result, both hands, the deck and what it
        came from revealed."""
        game = self._game()
        assert game is not None and self.session is not None and game.seed is not None
        case = game.outcome.case if game.outcome is not None else None
        winner = (3 - abandoned_by) if abandoned_by else (case.winner if case else 0)
        message: Over = {"type": "over", "game": self.session.game_number,
                   "result": int(case) if case is not None and not abandoned_by else None,
                   "winner": winner, "abandoned_by": abandoned_by, "turns": game.turns,
                   "moves": [list(move) for move in game.moves],
                   "hands": [card_codes(game.hand1), card_codes(game.hand2)],
                   "deck": card_codes(shuffled_deck(random.Random(game.seed))),
                   "secret": self.secret, "seeds": list(self.seeds), "seed": game.seed}
        self.ended = message
        for place in self.places.values():
            self._send(place, message)
        for peer in self.watchers:
            peer.send(message)
        if abandoned_by:
            self.closed = True

    def rematch(self, peer: Peer) -> None:
        """A player asks for another game; it is dealt once both asked. Asked again, it is
        no news: the friend is not told twice."""
        place = self._place_of_peer(peer)
        session = self.session
        if (place is None or place.rematch or session is None or session.in_progress
                or session.stopped or session.game is None or self.round is not None):
            return
        place.rematch = True
        other = self._other(place)
        if other is not None:
            asked: RematchAsked = {"type": "rematch", "game": session.game_number,
                                   "by": place.player}
            self._send(other, asked, keep=False)
        if all(p.rematch for p in self.places.values()) and self.full:
            self._deal()

    def _close_if_empty(self) -> None:
        if all(place.seat.gone for place in self.places.values()):
            self.closed = True

    # -- sending -------------------------------------------------------------------------------
    def _send(self, place: Place, message: ServerMessage, keep: bool = True) -> None:
        """Send to the player if connected; keep the game's messages for a resume."""
        if keep and message["type"] in ("shuffle", "committed", "deal", "turn", "over"):
            place.log.append(message)
        if place.peer is not None:
            place.peer.send(message)


def deal_message(game: Game, number: int, committed: str, player: int | None) -> Deal:
    """Game ``number``'s deal as ``player`` may see it: their hand, the other hand only when
    hands are open; a spectator (None) no hand at all."""
    view = game.view(player) if player else None
    return {"type": "deal", "game": number, "commitment": committed,
            "hand": card_codes(view.hand) if view else None,
            "opponent_hand": card_codes(view.opponent_hand)
            if view and view.opponent_hand else None,
            "cards_left": DEALT_LEFT}


def turn_message(game: Game, number: int, events: list[Event], timed_out: list[bool],
                 player: int | None, nonces: list[str | None]) -> Turn:
    """The turn just played (its ``events``) as ``player`` may see it: both discards, their
    own draw, the other's only when hands are open, a spectator no draw; the nonces that
    opened both commitments (None for a player the timer played for)."""
    drew = {event.player: event.card for event in events if isinstance(event, Drew)}
    discards = [event.card for event in events if isinstance(event, Discarded)]
    shown = [bool(player) and (p == player or game.open_hands) for p in (1, 2)]
    return {"type": "turn", "game": number, "turn": game.turns, "slots": list(game.moves[-1]),
            "discards": card_codes(discards),
            "draws": [card_codes([drew[p]])[0] if shown[p - 1] else None for p in (1, 2)],
            "cards_left": game.cards_left, "timed_out": timed_out, "nonces": nonces}


def public_log(game: Game, number: int) -> list[Turn]:
    """The turns of ``game`` (game ``number`` at its table) so far, as a spectator sees them
    (for one who sits down mid-game)."""
    replayed = Game(game.seed, open_hands=game.open_hands)
    replayed.deal()
    return [turn_message(replayed, number, replayed.play_turn(*move), [False, False], None,
                         [None, None]) for move in game.moves]
