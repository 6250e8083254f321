"""Starting a friend's game, the parts the window and the terminal share: a name, a server
of one's own, the address to pass on. Imports no websockets until a server or a client is
made (the caller checks ``net_available()`` first)."""
from __future__ import annotations

import getpass
import socket
from typing import TYPE_CHECKING

from .address import DEFAULT_PORT
from .protocol import MAX_NAME

if TYPE_CHECKING:
    from .server import ServerThread


def default_name() -> str:
    """The user's login name, as a player's name (``Player`` when there is none)."""
    try:
        name = getpass.getuser()
    except (OSError, KeyError, ImportError):
        name = ""
    return player_name(name.capitalize()) or "Player"


def player_name(text: str) -> str:
    """``text`` as a name the protocol takes: printable, trimmed, at most MAX_NAME
    characters ("" when nothing is left)."""
    name = "".join(char for char in text if char.isprintable()).strip()
    return name[:MAX_NAME].strip()


def lan_address() -> str:
    """This machine's address on its local network, as a friend there would reach it
    (no packet is sent: a UDP socket only picks its route); 127.0.0.1 without a network."""
    try:
        with socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as probe:
            probe.connect(("192.0.2.1", 9))  # TEST-NET-1: never routed anywhere
            return str(probe.getsockname()[0])
    except OSError:
        return "127.0.0.1"


def own_server(port: int | None = None) -> tuple["ServerThread", int]:
    """A table server in this process, listening on every interface so that a friend on the
    network can reach it: on ``port``, or else DEFAULT_PORT if free, else any free port.
    OSError when ``port`` is taken."""
    from .server import ServerThread, port_in_use

    tries = [port] if port is not None else [DEFAULT_PORT, 0]
    for index, number in enumerate(tries):
        server = ServerThread(host=None, port=number)
        try:
            return server, server.start()
        except OSError as error:
            if index + 1 == len(tries) or not port_in_use(error):
                raise
    raise AssertionError("unreachable")
