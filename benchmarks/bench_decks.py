"""The cost of drawing another game's card deck (KDE, Aisleriot, PySolFC) with resvg.

    python benchmarks/bench_decks.py [--repeat 3] [--deck kde/svg-dondorf ...] [--height 250]

For each deck found (tcf_gui.config.decks; install Debian's kdegames-card-data-kf5 for
KDE's sixteen), it prints the min and median seconds, over ``--repeat`` runs, of:

- parse: reading and parsing the sheet (SvgSheet);
- first: the whole deck (52 faces and the back) drawn with nothing known, as on the first
  start with that deck: each card's box found (drawn coarsely, then finely) and the card drawn;
- size: the whole deck at another size once the boxes are known (a resize, or a later
  start: the boxes are kept on disk);
- frame: the pictures of a first frame at that size (three faces and the back).

Cards are ``--height`` pixels high (250: a 1920x1080 window; 150: 1280x720).
"""
from __future__ import annotations

import argparse
import os
import statistics
import sys
import tempfile
import time
from pathlib import Path
from typing import Callable

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))

from tcf_gui.config.decks import Deck, find_decks  # noqa: E402
from tcf_gui.engine.cards import Card, Rank, Suit, parse_cards  # noqa: E402
from tcf_gui.gui import deck_art  # noqa: E402
from tcf_gui.gui.card_art import CARD_RATIO  # noqa: E402
from tcf_gui.gui.svg_sheet import SvgSheet  # noqa: E402

DECK: list[Card | None] = [Card(rank, suit) for suit in Suit for rank in Rank] + [None]
HAND = parse_cards("QC 3S 8S")


def figures(times: list[float]) -> str:
    return f"{min(times):6.2f} / {statistics.median(times):6.2f}"


def run(deck: Deck, height: int, repeat: int) -> tuple[list[float], ...]:
    size = (round(height * CARD_RATIO), height)
    other = (round((height + 10) * CARD_RATIO), height + 10)
    parse, first, again, frame = [], [], [], []
    for _ in range(repeat):
        deck_art._sheet.cache_clear()  # nothing known: no sheet, no boxes kept
        with tempfile.TemporaryDirectory() as kept:
            os.environ["TCF_GUI_DATA_DIR"] = kept
            if deck.kind != "pysol":
                start = time.perf_counter()
                SvgSheet(deck.path)
                parse.append(time.perf_counter() - start)
            pictures = deck_art.DeckPictures(deck)
            start = time.perf_counter()
            for card in DECK:
                pictures.picture(card, size)
            first.append(time.perf_counter() - start)
            start = time.perf_counter()
            for card in DECK:
                pictures.picture(card, other)
            again.append(time.perf_counter() - start)
            third = (other[0] + 3, other[1] + 4)
            start = time.perf_counter()
            for card in [*HAND, None]:
                pictures.picture(card, third)
            frame.append(time.perf_counter() - start)
    return parse, first, again, frame


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeat", type=int, default=3)
    parser.add_argument("--height", type=int, default=250)
    parser.add_argument("--deck", action="append", default=[], help="a deck's key (default: every deck found)")
    parser.add_argument("--card-folder", type=Path, action="append", default=[])
    args = parser.parse_args()
    decks = [d for d in find_decks(args.card_folder).decks if not args.deck or d.key in args.deck]
    if not decks:
        print("no card decks found (apt-get install kdegames-card-data-kf5)")
        return 1
    print(f"cards {args.height} px high; seconds, min / median of {args.repeat}")
    print(f"{'deck':34} {'parse':>15} {'first (53)':>15} {'size (53)':>15} {'frame (4)':>15}")
    show: Callable[[list[float]], str] = lambda t: figures(t) if t else f"{'-':>15}"
    for deck in decks:
        parse, first, again, frame = run(deck, args.height, args.repeat)
        print(f"{deck.key:34} {show(parse):>15} {show(first):>15} {show(again):>15} {show(frame):>15}",
              flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
