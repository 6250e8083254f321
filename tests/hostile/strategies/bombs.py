"""Hostile: takes memory or disk until something stops it (bounded here too, so that a test
machine stays safe even if nothing did), then plays as its honest twin. Tells on stderr
how far it got: "BOMB <kind> <result>". ``memory_raise`` lets the MemoryError out."""
import os
import sys

MOST_BYTES = 4 << 30
FILE = "@FILE@"
_done = set()


def _tell(kind, result):
    print(f"BOMB {kind} {result}", file=sys.stderr, flush=True)


def honest(view):
    return min(range(3), key=view.hand.__getitem__)


def _memory():
    try:
        bytearray(8 << 30)
        return "8 GiB at once"
    except MemoryError:
        pass
    held, total = [], 0
    try:
        while total < MOST_BYTES:
            held.append(bytearray(64 << 20))
            total += 64 << 20
    except MemoryError:
        return f"MemoryError after {total >> 20} MiB"
    return f"{total >> 20} MiB held"


def memory(view):
    if "memory" not in _done:
        _done.add("memory")
        _tell("memory", _memory())
    return honest(view)


def memory_raise(view):
    return len(bytearray(8 << 30))


def _disk(path):
    written = 0
    block = b"x" * (1 << 20)
    try:
        with open(path, "wb") as out:
            while written < MOST_BYTES // 16:  # 256 MiB at most
                out.write(block)
                out.flush()
                written += len(block)
    except OSError as error:
        return f"{type(error).__name__} after {written >> 20} MiB: {error.strerror}"
    finally:
        try:
            os.unlink(path)
        except OSError:
            pass
    return f"{written >> 20} MiB written"


def file_size(view):
    if "file" not in _done:
        _done.add("file")
        _tell("file", _disk(FILE))
        _tell("tmp", _disk("/tmp/bomb"))
    return honest(view)
