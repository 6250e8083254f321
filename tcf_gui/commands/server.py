"""``tcf-gui server``: a table server for friends' games.

It runs until Ctrl-C or SIGTERM, printing one line when it listens and one per table opened
or closed (``--quiet``: only the first). For a public server put it behind a reverse proxy
that speaks TLS (wss://) and pass ``--behind-proxy`` (docs/friends.md: "Running a public server").
"""
from __future__ import annotations

import argparse
import asyncio
import logging
import signal
import sys

from tcf_gui.args import positive_int
from tcf_gui.i18n import _
from tcf_gui.net.limits import Limits

PROGRAM = "tcf-gui server"


def add_arguments(parser: argparse.ArgumentParser) -> None:
    from tcf_gui.net.address import DEFAULT_PORT

    limits = Limits()
    parser.description = _(
        "Run a table server: any number of tables, each opened by a host who passes its join "
        "code to a friend. Stop it with Ctrl-C.")
    parser.add_argument("--host", type=listen_host, default=None, metavar="H",
                        help=_("the address to listen on (default: every interface)"))
    parser.add_argument("--port", type=port_number, default=DEFAULT_PORT, metavar="P",
                        help=_("the port to listen on (default {port}; 0: any free port, "
                               "named in the first line)").format(port=DEFAULT_PORT))
    parser.add_argument("--max-tables", type=positive_int, default=limits.max_tables,
                        help=_("the most tables at once (default {n})").format(n=limits.max_tables))
    parser.add_argument("--max-connections", type=positive_int, default=limits.max_connections,
                        help=_("the most connections at once (default {n})").format(
                            n=limits.max_connections))
    parser.add_argument("--per-address", type=positive_int, default=limits.per_address,
                        help=_("the most connections from one address (default {n})").format(
                            n=limits.per_address))
    parser.add_argument("--tables-per-address", type=positive_int,
                        default=limits.tables_per_address,
                        help=_("the most tables opened from one address at once (default "
                               "{n})").format(n=limits.tables_per_address))
    parser.add_argument("--behind-proxy", action="store_true",
                        help=_("take each client's address from X-Forwarded-For (only behind "
                               "a reverse proxy of your own)"))
    parser.add_argument("--no-lan", action="store_true",
                        help=_("do not announce the server on the local network"))
    parser.add_argument("--quiet", action="store_true", help=_("print only the first line"))
    parser.set_defaults(func=run)


def listen_host(text: str) -> str:
    """An argparse type: the address to listen on; an IPv6 one with or without the brackets
    the server's first line gives it ([::1]:PORT)."""
    host = text.strip()
    if host.startswith("[") and host.endswith("]"):
        host = host[1:-1]
    if not host or any(char.isspace() or char in "[]/" for char in host):
        raise argparse.ArgumentTypeError(_("not an address to listen on: {text!r}").format(
            text=text[:40]))
    return host


def port_number(text: str) -> int:
    """An argparse type: a TCP port, 1 to 65535, or 0 for any free one."""
    try:
        value = int(text)
    except ValueError:
        value = -1
    if not 0 <= value <= 65535:
        raise argparse.ArgumentTypeError(_("a port is a whole number from 0 to 65535"))
    return value


def run(args: argparse.Namespace) -> int:
    from tcf_gui.net import install_hint, net_available

    if not net_available():
        print(f"{PROGRAM}: {install_hint()}", file=sys.stderr)
        return 1
    from tcf_gui.net.address import host_port
    from tcf_gui.net.server import port_in_use, serve_until_stopped

    limits = Limits(max_tables=args.max_tables, max_connections=args.max_connections,
                    per_address=args.per_address, tables_per_address=args.tables_per_address,
                    behind_proxy=args.behind_proxy)
    logging.basicConfig(level=logging.WARNING if args.quiet else logging.INFO,
                        format="%(message)s", stream=sys.stdout)
    logging.getLogger("tcf_gui.net.websockets").setLevel(logging.ERROR)
    try:
        asyncio.run(serve_until_stopped(args.host, args.port, limits, lan=not args.no_lan,
                                        signals=(signal.SIGINT, signal.SIGTERM)))
    except OSError as error:
        where = host_port(args.host, args.port)
        if port_in_use(error):
            print(_("{program}: error: port {port} is in use on this machine: another server "
                    "runs there (choose another with --port)").format(program=PROGRAM,
                                                                     port=args.port),
                  file=sys.stderr)
        else:
            print(_("{program}: error: cannot listen on {where}: {why}").format(
                program=PROGRAM, where=where, why=error.strerror or error), file=sys.stderr)
        return 1
    return 0
