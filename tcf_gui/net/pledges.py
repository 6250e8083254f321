"""A player's side of the rounds of commitments (tcf_gui.net.proof): its own seed and
discard, kept until the other's commitment is in, and the other's commitments as told.

The client's table (tcf_gui.net.mirror) holds one Pledges per game. What it must send is
put on ``outbox`` (the window and the terminal send it): the commitment as soon as the
seed is drawn or the card chosen, the opening only once ``committed`` brought the other's
commitment. Nothing of the seed or the discard itself leaves before that.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from tcf_gui.i18n import _
from tcf_gui.net import checks, messages
from tcf_gui.net.messages import ClientMessage
from tcf_gui.net.proof import NONCE_HEX, SECRET_HEX, SEED, commitment, new_nonce, new_secret, opens


@dataclass
class Pledges:
    game: int = 0
    """The game the seeds are for (0: none yet)."""
    server: str = ""
    """The server's commitment to its secret for that game."""
    seed: str = field(default_factory=new_secret)
    seed_opened: bool = False
    """True once this player's seed was sent (the other's commitment was in)."""
    slot: int | None = None
    nonce: str = ""
    turn: int = 0
    """The turn of ``slot``: this player's committed discard, not yet played."""
    friend: dict[int, str | None] = field(default_factory=dict)
    """The other player's commitments as told, by turn (0: their seed; None: the timer
    played for them)."""
    outbox: list[ClientMessage] = field(default_factory=list)

    def start(self) -> None:
        """Commit to this player's seed for the game."""
        self.outbox.append(messages.commit(self.game, 0, commitment(self.game, 0, SEED,
                                                                    self.seed)))

    def choose(self, turn: int, slot: int) -> None:
        """Commit to discarding ``slot`` in ``turn``. A turn already committed to (asked
        again after a reconnect) keeps its first commitment, which the server holds: the
        same one goes again, and the move opened later is the one it promised."""
        if self.turn != turn or self.slot is None:
            self.slot, self.turn, self.nonce = slot, turn, new_nonce()
        self.outbox.append(messages.commit(self.game, turn, commitment(
            self.game, turn, str(self.slot), self.nonce)))

    def committed(self, turn: int, theirs: str | None) -> None:
        """Both commitments of ``turn`` are in (told again after a reconnect: the opening
        goes again, the server takes one): open this player's own."""
        if turn == 0 and theirs is None:
            raise ValueError(_("the seeds opened without the other player's commitment"))
        self.told_again(turn, theirs)
        self.friend[turn] = theirs
        if turn == 0:
            self.seed_opened = True
            self.outbox.append(messages.seed(self.game, self.seed))
        elif turn == self.turn and self.slot is not None:
            self.outbox.append(messages.move(self.game, turn, self.slot, self.nonce))

    def told_again(self, turn: int, theirs: str | None) -> None:
        """The other player's commitment of ``turn`` told (again, after a reconnect): it must
        be the one told before (a server that changed it, say once it had this player's
        seed, is caught); ValueError otherwise."""
        if turn in self.friend and self.friend[turn] != theirs:
            raise ValueError(_("your friend's commitment to their seed changed after a "
                               "reconnect") if turn == 0 else
                             _("your friend's commitment for turn {turn} changed after a "
                               "reconnect").format(turn=turn))

    def check_move(self, player: int, turn: int, slot: int, nonce: str | None,
                   timed_out: bool) -> None:
        """The other player's discard in ``turn``: the one they committed to, or the timer's
        when they were told as played for; ValueError otherwise."""
        if turn not in self.friend:
            return  # the turn played before their commitment was told (the timer played)
        theirs = self.friend[turn]
        if theirs is None:
            if not timed_out:
                raise ValueError(_("player {player} chose without a commitment").format(
                    player=player))
        elif timed_out or nonce is None or not opens(theirs, self.game, turn, str(slot), nonce):
            raise ValueError(_("player {player}'s discard is not the one committed to").format(
                player=player))

    def check_seed(self, seed: str) -> bool:
        """Whether ``seed`` opens the other player's commitment to their seed."""
        theirs = self.friend.get(0)
        return theirs is not None and opens(theirs, self.game, 0, SEED, seed)

    def secrets(self) -> dict[str, Any]:
        """What a crash must not lose (tcf_gui.net.kept_seats): the game and the server's
        commitment it is for, this player's seed, and its committed discard not yet played."""
        return {"game": self.game, "server": self.server, "seed": self.seed,
                "turn": self.turn, "slot": self.slot, "nonce": self.nonce}

    def restore(self, kept: dict[str, Any]) -> bool:
        """Take back what ``secrets`` gave before a crash, when it is for this game (the
        same number and server's commitment); whether it was."""
        if kept["game"] != self.game or kept["server"] != self.server:
            return False
        self.seed = kept["seed"]
        if kept["slot"] is not None:
            self.slot, self.turn, self.nonce = kept["slot"], kept["turn"], kept["nonce"]
        return True

    def outgoing(self) -> list[ClientMessage]:
        """What is to be sent, once."""
        out, self.outbox = self.outbox, []
        return out


def secrets_valid(kept: Any) -> bool:
    """Whether ``kept`` (read back from disk) has the shape ``Pledges.secrets`` gives."""
    if not isinstance(kept, dict) or set(kept) != {"game", "server", "seed", "turn", "slot",
                                                   "nonce"}:
        return False
    game, turn, slot = kept["game"], kept["turn"], kept["slot"]
    return (type(game) is int and game >= 1 and checks.hexadecimal(64)(kept["server"])
            and checks.hexadecimal(SECRET_HEX)(kept["seed"]) and type(turn) is int
            and 0 <= turn <= 1000
            and (slot is None and kept["nonce"] == ""
                 or type(slot) is int and 0 <= slot <= 2 and turn >= 1
                 and checks.hexadecimal(NONCE_HEX)(kept["nonce"])))
