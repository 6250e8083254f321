"""What a client knows of its table, built from the server's messages, and the check of the
deal at the end.

A FriendTable takes each message (``take``) and keeps the table as this client may know it:
its seat, the names, its own hand, every discard, the counts, who has chosen this turn. For
the window it also makes engine events seen from this client's side of the table (its own
hand at the bottom, as Player 1 of the picture; the other hand's hidden cards stand in as
HIDDEN), so that the table shows a friend's game as it shows any other.

A player's table also takes its part in the rounds of commitments (tcf_gui.net.pledges):
it draws its seed for each deal and commits to each discard, opens them once the other's
commitment is in, and checks the other's openings; what it sends waits on ``outgoing()``.
It believes nothing it can check: a timer on a table that has none, a discard the other
player did not commit to, an abandonment by itself, each is a ServerError.

At the end the server reveals the deck, its secret, both seeds and the game's seed.
``_verify`` checks the commitments and the seeds (tcf_gui.net.proof), replays the game
from the deck with the moves played, and compares every message this client was sent with
the message that deck and those moves give (tcf_gui.net.table's own builders): one card
changed anywhere fails the check. The replayed Game is then the game as it was, for the
end screen, the log and the history.
"""
from __future__ import annotations

from dataclasses import dataclass, field, replace
from typing import Callable, Mapping, Sequence

from tcf_gui.engine.cards import Card, Rank, Suit
from tcf_gui.engine.events import Dealt, Discarded, Drew, Event, GameOver
from tcf_gui.engine.game import HAND_SIZE, Game, hand_history
from tcf_gui.engine.outcome import Case, Outcome
from tcf_gui.i18n import _, ngettext
from tcf_gui.net.kept_seats import KeptSeat
from tcf_gui.net.messages import (Ask, ClientMessage, Committed, Deal, Friend, Over,
                                  Question, Received, RematchAsked, Seated, Shuffle, Turn,
                                  Waiting, read_from_server)
from tcf_gui.net.pledges import Pledges
from tcf_gui.net.proof import check_deal, new_secret
from tcf_gui.net.protocol import read_cards
from tcf_gui.net.seat import lowest_slot
from tcf_gui.net.table import DEALT_LEFT, deal_message, turn_message
from tcf_gui.words.names import clean_name

#: Stands for a card this client may not see (drawn face down, never shown).
HIDDEN = Card(Rank.TWO, Suit.CLUB)
_SWAP_CASE = {Case.DEAD_DECK: Case.DEAD_DECK, Case.P1_FLUSH: Case.P2_FLUSH,
              Case.P2_FLUSH: Case.P1_FLUSH, Case.P1_STRAIGHT: Case.P2_STRAIGHT,
              Case.P2_STRAIGHT: Case.P1_STRAIGHT, Case.P1_HIGH_CARD: Case.P2_HIGH_CARD,
              Case.P2_HIGH_CARD: Case.P1_HIGH_CARD}


class ServerError(ValueError):
    """The server sent something that cannot be (a card twice, a turn out of order)."""


def seen_from(event: Event, seat: int) -> Event:
    """``event`` as the picture shows it to ``seat``: seat 2's events are Player 1's there."""
    if seat != 2:
        return event
    if isinstance(event, GameOver):
        outcome = event.outcome
        case = _SWAP_CASE[outcome.case] if outcome.case is not None else None
        return replace(event, outcome=Outcome(outcome.analysis2, outcome.analysis1, case))
    return replace(event, player=3 - event.player)


def dealt_events(me: int, hand: list[Card], other: list[Card] | None) -> list[Event]:
    """The deal as ``me`` sees it (seen_from): its ``hand`` (none: HIDDEN), the ``other``
    hand when shown, else HIDDEN."""
    hands = {me: hand or [HIDDEN] * HAND_SIZE, 3 - me: other or [HIDDEN] * HAND_SIZE}
    events: list[Event] = []
    left = 52
    for slot in range(HAND_SIZE):
        for player in (1, 2):
            left -= 1
            events.append(Dealt(player, slot, hands[player][slot], left))
    return [seen_from(event, me) for event in events]


def turn_events(me: int, turn: int, slots: tuple[int, int], discards: list[Card],
                draws: list[Card], cards_left: int) -> list[Event]:
    """Turn ``turn`` as ``me`` sees it: both discards, both draws (HIDDEN where unseen)."""
    events: list[Event] = [Discarded(p, slots[p - 1], discards[p - 1], turn) for p in (1, 2)]
    events += [Drew(1, slots[0], draws[0], cards_left + 1, turn),
               Drew(2, slots[1], draws[1], cards_left, turn)]
    return [seen_from(event, me) for event in events]


@dataclass
class DealCheck:
    """This client's check of a finished game: whether it was played from the deck
    committed at its deal, and if not, what is wrong."""

    verified: bool
    problem: str = ""


@dataclass
class Ending:
    """How a game on the table ended, from the server's ``over``."""

    winner: int
    abandoned_by: int
    game: Game
    verdict: DealCheck

    def winner_from(self, seat: int) -> int:
        """The winner as ``seat`` counts it: 1 that side, 2 the other, 0 a draw; for a
        spectator (seat 0), as the server told it."""
        if not seat or not self.winner:
            return self.winner
        return 1 if self.winner == seat else 2


@dataclass
class FriendTable:
    """A client's knowledge of its table."""

    seat: int = 0
    """1 (the host), 2 (the friend who joined), 0 (a spectator)."""
    code: str = ""
    timer: int = 0
    spectators: bool = False
    open_hands: bool = False
    names: list[str | None] = field(default_factory=lambda: [None, None])
    friend_present: bool = False
    friend_left: bool = False
    friend_away: bool = False
    """The friend's connection was lost, and their seat is held for them."""
    friend_came_back: bool = False
    """The friend message just taken brought the friend back after a lost connection."""
    number: int = 0
    """The number of the game on the table (0: none dealt yet)."""
    commitment: str = ""
    """The server's commitment to its secret for the game on the table."""
    pledges: Pledges = field(default_factory=Pledges)
    """This player's commitments for the game being dealt or played, and the other's."""
    draw_seed: Callable[[], str] | None = None
    """Where this player's seed for each deal comes from (None: proof.new_secret; tests
    give a fixed one)."""
    kept: KeptSeat | None = None
    """The seat kept on disk (tcf_gui.net.kept_seats): this player's secrets for the game
    in play are kept there, and taken back from there after a crash."""
    hand: list[Card] = field(default_factory=list)
    opponent_hand: list[Card] | None = None
    moves: list[tuple[int, int]] = field(default_factory=list)
    discards: list[tuple[int, Card]] = field(default_factory=list)
    """Every discard of the game so far, oldest first, with who threw it."""
    cards_left: int = 52
    asked_turn: int = 0
    """The turn of the game on the table this seat was last asked for (0: none yet)."""
    seconds: float | None = None
    """The turn timer as last told (seconds left when asked), None for none."""
    chosen: dict[str, bool] = field(default_factory=lambda: {"you": False, "friend": False})
    sent: int | None = None
    """The slot this player sent for the turn asked (None: none sent): the turn must play it."""
    timed_out: list[bool] = field(default_factory=lambda: [False, False])
    ending: Ending | None = None
    rematch_asked_by: int = 0
    events: list[Event] = field(default_factory=list)
    """The events of the game on the table so far, from this client's side (see module)."""
    _told: list[Deal | Turn] = field(default_factory=list)
    transcript: list[Received] = field(default_factory=list)
    """The game on the table as this side took it, for ``tcf-gui verify``
    (tcf_gui.net.transcript): the seating, every message of the game from its shuffle, and
    this player's choices (type ``chose``)."""

    # -- who is who ----------------------------------------------------------------------------
    @property
    def me(self) -> int:
        """The player at the bottom of this client's picture: its seat (a spectator: 1)."""
        return self.seat or 1

    @property
    def friend_name(self) -> str:
        return self.names[2 - self.me] or ""

    def player_names(self) -> tuple[str, str]:
        """Player 1's and Player 2's names as the server told them ("?" for one not told)."""
        return self.names[0] or "?", self.names[1] or "?"

    def seat_names(self) -> tuple[str, str]:
        """Player 1's and Player 2's names, "you" for this side."""
        names = list(self.player_names())
        if self.seat:
            names[self.seat - 1] = _("you")
        return names[0], names[1]

    @property
    def in_game(self) -> bool:
        return self.number > 0 and self.ending is None

    @property
    def turn(self) -> int:
        return len(self.moves) + 1

    @property
    def timer_plays(self) -> frozenset[tuple[int, int]]:
        """(turn, player) for each card of this game a turn timer played."""
        return frozenset((int(told["turn"]), player) for told in self._told
                         if told["type"] == "turn" for player in (1, 2)
                         if told["timed_out"][player - 1])

    @property
    def timed_out_turns(self) -> frozenset[int]:
        """The turns of this game in which the timer played this seat's lowest card."""
        return frozenset(turn for turn, player in self.timer_plays if player == self.seat)

    def hand_history(self) -> list[tuple[tuple[Card, ...], tuple[Card, ...]]]:
        """Both hands after the deal and each turn, as this side's events show them."""
        return hand_history(self.events)

    # -- messages ------------------------------------------------------------------------------
    def take(self, message: Received) -> list[Event] | None:
        """Take one message from the server; the new events to show (from this side), or
        None for a deal, turn, end or friend's state told again (the server tells a game
        again after a reconnect) or about another game: nothing changed. ServerError when
        the message cannot be true."""
        kind = message.get("type")
        try:
            told = read_from_server(message)
            handler = getattr(self, f"_{kind}", None) if kind in _KINDS else None
            events = handler(told) if handler is not None else []
            if kind == "seated" or (kind in _GAME_KINDS and events is not None):
                self.transcript.append(dict(message))
            return events
        except (KeyError, TypeError, ValueError, IndexError, AttributeError, ArithmeticError) as error:
            raise ServerError(_("the server sent a {kind} message that cannot be ({reason})").format(
                kind=kind, reason=error)) from None

    def _seated(self, message: Seated) -> list[Event]:
        self.seat, self.code = int(message["seat"]), str(message["code"])
        self.timer, self.spectators = int(message["timer"]), bool(message["spectators"])
        self.open_hands = bool(message["open"])
        self.names = [None if name is None else clean_name(name) for name in message["names"][:2]]
        return []

    def _friend(self, message: Friend) -> list[Event] | None:
        name, present, left = clean_name(str(message["name"])), bool(message["present"]), bool(message["left"])
        if (name, present, left) == (self.names[2 - self.me], self.friend_present, self.friend_left):
            return None  # told again (a reconnect, a table closing after a leave): no news
        self.names[2 - self.me] = name
        self.friend_present, self.friend_left = present, left
        self.friend_came_back = self.friend_away and present
        self.friend_away = not present and not left
        return []

    def leaving(self) -> list[ClientMessage]:
        """What this player sends before ``leave`` (a sealed table's: its seed)."""
        return []

    def news(self, message: Received) -> str:
        """What the message just taken tells a screen (the handler it calls): its type.
        A sealed table's (tcf_gui.net.sealed.client) says deal, turn or over."""
        return str(message.get("type"))

    def outgoing(self) -> list[ClientMessage]:
        """What this client is to send now (its commitments and their openings), once."""
        return self.pledges.outgoing()

    def _shuffle(self, message: Shuffle) -> list[Event] | None:
        number = int(message["game"])
        if not self.seat or number <= self.number:
            return None  # told again after a reconnect, or to no player
        if number == self.pledges.game:  # told again: the commitment goes again
            if not self.pledges.seed_opened:
                self.pledges.start()
            return None
        self.transcript = [entry for entry in self.transcript if entry["type"] == "seated"][-1:]
        self.pledges = Pledges(number, str(message["commitment"]),
                               (self.draw_seed or new_secret)(),
                               outbox=self.pledges.outbox)
        if self.kept is not None and self.kept.secrets is not None:
            self.pledges.restore(self.kept.secrets)  # (this game's, from before a crash)
        self.pledges.start()
        self._keep_secrets()
        return []

    def _keep_secrets(self) -> None:
        """Keep this player's seed and committed discard on disk (see ``kept``)."""
        if self.kept is not None:
            self.kept.keep_secrets(self.pledges.secrets())

    def _committed(self, message: Committed) -> list[Event] | None:
        number, turn = int(message["game"]), int(message["turn"])
        if not self.seat or number != self.pledges.game:
            return None
        if (turn == 0 and number == self.number) or (turn and (number != self.number
                                                               or turn != self.turn)):
            self.pledges.told_again(turn, message["commitment"])
            return None  # a round played already, told again after a reconnect
        self.pledges.committed(turn, message["commitment"])
        return []

    def _deal(self, message: Deal) -> list[Event] | None:
        number = int(message["game"])
        if number <= self.number:
            return None  # told again after a reconnect: already on the table
        if self.seat and (number != self.pledges.game or not self.pledges.seed_opened
                          or message["commitment"] != self.pledges.server):
            raise ValueError(_("a deal without both players' seeds"))
        self.number, self.commitment = number, str(message["commitment"])
        self.moves, self.discards, self.ending, self.rematch_asked_by = [], [], None, 0
        self.chosen, self.sent, self.asked_turn = {"you": False, "friend": False}, None, 0
        self._told = [message]
        self.hand = read_cards(message["hand"], HAND_SIZE) if message["hand"] is not None else []
        self.opponent_hand = (read_cards(message["opponent_hand"], HAND_SIZE)
                              if message["opponent_hand"] is not None else None)
        if self.seat and not self.hand:
            raise ValueError(_("a player's deal without a hand"))
        self.cards_left = DEALT_LEFT
        self.events = dealt_events(self.me, self.hand, self.opponent_hand)
        return list(self.events)

    def _ask(self, message: Ask) -> list[Event]:
        if int(message["game"]) == self.number:
            self._asked(message)
        return []

    def _asked(self, ask: Question | Ask) -> None:
        """A question for this seat: the turn and its timer; asked again (after a drop), the
        move sent before it did not arrive, so it is this player's to make again."""
        self.asked_turn = int(ask["turn"])
        seconds = ask["seconds"]
        self.seconds = None if seconds is None else float(seconds)
        if self.asked_turn == self.turn:
            self.chosen["you"], self.sent = False, None

    def _waiting(self, message: Waiting) -> list[Event]:
        if int(message["game"]) == self.number and int(message["turn"]) == self.turn:
            self.chosen["friend"] = bool(message["friend"])
        return []

    def moved(self, slot: int) -> None:
        """This player chose their move for the turn asked, to discard ``slot``: its
        commitment is to be sent (``outgoing``)."""
        self.chosen["you"], self.sent = True, slot
        self.pledges.choose(self.turn, slot)
        self._keep_secrets()
        self.transcript.append({"type": "chose", "turn": self.turn, "slot": slot})

    def _turn(self, message: Turn) -> list[Event] | None:
        turn = int(message["turn"])
        if int(message["game"]) != self.number or turn <= len(self.moves):
            return None  # told again after a reconnect
        if turn != len(self.moves) + 1:
            raise ValueError(_("turn {turn} after turn {last}").format(
                turn=turn, last=len(self.moves)))
        self._told.append(message)
        slots = (int(message["slots"][0]), int(message["slots"][1]))
        discards = read_cards(message["discards"], 2)
        draws = [read_cards([code], 1)[0] if code is not None else HIDDEN
                 for code in message["draws"]]
        self.cards_left = int(message["cards_left"])
        self.timed_out = [bool(flag) for flag in message["timed_out"]]
        if not self.timer and any(self.timed_out):
            raise ValueError(_("a timer played on a table that has none"))
        if self.seat:
            self._check_mine(slots[self.seat - 1], discards[self.seat - 1])
            friend = 3 - self.seat
            self.pledges.check_move(friend, turn, slots[friend - 1],
                                    message["nonces"][friend - 1], self.timed_out[friend - 1])
            self.hand[slots[self.seat - 1]] = draws[self.seat - 1]
        if self.opponent_hand is not None:
            self.opponent_hand[slots[2 - self.me]] = draws[2 - self.me]
        self.moves.append(slots)
        self.discards += [(1, discards[0]), (2, discards[1])]
        self.chosen, self.sent = {"you": False, "friend": False}, None
        shown = turn_events(self.me, turn, slots, discards, draws, self.cards_left)
        self.events += shown
        if isinstance(message.get("ask"), dict):
            self._asked(message["ask"])
        return shown

    def _check_mine(self, slot: int, discard: Card) -> None:
        """This player's discard in a turn: the card held in ``slot``, the slot sent (or,
        when the timer played, the lowest card); ValueError for a server that played
        another card for them."""
        if self.hand[slot] != discard:
            raise ValueError(_("my discard is not the card I held"))
        if self.timed_out[self.seat - 1]:
            if slot != lowest_slot(tuple(self.hand)):
                raise ValueError(_("the timer did not play my lowest card"))
        elif self.sent is not None and slot != self.sent:
            raise ValueError(_("my discard is not the card I chose"))

    def _over(self, message: Over) -> list[Event] | None:
        if int(message["game"]) != self.number or self.ending is not None:
            return None  # told again after a reconnect, or about another game
        abandoned_by = int(message["abandoned_by"])
        if self.seat and abandoned_by == self.seat:
            raise ValueError(_("it says I left the table, and I did not"))
        if abandoned_by and int(message["winner"]) != 3 - abandoned_by:
            raise ValueError(_("a game left is won by the one who stayed"))
        game, verdict = self._verify(message)
        self.ending = Ending(int(message["winner"]), abandoned_by, game, verdict)
        if self.kept is not None:
            self.kept.keep_secrets(None)  # (revealed now: never to be used again)
        if abandoned_by or not game.over:
            return []
        real = [seen_from(event, self.me) for event in game.events]
        self.events = real
        return [real[-1]]  # the GameOver: the window shows the real cards before it

    def _rematch(self, message: RematchAsked) -> list[Event] | None:
        if int(message["game"]) != self.number or self.rematch_asked_by:
            return None  # about another game, or asked before: the first to ask stays
        self.rematch_asked_by = int(message["by"])
        return []

    # -- the check -----------------------------------------------------------------------------
    def _verify(self, message: Over) -> tuple[Game, DealCheck]:
        """The game replayed from the revealed deck, and whether it is the game this client
        was shown (see the module)."""
        deck = read_cards(message["deck"], 52)
        if len(set(deck)) != 52:
            raise ValueError(_("the revealed deck repeats a card"))
        seed, seeds = int(message["seed"]), [str(each) for each in message["seeds"]]
        moves = [(int(a), int(b)) for a, b in message["moves"]]
        game = Game(seed, deck=deck, open_hands=self.open_hands)
        problem = check_deal(self.commitment, self.number, str(message["secret"]), seeds, seed,
                             deck)
        if problem is None and self.seat:
            problem = self._check_seeds(seeds)
        try:
            events = game.deal()
            expected: list[Deal | Turn] = [
                deal_message(game, self.number, self.commitment, self.seat or None)]
            for turn, move in enumerate(moves, 1):
                if problem is None:
                    problem = self._check_timer(game, turn, move)
                events = game.play_turn(*move)
                expected.append(turn_message(game, self.number, events, [False, False],
                                             self.seat or None, [None, None]))
        except (ValueError, RuntimeError) as error:
            return game, DealCheck(False, _("the moves revealed do not fit the deck ({reason})").format(
                reason=error))
        if problem is None:
            problem = _compare(self._told, expected)
        return game, self._check_result(game, message, problem)

    def _check_seeds(self, seeds: list[str]) -> str | None:
        """Whether the seeds revealed are this player's and the one the other committed to."""
        if seeds[self.seat - 1] != self.pledges.seed:
            return _("the deck was not dealt from your seed")
        if not self.pledges.check_seed(seeds[2 - self.seat]):
            return _("your friend's seed revealed is not the one committed to")
        return None

    def _check_timer(self, game: Game, turn: int, move: tuple[int, int]) -> str | None:
        """A card told as played by the timer in ``turn`` must be its player's lowest."""
        told = self._told[turn] if turn < len(self._told) else None
        flags = told.get("timed_out") if told is not None and told["type"] == "turn" else None
        for player, hand in ((1, game.hand1), (2, game.hand2)):
            if flags and flags[player - 1] and move[player - 1] != lowest_slot(tuple(hand)):
                return _("turn {turn}: the timer did not play the lowest card").format(turn=turn)
        return None

    def _check_result(self, game: Game, message: Over, problem: str | None) -> DealCheck:
        if problem is None and not message["abandoned_by"]:
            case = game.outcome.case if game.outcome is not None else None
            if case is None or int(case) != message["result"] or case.winner != message["winner"]:
                problem = _("the result announced is not the result of the game played")
        return DealCheck(problem is None, problem or "")


#: The messages of a game that its transcript keeps.
_GAME_KINDS = frozenset({"shuffle", "committed", "deal", "turn", "over"})
_KINDS = frozenset({"seated", "friend", "shuffle", "committed", "deal", "ask", "waiting", "turn", "over", "rematch"})


def _compare(told: Sequence[Mapping[str, object]],
             expected: Sequence[Mapping[str, object]]) -> str | None:
    """None when every deal and turn message told matches the replay's; else the first
    that does not."""
    if len(told) != len(expected):
        return ngettext("{shown} turn was shown, the moves revealed make {made}",
                        "{shown} turns were shown, the moves revealed make {made}",
                        len(told) - 1).format(shown=len(told) - 1, made=len(expected) - 1)
    for was, should in zip(told, expected):
        keys = set(should) - {"timed_out", "nonces"}
        if {key: was.get(key) for key in keys} != {key: should[key] for key in keys}:
            if should["type"] == "deal":
                return _("the deal as shown is not the deal of the deck revealed")
            return _("turn {turn} as shown is not turn {turn} of the deck revealed").format(
                turn=should["turn"])
    return None
