"""Hostile: goes after other processes, or multiplies itself, then plays as its honest twin.

``kill`` and ``stop`` signal the processes named in NEIGHBOURS (the other strategy's
sandbox, as the test finds it) and any other sandbox it can see in /proc; ``fork_bomb``
forks up to 300 children; ``daemon`` leaves a process behind that lives on after the run
(for a minute at most, so that a test machine stays safe); ``thread`` starts a thread that
never ends. Each tells on stderr what it managed: "NEIGHBOUR <attack> <result>".
"""
import os
import signal
import sys
import threading
import time

NEIGHBOURS = [@NEIGHBOURS@]
_done = set()


def _tell(attack, result):
    print(f"NEIGHBOUR {attack} {result}", file=sys.stderr, flush=True)


def honest(view):
    return min(range(3), key=view.hand.__getitem__)


def _once(attack, action):
    if attack not in _done:
        _done.add(attack)
        try:
            _tell(attack, action())
        except Exception as error:
            _tell(attack, f"refused {type(error).__name__}: {error}")


def _sandboxes():
    found = set(NEIGHBOURS)
    try:
        for pid in filter(str.isdigit, os.listdir("/proc")):
            try:
                with open(f"/proc/{pid}/cmdline", "rb") as cmdline:
                    if b"strategies.sandbox.server" in cmdline.read():
                        found.add(int(pid))
            except OSError:
                pass
    except OSError:
        pass
    return sorted(found - {os.getpid()})


def _signal_all(number):
    results = []
    for pid in _sandboxes():
        try:
            os.kill(pid, number)
            results.append(f"{pid}:sent")
        except OSError as error:
            results.append(f"{pid}:{type(error).__name__}")
    return " ".join(results) or "none found"


def kill(view):
    _once("kill", lambda: _signal_all(signal.SIGKILL))
    return honest(view)


def stop(view):
    _once("stop", lambda: _signal_all(signal.SIGSTOP))
    return honest(view)


def _fork_bomb():
    children = 0
    for _ in range(300):
        pid = os.fork()
        if pid == 0:
            time.sleep(5)
            os._exit(0)
        children += 1
    return f"{children} children"


def fork_bomb(view):
    _once("fork_bomb", _fork_bomb)
    return honest(view)


def _daemon():
    if os.fork() == 0:
        os.setsid()
        if os.fork() == 0:
            time.sleep(60)
        os._exit(0)
    return "a daemon started"


def daemon(view):
    _once("daemon", _daemon)
    return honest(view)


def _forever():
    while True:
        time.sleep(1)


def _thread():
    threading.Thread(target=_forever).start()
    return "a thread started"


def thread(view):
    _once("thread", _thread)
    return honest(view)


def kill_self(view):
    os.kill(os.getpid(), signal.SIGKILL)
