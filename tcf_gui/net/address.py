"""Table server addresses as a person types them: ``host:port``, ``host`` or a URL.

``ws://`` and ``wss://`` URLs are taken as they are (wss: TLS, through a reverse proxy);
anything else is ``host[:port]`` on the default port, over plain ws. An IPv6 address goes in
brackets: ``[::1]:8765``. And this machine's own address, the one a friend on its local
network reaches it by (``lan_address``).
"""
from __future__ import annotations

import socket
from urllib.parse import urlsplit

from tcf_gui.i18n import _

DEFAULT_PORT = 8765


class AddressError(ValueError):
    """Not an address; the message says why in one line."""


def server_url(text: str) -> str:
    """The WebSocket URL of the address ``text``; AddressError when it is none."""
    text = text.strip()
    if not text or len(text) > 300 or any(char.isspace() for char in text):
        raise AddressError(_("{text!r} is not a server address (host:port or ws://...)").format(
            text=text[:40]))
    if "://" not in text:
        text = f"ws://{text}"
    try:
        parts = urlsplit(text)
        port = parts.port
    except ValueError as error:
        raise AddressError(_("{text!r} is not a server address ({reason})").format(
            text=text[:60], reason=error)) from None
    if parts.scheme not in ("ws", "wss") or not parts.hostname:
        raise AddressError(_("{text!r} is not a server address: use host:port, ws:// or "
                             "wss://").format(text=text[:60]))
    if port is None and parts.scheme == "ws":
        host = f"[{parts.hostname}]" if ":" in parts.hostname else parts.hostname
        return f"ws://{host}:{DEFAULT_PORT}{parts.path}"
    return text


def host_port(host: str | None, port: int) -> str:
    """``host:port`` as a person types it back (server_url reads it): an IPv6 host in
    brackets, ``*`` for every interface."""
    shown = host or "*"
    return f"[{shown}]:{port}" if ":" in shown else f"{shown}:{port}"


def shown_address(url: str) -> str:
    """What to tell a friend: ``host:port`` for plain ws URLs, the URL otherwise."""
    parts = urlsplit(url)
    if parts.scheme == "ws" and not parts.path.strip("/"):
        return parts.netloc
    return url


def lan_address() -> str:
    """This machine's address on its local network, as a friend there would reach it
    (no packet is sent: a UDP socket only picks its route); 127.0.0.1 without a network."""
    try:
        with socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as probe:
            probe.connect(("192.0.2.1", 9))  # TEST-NET-1: never routed anywhere
            return str(probe.getsockname()[0])
    except OSError:
        return "127.0.0.1"
