"""Calls into the C library for what Python's os module lacks (prctl, raw system calls):
every whole number goes as a C long, and a failure is an OSError with errno's name."""
from __future__ import annotations

import ctypes
import functools
import os

PR_SET_PDEATHSIG, PR_SET_DUMPABLE, PR_CAPBSET_DROP = 1, 4, 24
PR_SET_SECCOMP, PR_SET_NO_NEW_PRIVS = 22, 38


@functools.lru_cache(maxsize=1)
def libc() -> ctypes.CDLL:
    return ctypes.CDLL(None, use_errno=True)


def _long(value: int | bytes | None) -> object:
    return ctypes.c_long(value) if isinstance(value, int) else value


def check(result: int, what: str) -> int:
    """``result``, or an OSError naming ``what`` when it is negative (errno says why)."""
    if result < 0:
        number = ctypes.get_errno()
        raise OSError(number, f"{what}: {os.strerror(number)}")
    return result


def syscall(number: int, *args: int | bytes | None) -> int:
    """The raw system call ``number`` (-1 on failure, errno set)."""
    return int(libc().syscall(ctypes.c_long(number), *map(_long, args)))


def prctl(option: int, *args: int, what: str = "prctl") -> int:
    """prctl(option, args...) padded with zeros; an OSError when it fails."""
    padded = [*args, 0, 0, 0, 0][:4]
    return check(int(libc().prctl(ctypes.c_int(option), *map(_long, padded))), what)
