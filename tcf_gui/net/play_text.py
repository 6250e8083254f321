"""``tcf-gui play --text --host [ADDRESS]`` and ``--join ADDRESS CODE``: starting a friend's
game in the terminal (the loop itself is tcf_gui.net.terminal)."""
from __future__ import annotations

import argparse
import sys
from typing import TextIO

from tcf_gui.history.store import open_history
from tcf_gui.i18n import _
from tcf_gui.net import install_hint, messages, net_available
from tcf_gui.net.address import AddressError
from tcf_gui.net.codes import normal
from tcf_gui.net.protocol import SEALED_PROTOCOL
from tcf_gui.net.start import default_name, open_link

PROGRAM = "tcf-gui play"


def play_friend(args: argparse.Namespace, stdin: TextIO, stdout: TextIO) -> int:
    """Host or join a friend's table and play it in the terminal; the exit code."""
    if not net_available():
        print(f"{PROGRAM}: {install_hint()}", file=sys.stderr)
        return 1
    from tcf_gui.net.terminal import TerminalFriend
    from tcf_gui.net.words import lost_table_line

    name = args.name or default_name()
    try:
        if args.join is not None:
            address, code_text = args.join
            code = normal(code_text)
            if code is None:
                print(_("{program}: error: {code!r} is not a join code (nine letters and "
                        "digits, such as 7KQ-M4X-PDR)").format(program=PROGRAM, code=code_text),
                      file=sys.stderr)
                return 2
            place: messages.Place = messages.join(code)
        else:
            address = args.host or None
            sealed = bool(args.sealed)
            place = messages.host(args.timer, args.spectators and not sealed, open_hands=False,
                                  sealed=sealed)
        link = open_link(address, name, place, SEALED_PROTOCOL)
    except AddressError as error:
        print(_("{program}: error: {problem}").format(program=PROGRAM, problem=error),
              file=sys.stderr)
        return 2
    except OSError as error:
        print(_("{program}: error: cannot start a table server: {why}").format(
            program=PROGRAM, why=error.strerror or error), file=sys.stderr)
        return 1
    if link.lost:
        stdout.write(lost_table_line() + "\n")
    hint = "" if args.join else f"tcf-gui play --text --join {link.address} CODE"
    client = link.client
    history = open_history()
    friend = TerminalFriend(client, link.address, stdin, stdout, hint, history=history)
    try:
        return friend.run()
    except KeyboardInterrupt:
        if friend.table.in_game and friend.table.seat:
            friend.give_up()
        stdout.write("\n")
        return 130
    finally:
        link.close()
        for line in (*history.notices, *history.news, history.close()):
            if line:
                print(f"{PROGRAM}: {line}", file=sys.stderr)
