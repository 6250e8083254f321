"""A friend's game as the person's history keeps it (kind ``friend``, its own statistics).

The history counts every game from the person's side, as Player 1 against an opponent
(tcf_gui.history.summary): a friend's game is written so, whichever seat the person had,
with the friend's name as the opponent, the result and the slots of each turn turned to the
person's side. A game the person hosted (Player 1) keeps its seed and can be replayed; one
they joined keeps no seed, since its moves, seen from their side, are not the moves of
that deal (it is never replayed wrong). A game the server could not finish, or whose end
did not check out (not verified: the deck, the seeds, a discard or the result is not what
this side was shown), is kept with the games in progress, never resumed and never counted:
never as the win or the loss the server claimed.
"""
from __future__ import annotations

from tcf_gui.history import GameRecord, History
from tcf_gui.history.kinds import FRIEND
from tcf_gui.history.store import PERSON
from tcf_gui.history.unfinished import UnfinishedGame
from tcf_gui.net.mirror import _SWAP_CASE, FriendTable
from tcf_gui.net.transcript import keep


def friend_record(table: FriendTable) -> GameRecord:
    """The finished (or abandoned) game on ``table`` from this person's side."""
    ending = table.ending
    assert ending is not None and table.seat in (1, 2)
    game, seat = ending.game, table.seat
    moves = _from_side(game.moves, seat)
    winner = ending.winner_from(seat)
    case = game.outcome.case if game.outcome is not None and not ending.abandoned_by else None
    if case is not None and seat == 2:
        case = _SWAP_CASE[case]
    return GameRecord(FRIEND, PERSON, table.friend_name or "?", game.seed if seat == 1 else None,
                      moves, int(case) if case is not None else None, winner, game.turns,
                      game.open_hands, quit=ending.abandoned_by == seat,
                      straight=None if case is None or game.outcome is None
                      else game.outcome.straight_win)


def keep_ended(history: History, table: FriendTable) -> tuple[GameRecord | None, str | None]:
    """Write the game that ended on ``table``: a finished game when its check passed, else
    kept as not verified (see the module); and its transcript either way
    (tcf_gui.net.transcript). The record written, and the disk's complaint."""
    ending = table.ending
    assert ending is not None
    _, trouble = keep(table)
    if not ending.verdict.verified:
        return None, history.keep_unfinished(unfinished_record(table)) or trouble
    record = friend_record(table)
    return record, history.add(record) or trouble


def left_record(table: FriendTable) -> GameRecord:
    """The game on ``table`` that this person left mid-game: a loss given up, as far as it
    went (the server reveals the deck to the one who stayed, so no seed here)."""
    moves = _from_side(table.moves, table.seat or 1)
    return GameRecord(FRIEND, PERSON, table.friend_name or "?", None, moves, None, 2,
                      len(moves), table.open_hands, quit=True)


def unfinished_record(table: FriendTable) -> UnfinishedGame:
    """The game on ``table`` as far as it went, when its server went away mid-game (its
    deck was never revealed: no seed)."""
    moves = _from_side(table.moves, table.seat or 1)
    return UnfinishedGame(FRIEND, PERSON, table.friend_name or "?", 0, moves,
                          table.open_hands)


def _from_side(moves: list[tuple[int, int]], seat: int) -> tuple[tuple[int, int], ...]:
    """The slots of each turn with this person's first, as the history keeps them."""
    return tuple(move if seat == 1 else (move[1], move[0]) for move in moves)

