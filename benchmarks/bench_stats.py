"""The statistics screen with a long history: time to open it and to draw one frame.

    python benchmarks/bench_stats.py [--games 10000] [--frames 300] [--repeats 5]

Fills a temporary history with made-up games, then times opening the screen (reading the
games and computing the numbers) and drawing 1280x720 frames under SDL's dummy driver while
the mouse moves over the list and it scrolls. Prints min and median over the repeats; the
target is under 5 ms a frame with 10,000 games.
"""
from __future__ import annotations

import argparse
import os
import statistics
import sys
import tempfile
import time
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
sys.path[:0] = [ROOT, os.path.join(ROOT, "tests")]

SIZE = (1280, 720)


def run(games: int, frames: int, repeats: int) -> None:
    import pygame
    from history_helpers import made_up_games

    from tcf_gui.gui.stats.scene import StatsScene
    from tcf_gui.history import History

    pygame.display.init()
    pygame.font.init()
    screen = pygame.display.set_mode(SIZE)
    with tempfile.TemporaryDirectory() as folder:
        history = History(Path(folder) / "history.sqlite3")
        history.add(*made_up_games(games, seed=1, opponents=("random", "heuristic", "expert")))
        opens, per_frame = [], []
        for _ in range(repeats):
            start = time.perf_counter()
            scene = StatsScene(history, SIZE)
            scene.draw(screen)  # the first frame draws the still picture
            opens.append(time.perf_counter() - start)
            layout = scene.layout
            times = []
            for i in range(frames):
                y = layout.list_top + (i * 7) % (layout.rows * layout.row_h)
                events = [pygame.event.Event(pygame.MOUSEMOTION, pos=(layout.recent.centerx, y),
                                             rel=(0, 7), buttons=(0, 0, 0))]
                if i % 10 == 0:
                    events.append(pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=-1, flipped=False))
                start = time.perf_counter()
                scene.update(i * 16, events)
                scene.draw(screen)
                times.append(time.perf_counter() - start)
            per_frame.append(statistics.median(times))
        history.close()
    pygame.display.quit()
    print(f"{games} games, {SIZE[0]}x{SIZE[1]}, {repeats} repeats")
    print(f"open the screen (read, count, first frame): min {1000 * min(opens):.1f} ms, "
          f"median {1000 * statistics.median(opens):.1f} ms")
    print(f"one frame (median of {frames} per repeat): min {1000 * min(per_frame):.2f} ms, "
          f"median {1000 * statistics.median(per_frame):.2f} ms  (target < 5 ms)")


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=10_000, help="games in the history (default 10000)")
    parser.add_argument("--frames", type=int, default=300, help="frames timed per repeat (default 300)")
    parser.add_argument("--repeats", type=int, default=5, help="repeats (default 5)")
    args = parser.parse_args()
    if min(args.games, args.frames, args.repeats) < 1:
        parser.error("--games, --frames and --repeats must be at least 1")
    run(args.games, args.frames, args.repeats)
    return 0


if __name__ == "__main__":
    sys.exit(main())
