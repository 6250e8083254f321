"""What the sandbox process does to itself before it loads a strategy file: from then on the
file's code runs with these limits, which it cannot lift.

- Resource limits (hard and soft): MEMORY_BYTES of address space, no new processes,
  CPU_SECONDS of CPU time, FILE_BYTES per file written, OPEN_FILES open files, no core dumps.
- Not dumpable (other processes of the same user cannot read its memory through /proc) and,
  on Linux, killed when its parent dies.
- No capabilities (a sandbox started by root is no stronger than any other).
- At the landlock level, Landlock: read only ``readable``, write nothing (landlock.py).
- On x86-64 and ARM64 Linux, the seccomp filter (seccomp.py).
"""
from __future__ import annotations

import resource
import signal
import sys

from tcf_gui.engine.strategies.sandbox import landlock, seccomp
from tcf_gui.engine.strategies.sandbox.kernel import PR_CAPBSET_DROP, PR_SET_DUMPABLE, PR_SET_PDEATHSIG, check, libc, prctl

MEMORY_BYTES = 1 << 30
CPU_SECONDS = 4 * 3600
"""A backstop: each decision's time limit is what normally stops a strategy. The engine
retires a sandbox process that has been busy for half of it (client.py)."""
FILE_BYTES = 64 << 20
OPEN_FILES = 64

#: The limits, and the soft limit of CPU time a little under the hard one: SIGXCPU first.
LIMITS = {
    "RLIMIT_AS": MEMORY_BYTES,
    "RLIMIT_NPROC": 0,
    "RLIMIT_FSIZE": FILE_BYTES,
    "RLIMIT_NOFILE": OPEN_FILES,
    "RLIMIT_CORE": 0,
}


def confine(level: str, readable: list[str]) -> None:
    """Apply everything above to this process (Linux parts only on Linux); an OSError when
    a part the level promises cannot be had."""
    linux = sys.platform.startswith("linux")
    if linux:
        prctl(PR_SET_PDEATHSIG, signal.SIGKILL, what="parent-death signal")
        prctl(PR_SET_DUMPABLE, 0, what="non-dumpable")
    _limit_resources()
    if linux:
        _drop_capabilities()
    if level == "landlock":
        landlock.restrict(readable)
    if seccomp.supported():
        seccomp.install()
    # A file written past FILE_BYTES then fails with an error instead of killing the process.
    signal.signal(signal.SIGXFSZ, signal.SIG_IGN)


def _limit_resources() -> None:
    for name, value in LIMITS.items():
        limit = getattr(resource, name, None)
        if limit is not None:
            _lower(limit, value)
    _lower(resource.RLIMIT_CPU, CPU_SECONDS, soft=CPU_SECONDS - 5)


def _lower(limit: int, hard: int, soft: int | None = None) -> None:
    """Set a limit no higher than it already is (a process may only lower a hard limit)."""
    old_soft, old_hard = resource.getrlimit(limit)
    if old_hard != resource.RLIM_INFINITY:
        hard = min(hard, old_hard)
    soft = hard if soft is None else min(soft, hard)
    resource.setrlimit(limit, (soft, hard))


_CAP_VERSION_3 = 0x20080522


def _drop_capabilities() -> None:
    """Empty the bounding set (so that nothing can gain a capability again), then the
    effective, permitted and inheritable sets."""
    import ctypes

    last = 63
    try:
        with open("/proc/sys/kernel/cap_last_cap") as known:
            last = int(known.read())
    except (OSError, ValueError):
        pass
    for capability in range(last + 1):
        try:
            prctl(PR_CAPBSET_DROP, capability, what="capability bounding set")
        except OSError:
            break  # not ours to drop (no CAP_SETPCAP): we hold none to drop either
    header = (ctypes.c_uint32 * 2)(_CAP_VERSION_3, 0)
    data = (ctypes.c_uint32 * 6)()  # two structs of effective, permitted, inheritable
    check(int(libc().capset(header, data)), "capabilities")
