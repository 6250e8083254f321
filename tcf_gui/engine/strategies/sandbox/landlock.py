"""Landlock (Linux 5.13 and newer): the sandbox process gives up every file access but reading
the paths it is given, and, where the kernel knows them, TCP and signals outside itself.

Used at the ``landlock`` level (no bubblewrap): the sandbox may then read the Python install,
the package and its strategy files, and nothing else (no home folder, no history, no /proc),
and write nowhere. A restriction holds for the rest of the process's life.
"""
from __future__ import annotations

import os
import struct
import sys

from tcf_gui.engine.strategies.sandbox.kernel import PR_SET_NO_NEW_PRIVS, check, prctl, syscall

_CREATE_RULESET, _ADD_RULE, _RESTRICT_SELF = 444, 445, 446  # the same on every architecture
_VERSION_FLAG = 1
_PATH_BENEATH = 1

# File access rights (uapi/linux/landlock.h) and the ABI version that brought each in.
EXECUTE, WRITE_FILE, READ_FILE, READ_DIR = 1 << 0, 1 << 1, 1 << 2, 1 << 3
_FS_RIGHTS_BY_ABI = {1: (1 << 13) - 1, 2: (1 << 14) - 1, 3: (1 << 15) - 1, 5: (1 << 16) - 1}
_FILE_ONLY = EXECUTE | WRITE_FILE | READ_FILE | (1 << 14) | (1 << 15)  # + truncate, ioctl
_NET_TCP = 3  # bind and connect (ABI 4)
_SCOPES = 3   # abstract unix sockets and signals (ABI 6)


def abi() -> int:
    """The kernel's Landlock ABI version, 0 when it has none (or this is not Linux)."""
    if not sys.platform.startswith("linux"):
        return 0
    return max(0, syscall(_CREATE_RULESET, None, 0, _VERSION_FLAG))


def _fs_rights(version: int) -> int:
    return max(rights for since, rights in _FS_RIGHTS_BY_ABI.items() if version >= since)


def restrict(readable: list[str]) -> None:
    """Allow reading (and running) only beneath ``readable`` from now on, and nothing else;
    an OSError if the kernel has no Landlock or refuses."""
    version = abi()
    if version < 1:
        raise OSError("the kernel has no Landlock")
    handled = _fs_rights(version)
    attr = struct.pack("=Q", handled)
    if version >= 4:
        attr += struct.pack("=Q", _NET_TCP)
    if version >= 6:
        attr += struct.pack("=Q", _SCOPES)
    ruleset = check(syscall(_CREATE_RULESET, attr, len(attr), 0), "Landlock ruleset")
    try:
        for path in readable:
            _allow(ruleset, path, handled)
        prctl(PR_SET_NO_NEW_PRIVS, 1, what="no new privileges")
        check(syscall(_RESTRICT_SELF, ruleset, 0), "Landlock")
    finally:
        os.close(ruleset)


def _allow(ruleset: int, path: str, handled: int) -> None:
    try:
        fd = os.open(path, os.O_PATH | os.O_CLOEXEC)
    except OSError:
        return  # gone: nothing to allow
    try:
        rights = EXECUTE | READ_FILE | READ_DIR
        if not os.path.isdir(path):
            rights &= _FILE_ONLY
        rule = struct.pack("=Qi", rights & handled, fd)
        check(syscall(_ADD_RULE, ruleset, _PATH_BENEATH, rule, 0), f"Landlock rule for {path}")
    finally:
        os.close(fd)
