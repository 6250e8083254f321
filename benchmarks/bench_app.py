"""The standalone app against the pip install: its size, and the time from start to first frame.

    python benchmarks/bench_app.py [--app dist/tcf-gui/tcf-gui] [--pip CMD] [--repeat 7]

Size: the app's folder on disk and its archive (the .tar.gz or .zip beside the folder, as
built by tools/build_app.py). First frame: the seconds from starting the program to its
first frame on screen, which the window prints itself when TCF_GUI_FIRST_FRAME_EXIT is set
(then it closes), in wall time and in the CPU time of the process by then. Each program is started ``--repeat`` times, taking turns, with its own
empty settings and history (made once, so the runs after the first see an existing history,
as a player's do); the figures are the minimum and the median. The window opens on a private
Xvfb screen when Xvfb is installed (else SDL's dummy driver, said in the output), sound off.

``--pip`` is the command of the pip install to compare with (default: the ``tcf-gui`` beside
this Python, else ``python -m tcf_gui`` from this checkout, byte-compiled first as an install
is). tools/check_app.sh runs this with the clean venv it built the app in.
"""
from __future__ import annotations

import argparse
import compileall
import contextlib
import os
import shlex
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Iterator

from bench_frames import own_xvfb  # this folder is on the path when run as a script

ROOT = Path(__file__).resolve().parents[1]
FIRST_FRAME_ENV = "TCF_GUI_FIRST_FRAME_EXIT"


def folder_size(folder: Path) -> int:
    return sum(p.stat().st_size for p in folder.rglob("*") if p.is_file() and not p.is_symlink())


def archives(app: Path) -> list[Path]:
    folder = app.parent
    return sorted(p for p in folder.parent.glob(f"{folder.name}-*")
                  if p.name.endswith((".tar.gz", ".zip")))


@contextlib.contextmanager
def screen() -> Iterator[dict[str, str]]:
    """The display variables: a private Xvfb screen, or SDL's dummy driver without Xvfb."""
    if not shutil.which("Xvfb"):
        yield {"SDL_VIDEODRIVER": "dummy"}
        return
    with own_xvfb() as display:
        yield {"DISPLAY": display}


def first_frame(command: list[str], env: dict[str, str]) -> tuple[float, float]:
    """Seconds from starting ``command`` to its first frame: wall, and the CPU time of the
    process (less disturbed by other work on the machine)."""
    start = time.time()
    done = subprocess.run([*command, "--mute"], env=env, capture_output=True, text=True,
                          timeout=120)
    frames = [line for line in done.stderr.splitlines() if line.startswith("first-frame ")]
    if done.returncode or not frames:
        raise SystemExit(f"bench_app: {shlex.join(command)} did not show a frame "
                         f"(exit {done.returncode}):\n{done.stderr.strip()[-2000:]}")
    _, wall, cpu = frames[0].split()
    return float(wall) - start, float(cpu)


def pip_command(given: str | None) -> tuple[list[str], dict[str, str]]:
    if given:
        return shlex.split(given), {}
    script = Path(sys.executable).with_name("tcf-gui")
    if script.is_file():
        return [str(script)], {}
    compileall.compile_dir(str(ROOT / "tcf_gui"), quiet=1)  # as an install leaves it
    return [sys.executable, "-m", "tcf_gui"], {"PYTHONPATH": str(ROOT)}


def summary(runs: list[tuple[float, float]]) -> str:
    parts = []
    for what, values in (("wall", [wall for wall, _ in runs]), ("CPU", [cpu for _, cpu in runs])):
        ms = [value * 1000 for value in values]
        parts.append(f"{what} min {min(ms):.0f} ms, median {statistics.median(ms):.0f} ms")
    return "; ".join(parts) + f" ({len(runs)} runs)"


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python benchmarks/bench_app.py", description=__doc__.split("\n")[0])
    parser.add_argument("--app", type=Path, default=ROOT / "dist" / "tcf-gui" / "tcf-gui")
    parser.add_argument("--pip", metavar="CMD", help="the pip install's command (default: see above)")
    parser.add_argument("--repeat", type=int, default=7)
    args = parser.parse_args(argv)
    if not args.app.is_file():
        print(f"bench_app: no app at {args.app}: build it with python tools/build_app.py",
              file=sys.stderr)
        return 2
    print(f"app: {args.app}")
    print(f"  folder: {folder_size(args.app.parent) / 2**20:.1f} MiB on disk")
    for packed in archives(args.app):
        print(f"  packed: {packed.stat().st_size / 2**20:.1f} MiB ({packed.name})")
    pip, pip_env = pip_command(args.pip)
    with tempfile.TemporaryDirectory() as home, screen() as display:
        env = {key: value for key, value in os.environ.items()
               if not key.startswith(("TCF_GUI_", "SDL_", "PYTHON"))}
        env.update(display, SDL_AUDIODRIVER="dummy", PYGAME_HIDE_SUPPORT_PROMPT="1",
                   TCF_GUI_CONFIG_DIR=f"{home}/config", TCF_GUI_DATA_DIR=f"{home}/data",
                   **{FIRST_FRAME_ENV: "1"})
        print(f"display: {display.get('DISPLAY') and 'Xvfb ' + display['DISPLAY'] or 'SDL dummy driver'}")
        times: dict[str, list[tuple[float, float]]] = {"app": [], "pip": []}
        for _ in range(args.repeat):
            times["app"].append(first_frame([str(args.app)], env))
            times["pip"].append(first_frame(pip, env | pip_env))
    print(f"start to first frame, standalone app: {summary(times['app'])}")
    print(f"start to first frame, pip install ({shlex.join(pip)}): {summary(times['pip'])}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
