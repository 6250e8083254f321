"""A round of commitments on the server's table: both players' seeds before a deal (turn 0),
or both players' moves in a turn (tcf_gui.net.proof says what is committed and how).

A Round keeps each player's commitment as it comes; once both are in (or a player's timer
played for them: no commitment), each player is told the other's (``committed``) and may
open its own. An opening that does not open its commitment is passed over: the table takes
only what was fixed before the other's was known.

A step no player thinks about (the seeds' commitments and openings, a move's opening: the
client sends them by itself) has a deadline on the table (``started``, NetTable.deadline): a
player still connected who has not sent theirs by then leaves the table.
"""
from __future__ import annotations

from dataclasses import dataclass, field

from tcf_gui.net.messages import Committed
from tcf_gui.net.proof import opens


@dataclass
class Round:
    game: int
    turn: int
    """The turn committed to, 0 for the seeds of the deal."""
    commitments: dict[int, str] = field(default_factory=dict)
    opened: bool = False
    """True once each player was told the other's commitment: openings are taken."""
    openings: dict[int, str] = field(default_factory=dict)
    """What opened each player's commitment: their seed, or their move's nonce."""
    started: float | None = None
    """When the step under way began, for a step with a deadline (the seeds' commitments,
    then any opening); None while the players choose their moves (the turn timer's time)."""
    graced: set[int] = field(default_factory=set)
    """The players given more time once for coming back during this round (a resume)."""

    def commit(self, player: int, committed: str) -> bool:
        """Keep ``player``'s commitment; False when it has one already or the round opened."""
        if self.opened or player in self.commitments:
            return False
        self.commitments[player] = committed
        return True

    def ready(self, played: set[int]) -> bool:
        """Whether every player has committed, or been played for (``played``)."""
        return not self.opened and all(p in self.commitments or p in played for p in (1, 2))

    def behind(self, played: set[int]) -> set[int]:
        """The players who have not sent what the step under way waits for: their
        commitment (those ``played`` for by the timer need none), or once the round opened
        their opening."""
        if self.opened:
            return {p for p in self.commitments if p not in self.openings}
        return {p for p in (1, 2) if p not in self.commitments and p not in played}

    def told(self, player: int) -> Committed:
        """What ``player`` is told as the round opens: the other's commitment."""
        return {"type": "committed", "game": self.game, "turn": self.turn,
                "commitment": self.commitments.get(3 - player)}

    def open(self, player: int, value: str, nonce: str) -> bool:
        """Take ``player``'s opening (``value``: the slot, or proof.SEED) when it opens
        their commitment and the round is open; False otherwise."""
        committed = self.commitments.get(player)
        if (not self.opened or committed is None or player in self.openings
                or not opens(committed, self.game, self.turn, value, nonce)):
            return False
        self.openings[player] = nonce
        return True
