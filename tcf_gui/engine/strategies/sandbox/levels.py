"""How strongly a strategy file is kept apart from everything else: the level in force here,
and the command that starts a sandbox process at that level.

Three levels, the strongest this machine offers unless ``TCF_GUI_SANDBOX`` names a weaker
one (``bubblewrap``, ``landlock`` or ``limits``; ``auto`` is the default):

- **bubblewrap** (Linux, ``bwrap`` installed and allowed to make namespaces): the sandbox
  runs in its own PID, IPC, UTS and network namespaces, sees only a read-only view of the
  Python install, the package and the strategy file, a private /tmp and no home or data
  folder, with no capabilities, and dies with the process that started it. Its root and /dev
  are read-only (they are memory bwrap does not size): the only place it may write is its
  /tmp, of TMP_BYTES.
- **landlock** (Linux 5.13 or newer with Landlock enabled, no bwrap): the kernel's Landlock
  lets the sandbox read only the same files and write none.
- **limits** (anywhere else on POSIX): nothing hides the person's files from the sandbox.

At every level the sandbox process itself, before it loads the file, sets resource limits
(memory, processes, CPU seconds, file size, open files), drops every capability, turns
non-dumpable, asks to be killed when its parent dies (Linux) and, on x86-64 and ARM64 Linux,
installs a seccomp filter: no new processes or threads, no exec, no network sockets, no
signals to any process, no ptrace (see confine.py). Each sandbox has a process group and a
session of its own, which the engine kills as a whole when it is done with it.
"""
from __future__ import annotations

import functools
import os
import shutil
import subprocess
import sys
import sysconfig
from dataclasses import dataclass
from pathlib import Path

from tcf_gui.i18n import _
from tcf_gui.engine.strategies.errors import StrategyError
from tcf_gui.engine.strategies.sandbox import landlock, seccomp

LEVELS = ("bubblewrap", "landlock", "limits")
LEVEL_ENV = "TCF_GUI_SANDBOX"
#: Bytes the private /tmp of a bubblewrap sandbox may hold.
TMP_BYTES = 16 << 20
#: Seconds the one-time check that bubblewrap works may take.
PROBE_SECONDS = 10.0
SERVER = "tcf_gui.engine.strategies.sandbox.server"
#: Environment variables a sandbox keeps (everything else, tokens included, is left out).
KEPT_ENV = ("HOME", "LANG", "LANGUAGE", "LC_ALL", "LC_CTYPE", "LC_MESSAGES", "TERM", "TZ")


@dataclass(frozen=True)
class Isolation:
    """The level strategy files run at, and what it means in one line."""

    level: str
    summary: str
    forced: bool = False
    """Chosen with TCF_GUI_SANDBOX rather than the strongest available."""

    def line(self) -> str:
        """'strategy files run at the ... level: ...', for the start of a run."""
        if self.forced:
            return _("strategy files run at the {level} level (chosen by {variable}): "
                     "{summary}").format(level=self.level, variable=LEVEL_ENV,
                                         summary=self.summary)
        return _("strategy files run at the {level} level: {summary}").format(
            level=self.level, summary=self.summary)


def isolation() -> Isolation:
    """The level a sandbox started now gets (see the module); a StrategyError when
    TCF_GUI_SANDBOX asks for a level this machine does not offer, or names none."""
    wanted = os.environ.get(LEVEL_ENV, "auto").strip().lower() or "auto"
    if wanted not in ("auto", *LEVELS):
        raise StrategyError(_("{variable}={wanted!r} names no sandbox level; choose from: "
                              "auto, {levels}").format(variable=LEVEL_ENV, wanted=wanted[:40],
                                                       levels=", ".join(LEVELS)))
    offered = available()
    if wanted == "auto":
        return Isolation(offered[0], _summary(offered[0]))
    if wanted not in offered:
        raise StrategyError(_("{variable}={wanted}: this machine does not offer that sandbox "
                              "level ({reason})").format(variable=LEVEL_ENV, wanted=wanted,
                                                         reason=unavailable(wanted)))
    return Isolation(wanted, _summary(wanted), forced=True)


def available() -> list[str]:
    """The levels this machine offers, strongest first."""
    return [level for level in LEVELS if unavailable(level) is None]


def unavailable(level: str) -> str | None:
    """Why ``level`` is not available here, or None when it is."""
    if level == "bubblewrap":
        return bubblewrap_problem()
    if level == "landlock":
        return None if landlock.abi() >= 1 else _("the kernel has no Landlock")
    return None


def _summary(level: str) -> str:
    if level == "bubblewrap":
        scope = _("own PID, IPC and network namespaces; reads only Python and the file; a "
                  "private /tmp")
    elif level == "landlock":
        scope = _("Landlock: reads only Python and the file, writes nothing")
    else:
        scope = _("it can read and write your files")
    if seccomp.supported():
        guard = _("no new processes, network or signals")
    else:
        guard = _("no seccomp filter on this system: it can start processes")
    return _("{scope}; memory, CPU and file limits; {guard}").format(scope=scope, guard=guard)


def python_paths() -> list[Path]:
    """What a sandbox must read to run: the Python install (with its packages) and the
    folder holding the tcf_gui package."""
    import tcf_gui

    paths = {Path(sys.prefix), Path(sys.base_prefix), Path(sys.exec_prefix),
             Path(sys.base_exec_prefix), Path(os.path.realpath(sys.executable)).parent,
             Path(tcf_gui.__file__).resolve().parent.parent}
    for name in ("stdlib", "platstdlib", "purelib", "platlib"):
        found = sysconfig.get_paths().get(name)
        if found:
            paths.add(Path(found))
    return _outermost(path for path in paths if path.exists())


def system_paths() -> list[Path]:
    """The system's libraries (a sandbox needs the C library and those Python links)."""
    return [Path(p) for p in ("/usr", "/lib", "/lib64", "/lib32", "/etc/ld.so.cache")
            if Path(p).exists()]


def readable_paths(files: list[str]) -> list[Path]:
    """Everything a sandbox for ``files`` may read: the strategy files, Python, the system's
    libraries."""
    return _outermost([*system_paths(), *python_paths()]) + [
        Path(file).expanduser().resolve() for file in files]


def _outermost(paths) -> list[Path]:
    """The paths with those inside another one left out, sorted."""
    kept: list[Path] = []
    for path in sorted(set(paths), key=lambda p: len(p.parts)):
        if not any(path == outer or outer in path.parents for outer in kept):
            kept.append(path)
    return sorted(kept)


def sandbox_env() -> dict[str, str]:
    """The sandbox's environment: only what Python needs to start and find the package."""
    import tcf_gui

    env = {name: os.environ[name] for name in KEPT_ENV if name in os.environ}
    env["PYTHONPATH"] = str(Path(tcf_gui.__file__).resolve().parent.parent)
    env["PYTHONDONTWRITEBYTECODE"] = "1"
    env["OPENBLAS_NUM_THREADS"] = "1"  # numpy must start no threads: none may start later
    return env


def command(level: str, files: list[str]) -> list[str]:
    """The command line that starts a sandbox process for ``files`` at ``level`` (the level
    is checked by the process itself: see server.py)."""
    python = [sys.executable, "-m", SERVER]
    if level != "bubblewrap":
        return python
    return [*bubblewrap_args(files), "--", *python]


def bubblewrap_args(files: list[str]) -> list[str]:
    """bwrap and its options: the namespaces, the read-only views, the environment."""
    bwrap = shutil.which("bwrap") or "bwrap"
    args = [bwrap, "--unshare-all", "--as-pid-1", "--die-with-parent", "--new-session",
            "--cap-drop", "ALL",
            "--proc", "/proc", "--dev", "/dev", "--size", str(TMP_BYTES), "--tmpfs", "/tmp"]
    for path in _outermost([*system_paths(), *python_paths()]):
        if path.is_symlink() and path.parent == Path("/"):  # /lib -> usr/lib on merged /usr
            args += ["--symlink", os.readlink(path), str(path)]
        else:
            args += ["--ro-bind", str(path), str(path)]
    for file in files:
        # The file appears where the spec's path leads, relative to the same folder.
        args += ["--ro-bind", str(Path(file).expanduser().resolve()),
                 str(Path(file).expanduser().absolute())]
    here = working_folder()  # made inside where nothing bound holds it (under /tmp, say)
    # Then the root and /dev (their /dev/shm) turn read-only: they are memory with no size,
    # and the sized /tmp is left the one place a strategy may write.
    args += ["--dir", here, "--remount-ro", "/dev", "--remount-ro", "/", "--chdir", here,
             "--clearenv"]
    for name, value in sandbox_env().items():
        args += ["--setenv", name, value]
    return args


def working_folder() -> str:
    """The folder the sandbox starts in: the current one (an empty folder inside, unless a
    file bound there fills it), or / where it is gone (deleted under a running program)."""
    try:
        here = os.getcwd()
    except OSError:
        return "/"
    return here if os.path.isdir(here) else "/"


@functools.lru_cache(maxsize=None)
def bubblewrap_problem() -> str | None:
    """Why bubblewrap cannot be used here (not installed, not Linux, or it cannot make its
    namespaces), or None when a sandbox under it started: checked once per process."""
    if not sys.platform.startswith("linux"):
        return _("bubblewrap is for Linux")
    if shutil.which("bwrap") is None:
        return _("bwrap is not installed")
    try:
        done = subprocess.run([*bubblewrap_args([]), "--", sys.executable, "-c", "pass"],
                              stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL,
                              stderr=subprocess.PIPE, timeout=PROBE_SECONDS,
                              env=sandbox_env())
    except (OSError, subprocess.SubprocessError) as error:
        return _("bwrap did not start: {error}").format(error=error)
    if done.returncode != 0:
        reason = done.stderr.decode("utf-8", "replace").strip().splitlines()
        return _("bwrap cannot make a sandbox here: {reason}").format(
            reason=reason[-1] if reason else done.returncode)
    return None
