"""Frame times of the game window under SDL's dummy driver, first-frame time, idle CPU.

    python benchmarks/bench_frames.py [--games 20]

Prints the median and 95th percentile of milliseconds to draw one 1280x720 frame while the
cards are dealt and while discards and draws fly, the time from process start to the first
frame on screen (a fresh `tcf-gui` process), and the CPU the window uses while idle.
"""
from __future__ import annotations

import argparse
import os
import statistics
import subprocess
import sys
import tempfile
import time

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
sys.path.insert(0, ROOT)

SIZE = (1280, 720)
FRAME_MS = 16

# A child process: the real command line, reporting the wall time of its first frame and,
# with "idle", its CPU time over two seconds of a still table.
CHILD = r"""
import sys, threading, time
import pygame
from tcf_gui.gui import app
mode = sys.argv[1]
run_app = app.run_app
marks = {}

def first_frame():
    marks["wall"], marks["cpu"] = time.time(), time.process_time()
    print(f"first-frame {marks['wall']:.6f}", flush=True)
    delay = 2.0 if mode == "idle" else 0.0
    threading.Timer(delay, lambda: pygame.event.post(pygame.event.Event(pygame.QUIT))).start()

def patched(make_scene, title="Three Card Flush", on_first_frame=None):
    return run_app(make_scene, title, on_first_frame=first_frame)

app.run_app = patched
from tcf_gui.cli import main
code = main(["--mute", "--seed", "1", "--speed", "instant"])
if mode == "idle":
    print(f"idle-cpu {time.process_time() - marks['cpu']:.6f} {time.time() - marks['wall']:.6f}", flush=True)
sys.exit(code)
"""


def percentile(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(round(q * (len(ordered) - 1))))]


def frame_times(games: int) -> tuple[list[float], list[float]]:
    """Draw times (ms) of frames during deals and during turns, over ``games`` games."""
    import pygame

    from tcf_gui.gui.table_scene import PlayScene
    from tcf_gui.settings import Settings

    pygame.display.init()
    pygame.font.init()
    screen = pygame.display.set_mode(SIZE)
    settings = Settings(speed="normal", four_colour=False, open_hands=False, sound=False, show_log=True)
    deal: list[float] = []
    turns: list[float] = []
    now = 0
    scene = PlayScene(settings, SIZE, seed=2024)
    scene.draw(screen)  # warm the caches of this size once, as the first frame does
    for game in range(games):
        if game:
            scene.new_game()
        bucket = deal
        turn = 0
        while True:
            now += FRAME_MS
            scene.update(now, [])
            if scene.timeline.busy:
                start = time.perf_counter()
                scene.draw(screen)
                pygame.display.flip()
                bucket.append((time.perf_counter() - start) * 1000)
            elif scene.game.over:
                break
            else:
                scene.choose(turn % 3)
                turn += 1
                bucket = turns
    pygame.display.quit()
    return deal, turns


def child_run(mode: str) -> tuple[float, str]:
    """Start a fresh process; return seconds from spawn to its first frame, and its output."""
    from tcf_gui.folders import CONFIG_DIR_ENV, DATA_DIR_ENV

    env = dict(os.environ, PYTHONPATH=ROOT)
    with tempfile.TemporaryDirectory() as home:
        # keep the benchmark's settings and games apart from the user's
        env.update(HOME=home, XDG_CONFIG_HOME=home, XDG_DATA_HOME=home)
        env.pop(CONFIG_DIR_ENV, None)  # (those overrides would win over all three)
        env.pop(DATA_DIR_ENV, None)
        start = time.time()
        done = subprocess.run([sys.executable, "-c", CHILD, mode], env=env, capture_output=True,
                              text=True, timeout=60)
    first = next(line for line in done.stdout.splitlines() if line.startswith("first-frame"))
    return float(first.split()[1]) - start, done.stdout


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=20, help="games whose frames are timed (default 20)")
    args = parser.parse_args()

    deal, turns = frame_times(args.games)
    for label, values in (("deal", deal), ("discards and draws", turns)):
        print(f"frame at 1280x720, {label:>18}: median {statistics.median(values):5.2f} ms, "
              f"95th percentile {percentile(values, 0.95):5.2f} ms  ({len(values)} frames)")
    firsts = sorted(child_run("first")[0] for _ in range(3))
    print(f"process start to first frame: median {firsts[1] * 1000:.0f} ms "
          f"(of 3 runs: {', '.join(f'{s * 1000:.0f}' for s in firsts)} ms)")
    _, output = child_run("idle")
    cpu, wall = (float(x) for x in output.split("idle-cpu")[1].split())
    print(f"idle: {cpu * 1000:.0f} ms CPU over {wall:.1f} s of a still table ({100 * cpu / wall:.1f}% of a core)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
