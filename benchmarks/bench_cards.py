"""The card art's costs: a face of each kind, a back, and the first frame's pictures.

    python benchmarks/bench_cards.py [--repeat 7]

Pictures are cached per size, so each is drawn once per window size: what counts is the
first drawing. For the card sizes of the smallest window (800x520), 1280x720, 1920x1080
and 4K it prints, over fresh CardArts (``--repeat`` of them), the min and median
milliseconds of: a pip card (the 10 of hearts), an ace, a court card (the king of hearts:
its SVG figure read and rasterised), a back, and the pictures of a first frame at that size
(three faces of the person's hand, a back, an empty place). Faces are drawn on the dummy
video driver, without a window, as the tests draw them.
"""
from __future__ import annotations

import argparse
import os
import statistics
import sys
import time
from typing import Callable

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))

import pygame  # noqa: E402

from tcf_gui.engine.cards import parse_cards  # noqa: E402
from tcf_gui.gui import court  # noqa: E402
from tcf_gui.gui.card_art import CardArt  # noqa: E402
from tcf_gui.gui.layout import Layout  # noqa: E402

WINDOWS = [(800, 520), (1280, 720), (1920, 1080), (3840, 2160)]
PIP, ACE, COURT = parse_cards("XH AS KH")
#: The person's hand in a first frame (``tcf-gui --seed 1``'s game 1 holds no figure; this
#: one holds one, the dearer case).
HAND = parse_cards("QC 3S 8S")


def cold() -> None:
    """Forget every picture and file the card art keeps between CardArts (the court figures)."""
    for name in ("figure", "_svg"):
        cached = getattr(court, name, None)
        if cached is not None and hasattr(cached, "cache_clear"):
            cached.cache_clear()


def timed(make: Callable[[], object], repeat: int) -> list[float]:
    """Milliseconds of ``make()``, each on a fresh CardArt with nothing cached."""
    times = []
    for _ in range(repeat):
        cold()
        start = time.perf_counter()
        make()
        times.append((time.perf_counter() - start) * 1000)
    return times


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeat", type=int, default=7, help="fresh CardArts per figure (default 7)")
    args = parser.parse_args()
    pygame.display.init()
    pygame.font.init()
    for window in WINDOWS:
        layout = Layout(*window)
        size = (layout.card_w, layout.card_h)

        def art() -> CardArt:
            return CardArt(*size)

        def first_frame() -> None:
            pictures = art()
            for card in HAND:
                pictures.face(card)
            pictures.back()
            pictures.slot()

        rows = {"pip card": lambda: art().face(PIP), "ace": lambda: art().face(ACE),
                "court card": lambda: art().face(COURT), "back": lambda: art().back(),
                "first frame's cards": first_frame}
        print(f"-- {window[0]}x{window[1]}: cards of {size[0]}x{size[1]}")
        for name, make in rows.items():
            times = timed(make, args.repeat)
            print(f"{name:>20}: min {min(times):6.2f} ms, median {statistics.median(times):6.2f} ms")
    return 0


if __name__ == "__main__":
    sys.exit(main())
