"""``tcf-gui server`` and ``tcf-gui join`` as a person starts them: a server process that two
players reach and that SIGTERM stops, a port in use in one line, bad join arguments in one
line (the window ``join`` opens: tests/gui/test_friend_window.py). Loopback only; every wait
reads a line or a message, with a limit."""
from __future__ import annotations

import os
import queue
import signal
import socket
import subprocess
import sys
import threading
from pathlib import Path

import pytest

from tcf_gui.cli import build_parser, main
from tcf_gui.net.address import server_url

from netplay import WAIT_S, Player, host_place, play_out

ROOT = Path(__file__).resolve().parents[2]


def lines_of(stream) -> queue.Queue[str]:
    """The lines a process prints, as they come."""
    lines: queue.Queue[str] = queue.Queue()

    def read() -> None:
        for line in stream:
            lines.put(line.rstrip("\n"))

    threading.Thread(target=read, daemon=True).start()
    return lines


def test_the_server_command_serves_a_game_and_stops_on_sigterm():
    env = os.environ | {"PYTHONPATH": str(ROOT)}
    server = subprocess.Popen(
        [sys.executable, "-m", "tcf_gui", "server", "--host", "127.0.0.1", "--port", "0",
         "--no-lan"], env=env, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
    try:
        printed = lines_of(server.stdout)
        first = printed.get(timeout=WAIT_S)
        assert first.startswith("tcf-gui server: listening on 127.0.0.1:"), first
        url = f"ws://{first.split()[4]}"
        host = Player(url, "Ann", host_place())
        host.until_type("seated")
        friend = Player(url, "Bob", {"type": "join", "code": host.table.code})
        friend.until_type("deal")  # (the server's own seed: the game may end at the deal)
        host.until_type("deal")
        play_out(host, friend)
        assert host.table.ending.verdict.verified and friend.table.ending.verdict.verified
        server.send_signal(signal.SIGTERM)
        assert server.wait(timeout=WAIT_S) == 0
        assert host.until_type("refused")["reason"] == "shutdown"
        assert printed.get(timeout=WAIT_S) == "table opened (1 open)"
    finally:
        server.kill()
        server.wait()


def test_the_server_names_an_ipv6_host_as_it_is_typed():
    # it said 'listening on ::1:PORT', which join and play --host refuse ('Port could not be
    # cast to integer'); the address to type is [::1]:PORT
    try:
        with socket.socket(socket.AF_INET6) as probe:
            probe.bind(("::1", 0))
    except OSError:
        pytest.skip("no IPv6 loopback here")
    env = os.environ | {"PYTHONPATH": str(ROOT)}
    server = subprocess.Popen(
        [sys.executable, "-m", "tcf_gui", "server", "--host", "::1", "--port", "0", "--no-lan",
         "--quiet"], env=env, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
    try:
        first = lines_of(server.stdout).get(timeout=WAIT_S)
        address = first.split()[4]
        assert address.startswith("[::1]:"), first
        assert server_url(address) == f"ws://{address}"
    finally:
        server.kill()
        server.wait()


@pytest.mark.parametrize("typed, host", [("[::1]", "::1"), (" ::1 ", "::1"),
                                         ("127.0.0.1", "127.0.0.1"), ("[fe80::1]", "fe80::1")])
def test_the_server_listens_on_an_address_typed_as_it_names_them(typed, host):
    """--host takes an IPv6 address in the brackets its first line gives it."""
    assert build_parser().parse_args(["server", "--host", typed]).host == host


@pytest.mark.parametrize("typed", ["", "[]", "a b", "[::1]:8765", "ws://x/"])
def test_a_host_that_is_no_address_is_one_line(capsys, typed):
    with pytest.raises(SystemExit) as ended:
        build_parser().parse_args(["server", "--host", typed])
    assert ended.value.code == 2
    err = capsys.readouterr().err.strip().splitlines()[-1]
    assert "not an address to listen on" in err


def test_a_port_in_use_is_one_line(capsys):
    with socket.socket() as taken:
        taken.bind(("127.0.0.1", 0))
        taken.listen()
        port = taken.getsockname()[1]
        code = main(["server", "--host", "127.0.0.1", "--port", str(port), "--no-lan"])
    err = capsys.readouterr().err
    assert code == 1
    assert err == (f"tcf-gui server: error: port {port} is in use on this machine: another "
                   "server runs there (choose another with --port)\n")


def test_tcf_gui_join_with_a_bad_code_or_address_is_one_line(capsys):
    assert main(["join", "127.0.0.1:9", "ABC"]) == 2
    assert main(["join", "http://x", "7KQ-M4X-PDR"]) == 2
    err = capsys.readouterr().err.splitlines()
    assert len(err) == 2 and "is not a join code" in err[0] and "is not a server address" in err[1]
    assert build_parser().parse_args(["join", "h:1", "7KQ-M4X-PDR", "--watch"]).watch


def test_tcf_gui_join_opens_the_window_with_its_look_and_sound_flags(monkeypatch):
    """``join`` takes the window's --mute, --four-colour and --speed, as the window does."""
    from tcf_gui.gui import launch

    opened = []
    monkeypatch.setattr(launch, "run_window", lambda window: opened.append(window) or 0)
    assert main(["join", "127.0.0.1:9000", "7KQ-M4X-PDR", "--mute", "--four-colour",
                 "--speed", "fast", "--name", "Ann"]) == 0
    window = opened[0]
    assert window.join == ("127.0.0.1:9000", "7KQ-M4X-PDR") and window.name == "Ann"
    assert window.mute and window.four_colour and window.speed == "fast"
    assert main(["join", "127.0.0.1:9000", "7KQ-M4X-PDR"]) == 0
    assert not opened[1].mute and opened[1].speed is None


def test_without_websockets_the_server_shows_its_help_and_says_how_to_get_it(capsys,
                                                                            monkeypatch):
    """websockets is a dependency, but an install without it still gets no traceback: the
    help (which imports no websockets) and then one line saying how to get it."""
    monkeypatch.setitem(sys.modules, "websockets", None)  # import websockets fails
    for module in ("tcf_gui.net.server", "tcf_gui.commands.server"):
        monkeypatch.delitem(sys.modules, module, raising=False)
    with pytest.raises(SystemExit) as ended:
        main(["server", "--help"])
    assert ended.value.code == 0 and "--max-tables" in capsys.readouterr().out
    assert main(["server", "--port", "0", "--host", "127.0.0.1", "--no-lan"]) == 1
    err = capsys.readouterr().err.splitlines()
    assert len(err) == 1 and "needs the websockets package" in err[0]
