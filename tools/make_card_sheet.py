"""Make the card sheets of the docs: every face of a card set, and the backs.

    python tools/make_card_sheet.py [--height PX] [--out DIR]

writes ``cards.png`` (the classic face) and ``cards-large-index.png`` into DIR (default: the
repository's ``docs/`` folder): the 52 faces in rows of a suit (spades, hearts, diamonds,
clubs; 2 to ace), then the three backs, on the table's felt, drawn by the game's own card
art at ``--height`` pixels a card (default 180, a card of a 1280x720 window). A developer's
tool, not part of the installed package.
"""
from __future__ import annotations

import argparse
import os
import sys
from pathlib import Path
from typing import Sequence

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")  # nothing here opens a window
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
import pygame  # noqa: E402

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))  # the checkout's tcf_gui

from tcf_gui.config.card_sets import BACKS, FACES  # noqa: E402
from tcf_gui.engine.cards import Card, Rank, Suit  # noqa: E402
from tcf_gui.gui.card_art import CardArt, card_size_for_height  # noqa: E402
from tcf_gui.gui.felt import felt_surface  # noqa: E402

DEFAULT_OUT = Path(__file__).resolve().parents[1] / "docs"
#: The file of each face's sheet.
SHEETS = {"classic": "cards.png", "large": "cards-large-index.png"}


def sheet(face: str, height: int) -> pygame.Surface:
    """All 52 faces of ``face`` and the backs, on felt."""
    w, h = card_size_for_height(height)
    gap = max(6, w // 12)
    columns = len(Rank)
    surface = felt_surface((columns * (w + gap) + gap, 5 * (h + gap) + gap))
    for row, suit in enumerate(sorted(Suit, reverse=True)):
        art = CardArt(w, h, face=face)
        for column, rank in enumerate(Rank):
            surface.blit(art.face(Card(rank, suit)), (gap + column * (w + gap), gap + row * (h + gap)))
    for column, back in enumerate(BACKS):
        surface.blit(CardArt(w, h, face=face, back=back).back(), (gap + column * (w + gap), gap + 4 * (h + gap)))
    return surface


def write_sheets(out: Path, height: int) -> list[Path]:
    """Write the sheet of every face into ``out`` (made if missing); the paths written."""
    out.mkdir(parents=True, exist_ok=True)
    written = []
    for face in FACES:
        path = out / SHEETS[face]
        pygame.image.save(sheet(face, height), str(path))
        written.append(path)
    return written


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python tools/make_card_sheet.py",
                                     description="Make the sheets of every card face and the backs.")
    parser.add_argument("--height", type=int, default=180, help="a card's height in pixels (default 180)")
    parser.add_argument("--out", type=Path, default=DEFAULT_OUT, help="folder to write into (default: %(default)s)")
    args = parser.parse_args(argv)
    if not 40 <= args.height <= 1000:
        parser.error("--height: from 40 to 1000 pixels")
    try:
        written = write_sheets(args.out, args.height)
    except (OSError, pygame.error) as error:
        print(f"make_card_sheet: cannot write to {args.out}: {error}", file=sys.stderr)
        return 2
    for path in written:
        print(f"{path}  ({path.stat().st_size} bytes)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
