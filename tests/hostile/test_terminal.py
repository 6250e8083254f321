"""Attacks on the person's terminal, screen and memory: a strategy that draws fake results
over the real ones, sets the window title or the clipboard, reads what the person types,
attaches the window's shared-memory picture, or holds memory in files nothing counts.

The terminal attacks run a real command inside a pseudo-terminal (pty), as a person would:
nothing the strategy wrote may reach it raw (its lines come marked with its name, without
control characters), nothing typed may reach the strategy, and echo stays on. Each attack
then plays as its honest twin."""
from __future__ import annotations

import ctypes
import os
import pty
import random
import select
import signal
import sys
import termios
import time
from pathlib import Path

import pytest

from hostile_helpers import told, wins_as_player_2

from tcf_gui.engine.game import Game
from tcf_gui.engine.strategies.registry import make_strategy
from tcf_gui.engine.strategies.sandbox import stop_all
from tcf_gui.engine.strategies.sandbox.output import LINES_PER_DECISION, MAX_LINE_CHARACTERS, clean

ROOT = Path(__file__).resolve().parents[2]
GAMES = 20
TYPED = b"my passphrase is hunter2\n"
#: What the strategy's payload holds that a terminal would act on.
SEQUENCES = (b"\x1b]", b"\x1b[2K", b"\x1b[1A", b"\x1b[31m", b"\x07")


def in_terminal(argv: list[str], level: str, seconds: float = 60) -> tuple[bytes, bool]:
    """Run ``argv`` in a new pseudo-terminal (its controlling terminal), type TYPED into it
    at once; everything it showed, and whether echo was still on at the end."""
    pid, master = pty.fork()
    if pid == 0:  # the child: the command, with the pty as its terminal
        env = {**os.environ, "PYTHONPATH": str(ROOT), "TCF_GUI_SANDBOX": level,
               "TERM": "xterm", "LANG": "C.UTF-8"}
        try:
            os.execve(sys.executable, [sys.executable, *argv], env)
        finally:
            os._exit(127)
    shown = bytearray()
    echo = True
    try:
        os.write(master, TYPED)
        deadline = time.monotonic() + seconds
        while time.monotonic() < deadline:
            ready, _, _ = select.select([master], [], [], 0.1)
            if ready:
                try:
                    data = os.read(master, 65536)
                except OSError:  # EIO: every end of the terminal is closed
                    break
                if not data:
                    break
                shown += data
        echo = bool(termios.tcgetattr(master)[3] & termios.ECHO)
    finally:
        with _quietly():
            os.kill(pid, signal.SIGKILL)
        os.waitpid(pid, 0)
        os.close(master)
    return bytes(shown), echo


class _quietly:
    def __enter__(self) -> None:
        return None

    def __exit__(self, *exc: object) -> bool:
        return exc[0] is not None and issubclass(exc[0], OSError)  # type: ignore[arg-type]


def visible(shown: bytes) -> str:
    """The lines a terminal shows of ``shown``, each as it stays after its last carriage
    return, without the engine's own clearing of a line (over its progress bar)."""
    lines = shown.decode("utf-8", "replace").replace("\r\n", "\n").split("\n")
    return "\n".join(line.split("\r")[-1].replace("\x1b[K", "") for line in lines)


def stats(spec: str, *engine: str) -> list[str]:
    return ["-m", "tcf_gui", "stats", "-n", str(GAMES), "--seed", "3", "--p1", spec, "--p2",
            "random", *engine]


@pytest.mark.parametrize("engine", ["single", "workers"])
def test_nothing_a_strategy_writes_reaches_the_terminal_raw(level, hostile, engine):
    spec = str(hostile("terminal.py", ATTACK="draw", SEGMENT=-1))
    flags = ["--engine", "single"] if engine == "single" else ["--workers", "2"]
    shown, echo = in_terminal(stats(spec, *flags), level)
    for sequence in SEQUENCES:
        assert sequence not in shown, (sequence, shown[-2000:])
    text = visible(shown)
    fakes = [line for line in text.splitlines() if "88.88" in line]
    assert fakes and all(line.startswith(f"[{spec}] ") for line in fakes), text[-2000:]
    assert set(told(text, "TERMINAL")) == {"draw nothing"}
    assert "% " in text and echo  # the real results are there


def test_nothing_typed_reaches_the_strategy(level, hostile):
    spec = str(hostile("terminal.py", ATTACK="listen", SEGMENT=-1))
    shown, echo = in_terminal(stats(spec, "--engine", "single"), level)
    text = visible(shown)
    assert set(told(text, "TERMINAL")) == {"listen nothing"}, text[-2000:]
    assert echo


def test_no_terminal_by_its_path(level, hostile):
    if level == "limits":
        pytest.skip("at the limits level a strategy can open your files, the terminal's "
                    "device among them (docs/sandbox.md)")
    spec = str(hostile("terminal.py", ATTACK="by_path", SEGMENT=-1))
    shown, _ = in_terminal(stats(spec, "--engine", "single"), level)
    text = visible(shown)
    assert set(told(text, "TERMINAL")) == {"by_path nothing"}, text[-2000:]
    assert b"\x1b]" not in shown


@pytest.fixture
def picture():
    """A System V shared memory segment holding a secret, as the window's X11 picture holds
    the person's hand (MIT-SHM); its id."""
    libc = ctypes.CDLL(None, use_errno=True)
    libc.shmat.restype = ctypes.c_void_p
    shmid = libc.shmget(0, 4096, 0o1600)  # IPC_PRIVATE, IPC_CREAT | 0600
    if shmid < 0:
        pytest.skip("no System V shared memory here")
    try:
        address = libc.shmat(shmid, None, 0)
        ctypes.memmove(address, b"SECRET-HAND\0", 12)
        libc.shmdt(ctypes.c_void_p(address))
        yield shmid
    finally:
        libc.shmctl(shmid, 0, None)  # IPC_RMID


def test_no_shared_memory_with_anyone(level, hostile, capfd, picture):
    spec = str(hostile("terminal.py", ATTACK="shared_memory", SEGMENT=picture))
    assert wins_as_player_2(spec, 2, GAMES) == wins_as_player_2(str(hostile("honest.py")), 2,
                                                                  GAMES)
    assert told(capfd.readouterr().err, "TERMINAL") == ["shared_memory saw [] created False"]


def test_no_file_outside_the_sized_tmp(level, hostile, capfd):
    if level == "limits":
        pytest.skip("at the limits level a strategy can write your files (docs/sandbox.md)")
    spec = str(hostile("terminal.py", ATTACK="hoard", SEGMENT=-1))
    assert wins_as_player_2(spec, 2, GAMES) == wins_as_player_2(str(hostile("honest.py")), 2,
                                                                  GAMES)
    (result,) = told(capfd.readouterr().err, "TERMINAL")
    held = dict(item.split("=") for item in result.split()[1:])
    assert set(map(int, held.values())) == {0}, result  # / /dev /dev/shm $HOME /var/tmp


def test_no_memory_file(level, hostile, capfd):
    spec = str(hostile("terminal.py", ATTACK="memory_file", SEGMENT=-1))
    assert wins_as_player_2(spec, 2, GAMES) == wins_as_player_2(str(hostile("honest.py")), 2,
                                                                  GAMES)
    assert told(capfd.readouterr().err, "TERMINAL") == ["memory_file memfd=0"]


def test_what_a_strategy_prints_is_bounded(level, tmp_path, capfd):
    path = tmp_path / "chatty.py"
    path.write_text("import sys\n"
                    "def choose(view):\n"
                    "    for n in range(500):\n"
                    "        print('x' * 5000, n)\n"
                    "    sys.stderr.write('no end of line \\x1b[31m')\n"
                    "    return 0\n")
    strategy = make_strategy(str(path), random.Random(1))
    view = Game(5).view(1)
    for _ in range(2):  # two decisions
        assert strategy(view) == 0
    stop_all()
    lines = [line for line in capfd.readouterr().err.splitlines() if line.startswith(f"[{path}]")]
    assert len(lines) == 2 * (LINES_PER_DECISION + 1)
    assert all(len(line) <= len(f"[{path}] ") + MAX_LINE_CHARACTERS for line in lines)
    assert lines.count(f"[{path}] (more output; not shown)") == 2
    assert lines[LINES_PER_DECISION + 1].startswith(f"[{path}] no end of line xxx")
    assert not [line for line in lines if "\x1b" in line]


@pytest.mark.parametrize("printed, shown", [
    ("\r\x1b[2K\x1b[1AA wins 88.88%", " A wins 88.88%"),  # CSI: cursor moves, clearing
    ("a\x1b]0;title\x07b\x1b]52;c;aHVudGVy\x1b\\c", "abc"),  # OSC ended by BEL or ST
    ("a\x9b31mb\x9d0;t\x9cc", "abc"),  # their one-character (C1) forms
    ("a\x1bPq#0;2;0\x1b\\b\x1b(Bc\x1b7d", "abcd"),  # DCS (sixel), charset, save cursor
    ("tab\there\u202eevil\u200bx\x00\x08", "tab here evil x"),  # controls, bidi, zero width
    ("\xff\xfe", "\ufffd\ufffd"),  # undecodable bytes
])
def test_a_printed_line_is_cleaned_of_everything_a_terminal_acts_on(printed, shown):
    data = printed.encode("latin-1") if printed == "\xff\xfe" else printed.encode()
    assert clean(data) == shown
    assert clean(b"x" * 1000) == "x" * (MAX_LINE_CHARACTERS - 1) + "…"
