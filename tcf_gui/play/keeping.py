"""What a table session writes to the game history: each game the moment it ends, and the
game in progress, written when dealt and after every turn, so that the next start can bring
it back (tcf_gui.history.unfinished). A disk that refuses is never fatal: its messages wait
in ``problems`` for the adapter to show.
"""
from __future__ import annotations

from typing import TYPE_CHECKING

from tcf_gui.engine.game import Game
from tcf_gui.history.unfinished import UnfinishedGame

if TYPE_CHECKING:  # SQLite loads only where a history is kept (``play --text`` keeps none)
    from tcf_gui.history import GameRecord, History


class GameKeeper:
    """The history side of a session; with no ``history`` it keeps nothing."""

    def __init__(self, history: History | None, keep_unfinished: bool) -> None:
        self.history = history
        """Where games are written (None: nowhere; an adapter may change it between games)."""
        self.keep_unfinished = keep_unfinished
        self.unfinished: UnfinishedGame | None = None
        """The game on the table as the history keeps it until it ends."""
        self.problems: list[str] = []
        """Messages about the history (a disk that refused) for the adapter to show."""
        self.last: GameRecord | None = None
        """The game written last (its skill score is stored with it when worked out)."""

    def dealt(self, game: Game, kind: str, p1: str, p2: str) -> None:
        """A new game is on the table: kept from now on, if games in progress are."""
        self.unfinished = None
        if self.keep_unfinished and self.history is not None:
            self.unfinished = UnfinishedGame(kind, p1, p2, game.seed or 0,
                                             open_hands=game.open_hands)

    def take_unfinished(self, kind: str | None = None,
                        seed: int | None = None) -> UnfinishedGame | None:
        """The game in progress a window left (the one saved last; only one of ``kind``
        dealt from ``seed`` if given), now this session's."""
        if self.history is None:
            return None
        self.unfinished = self.history.resume_unfinished(kind, seed)
        return self.unfinished

    def set_aside(self, game: Game, coached: bool) -> None:
        """The game on the table leaves it unfinished: kept as it stands, for the next start."""
        self.progress(game, coached)
        if self.history is not None and self.unfinished is not None:
            self.history.release_unfinished(self.unfinished)
        self.unfinished = None

    def progress(self, game: Game, coached: bool) -> None:
        """Write the game in progress as it stands now."""
        if self.history is None or self.unfinished is None:
            return
        self.unfinished.moves = tuple(game.moves)
        self.unfinished.coach = coached
        self._report(self.history.keep_unfinished(self.unfinished))

    def ended(self, game: Game, kind: str, p1: str, p2: str, coached: bool) -> None:
        """Write the game that just ended (or was given up); the game in progress kept for
        it leaves the history in the same write."""
        if self.history is not None:
            from tcf_gui.history import GameRecord

            record = GameRecord.from_game(game, kind=kind, p1=p1, p2=p2, coach=coached)
            self.last = record
            self._report(self.history.add(record, settles=self.unfinished))
        self.unfinished = None

    def void(self, why: str | None = None) -> None:
        """The game on the table will never be played on: it leaves the history uncounted
        (``why``, if given, is told)."""
        if self.history is not None and self.unfinished is not None:
            self.history.drop_unfinished(self.unfinished)
        self.unfinished = None
        self._report(why)

    def _report(self, problem: str | None) -> None:
        if problem:
            self.problems.append(problem)
