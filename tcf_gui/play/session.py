"""A table's run of games: the one turn loop every way of playing drives.

A TableSession owns the run seed and the games dealt from it (game 1 from the seed itself,
as ``Match`` deals them, so the seed of any game replays it as game 1), the two seats and
what each may see, the counting (a game counts when it ends), the fallback when a strategy
fails, and the history writes, the game in progress included: with ``keep_unfinished`` it
is written when dealt and after every turn, and ``resume()`` brings it back at the next
start, so that no way of leaving deals a seen deal afresh. Its steps return the engine's
events, which a window animates and a terminal prints.

It never blocks and never sleeps: ``poll()`` asks the seats whose turn it is, plays the
turn once both have answered, and returns its events (none while a seat still thinks). A
window calls it every frame, a terminal after each line typed, a server when a message
comes.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Iterator

from tcf_gui.engine.events import Event
from tcf_gui.engine.game import Game, new_seed
from tcf_gui.engine.match import game_seeds, player_rngs
from tcf_gui.lab.statistics import Counters
from tcf_gui.engine.strategies.registry import StrategyError
from tcf_gui.history.kinds import ORDINARY, SEEDED, game_kind
from tcf_gui.i18n import _
from tcf_gui.history.record import Record
from tcf_gui.play.keeping import GameKeeper
from tcf_gui.play.seats import Seat, seat_for

if TYPE_CHECKING:  # SQLite loads only where a history is kept (``play --text`` keeps none)
    from tcf_gui.history import History


@dataclass(frozen=True)
class SeatFailure:
    """A seat that could not play: its game is void (not counted) and, with a fallback, a
    built-in strategy sits down in its place for the next game."""

    player: int
    name: str
    reason: str
    replaced_by: str | None


class TableSession:
    """Two seats, games one after another from a run seed, counted as they end.

    ``p1`` and ``p2`` are seats, or strategy specs (seated with the run's player rngs, as a
    Match seats them). Without ``seed`` the run gets a fresh one. ``fallback`` names the
    strategy that takes a failing strategy's seat (None: a failure stops the session).
    ``history`` receives every game as it ends, of ``kind`` (tcf_gui.history.kinds; None:
    each game's kind follows from the seats, the seed and open hands), and with
    ``keep_unfinished`` the game in progress too (tcf_gui.play.keeping).
    """

    def __init__(self, p1: Seat | str, p2: Seat | str, *, seed: int | None = None,
                 open_hands: bool = False, fallback: str | None = None,
                 history: History | None = None, keep_unfinished: bool = False,
                 kind: str | None = None) -> None:
        self.run_seed = new_seed() if seed is None else seed
        self.seeded = seed is not None
        """True when the run seed was given: its games can be known beforehand."""
        self.rngs = player_rngs(self.run_seed)
        self.seats = [self._seat(p1, 1), self._seat(p2, 2)]
        self._upcoming: dict[int, Seat] = {}
        self.open_hands = open_hands
        """Whether the next game is dealt with open hands (each player sees the other's)."""
        self.fallback = fallback
        self.keeper = GameKeeper(history, keep_unfinished)
        """Writes the games to the history (tcf_gui.play.keeping)."""
        self.kind = kind
        self._seeds: Iterator[int] = game_seeds(self.run_seed)
        self._slots: list[int | None] = [None, None]
        """The answers of the turn being asked so far."""
        self.game: Game | None = None
        self.game_number = 0
        self.settled = True
        """True once the game on the table is counted, void or given up (or none is dealt)."""
        self.score = Record()
        """The games counted, from Player 1's side (a game given up is a loss)."""
        self.scores: dict[str, Record] = {}
        """``score`` by kind of game (tcf_gui.history.kinds)."""
        self.counters = Counters()
        """The lab's counters over the finished games."""
        self.coached = False
        """True once the coach was shown during the game on the table (the history marks it)."""
        self.failure: SeatFailure | None = None
        """The last seat failure not yet taken by the adapter (``take_failure``)."""
        self.stopped = False
        """True once a seat failed with no fallback: the session deals no more."""
        self._kind_dealt: str | None = None
        """The kind of the game on the table, fixed when it was dealt (or resumed)."""
        self.resumed = False
        """True once a game a window left unfinished was brought back to this table."""

    def _seat(self, seat: Seat | str, player: int) -> Seat:
        return seat_for(seat, self.rngs[player - 1]) if isinstance(seat, str) else seat

    # -- seats -----------------------------------------------------------------------------
    def seat(self, player: int) -> Seat:
        return self.seats[player - 1]

    def next_seat(self, player: int) -> Seat:
        """Who sits at ``player``'s place from the next game."""
        return self._upcoming.get(player, self.seat(player))

    def sit(self, player: int, seat: Seat | str) -> None:
        """``seat`` (or the strategy a spec names) takes ``player``'s place from the next
        game; StrategyError for a spec that names none."""
        self._upcoming[player] = self._seat(seat, player)

    # -- games -----------------------------------------------------------------------------
    @property
    def in_progress(self) -> bool:
        """A game is dealt, not over, and not yet settled."""
        return self.game is not None and not self.settled and not self.game.over

    @property
    def counted(self) -> Record:
        """The games of this session the record counts (ordinary ones); the others (open
        hands, a known seed, today's deal) are kept apart, tcf_gui.history.kinds."""
        return self.scores.get(ORDINARY, Record())

    @property
    def moved(self) -> bool:
        """The game on the table is in progress and a turn of it was played."""
        return self.in_progress and bool(self.game and self.game.moves)

    def answered(self, player: int) -> bool:
        """True when ``player`` has answered the turn being asked (the other may still think)."""
        return self._slots[player - 1] is not None

    def game_kind(self) -> str:
        """The kind of the game about to be dealt."""
        if self.kind is not None:
            return self.kind
        return game_kind(watched=not any(seat.person for seat in self.seats),
                         seeded=self.seeded, open_hands=self.open_hands)

    def deal(self, seed: int | None = None, kind: str | None = None,
             opponent: str | None = None) -> list[Event]:
        """Deal the next game of the run and return the deal's events. The game before must
        be settled (ended, void, given up or set aside). With ``seed``, that deal instead
        (today's deal), of ``kind``, against ``opponent`` for that game only."""
        self._next_game()
        if opponent is not None and opponent != self.seats[1].name:
            self._upcoming.setdefault(2, self.seats[1])
            self.seats[1] = seat_for(opponent, self.rngs[1])
        self.game = Game(next(self._seeds) if seed is None else seed, open_hands=self.open_hands)
        self._kind_dealt = kind or self.game_kind()
        events = self.game.deal()
        self.keeper.dealt(self.game, self._kind_dealt, self.seats[0].name, self.seats[1].name)
        self._after_step()
        return events

    def resume(self, kind: str | None = None, seed: int | None = None) -> list[Event] | None:
        """Bring back the game in progress a window left in the history (the one saved last;
        the one of ``kind`` dealt from ``seed`` if given), as the next game, turn for turn:
        its events so far. None when there is none; a game whose moves no longer fit its
        deal, or whose opponent cannot be seated, is void. A run from a known seed plays on
        only the game left from that seed's deal."""
        if (kind, seed) == (None, None) and self.seeded:
            kind, seed = SEEDED, self.run_seed
        saved = self.keeper.take_unfinished(kind, seed)
        if saved is None:
            return None
        self._next_game()
        try:
            game = Game.replay(saved.seed, saved.moves, open_hands=saved.open_hands)
            opponent = self.seats[1] if saved.p2 == self.seats[1].name else seat_for(
                saved.p2, self.rngs[1])
        except (ValueError, TypeError, RuntimeError, StrategyError) as error:
            self.keeper.void(_("the game in progress could not be resumed ({reason}); it is "
                               "not counted").format(reason=error))
            self.settled = True
            return None
        if opponent is not self.seats[1]:
            self._upcoming.setdefault(2, self.seats[1])
            self.seats[1] = opponent
        self.game, self.coached, self._kind_dealt = game, saved.coach, saved.kind
        self.resumed = True
        events = list(game.events)
        self._after_step()
        return events

    def _next_game(self) -> None:
        """The seats chosen meanwhile sit down; the table is ready for the next game."""
        if not self.settled:
            raise RuntimeError("the game on the table is not settled")
        if self.stopped:
            raise RuntimeError("the session stopped")
        for player, seat in sorted(self._upcoming.items()):
            self.seats[player - 1].close()
            self.seats[player - 1] = seat
        self._upcoming.clear()
        self.game_number += 1
        self.settled, self.coached = False, False

    def poll(self) -> list[Event]:
        """Ask the seats whose turn it is, and play the turn once both answered: its events,
        or none while a seat thinks. A seat that fails voids the game (``failure`` says so)."""
        game = self.game
        if game is None or not self.in_progress:
            return []
        for index, seat in enumerate(self.seats):
            if self._slots[index] is not None:
                continue
            if seat.view is None:
                seat.ask(game.view(index + 1))
            try:
                self._slots[index] = seat.answer()
            except StrategyError as error:
                self._seat_failed(index + 1, error)
                return []
        slot1, slot2 = self._slots
        if slot1 is None or slot2 is None:
            return []
        self._slots = [None, None]
        events = game.play_turn(slot1, slot2)
        self._after_step()
        return events

    def _after_step(self) -> None:
        """Count the game the moment it ends; keep it in the history while it goes on."""
        game = self.game
        assert game is not None
        if game.over:
            self.settled = True
            assert game.outcome is not None and game.outcome.case is not None
            self._count(game.outcome.case.winner)
            self.counters.add_game(game)
            self._save(game)
        else:
            self.keeper.progress(game, self.coached)

    def give_up(self) -> bool:
        """Player 1 gives up the game on the table, a loss. Only once a turn was played: a
        deal not yet played stays on the table (False), so that no deal seen is dealt
        afresh uncounted."""
        if not self.moved:
            return False
        assert self.game is not None
        self._settle()
        self._count(2)
        self._save(self.game)
        return True

    def set_aside(self) -> bool:
        """The game in progress leaves the table uncounted, kept in the history as it stands
        for the next start, which plays it on (for today's deal to take the table). False
        when no game is in progress."""
        if not self.in_progress or self.game is None:
            return False
        self._settle()
        self.keeper.set_aside(self.game, self.coached)
        return True

    def _count(self, winner: int) -> None:
        self.score.add(winner)
        self.scores.setdefault(self.kind_on_table(), Record()).add(winner)

    def _seat_failed(self, player: int, error: StrategyError) -> None:
        """The game on the table is void; the failed seat gives way to the fallback, or the
        session stops."""
        failed = self.seat(player)
        self._settle()
        self.keeper.void()
        replaced_by = None
        if self.fallback is not None:
            replaced_by = self.fallback
            self._upcoming[player] = seat_for(self.fallback, self.rngs[player - 1])
        else:
            self.stopped = True
        self.failure = SeatFailure(player, failed.name, str(error), replaced_by)

    def _settle(self) -> None:
        """The game on the table leaves play before its end: open questions are dropped."""
        self.settled = True
        self._slots = [None, None]
        for seat in self.seats:
            seat.withdraw()

    def take_failure(self) -> SeatFailure | None:
        failure, self.failure = self.failure, None
        return failure

    def kind_on_table(self) -> str:
        """The kind of the game on the table (fixed when it was dealt, or as it was kept)."""
        return self._kind_dealt or self.game_kind()

    def _save(self, game: Game) -> None:
        self.keeper.ended(game, self.kind_on_table(), self.seats[0].name, self.seats[1].name,
                          self.coached)

    def close(self) -> None:
        """The session ends: the game in progress stays in the history for the next start
        (as it stands now), and the seats let go of what they hold."""
        if self.in_progress and self.game is not None:
            self.keeper.progress(self.game, self.coached)
        for seat in (*self.seats, *self._upcoming.values()):
            seat.close()

