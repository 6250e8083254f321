"""What a person reads about the network: one line per refusal, fault and state, through
the text seam (tcf_gui.i18n). The protocol's reasons are fixed words; these are their words."""
from __future__ import annotations

from typing import Any

from tcf_gui.i18n import _
from tcf_gui.net import protocol as p
from tcf_gui.net.client import FAILED, FLOODED, GONE, SERVER_GONE, UNREACHABLE
from tcf_gui.net.messages import Received
from tcf_gui.net.mirror import FriendTable


def refusal_line(reason: Any, address: str) -> str:
    """The one line for a server's refusal (``refused``); a reason that is none of the
    protocol's is shown as printable text, cut short."""
    lines = {
        p.WRONG_CODE: _("No table on {address} has that code: check it with your friend"),
        p.SLOW_DOWN: _("Wrong code again: the server now waits before each try; check the code"),
        p.BLOCKED: _("Too many wrong codes from this address: the server refuses it for ten minutes"),
        p.VERSION: _("The server at {address} speaks another version of the game: update one of the two"),
        p.FULL: _("That table is full (and does not take spectators)"),
        p.TOKEN: _("The table was closed while you were away"),
        p.SERVER_FULL: _("The server at {address} is full: try again later or use another server"),
        p.TIMEOUT: _("The server at {address} closed the connection: nothing was said in time"),
        p.RATE: _("The server closed the connection: too many messages"),
        p.TOO_LARGE: _("The server closed the connection: a message was too large"),
        p.BAD_MESSAGE: _("The server closed the connection: it did not understand a message"),
        p.SHUTDOWN: _("The server at {address} shut down"),
        p.DISPLACED: _("Your seat was taken by your own new connection (joined again "
                       "elsewhere): this one is closed"),
        p.IDLE: _("The table was closed: nobody played at it for a long time"),
        p.TRY_LATER: _("Wrong code, and the server now answers wrong codes slowly (too many "
                       "from everywhere): check the code with your friend"),
    }
    known = lines.get(reason) if isinstance(reason, str) else None
    if known is not None:
        return known.format(address=address)
    shown = "".join(char for char in str(reason)[:64] if char.isprintable())
    return _("The server refused: {reason}").format(reason=shown)


def link_line(message: Received, address: str, in_game: bool = True) -> str:
    """The one line for a change in the client's link (type ``link``); ``in_game``: a game
    was being played (else the server went away between games)."""
    state, reason = message.get("state"), message.get("reason")
    if state == FAILED and reason == UNREACHABLE:
        return _("Cannot reach {address}: {why}").format(address=address,
                                                           why=message.get("detail") or "?")
    if state == GONE and reason == SERVER_GONE:
        if not in_game:
            return _("The server at {address} went away").format(address=address)
        return _("The server at {address} went away; the game was not finished").format(
            address=address)
    if state == GONE and reason == FLOODED:
        return flood_line()
    if state == "lost":
        return _("Connection lost: reconnecting…")
    if state == "back":
        return _("Connected again")
    return _("The connection ended")


def lost_table_line() -> str:
    """The table this person hosted last with a server of their own did not survive its
    program (tcf_gui.net.start.Link.lost)."""
    return _("Your last table was lost: the program that hosted it stopped without closing "
             "it, and its server with it")


def flood_line() -> str:
    """The table ends: the server said far more than a game needs."""
    return _("The server sent more messages than a game needs; the table is closed")


def choosing_line(table: FriendTable) -> str:
    """Who is choosing this turn, from this player's side ("" when nothing is asked)."""
    if not table.in_game or not table.seat:
        return ""
    if table.chosen["you"] and not table.chosen["friend"]:
        return _("Your friend is choosing…")
    if table.chosen["friend"] and not table.chosen["you"]:
        return _("Waiting for you: your friend has chosen")
    return ""


def verdict_line(table: FriendTable) -> str:
    """'deal verified', or what was wrong with it."""
    ending = table.ending
    if ending is None:
        return ""
    if ending.verdict.verified:
        return _("deal verified: played from the deck committed at the deal (SHA-256 "
                 "{digest}…)").format(digest=table.commitment[:12])
    return _("DEAL NOT VERIFIED: {problem}").format(problem=ending.verdict.problem)


def result_line(table: FriendTable) -> str:
    """Who won, from this player's side."""
    ending = table.ending
    if ending is None:
        return ""
    friend = table.friend_name or _("your friend")
    if ending.abandoned_by:
        if ending.abandoned_by == table.me and table.seat:
            return _("You left the table: the game counts as your loss")
        return _("{name} left the table: the game counts as a win for you").format(name=friend) \
            if table.seat else _("{name} left the table").format(
                name=table.player_names()[ending.abandoned_by - 1])
    if ending.winner == 0:
        return _("The deck is dead: a draw")
    if not table.seat:
        return _("{name} wins").format(name=table.player_names()[ending.winner - 1])
    if ending.winner == table.me:
        return _("You win against {name}").format(name=friend)
    return _("{name} wins").format(name=friend)


def timer_line(table: FriendTable, names: tuple[str, str]) -> str:
    """Who let the turn timer run out on the last turn ("" for nobody)."""
    lines = []
    for player, out in zip((1, 2), table.timed_out):
        if out:
            if player == table.seat:
                lines.append(_("Time ran out: your lowest card was played for you"))
            else:
                lines.append(_("{name}'s time ran out: their lowest card was played").format(
                    name=names[player - 1]))
    return "  ".join(lines)
