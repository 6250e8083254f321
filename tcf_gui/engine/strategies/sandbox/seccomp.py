"""A seccomp filter for the sandbox process (Linux on x86-64 and ARM64): the system calls a
strategy never needs fail with EPERM.

Refused: new processes and threads (fork, vfork, clone, clone3), running programs (execve,
execveat), signals to any process, itself included (kill, tkill, tgkill, rt_sigqueueinfo,
rt_tgsigqueueinfo, pidfd_*), reading or writing another process (ptrace,
process_vm_readv/writev), network sockets (socket), namespaces and mounts (unshare, setns,
mount and the new mount calls, pivot_root, chroot), the kernel keyring, bpf,
perf_event_open, userfaultfd, io_uring, System V IPC (shared memory, message queues,
semaphores: the window's X11 shared-memory picture among them, where the sandbox has no IPC
namespace of its own), memory-backed files (memfd_create, memfd_secret: memory that no
address-space limit counts), the ioctls that push characters into a terminal
(TIOCSTI, TIOCLINUX) and dropping the parent-death signal (prctl PR_SET_PDEATHSIG). Every
other call is allowed; calls of another ABI (x32, 32-bit) are refused as a whole.

The filter is a classic BPF program built here (no library needed) and installed with
prctl(PR_SET_SECCOMP); it holds for the rest of the process's life and cannot be removed.
"""
from __future__ import annotations

import ctypes
import errno
import platform
import struct
import sys

from tcf_gui.engine.strategies.sandbox.kernel import PR_SET_NO_NEW_PRIVS, PR_SET_PDEATHSIG, PR_SET_SECCOMP, prctl

# Syscall numbers: x86-64 (arch/x86/entry/syscalls/syscall_64.tbl) and the generic table
# ARM64 uses (include/uapi/asm-generic/unistd.h).
_X86_64 = dict(
    fork=57, vfork=58, clone=56, clone3=435, execve=59, execveat=322, kill=62, tkill=200,
    tgkill=234, rt_sigqueueinfo=129, rt_tgsigqueueinfo=297, pidfd_send_signal=424,
    pidfd_open=434, pidfd_getfd=438, ptrace=101, process_vm_readv=310, process_vm_writev=311,
    socket=41, unshare=272, setns=308, mount=165, umount2=166, pivot_root=155, chroot=161,
    open_tree=428, move_mount=429, fsopen=430, fsconfig=431, fsmount=432, fspick=433,
    mount_setattr=442, keyctl=250, add_key=248, request_key=249, bpf=321, perf_event_open=298,
    userfaultfd=323, io_uring_setup=425, shmget=29, shmat=30, shmctl=31, shmdt=67, semget=64,
    semop=65, semctl=66, semtimedop=220, msgget=68, msgsnd=69, msgrcv=70, msgctl=71,
    memfd_create=319, memfd_secret=447, ioctl=16, prctl=157,
)
_AARCH64 = dict(
    clone=220, clone3=435, execve=221, execveat=281, kill=129, tkill=130, tgkill=131,
    rt_sigqueueinfo=138, rt_tgsigqueueinfo=240, pidfd_send_signal=424, pidfd_open=434,
    pidfd_getfd=438, ptrace=117, process_vm_readv=270, process_vm_writev=271, socket=198,
    unshare=97, setns=268, mount=40, umount2=39, pivot_root=41, chroot=51, open_tree=428,
    move_mount=429, fsopen=430, fsconfig=431, fsmount=432, fspick=433, mount_setattr=442,
    keyctl=219, add_key=217, request_key=218, bpf=280, perf_event_open=241, userfaultfd=282,
    io_uring_setup=425, msgget=186, msgctl=187, msgrcv=188, msgsnd=189, semget=190,
    semctl=191, semtimedop=192, semop=193, shmget=194, shmctl=195, shmat=196, shmdt=197,
    memfd_create=279, memfd_secret=447, ioctl=29, prctl=167,
)
#: (the kernel's audit arch, syscall numbers, first number of another ABI or None)
_ARCHES = {"x86_64": (0xC000003E, _X86_64, 0x40000000), "aarch64": (0xC00000B7, _AARCH64, None)}

TIOCSTI, TIOCLINUX = 0x5412, 0x541C
SECCOMP_MODE_FILTER = 2

# Classic BPF: the instructions used, and where seccomp_data keeps what is checked.
_LOAD, _JEQ, _JGE, _RET = 0x20, 0x15, 0x35, 0x06
_NR, _ARCH, _ARG0, _ARG1 = 0, 4, 16, 24  # args are 64-bit, little-endian: the low half first
_ALLOW, _DENY = 0x7FFF0000, 0x00050000 | errno.EPERM


def _machine() -> str:
    machine = platform.machine().lower()
    return {"amd64": "x86_64", "arm64": "aarch64"}.get(machine, machine)


def supported() -> bool:
    """Whether this system gets the filter (Linux on x86-64 or ARM64)."""
    return sys.platform.startswith("linux") and _machine() in _ARCHES


def program() -> bytes:
    """The filter as struct sock_filter entries (8 bytes each) for this machine."""
    audit_arch, numbers, other_abi = _ARCHES[_machine()]
    denied = [n for name, n in numbers.items() if name not in ("ioctl", "prctl")]
    # Each step is (code, jump-if-true label, jump-if-false label, k) or a label (a string).
    steps: list[tuple[int, str | None, str | None, int] | str] = [
        (_LOAD, None, None, _ARCH),
        (_JEQ, None, "deny", audit_arch),
        (_LOAD, None, None, _NR),
    ]
    if other_abi is not None:
        steps.append((_JGE, "deny", None, other_abi))
    steps += [(_JEQ, "deny", None, number) for number in denied]
    steps += [
        (_JEQ, "ioctl", None, numbers["ioctl"]),
        (_JEQ, "prctl", None, numbers["prctl"]),
        (_RET, None, None, _ALLOW),
        "ioctl",
        (_LOAD, None, None, _ARG1),
        (_JEQ, "deny", None, TIOCSTI),
        (_JEQ, "deny", None, TIOCLINUX),
        (_RET, None, None, _ALLOW),
        "prctl",
        (_LOAD, None, None, _ARG0),
        (_JEQ, "deny", None, PR_SET_PDEATHSIG),
        (_RET, None, None, _ALLOW),
        "deny",
        (_RET, None, None, _DENY),
    ]
    return _assemble(steps)


def _assemble(steps: list[tuple[int, str | None, str | None, int] | str]) -> bytes:
    """Resolve the labels into the forward jump offsets BPF uses, and pack the program."""
    places: dict[str, int] = {}
    code: list[tuple[int, str | None, str | None, int]] = []
    for step in steps:
        if isinstance(step, str):
            places[step] = len(code)
        else:
            code.append(step)
    packed = []
    for index, (op, true, false, k) in enumerate(code):
        jt = places[true] - index - 1 if true else 0
        jf = places[false] - index - 1 if false else 0
        packed.append(struct.pack("=HBBI", op, jt, jf, k))
    return b"".join(packed)


class _Program(ctypes.Structure):
    _fields_ = [("len", ctypes.c_ushort), ("filter", ctypes.c_void_p)]


def install() -> None:
    """Install the filter in this process (no new privileges first, as the kernel requires);
    an OSError if the kernel refuses."""
    code = program()
    buffer = ctypes.create_string_buffer(code, len(code))
    prog = _Program(len(code) // 8, ctypes.addressof(buffer))
    prctl(PR_SET_NO_NEW_PRIVS, 1, what="no new privileges")
    prctl(PR_SET_SECCOMP, SECCOMP_MODE_FILTER, ctypes.addressof(prog), what="seccomp")
