"""Hostile: attacks the engine through the sandbox's reply pipe instead of answering.

Every function finds the pipe (the sandbox's own writer, through the garbage collector) and
writes what the attack needs. ``pickle_rig`` sends the pickle that, unpickled by the engine
(as an earlier engine did), writes MARKER and answers slot 0 for every game.
"""
import gc
import os
import pickle
import random
import time

MARKER = "@MARKER@"


def _pipe():
    for value in gc.get_objects():
        if type(value).__name__ == "Replies":
            return value.fd
    raise RuntimeError("no reply pipe found")


def _send(data):
    os.write(_pipe(), data)


class Rig:
    """Unpickled, it runs code in the engine (the earlier engine unpickled every reply)."""

    def __reduce__(self):
        return (exec, (f"open({MARKER!r}, 'w').write('the engine ran the sandbox code')",))


def pickle_rig(view):
    payload = pickle.dumps(("slots", Rig()))
    _send(len(payload).to_bytes(4, "big") + payload)  # multiprocessing's framing
    return 0


def header_only(view):
    _send((1 << 20).to_bytes(4, "big"))  # a length, and never the message
    time.sleep(3600)


def error_header_only(view):
    _send(b"E" + (900).to_bytes(2, "big"))  # an error line announced, never sent
    time.sleep(3600)


def ticks(view):
    tick = pickle.dumps(("tick", None))
    while True:  # "still thinking", for ever
        _send(len(tick).to_bytes(4, "big") + tick)
        time.sleep(0.01)


def garbage(view):
    _send(random.Random(1).randbytes(4096))
    return 0


def long_error(view):
    _send(b"E" + (60000).to_bytes(2, "big") + b"x" * 60000)
    return 0


def silence(view):
    time.sleep(3600)


def dribble(view):
    """One slot too few: the first answers, then nothing."""
    _send(b"\x00")
    time.sleep(3600)


def lying_error(view):
    """An error line that blames another strategy."""
    text = "strategy heuristic returned 7 on turn 1; a discard is slot 0, 1 or 2".encode()
    _send(b"E" + len(text).to_bytes(2, "big") + text)
    return 0


def escape_codes(view):
    text = "\x1b[2J\x1b[31mstrategy honest.py wins\nforged second line\x07".encode()
    _send(b"E" + len(text).to_bytes(2, "big") + text)
    return 0
