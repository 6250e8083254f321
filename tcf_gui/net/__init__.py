"""Playing a friend over the network: a table server, its protocol and its client.

The server (tcf_gui.net.server, asyncio and ``websockets``) is authoritative: each table is
a TableSession whose two seats are network clients (tcf_gui.net.seat.RemoteSeat); it deals,
judges, and sends each client what its seat may see and nothing more
(tcf_gui.net.table). Each deal comes from the server's committed secret and both players'
seeds, and each move is committed to before either is opened (tcf_gui.net.proof); at the
end all is revealed, so each client checks that its game was played from that deal and
those moves (tcf_gui.net.mirror), and can check it again offline from its transcript
(tcf_gui.net.transcript). The client (tcf_gui.net.client) runs its connection on a worker
thread, reconnects by itself, and hands the window or the terminal plain messages.

Everything here but the server and the client imports without ``websockets``: the ``[net]``
extra. ``net_available()`` tells whether it is installed, ``install_hint()`` how to get it.
"""
from __future__ import annotations

from importlib.util import find_spec


def net_available() -> bool:
    """Whether the optional ``[net]`` extra (websockets) is installed."""
    return find_spec("websockets") is not None


def install_hint() -> str:
    """One line: websockets is missing, and how to get it into this installation."""
    from tcf_gui.i18n import _
    from tcf_gui.system.installation import extra_hint

    return _("Playing a friend needs the websockets package; get it with: {hint}").format(
        hint=extra_hint("net", "websockets"))
