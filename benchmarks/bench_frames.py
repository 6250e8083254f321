"""The game window's costs: frame times, first frame, idle and spectator CPU, RSS, instant games.

    python benchmarks/bench_frames.py [--x11] [--repeat 3] [--games 8]

Every figure comes from fresh `tcf-gui` processes (warm starts: Python's bytecode cached),
repeated, reported as min and median:
- frame: milliseconds to draw a 1280x720 frame and show it (pygame.display.flip), during
  deals and during turns, wall and CPU (the CPU time hardly depends on other programs);
- first frame: from process start to the first frame on screen;
- idle: CPU (% of one core) and resident memory of a window waiting for a click;
- spectator: CPU of `--spectate` at normal speed;
- instant: wall time of `--spectate --games 1000 --speed instant`, start to exit.

Without --x11 the window uses SDL's dummy driver, which shows nothing: flip costs nothing
there. With --x11 it opens real X11 windows, on $DISPLAY or, when none is set, on an Xvfb
of its own (a machine without a GPU), and also measures SDL's OpenGL framebuffer for
comparison (SDL_FRAMEBUFFER_ACCELERATION=1). CPU figures are the game's process; under
X11 the X server's share is printed beside them.
"""
from __future__ import annotations

import argparse
import contextlib
import os
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from typing import Iterator

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
FRAMEBUFFER = "SDL_FRAMEBUFFER_ACCELERATION"

# A child process. "frames GAMES": times draw + flip of a PlayScene on a fake clock, prints
# "deal MS..." and "turns MS...". The other modes run the real command line and print
# "first-frame WALL"; "idle"/"spectate" then measure CPU (also the X server's, when its pid
# is in BENCH_XSERVER_PID) and RSS from WARM to WARM+SPAN seconds after the first frame.
CHILD = r"""
import os, sys, threading, time
import pygame
from tcf_gui.gui import app
mode = sys.argv[1]

def xserver_cpu():
    pid = os.environ.get("BENCH_XSERVER_PID")
    if not pid:
        return 0.0
    fields = open(f"/proc/{pid}/stat").read().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")

def rss_mib():
    for line in open("/proc/self/status"):
        if line.startswith("VmRSS:"):
            return int(line.split()[1]) / 1024
    return float("nan")

if mode == "frames":
    from tcf_gui.gui.play_scene import PlayScene
    from tcf_gui.config.settings import Settings
    screen = app.open_window("bench", (1280, 720))
    settings = Settings(speed="normal", four_colour=False, open_hands=False, sound=False, show_log=True)
    scene = PlayScene(settings, screen.get_size(), seed=2024)
    scene.draw(screen)  # warm the caches of this size once, as the first frame does
    pygame.display.flip()
    times = {"deal": [], "turns": []}  # per frame: wall and CPU milliseconds
    now = 0
    for game in range(int(sys.argv[2])):
        if game:
            scene.new_game()
        bucket, turn = times["deal"], 0
        while True:
            now += 16
            pygame.event.pump()
            scene.update(now, [])
            if scene.timeline.busy:
                start, cpu = time.perf_counter(), time.process_time()
                scene.draw(screen)
                pygame.display.flip()
                bucket.append(((time.perf_counter() - start) * 1000, (time.process_time() - cpu) * 1000))
            elif scene.game.over:
                break
            else:
                scene.choose(turn % 3)
                turn += 1
                bucket = times["turns"]
    for name, values in times.items():
        print(name, *(f"{wall:.4f}" for wall, _ in values))
        print(name + "-cpu", *(f"{cpu:.4f}" for _, cpu in values))
    sys.exit(0)

warm, span = float(sys.argv[2]), float(sys.argv[3])
run_app = app.run_app

def measured():
    time.sleep(warm)
    cpu, xcpu, wall = time.process_time(), xserver_cpu(), time.time()
    time.sleep(span)
    wall = time.time() - wall
    print(f"cpu {time.process_time() - cpu:.6f} {xserver_cpu() - xcpu:.6f} {wall:.6f} {rss_mib():.1f}", flush=True)
    pygame.event.post(pygame.event.Event(pygame.QUIT))

def first_frame():
    print(f"first-frame {time.time():.6f} {time.process_time():.6f}", flush=True)
    threading.Thread(target=measured, daemon=True).start()

def patched(*args, **kwargs):
    kwargs["on_first_frame"] = first_frame
    return run_app(*args, **kwargs)

app.run_app = patched
from tcf_gui.cli import main
argv = ["--spectate", "--mute"] if mode == "spectate" else ["--mute", "--seed", "1", "--speed", "instant"]
sys.exit(main(argv))
"""


def child_env(home: str, **extra: str) -> dict[str, str]:
    """The environment of a child: this tree's code, a private config, extra variables."""
    from tcf_gui.config.saved import CONFIG_DIR_ENV

    env = dict(os.environ, PYTHONPATH=ROOT, HOME=home, XDG_CONFIG_HOME=home, XDG_DATA_HOME=home,
               SDL_AUDIODRIVER="dummy", PYGAME_HIDE_SUPPORT_PROMPT="1")
    env.pop(CONFIG_DIR_ENV, None)  # (that override would win over HOME)
    env.pop("TCF_GUI_DATA_DIR", None)
    env.pop(FRAMEBUFFER, None)  # each run says which framebuffer it measures
    env.pop("PYTHONDONTWRITEBYTECODE", None)  # an installed game has its .pyc files
    env.update(extra)
    return env


def run_child(args: list[str], env: dict[str, str]) -> tuple[float, str]:
    """Run a child to its end; return seconds from spawn to its first frame (or to its exit),
    and its output."""
    start = time.time()
    done = subprocess.run([sys.executable, *args], env=env, capture_output=True, text=True, timeout=300)
    if done.returncode:
        raise SystemExit(f"bench_frames: a child failed:\n{done.stderr.strip()}")
    firsts = [line for line in done.stdout.splitlines() if line.startswith("first-frame")]
    end = float(firsts[0].split()[1]) if firsts else time.time()
    return end - start, done.stdout


def summary(values: list[float], unit: str, digits: int = 2) -> str:
    return f"min {min(values):.{digits}f} {unit}, median {statistics.median(values):.{digits}f} {unit}"


def percentile(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(round(q * (len(ordered) - 1))))]


@contextlib.contextmanager
def own_xvfb() -> Iterator[str | None]:
    """A private Xvfb screen (display name, pid in BENCH_XSERVER_PID) for the block."""
    if not shutil.which("Xvfb"):
        raise SystemExit("bench_frames: --x11 needs $DISPLAY or Xvfb (apt-get install xvfb)")
    read, write = os.pipe()
    server = subprocess.Popen(["Xvfb", "-displayfd", str(write), "-screen", "0", "1280x800x24",
                               "-nolisten", "tcp"], pass_fds=(write,), stderr=subprocess.DEVNULL)
    os.close(write)
    with os.fdopen(read) as pipe:
        display = ":" + pipe.readline().strip()
    try:
        os.environ["BENCH_XSERVER_PID"] = str(server.pid)
        yield display
    finally:
        os.environ.pop("BENCH_XSERVER_PID", None)
        server.terminate()
        server.wait()


def bench(driver: dict[str, str], label: str, repeat: int, games: int, home: str,
          full: bool = True) -> None:
    """Every measurement for one video driver setting, ``repeat`` times each."""
    env = child_env(home, **driver)
    print(f"-- {label}")
    medians: dict[str, list[float]] = {}
    p95: dict[str, list[float]] = {}
    for _ in range(repeat):
        _, out = run_child(["-c", CHILD, "frames", str(games)], env)
        for line in out.splitlines():
            name, *values = line.split()
            numbers = [float(v) for v in values]
            medians.setdefault(name, []).append(statistics.median(numbers))
            p95.setdefault(name, []).append(percentile(numbers, 0.95))
    for name in medians:
        what = "CPU" if name.endswith("-cpu") else "wall"
        print(f"frame (draw + flip), {name.removesuffix('-cpu'):>5}, {what:>4}: median of a run "
              f"{summary(medians[name], 'ms')}; 95th percentile {summary(p95[name], 'ms')}")
    spectate = [run_child(["-c", CHILD, "spectate", "2", "6"], env)[1] for _ in range(repeat)]
    report_cpu("spectator, normal speed", spectate)
    if not full:
        return
    firsts = [run_child(["-c", CHILD, "first", "0", "0"], env) for _ in range(repeat)]
    cpu = [float(out.split("first-frame ")[1].split()[1]) for _, out in firsts]
    print(f"process start to first frame: {summary([wall * 1000 for wall, _ in firsts], 'ms', 0)} "
          f"(CPU of the process by then: {summary([c * 1000 for c in cpu], 'ms', 0)})")
    idle = [run_child(["-c", CHILD, "idle", "1", "6"], env)[1] for _ in range(repeat)]
    report_cpu("idle window", idle)
    instant = [run_child(["-m", "tcf_gui", "--spectate", "--games", "1000", "--speed", "instant", "--mute"],
                         env)[0] for _ in range(repeat)]
    print(f"--spectate --games 1000 --speed instant, start to exit: {summary(instant, 's')}")


def report_cpu(label: str, outputs: list[str]) -> None:
    """CPU % of one core (the game's, the X server's) and RSS from the children's 'cpu' lines."""
    game, xserver, rss = [], [], []
    for out in outputs:
        cpu, xcpu, wall, mib = (float(x) for x in out.split("\ncpu ")[-1].split()[:4])
        game.append(100 * cpu / wall)
        xserver.append(100 * xcpu / wall)
        rss.append(mib)
    line = f"{label}: CPU {summary(game, '%')} of a core"
    if any(xserver):
        line += f" (X server {summary(xserver, '%')})"
    print(f"{line}; RSS {summary(rss, 'MiB', 0)}")


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--x11", action="store_true",
                        help="real X11 windows ($DISPLAY, else a private Xvfb), flip included")
    parser.add_argument("--repeat", type=int, default=3, help="runs of each measurement (default 3)")
    parser.add_argument("--games", type=int, default=8, help="games whose frames are timed (default 8)")
    args = parser.parse_args()
    sys.path.insert(0, ROOT)
    with tempfile.TemporaryDirectory() as home:
        if not args.x11:
            bench({"SDL_VIDEODRIVER": "dummy"}, "SDL dummy driver (nothing shown)", args.repeat, args.games, home)
            return 0
        with contextlib.ExitStack() as stack:
            display = os.environ.get("DISPLAY") or stack.enter_context(own_xvfb())
            x11 = {"SDL_VIDEODRIVER": "x11", "DISPLAY": display or ""}
            bench(x11, f"X11 on {display}, the game's choice of framebuffer", args.repeat, args.games, home)
            bench({**x11, FRAMEBUFFER: "1"}, f"X11 on {display}, SDL's OpenGL framebuffer (for comparison)",
                  args.repeat, args.games, home, full=False)
    return 0


if __name__ == "__main__":
    sys.exit(main())
