"""Starting a friend's game, the parts the window and the terminal share: a name, a server
of one's own, the address to pass on. Imports no websockets until a server or a client is
made (the caller checks ``net_available()`` first)."""
from __future__ import annotations

import getpass
import os
from dataclasses import dataclass
from typing import TYPE_CHECKING

from tcf_gui.net.address import DEFAULT_PORT, lan_address
from tcf_gui.args import player_name

if TYPE_CHECKING:
    from tcf_gui.net.client import TableClient
    from tcf_gui.net.messages import ClientMessage, Place
    from tcf_gui.net.server import ServerThread


def default_name() -> str:
    """The person's real name where the system has one (the first field of the account's
    GECOS, on Unix), as a player's name; else ``Player``. Never the login name (``root``
    was everyone's "Root")."""
    try:
        import pwd  # (Unix only)

        real = pwd.getpwuid(os.getuid()).pw_gecos.split(",")[0]
    except (ImportError, KeyError, OSError, AttributeError):
        real = ""
    try:
        login = getpass.getuser()
    except (OSError, KeyError, ImportError):
        login = ""
    name = player_name(real)
    if name.casefold() in ("root", login.casefold()):
        return "Player"
    return name or "Player"


#: The seat kept on disk for a table this person hosts (KeptSeat's code): the one at each
#: server they host at (``--host ADDRESS``: taken back after a crash as a join's is), and the
#: one at a server of their own (OWN_SERVER: found at the next start, that table was lost).
HOSTED = "host"
OWN_SERVER = "own-server"

#: Where a server of one's own listens: None is every interface, so that a friend on the
#: network can reach it (the tests keep it on the loopback).
OWN_SERVER_HOST: str | None = None


def own_server(port: int | None = None, label: str | None = None) -> tuple["ServerThread", int]:
    """A table server in this process, on ``port``, or else DEFAULT_PORT if free, else any
    free port; announced on the local network as ``label`` (with the [lan] extra). OSError
    when ``port`` is taken."""
    from tcf_gui.net.limits import Limits
    from tcf_gui.net.server import ServerThread, port_in_use

    tries = [port] if port is not None else [DEFAULT_PORT, 0]
    for index, number in enumerate(tries):
        server = ServerThread(host=OWN_SERVER_HOST, port=number, announce_as=label,
                              limits=Limits(local_tables=True))
        try:
            return server, server.start()
        except OSError as error:
            if index + 1 == len(tries) or not port_in_use(error):
                raise
    raise AssertionError("unreachable")


@dataclass
class Link:
    """A client's connection to its table, and the server it started itself (if any)."""

    client: "TableClient"
    address: str
    """The address as a person reads it (the one to pass on when this side hosts)."""
    server: "ServerThread | None" = None
    lost: bool = False
    """The table this person hosted last with a server of their own was lost: the program
    stopped (killed, crashed) before it closed, and its server with it."""

    def send(self, messages: "list[ClientMessage]") -> None:
        """Send ``messages`` in order (a table's commitments and their openings)."""
        for message in messages:
            self.client.send(message)

    def close(self) -> None:
        self.client.close()
        if self.server is not None:
            self.server.stop()
            if self.client.kept is not None:
                self.client.kept.forget()  # (closed, not lost)


def open_link(address: str | None, name: str, place: "Place", protocol: int | None = None) -> Link:
    """Connect to the server at ``address`` (None: start one in this process first) and
    take ``place`` there (a join, or a host at ``address``, takes back the seat this person
    had at that table, kept on disk, while the server holds it; the Link says whether the
    table last hosted with a server of one's own was lost), speaking ``protocol`` (None:
    the window's, PROTOCOL). AddressError for an address that is none; OSError when a server
    of one's own cannot start."""
    from tcf_gui.net.address import server_url, shown_address
    from tcf_gui.net.client import TableClient
    from tcf_gui.net.kept_seats import KeptSeat

    server, lost = None, False
    kept: KeptSeat | None
    if address is None:
        kept = KeptSeat(OWN_SERVER, HOSTED)  # (its token: that table is still open, or lost)
        lost = kept.token is not None
        if lost:
            kept.forget()
        server, port = own_server(label=name)
        url, shown = f"ws://127.0.0.1:{port}", f"{lan_address()}:{port}"
    else:
        url = server_url(address)
        shown = shown_address(url)
        kept = KeptSeat(url, place["code"] if place["type"] == "join" else HOSTED)
    if place["type"] == "watch":
        kept = None
    return Link(TableClient(url, name, place, kept=kept, protocol=protocol), shown, server, lost)
