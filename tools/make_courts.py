"""Make the twelve court figures: ``assets/courts/{J,Q,K}{C,D,H,S}.svg``.

    python tools/make_courts.py [--out DIR]

A developer's tool: the game ships the SVG files it writes and rasterises them at run time
(tcf_gui.gui.court). Each file is the top half of a court card's panel in the traditional
double-headed style: the figure from the crown to the waist, on a clear ground. The game
lays the ivory ground and the gold frame, draws the half and the same turned 180° below it,
as real court cards are printed, and paints the suit signs beside the heads in the deck's
colours (four-colour deck included), at tcf_gui.gui.court.EMBLEM.

The figures follow the English pattern of real decks, each with its own costume, colours,
hands and attribute:

- kings: spades holds his sword upright; hearts swings his behind his head; clubs holds a
  sword and an orb; diamonds, in profile, holds a battle-axe;
- queens: each holds a flower (a rose, a tulip, a sprig of three blooms); spades holds a
  sceptre and a lily;
- jacks: spades, in profile, holds a halberd; diamonds a halberd too, with a plumed cap;
  hearts, in profile, a leaf; clubs a feather.

Their bodies differ as their ranks do: a king's shoulders are broad, a queen's narrower and
sloping, a jack's square, and a figure in profile turns one shoulder away. Hands have
fingers: a fist closed round a pole, a hand holding a stem, a hand laid on the breast.

They use only what SDL_image's SVG renderer draws (nanosvg): paths, circles, ellipses and
rects with flat fills and strokes, in groups with transforms; no gradients, clips, masks or
text. The drawing is written here as code so that the parts the figures share (faces,
hands, crowns, weapons) are drawn once; running the tool again gives the same bytes.
"""
from __future__ import annotations

import argparse
import math
import sys
from dataclasses import dataclass
from pathlib import Path
from typing import Callable, Iterable, Sequence

DEFAULT_OUT = Path(__file__).resolve().parents[1] / "assets" / "courts"

WIDTH, HEIGHT = 200, 340  # the whole panel: tcf_gui.gui.court.PANEL_UNITS
HALF = HEIGHT / 2

# The traditional court colours, and the lines.
INK = "#1b1a1f"
RED = "#c62a32"
BLUE = "#2a4aa0"
YELLOW = "#f1c232"
GOLD = "#d9a72e"
WHITE = "#fbf7ea"
SKIN = "#f7dcc2"
CHEEK = "#e9907e"
LIP = "#c43a3a"
GREEN = "#3f8a46"
STEEL = "#dfe4ea"
BROWN = "#7a4b26"
BLACK = "#25242a"

LINE = 1.4
THIN = 0.8

Point = tuple[float, float]


def fmt(value: float) -> str:
    text = f"{value:.2f}".rstrip("0").rstrip(".")
    return "0" if text in ("-0", "") else text




# -- SVG elements -------------------------------------------------------------------------------


def path(d: str, fill: str = "none", stroke: str | None = INK, width: float = LINE,
         extra: str = "") -> str:
    stroke_attrs = (f' stroke="{stroke}" stroke-width="{fmt(width)}" stroke-linejoin="round"'
                    f' stroke-linecap="round"') if stroke else ""
    return f'<path d="{d}" fill="{fill}"{stroke_attrs}{extra}/>'


def poly(points: Sequence[Point], fill: str, stroke: str | None = INK, width: float = LINE) -> str:
    return path("M" + " L".join(f"{fmt(x)},{fmt(y)}" for x, y in points) + " Z", fill, stroke, width)


def circle(cx: float, cy: float, r: float, fill: str, stroke: str | None = INK,
           width: float = LINE) -> str:
    stroke_attrs = f' stroke="{stroke}" stroke-width="{fmt(width)}"' if stroke else ""
    return f'<circle cx="{fmt(cx)}" cy="{fmt(cy)}" r="{fmt(r)}" fill="{fill}"{stroke_attrs}/>'


def ellipse(cx: float, cy: float, rx: float, ry: float, fill: str, stroke: str | None = INK,
            width: float = LINE, rotate: float = 0) -> str:
    stroke_attrs = f' stroke="{stroke}" stroke-width="{fmt(width)}"' if stroke else ""
    turn = f' transform="rotate({fmt(rotate)} {fmt(cx)} {fmt(cy)})"' if rotate else ""
    return (f'<ellipse cx="{fmt(cx)}" cy="{fmt(cy)}" rx="{fmt(rx)}" ry="{fmt(ry)}" fill="{fill}"'
            f'{stroke_attrs}{turn}/>')


def group(items: Iterable[str], transform: str = "") -> str:
    body = "\n".join(items)
    return f'<g transform="{transform}">\n{body}\n</g>' if transform else f"<g>\n{body}\n</g>"


def at(items: Iterable[str], x: float, y: float, angle: float = 0, scale: float = 1) -> str:
    """``items`` drawn about their origin, moved to (x, y), turned ``angle`` degrees."""
    parts = [f"translate({fmt(x)} {fmt(y)})"]
    if angle:
        parts.append(f"rotate({fmt(angle)})")
    if scale != 1:
        parts.append(f"scale({fmt(scale)})")
    return group(items, " ".join(parts))




def d(*parts: str | float) -> str:
    """Path data from commands and numbers: d("M", 1, 2, "L", 3, 4, "Z")."""
    return " ".join(part if isinstance(part, str) else fmt(part) for part in parts)


def inside(point: Point, polygon: Sequence[Point]) -> bool:
    """Whether ``point`` lies inside ``polygon`` (even-odd rule)."""
    x, y = point
    result = False
    for (x1, y1), (x2, y2) in zip(polygon, [*polygon[1:], polygon[0]]):
        if (y1 > y) != (y2 > y) and x < x1 + (y - y1) * (x2 - x1) / (y2 - y1):
            result = not result
    return result


# -- patterns: motifs set on a grid inside a region (nanosvg has no clipping) -------------------


@dataclass(frozen=True)
class Motif:
    """A small figure repeated over a garment: its outline at a point, and its paint. All the
    copies of one motif in a region are one path (fewer shapes: the game parses faster)."""

    shape: Callable[[float, float], str]
    fill: str = "none"
    stroke: str | None = None
    width: float = 0.0


def scatter(region: Sequence[Point], step: float, motif: Motif, offset: bool = True,
            margin: float = 3.0) -> list[str]:
    """``motif`` at the points of a (staggered) grid that lie well inside ``region``."""
    xs = [x for x, _ in region]
    ys = [y for _, y in region]
    shapes = []
    row = 0
    y = min(ys) + step / 2
    while y < max(ys):
        x = min(xs) + (step / 2 if offset and row % 2 else 0) + step / 4
        while x < max(xs):
            probes = [(x + dx, y + dy) for dx, dy in ((0, 0), (margin, 0), (-margin, 0), (0, margin), (0, -margin))]
            if all(inside(p, region) for p in probes):
                shapes.append(motif.shape(x, y))
            x += step
        y += step * 0.8
        row += 1
    return [path(" ".join(shapes), motif.fill, motif.stroke, motif.width)] if shapes else []


def round_spot(x: float, y: float, r: float) -> str:
    """Path data of a small round spot: an octagon, which at a spot's size (a few pixels even
    at 4K) looks as round as a circle and costs the SVG loader half as much as arcs."""
    corners = [(x + r * math.cos(k * math.pi / 4), y + r * math.sin(k * math.pi / 4)) for k in range(8)]
    return d("M", *corners[0], *(part for corner in corners[1:] for part in ("L", *corner)), "Z")


def dots(colour: str, r: float = 1.6) -> Motif:
    return Motif(lambda x, y: round_spot(x, y, r), colour)


def crosses(colour: str, r: float = 2.4) -> Motif:
    return Motif(lambda x, y: d("M", x - r, y, "L", x + r, y, "M", x, y - r, "L", x, y + r), stroke=colour, width=1.1)


def trefoils(colour: str, r: float = 1.5) -> Motif:
    return Motif(lambda x, y: " ".join((round_spot(x, y - r, r), round_spot(x - r, y + r * 0.6, r),
                                        round_spot(x + r, y + r * 0.6, r))), colour)


def ermine(x: float, y: float) -> str:
    """An ermine spot: a black tail with three dots above it."""
    return group([path(d("M", x, y - 1, "L", x - 1.4, y + 3, "L", x, y + 2, "L", x + 1.4, y + 3, "Z"), INK, None),
                  circle(x, y - 2.6, 0.75, INK, None), circle(x - 1.5, y - 1.6, 0.75, INK, None),
                  circle(x + 1.5, y - 1.6, 0.75, INK, None)])




def zigzag(x0: float, x1: float, y: float, height: float, step: float, colour: str,
           width: float = 1.2) -> str:
    parts: list[str | float] = ["M", x0, y]
    x, up = x0, True
    while x < x1:
        x = min(x1, x + step / 2)
        parts += ["L", x, y - height if up else y]
        up = not up
    return path(d(*parts), stroke=colour, width=width)


# -- heads ---------------------------------------------------------------------------------------


def face_front(cx: float, cy: float, *, lips: bool = False, gaze: float = 0.0, young: bool = False) -> list[str]:
    """A face looking out of the card: eyes, brows, nose, cheeks, mouth."""
    out = [path(d("M", cx - 16, cy - 6, "C", cx - 16, cy - 25, cx + 16, cy - 25, cx + 16, cy - 6,
                  "C", cx + 16, cy + 9, cx + 9, cy + 21, cx, cy + 22,
                  "C", cx - 9, cy + 21, cx - 16, cy + 9, cx - 16, cy - 6, "Z"), SKIN)]
    for side in (-1, 1):
        ex, ey = cx + side * 7, cy - 2
        out.append(path(d("M", ex - 4.2, ey, "C", ex - 2, ey - 2.8, ex + 2, ey - 2.8, ex + 4.2, ey,
                          "C", ex + 2, ey + 2, ex - 2, ey + 2, ex - 4.2, ey, "Z"), WHITE, INK, THIN))
        out.append(circle(ex + gaze * 1.6, ey - 0.2, 1.5, INK, None))
        brow_y = ey - (5.5 if young else 5)
        out.append(path(d("M", ex - 5, brow_y + 1, "Q", ex, brow_y - 2.5, ex + 5, brow_y + 0.5), width=1.1))
        out.append(circle(cx + side * 10, cy + 8, 3.4, CHEEK, None))
    out.append(path(d("M", cx + 0.5 * gaze, cy - 1, "L", cx - 2.5 + gaze, cy + 8, "Q", cx + gaze, cy + 10,
                      cx + 2.8 + gaze, cy + 8.2), width=THIN))
    if lips:
        out.append(path(d("M", cx - 5, cy + 13.5, "Q", cx - 2.5, cy + 11.5, cx, cy + 12.6, "Q", cx + 2.5, cy + 11.5,
                          cx + 5, cy + 13.5, "Q", cx, cy + 17.5, cx - 5, cy + 13.5, "Z"), LIP, INK, THIN))
    else:
        out.append(path(d("M", cx - 4.5, cy + 13.5, "Q", cx, cy + 15.5, cx + 4.5, cy + 13.5), width=1.0))
    return out


def face_profile(cx: float, cy: float, *, lips: bool = False) -> list[str]:
    """A face turned to the viewer's left, one eye seen (as the one-eyed court cards)."""
    outline = d("M", cx + 4, cy - 23, "C", cx - 6, cy - 22, cx - 12, cy - 15, cx - 12, cy - 7,
                "C", cx - 12, cy - 4, cx - 13, cy - 2, cx - 15, cy + 2, "L", cx - 19, cy + 8,
                "C", cx - 19, cy + 10, cx - 16, cy + 10, cx - 14, cy + 10,
                "C", cx - 15, cy + 12, cx - 14, cy + 13, cx - 12, cy + 14,
                "C", cx - 14, cy + 15, cx - 14, cy + 17, cx - 12, cy + 18,
                "C", cx - 12, cy + 21, cx - 9, cy + 24, cx - 4, cy + 24,
                "C", cx + 4, cy + 24, cx + 10, cy + 18, cx + 13, cy + 8,
                "L", cx + 14, cy - 10, "C", cx + 14, cy - 18, cx + 10, cy - 23, cx + 4, cy - 23, "Z")
    out = [path(outline, SKIN)]
    ex, ey = cx - 6, cy - 3
    out.append(path(d("M", ex - 4, ey, "C", ex - 2, ey - 2.6, ex + 1.5, ey - 2.4, ex + 3, ey - 0.5,
                      "C", ex + 1, ey + 1.8, ex - 2, ey + 1.8, ex - 4, ey, "Z"), WHITE, INK, THIN))
    out.append(circle(ex - 2, ey - 0.2, 1.4, INK, None))
    out.append(path(d("M", ex - 5, ey - 5, "Q", ex - 1, ey - 7.5, ex + 4, ey - 5), width=1.1))
    out.append(circle(cx - 3, cy + 9, 3.4, CHEEK, None))
    out.append(ellipse(cx + 8, cy + 2, 3, 4.6, SKIN, INK, THIN))
    if lips:
        out.append(path(d("M", cx - 14.5, cy + 12.5, "Q", cx - 12, cy + 11, cx - 10, cy + 13,
                          "Q", cx - 12, cy + 16.5, cx - 14, cy + 15.5, "Z"), LIP, INK, 0.6))
    else:
        out.append(path(d("M", cx - 13.5, cy + 14, "L", cx - 9, cy + 14.2), width=1.0))
    return out


def head(items: Iterable[str], cx: float, cy: float) -> str:
    """A head's parts drawn HEAD_SCALE times larger about the face's middle (cx, cy)."""
    return group(items, f"translate({fmt(cx)} {fmt(cy)}) scale({fmt(HEAD_SCALE)}) translate({fmt(-cx)} {fmt(-cy)})")


def turned(items: Iterable[str], cx: float) -> str:
    """``items`` reflected about the vertical line x = cx (a profile facing the other way)."""
    return group(items, f"translate({fmt(2 * cx)} 0) scale(-1 1)")


def curls(cx: float, top: float, bottom: float, half_width: float, colour: str, *,
          inner: float = 15.0, rows: int = 4) -> list[str]:
    """Hair falling in curls on both sides of a face from ``top`` to ``bottom``."""
    out = []
    for side in (-1, 1):
        outer = cx + side * half_width
        edge: list[str | float] = ["M", cx + side * inner, top]
        edge += ["C", cx + side * (half_width + 2), top - 2, outer + side * 2, top + 10, outer, top + 14]
        step = (bottom - top - 14) / rows
        y = top + 14
        for _ in range(rows):  # scallops down the outer edge
            edge += ["Q", outer + side * 6, y + step / 2, outer, y + step]
            y += step
        edge += ["Q", cx + side * (inner + (half_width - inner) / 2), bottom + 4, cx + side * inner, bottom - 4, "Z"]
        out.append(path(d(*edge), colour))
        for k in range(rows):  # a stroke in each curl
            yy = top + 14 + (k + 0.5) * (bottom - top - 14) / rows
            out.append(path(d("M", cx + side * (inner + 3), yy - 3, "Q", outer - side * 1, yy - 1, outer - side * 2, yy + 4),
                            width=THIN))
    return out


def beard(cx: float, cy: float, colour: str, *, length: float = 40, fork: bool = False) -> list[str]:
    """A full beard from the cheeks to a point (or a fork), a curled moustache over the mouth."""
    tip = cy + length
    chin: list[str | float]
    if fork:
        chin = ["C", cx + 14, cy + 24, cx + 9, tip - 4, cx + 5, tip, "L", cx, tip - 7, "L", cx - 5, tip,
                "C", cx - 9, tip - 4, cx - 14, cy + 24, cx - 15, cy + 2]
    else:
        chin = ["C", cx + 15, cy + 24, cx + 8, tip - 6, cx, tip, "C", cx - 8, tip - 6, cx - 15, cy + 24, cx - 15, cy + 2]
    out = [path(d("M", cx - 15, cy + 2, "C", cx - 10, cy + 15, cx - 6, cy + 17, cx, cy + 17,
                  "C", cx + 6, cy + 17, cx + 10, cy + 15, cx + 15, cy + 2, *chin, "Z"), colour)]
    for k in (-6, 0, 6):
        out.append(path(d("M", cx + k, cy + 21, "Q", cx + k * 1.2 + 2, cy + 28, cx + k * 0.8, tip - 7), width=THIN))
    out.append(path(d("M", cx - 4, cy + 15.5, "Q", cx, cy + 17.5, cx + 4, cy + 15.5), width=1.0))
    for side in (-1, 1):
        out.append(path(d("M", cx, cy + 10.5, "C", cx + side * 6, cy + 9, cx + side * 11, cy + 13, cx + side * 13, cy + 9,
                          "C", cx + side * 12, cy + 14, cx + side * 6, cy + 14, cx, cy + 12.5, "Z"), colour, INK, THIN))
    return out


def profile_beard(cx: float, cy: float, colour: str) -> list[str]:
    """The beard and moustache of a profile facing left."""
    return [path(d("M", cx + 10, cy + 4, "C", cx + 8, cy + 14, cx + 2, cy + 16, cx - 6, cy + 15,
                   "L", cx - 13, cy + 16, "C", cx - 16, cy + 24, cx - 14, cy + 34, cx - 8, cy + 40,
                   "C", cx - 2, cy + 34, cx + 6, cy + 30, cx + 12, cy + 18, "Z"), colour),
            path(d("M", cx - 15, cy + 11, "C", cx - 11, cy + 9, cx - 6, cy + 11, cx - 3, cy + 14,
                   "C", cx - 8, cy + 14, cx - 12, cy + 13, cx - 15, cy + 11, "Z"), colour, INK, THIN),
            path(d("M", cx - 10, cy + 22, "Q", cx - 8, cy + 30, cx - 9, cy + 35), width=THIN),
            path(d("M", cx - 3, cy + 21, "Q", cx - 1, cy + 27, cx - 4, cy + 32), width=THIN)]


# -- crowns and hats ------------------------------------------------------------------------------


def king_crown(cx: float, base: float, *, cap: str = RED, jewels: Sequence[str] = (RED, BLUE, RED),
               top: str = "cross", width: float = 20) -> list[str]:
    """A king's crown whose band sits at ``base``: a velvet cap, five points, a jewelled band."""
    band_top = base - 8
    out = [path(d("M", cx - width + 2, band_top, "C", cx - width + 2, base - 34, cx + width - 2, base - 34,
                  cx + width - 2, band_top, "Z"), cap)]
    tips = [(-width, band_top - 16), (-width / 2, band_top - 9), (0, band_top - 20), (width / 2, band_top - 9),
            (width, band_top - 16)]
    outline: list[str | float] = ["M", cx - width, band_top]
    for i, (dx, ty) in enumerate(tips):
        outline += ["L", cx + dx, ty]
        if i < len(tips) - 1:
            nx = tips[i + 1][0]
            outline += ["L", cx + (dx + nx) / 2, band_top - 3]
    outline += ["L", cx + width, band_top, "Z"]
    out.append(path(d(*outline), YELLOW))
    for dx, ty in tips:
        if dx == 0 and top == "cross":
            out.append(path(d("M", cx, ty + 1, "L", cx, ty - 9, "M", cx - 3.5, ty - 5.5, "L", cx + 3.5, ty - 5.5),
                            stroke=INK, width=3.2))
            out.append(path(d("M", cx, ty + 1, "L", cx, ty - 9, "M", cx - 3.5, ty - 5.5, "L", cx + 3.5, ty - 5.5),
                            stroke=YELLOW, width=1.6))
        elif dx == 0 and top == "orb":
            out.append(circle(cx, ty - 4, 4, BLUE))
            out.append(path(d("M", cx - 4, ty - 4, "L", cx + 4, ty - 4), stroke=YELLOW, width=1.2))
        else:
            out.append(circle(cx + dx, ty - 1.5, 2.3, WHITE, INK, THIN))
    out.append(path(d("M", cx - width - 1, band_top, "L", cx + width + 1, band_top, "L", cx + width + 1, base,
                      "L", cx - width - 1, base, "Z"), YELLOW))
    for k, colour in zip((-12, 0, 12), jewels):
        out.append(ellipse(cx + k * width / 20, base - 4, 3.2 if k == 0 else 2.5, 2.3, colour, INK, THIN))
    return out


def queen_crown(cx: float, base: float, *, jewels: Sequence[str] = (BLUE, RED, BLUE), width: float = 15,
                points: int = 5) -> list[str]:
    """A queen's lighter crown: a band and pearl-tipped points over a small cap."""
    band_top = base - 6
    out = [path(d("M", cx - width + 2, band_top, "C", cx - width + 3, base - 24, cx + width - 3, base - 24,
                  cx + width - 2, band_top, "Z"), jewels[1])]
    outline: list[str | float] = ["M", cx - width, band_top]
    tips = []
    for i in range(points):
        x = cx - width + 2 * width * i / (points - 1)
        ty = band_top - (13 if i % 2 == 0 else 8)
        tips.append((x, ty))
        outline += ["L", x, ty]
        if i < points - 1:
            outline += ["Q", x + width / (points - 1), band_top - 1, x + 2 * width / (points - 1),
                        band_top - (8 if i % 2 == 0 else 13)]
    outline += ["L", cx + width, band_top, "Z"]
    out.append(path(d(*outline), YELLOW))
    for x, ty in tips:
        out.append(circle(x, ty - 1.8, 2.1, WHITE, INK, THIN))
    out.append(path(d("M", cx - width - 1, band_top, "L", cx + width + 1, band_top, "L", cx + width + 1, base,
                      "L", cx - width - 1, base, "Z"), YELLOW))
    for k, colour in zip((-9, 0, 9), jewels):
        out.append(circle(cx + k * width / 15, base - 3, 1.9, colour, INK, THIN))
    return out


def jack_cap(cx: float, base: float, colour: str, band: str, *, plume: str = WHITE, tilt: float = 0,
             plume_side: int = 1) -> list[str]:
    """A soft cap with a turned-up band and a curling plume."""
    out = []
    side = plume_side
    px, py = cx + side * 8, base - 14
    plume_path = d("M", px, py, "C", px + side * 10, py - 18, px + side * 30, py - 22, px + side * 40, py - 10,
                   "C", px + side * 34, py - 14, px + side * 24, py - 12, px + side * 20, py - 4,
                   "C", px + side * 18, py - 8, px + side * 12, py - 6, px + side * 6, py + 2, "Z")
    out.append(path(plume_path, plume))
    for t in (0.35, 0.55, 0.75):
        x = px + side * 40 * t
        out.append(path(d("M", x, py - 18 * math.sin(math.pi * t) + 1, "L", x - side * 4, py - 3), width=THIN))
    crown = d("M", cx - 19, base - 4, "C", cx - 24, base - 26, cx + 6, base - 34, cx + 20, base - 16,
              "C", cx + 22, base - 10, cx + 20, base - 6, cx + 18, base - 4, "Z")
    out.append(path(crown, colour))
    out.append(path(d("M", cx - 21, base - 2, "C", cx - 22, base - 10, cx + 22, base - 10, cx + 21, base - 2,
                      "C", cx + 22, base + 3, cx - 22, base + 3, cx - 21, base - 2, "Z"), band))
    out.append(zigzag(cx - 18, cx + 18, base - 1, 3, 6, INK, THIN))
    return [group(out, f"rotate({fmt(tilt)} {fmt(cx)} {fmt(base)})")] if tilt else out


# -- hands and what they hold (drawn about the grip, pointing up) ---------------------------------


#: Hands are drawn this much larger about their grip than the pieces above were sketched.
HAND_SCALE = 1.25


def finger(x: float, y: float, length: float, angle: float, width: float = 3.4) -> str:
    """A finger from its knuckle at (x, y), ``length`` long at ``angle`` degrees (0: to the
    right, 90: down), rounded at the tip, with a crease across it."""
    turn = math.radians(angle)
    ux, uy = math.cos(turn), math.sin(turn)
    nx, ny = -uy * width / 2, ux * width / 2
    tx, ty = x + ux * length, y + uy * length
    outline = d("M", x + nx, y + ny, "L", tx + nx, ty + ny,
                "C", tx + nx + ux * width * 0.7, ty + ny + uy * width * 0.7,
                tx - nx + ux * width * 0.7, ty - ny + uy * width * 0.7, tx - nx, ty - ny,
                "L", x - nx, y - ny, "Z")
    mx, my = x + ux * length * 0.55, y + uy * length * 0.55
    return group([path(outline, SKIN, INK, THIN),
                  path(d("M", mx + nx * 0.7, my + ny * 0.7, "L", mx - nx * 0.7, my - ny * 0.7), width=0.5)])


def fist(cuff: str = WHITE) -> list[str]:
    """A hand closed round a pole through its middle: the back of the hand, four fingers curled
    round the pole and stacked, the thumb over them; the cuff of the sleeve below."""
    out = [ellipse(0, 10, 8.5, 3.6, cuff),
           path(d("M", 3, -8, "C", 9, -7, 10, 4, 5, 8, "L", -1, 8, "L", -1, -8, "Z"), SKIN, INK, THIN)]
    for k in range(4):  # the curled fingers, knuckles to the right, tips round the pole
        y = -6 + k * 3.7
        out.append(path(d("M", 4, y - 1.8, "L", -5.5, y - 1.8, "C", -8.2, y - 1.8, -8.2, y + 1.8, -5.5, y + 1.8,
                          "L", 4, y + 1.8), SKIN, INK, THIN))
    out.append(path(d("M", 5, -6, "C", 1, -10, -6, -10, -8, -7, "C", -7, -5, -3, -5.5, 1, -4, "Z"), SKIN, INK, THIN))
    return [group(out, f"scale({fmt(HAND_SCALE)})")]


def open_hand(cuff: str = WHITE) -> list[str]:
    """A hand holding a stem lightly at the origin, palm towards the viewer: four fingers
    curled in front of the stem, the thumb behind it pointing up."""
    out = [ellipse(0, 11, 8, 3.4, cuff),
           path(d("M", -6, 9, "C", -8, 4, -7, -2, -4, -4, "L", 5, -4, "C", 8, -1, 8, 5, 6, 9, "Z"), SKIN, INK, THIN),
           finger(-4.5, -3, 8, -100, 3.2)]  # the thumb, up beside the stem
    for k, (x, length) in enumerate(((-3.5, 7), (-0.5, 8), (2.5, 7.5), (5, 6))):
        out.append(finger(x, -2 + k * 0.6, length, -75 + k * 4, 3.0))
    return [group(out, f"scale({fmt(HAND_SCALE)})")]


def resting_hand(cuff: str = WHITE) -> list[str]:
    """A hand laid flat across the body, fingers to the viewer's right, the thumb above them."""
    out = [ellipse(-10, 0, 3.4, 7.5, cuff),
           path(d("M", -7, -6, "C", -2, -7, 3, -6.5, 4, -5, "L", 4, 6, "C", 0, 7, -4, 7, -7, 6, "Z"), SKIN, INK, THIN)]
    for k, length in enumerate((8.5, 9.5, 9, 7.5)):
        out.append(finger(3.5, -4.2 + k * 3, length, 4 - k * 3, 3.0))
    out.append(finger(-2, -6, 8, -28, 3.2))  # the thumb
    return [group(out, f"scale({fmt(HAND_SCALE)})")]


def sword(length: float = 100) -> list[str]:
    """A sword held by the grip at the origin, blade up."""
    tip = -length
    return [poly([(-3.4, -12), (3.4, -12), (3.4, tip + 11), (0, tip), (-3.4, tip + 11)], STEEL),
            path(d("M", 0, -15, "L", 0, tip + 13), stroke="#8e97a3", width=1.0),
            path(d("M", -14, -14, "L", 14, -14, "L", 14, -9, "L", -14, -9, "Z"), YELLOW),
            circle(-15.5, -11.5, 2.6, YELLOW), circle(15.5, -11.5, 2.6, YELLOW),
            path(d("M", -2.6, -9, "L", 2.6, -9, "L", 2.6, 8, "L", -2.6, 8, "Z"), BROWN),
            circle(0, 11.5, 3.8, YELLOW)]


def axe(length: float, below: float) -> list[str]:
    """A battle-axe: a long shaft held at the origin (reaching ``below`` under it), a
    crescent blade at its head."""
    top = -length
    return [path(d("M", -2.4, top, "L", 2.4, top, "L", 2.4, below, "L", -2.4, below, "Z"), YELLOW),
            path(d("M", -2.4, top + 30, "L", 2.4, top + 26, "M", -2.4, top + 44, "L", 2.4, top + 40), width=THIN),
            path(d("M", 2.4, top + 6, "C", 12, top + 2, 22, top - 2, 27, top - 6,
                   "C", 33, top + 8, 33, top + 24, 27, top + 38, "C", 22, top + 32, 12, top + 28, 2.4, top + 26, "Z"), STEEL),
            path(d("M", 8, top + 8, "C", 16, top + 10, 22, top + 14, 26, top + 30), stroke="#8e97a3", width=1.0),
            poly([(-2.4, top + 10), (-12, top + 13), (-2.4, top + 19)], STEEL),
            poly([(-2.4, top), (0, top - 10), (2.4, top)], STEEL)]


def orb() -> list[str]:
    """A blue orb with a gold band and a cross."""
    return [path(d("M", 0, -13, "L", 0, -21, "M", -3.5, -17.5, "L", 3.5, -17.5), stroke=INK, width=3.4),
            path(d("M", 0, -13, "L", 0, -21, "M", -3.5, -17.5, "L", 3.5, -17.5), stroke=YELLOW, width=1.8),
            circle(0, 0, 11, BLUE),
            path(d("M", -11, 0, "Q", 0, 4, 11, 0), stroke=YELLOW, width=2.4),
            path(d("M", 0, -11, "L", 0, 0), stroke=YELLOW, width=2.4),
            circle(-4, -4, 2, "#6f8bd6", None)]


def sceptre(length: float, below: float) -> list[str]:
    """A gold rod held at the origin (reaching ``below`` under it), ending in a fleur-de-lis."""
    top = -length
    out = [path(d("M", -1.8, top + 8, "L", 1.8, top + 8, "L", 1.8, below, "L", -1.8, below, "Z"), YELLOW)]
    for y in (top + 20, below - 4):
        out.append(ellipse(0, y, 3.6, 2.4, YELLOW))
    out += [path(d("M", 0, top + 8, "C", -3, top, -3, top - 8, 0, top - 14, "C", 3, top - 8, 3, top, 0, top + 8, "Z"), YELLOW),
            path(d("M", -1, top + 6, "C", -8, top + 4, -12, top - 2, -9, top - 7, "C", -7, top - 2, -4, top + 1, -1, top + 2, "Z"), YELLOW),
            path(d("M", 1, top + 6, "C", 8, top + 4, 12, top - 2, 9, top - 7, "C", 7, top - 2, 4, top + 1, 1, top + 2, "Z"), YELLOW),
            path(d("M", -5, top + 8, "L", 5, top + 8), width=2.2)]
    return out


def leaf_shape(x: float, y: float, length: float, angle: float, colour: str = GREEN) -> str:
    """A pointed leaf from (x, y) pointing ``angle`` degrees from straight up."""
    return at([path(d("M", 0, 0, "C", 5, -length * 0.3, 5, -length * 0.7, 0, -length,
                      "C", -5, -length * 0.7, -5, -length * 0.3, 0, 0, "Z"), colour, INK, THIN),
               path(d("M", 0, -2, "L", 0, -length + 3), width=0.6)], x, y, angle)


def stem(length: float) -> str:
    return path(d("M", 0, 4, "C", 1, -length * 0.4, -1, -length * 0.7, 0, -length), stroke=GREEN, width=1.8)


def rose(length: float = 34) -> list[str]:
    """A red rose on a leafy stem."""
    top = -length
    return [stem(length), leaf_shape(0, -length * 0.45, 11, -55), leaf_shape(0, -length * 0.62, 10, 50),
            circle(0, top, 8.5, RED),
            path(d("M", -4, top - 1, "C", -3, top - 6, 4, top - 6, 4, top - 1, "C", 4, top + 3, -1, top + 4, -2, top + 1,
                   "C", -2, top - 2, 2, top - 2, 1.5, top + 0.5), width=0.9),
            path(d("M", -8, top + 2, "Q", -3, top + 9, 6, top + 5), width=0.8)]


def tulip(length: float = 34) -> list[str]:
    """A tulip: a cup of three petals on a stem with a long leaf."""
    top = -length
    return [stem(length), leaf_shape(0, -4, 22, -28),
            path(d("M", -7, top - 6, "C", -8, top + 2, -5, top + 7, 0, top + 7, "C", 5, top + 7, 8, top + 2, 7, top - 6,
                   "L", 3.5, top - 2, "L", 0, top - 9, "L", -3.5, top - 2, "Z"), YELLOW),
            path(d("M", -3.5, top - 2, "C", -3, top + 3, 3, top + 3, 3.5, top - 2), width=0.8),
            path(d("M", 0, top - 9, "L", 0, top + 6), width=0.6)]


def bloom(x: float, y: float, r: float, petals: str, heart: str = YELLOW) -> list[str]:
    """A small round flower of five petals."""
    out = []
    for k in range(5):
        angle = 2 * math.pi * k / 5
        out.append(circle(x + r * 0.62 * math.sin(angle), y - r * 0.62 * math.cos(angle), r * 0.5, petals, INK, 0.7))
    out.append(circle(x, y, r * 0.36, heart, INK, 0.7))
    return out


def sprig(length: float = 34, petals: str = WHITE) -> list[str]:
    """Three small flowers on branching stems."""
    top = -length
    out = [stem(length),
           path(d("M", 0, top * 0.55, "Q", -6, top * 0.7, -10, top * 0.85), stroke=GREEN, width=1.5),
           path(d("M", 0, top * 0.45, "Q", 7, top * 0.6, 11, top * 0.72), stroke=GREEN, width=1.5),
           leaf_shape(0, top * 0.3, 9, -60)]
    out += bloom(-10, top * 0.85, 7, petals) + bloom(11, top * 0.72, 7, petals) + bloom(0, top, 8, petals)
    return out


def lily(length: float = 36) -> list[str]:
    """A white lily: a trumpet of petals with gold stamens."""
    top = -length
    return [stem(length), leaf_shape(0, top * 0.4, 13, 40),
            path(d("M", 0, top + 6, "C", -4, top + 2, -10, top - 2, -12, top - 8, "C", -6, top - 6, -3, top - 6, 0, top - 10,
                   "C", 3, top - 6, 6, top - 6, 12, top - 8, "C", 10, top - 2, 4, top + 2, 0, top + 6, "Z"), WHITE),
            path(d("M", 0, top + 4, "L", -3, top - 9, "M", 0, top + 4, "L", 3, top - 9), stroke=GOLD, width=0.8),
            circle(-3, top - 9.5, 1.1, GOLD, None), circle(3, top - 9.5, 1.1, GOLD, None)]


def halberd(length: float, below: float, *, hooked: bool = True) -> list[str]:
    """A halberd: a long shaft held at the origin (reaching ``below`` under it), a spear
    point, an axe blade and a hook (or a second blade)."""
    top = -length
    out = [path(d("M", -2.2, top, "L", 2.2, top, "L", 2.2, below, "L", -2.2, below, "Z"), BROWN),
           path(d("M", -2.2, top + 20, "L", 2.2, top + 17, "M", -2.2, top + 34, "L", 2.2, top + 31), width=THIN),
           poly([(-3.5, top + 2), (0, top - 18), (3.5, top + 2)], STEEL),
           path(d("M", 2.2, top + 4, "L", 18, top + 1, "C", 20, top + 8, 20, top + 16, 18, top + 22, "L", 2.2, top + 17, "Z"), STEEL)]
    if hooked:
        out.append(path(d("M", -2.2, top + 7, "C", -8, top + 6, -13, top + 2, -15, top - 5,
                          "C", -11, top + 2, -7, top + 10, -2.2, top + 14, "Z"), STEEL))
    else:
        out.append(path(d("M", -2.2, top + 5, "L", -12, top + 3, "C", -14, top + 9, -14, top + 14, -12, top + 18,
                          "L", -2.2, top + 16, "Z"), STEEL))
    out += [ellipse(0, top + 24, 4.5, 2.2, YELLOW), path(d("M", 2, top + 26, "C", 6, top + 34, 3, top + 40, 6, top + 46),
                                                         stroke=RED, width=1.6)]
    return out


def big_leaf(length: float = 44) -> list[str]:
    """A large leaf on a short stem, with its veins."""
    top = -length
    out = [path(d("M", 0, 6, "L", 0, -6), stroke=GREEN, width=2),
           path(d("M", 0, -4, "C", 12, top * 0.3, 14, top * 0.75, 0, top, "C", -14, top * 0.75, -12, top * 0.3, 0, -4, "Z"),
                GREEN)]
    out.append(path(d("M", 0, -5, "L", 0, top + 4), width=0.8))
    for k in range(1, 5):
        y = -4 + (top + 4) * k / 5
        out.append(path(d("M", 0, y, "L", 8 - k, y - 6, "M", 0, y, "L", -8 + k, y - 6), width=0.6))
    return out


def feather(length: float = 60, vane: str = WHITE) -> list[str]:
    """A long curved feather (a quill) with its barbs."""
    top = -length
    out = [path(d("M", 0, 6, "C", 2, top * 0.3, 10, top * 0.75, 16, top,
                  "C", 10, top * 0.9, 2, top * 0.6, -7, top * 0.2, "C", -4, top * 0.1, -2, -2, 0, 6, "Z"), vane),
           path(d("M", 0, 8, "C", 2, top * 0.3, 8, top * 0.7, 15, top + 1), width=1.0)]
    for k in range(1, 7):
        t = k / 7.5
        x, y = 1 + 14 * t ** 1.3, top * t
        out.append(path(d("M", x, y, "L", x - 6 + 2 * t, y + 5), width=0.6))
    return out


# -- the body: a robe from the shoulders to the waist (the panel's middle) ------------------------

@dataclass(frozen=True)
class Robe:
    """A court garment: two sleeves and a breast panel, each a colour with a motif on it."""

    left: str
    right: str
    chest: str
    trim: str = YELLOW
    left_motif: Motif | None = None
    right_motif: Motif | None = None
    chest_motif: Motif | None = None
    belt: bool = True
    widths: tuple[float, float] = (1.0, 1.0)
    """How broad each shoulder is (the viewer's left, right): a king's are broad, a queen's
    narrower, a figure in profile turns one away."""
    drop: float = 0.0
    """How much lower the shoulders' curve runs: a queen's slope, a jack's stand square."""


CX = WIDTH / 2
NECK = 104.0  # where the garment meets the neck
#: Heads (hair, face, crown or cap) are drawn this much larger about the face's middle.
HEAD_SCALE = 1.12


def robe(garment: Robe, *, top: float = NECK) -> list[str]:
    """The garment from the neck to the waist, patterned, with gold bands down the breast."""
    cx = CX
    out = []
    regions = []
    sides = ((-1, garment.left, garment.left_motif, garment.widths[0]),
             (1, garment.right, garment.right_motif, garment.widths[1]))
    for side, colour, motif, broad in sides:
        w = side * broad
        drop = garment.drop
        out.append(path(d("M", cx + side * 22, top, "C", cx + w * 44, top + 1 + drop, cx + w * 74, top + 6 + drop,
                          cx + w * 80, top + 26 + drop, "L", cx + w * 84, HALF, "L", cx + side * 24, HALF, "Z"), colour))
        region = [(cx + side * 23, top + 4), (cx + w * 48, top + 5 + drop), (cx + w * 72, top + 12 + drop),
                  (cx + w * 80, top + 30 + drop), (cx + w * 83, HALF - 2), (cx + side * 26, HALF - 2)]
        if motif:
            regions.append(scatter(region, 9, motif))
    for motifs in regions:
        out += motifs
    out.append(path(d("M", cx - 22, top, "L", cx + 22, top, "L", cx + 28, HALF, "L", cx - 28, HALF, "Z"), garment.chest))
    if garment.chest_motif:
        out += scatter([(cx - 20, top + 2), (cx + 20, top + 2), (cx + 25, HALF - 2), (cx - 25, HALF - 2)], 10,
                       garment.chest_motif)
    for side in (-1, 1):  # gold bands down the breast panel's edges
        band = d("M", cx + side * 22, top + 2, "L", cx + side * 28, HALF)
        out += [path(band, stroke=INK, width=4.6), path(band, stroke=garment.trim, width=2.8)]
    if garment.belt:
        out += [path(d("M", cx - 27, HALF - 11, "L", cx + 27, HALF - 11, "L", cx + 28, HALF - 3, "L", cx - 28, HALF - 3, "Z"),
                     garment.trim),
                zigzag(cx - 25, cx + 25, HALF - 5, 4, 7, INK, THIN)]
    return out


def ermine_collar(top: float = NECK) -> list[str]:
    """A king's white fur collar with ermine spots, over the shoulders."""
    cx = CX
    outline = d("M", cx - 30, top - 4, "C", cx - 20, top + 12, cx + 20, top + 12, cx + 30, top - 4,
                "C", cx + 42, top - 2, cx + 52, top + 4, cx + 54, top + 12,
                "C", cx + 36, top + 28, cx - 36, top + 28, cx - 54, top + 12,
                "C", cx - 52, top + 4, cx - 42, top - 2, cx - 30, top - 4, "Z")
    spots = [ermine(cx + dx, top + dy) for dx, dy in
             ((-44, 10), (-31, 15), (-16, 19), (0, 20), (16, 19), (31, 15), (44, 10))]
    return [path(outline, WHITE), *spots]


def ruff(top: float = NECK, colour: str = WHITE) -> list[str]:
    """A queen's pleated lace collar standing round the neck."""
    cx = CX
    out = []
    scallops: list[str | float] = ["M", cx - 30, top - 2]
    for k in range(10):
        x0 = cx - 30 + 6 * k
        scallops += ["Q", x0 + 3, top + 12, x0 + 6, top - 2]
    scallops += ["C", cx + 34, top - 10, cx - 34, top - 10, cx - 30, top - 2, "Z"]
    out.append(path(d(*scallops), colour))
    for k in range(1, 10):
        x = cx - 30 + 6 * k
        out.append(path(d("M", x, top - 4, "L", x, top + 2), width=0.6))
    return out


def flat_collar(top: float = NECK, colour: str = WHITE, edge: str = RED) -> list[str]:
    """A jack's flat collar in two points, with an edging."""
    cx = CX
    outline = d("M", cx - 16, top - 6, "L", cx - 30, top + 4, "L", cx - 14, top + 18, "L", cx, top + 6,
                "L", cx + 14, top + 18, "L", cx + 30, top + 4, "L", cx + 16, top - 6, "Z")
    return [path(outline, colour),
            path(d("M", cx - 27, top + 5, "L", cx - 14, top + 15, "L", cx, top + 4, "L", cx + 14, top + 15,
                   "L", cx + 27, top + 5), stroke=edge, width=1.4)]


def neck(top: float = NECK, width: float = 9.0) -> str:
    return path(d("M", CX - width, top - 14, "L", CX - width, top + 2, "L", CX + width, top + 2, "L", CX + width, top - 14,
                  "Z"), SKIN)


# -- the panel ------------------------------------------------------------------------------------


def half_panel(figure: Sequence[str]) -> str:
    """The SVG file: the top half of the panel, the figure on a clear ground (the game lays
    the ivory ground, the frame and the middle line, and draws this half again turned)."""
    return "\n".join([
        '<?xml version="1.0" encoding="UTF-8"?>',
        f'<svg xmlns="http://www.w3.org/2000/svg" width="{WIDTH}" height="{fmt(HALF)}" '
        f'viewBox="0 0 {WIDTH} {fmt(HALF)}">',
        *figure,
        "</svg>", ""])


# -- the twelve figures (the top half; y grows down to the waist at HALF) --------------------------


def profile_hair(cx: float, cy: float, colour: str, *, length: float = 34) -> list[str]:
    """Hair on the back of a head turned to the viewer's left, falling in curls to the neck."""
    bottom = cy + length
    edge: list[str | float] = ["M", cx - 10, cy - 20, "C", cx + 6, cy - 30, cx + 26, cy - 20, cx + 24, cy - 2]
    y = cy - 2
    step = (bottom - y) / 3
    for _ in range(3):
        edge += ["Q", cx + 31, y + step / 2, cx + 23, y + step]
        y += step
    edge += ["Q", cx + 14, bottom + 4, cx + 6, bottom - 6, "L", cx + 8, cy, "Z"]
    return [path(d(*edge), colour),
            path(d("M", cx + 12, cy - 14, "Q", cx + 22, cy - 4, cx + 18, cy + 10), width=THIN),
            path(d("M", cx + 16, cy + 8, "Q", cx + 26, cy + 18, cx + 16, cy + 28), width=THIN)]


def king_of_spades() -> list[str]:
    """Frontal, golden beard, a sword held upright at his side, the other hand on his breast."""
    cx, cy = CX, 70
    garment = Robe(RED, BLUE, YELLOW, left_motif=crosses(YELLOW), right_motif=dots(WHITE),
                   chest_motif=trefoils(RED))
    face = [*curls(cx, cy - 20, cy + 36, 27, YELLOW, rows=3), *face_front(cx, cy, gaze=0.3),
            *beard(cx, cy, YELLOW, length=38), *king_crown(cx, cy - 18, cap=BLUE, jewels=(RED, BLUE, RED))]
    return [neck(), *robe(garment), *ermine_collar(), head(face, cx, cy),
            at(sword(124), 156, 144), at(fist(WHITE), 156, 144), at(resting_hand(RED), 92, 140)]


def king_of_hearts() -> list[str]:
    """Frontal, white forked beard and no moustache, his sword swung up behind his head."""
    cx, cy = CX, 70
    garment = Robe(BLUE, YELLOW, RED, trim=WHITE, left_motif=trefoils(YELLOW), right_motif=crosses(RED),
                   chest_motif=dots(YELLOW, 1.8))
    whiskers = beard(cx, cy, WHITE, length=40, fork=True)[:-2]  # no moustache: the king of hearts has none
    face = [*curls(cx, cy - 20, cy + 34, 27, WHITE, rows=3), *face_front(cx, cy, gaze=-0.4), *whiskers,
            *king_crown(cx, cy - 18, cap=RED, jewels=(BLUE, RED, BLUE), top="orb")]
    return [at(sword(146), 54, 134, 38), neck(), *robe(garment), *ermine_collar(), head(face, cx, cy),
            at(fist(YELLOW), 54, 134, 38), at(resting_hand(BLUE), 122, 146)]


def king_of_clubs() -> list[str]:
    """Frontal, dark hair and beard, a sword slanted outwards and an orb in the other hand."""
    cx, cy = CX, 70
    garment = Robe(YELLOW, RED, BLUE, left_motif=dots(RED, 1.7), right_motif=trefoils(YELLOW),
                   chest_motif=crosses(WHITE, 2.2))
    face = [*curls(cx, cy - 20, cy + 34, 26, BLACK, rows=3), *face_front(cx, cy, gaze=0.6),
            *beard(cx, cy, BLACK, length=34), *king_crown(cx, cy - 18, cap=RED, jewels=(YELLOW, BLUE, YELLOW))]
    return [at(sword(124), 150, 148, 12), neck(), *robe(garment), *ermine_collar(), head(face, cx, cy),
            at(fist(WHITE), 150, 148, 12), at(orb(), 58, 130), at(open_hand(BLUE), 58, 146)]


def king_of_diamonds() -> list[str]:
    """In profile, facing left, brown-bearded, a battle-axe held at his side."""
    cx, cy = CX - 2, 70
    garment = Robe(BLACK, RED, YELLOW, left_motif=dots(YELLOW, 1.7), right_motif=crosses(YELLOW),
                   chest_motif=trefoils(RED), widths=(1.0, 0.9))
    face = [*profile_hair(cx, cy, BROWN), *face_profile(cx, cy), *profile_beard(cx, cy, BROWN),
            *king_crown(cx + 2, cy - 18, cap=BLUE, jewels=(RED, YELLOW, RED), top="cross", width=18)]
    return [at(axe(124, HALF - 142), 156, 142), neck(), *robe(garment), *ermine_collar(), head(face, cx, cy),
            at(fist(WHITE), 156, 142), at(resting_hand(YELLOW), 88, 144)]


def queen_of_spades() -> list[str]:
    """Frontal, dark-haired, a sceptre in one hand and a white lily in the other."""
    cx, cy = CX, 72
    garment = Robe(BLUE, BLACK, RED, left_motif=dots(WHITE, 1.6), right_motif=trefoils(YELLOW),
                   chest_motif=crosses(YELLOW, 2.2), widths=(0.86, 0.86), drop=8)
    face = [*curls(cx, cy - 18, cy + 44, 27, BLACK, rows=4), *face_front(cx, cy, lips=True, gaze=0.4),
            *queen_crown(cx, cy - 16, jewels=(RED, BLUE, RED))]
    return [at(sceptre(98, HALF - 144), 154, 144), neck(), *robe(garment), *ruff(), head(face, cx, cy),
            at(fist(WHITE), 154, 144), at(lily(36), 66, 146, -8), at(open_hand(BLUE), 66, 146, -8)]


def queen_of_hearts() -> list[str]:
    """Frontal, golden-haired, a red rose held up before her."""
    cx, cy = CX, 72
    garment = Robe(RED, YELLOW, WHITE, left_motif=trefoils(YELLOW), right_motif=dots(RED, 1.7),
                   chest_motif=dots(RED, 2.0), widths=(0.86, 0.86), drop=8)
    face = [*curls(cx, cy - 18, cy + 44, 27, YELLOW, rows=4), *face_front(cx, cy, lips=True, gaze=-0.3),
            *queen_crown(cx, cy - 16, jewels=(BLUE, RED, BLUE))]
    return [neck(), *robe(garment), *ruff(), head(face, cx, cy),
            at(rose(38), 140, 144, 10), at(open_hand(YELLOW), 140, 144, 10), at(resting_hand(RED), 78, 148)]


def queen_of_diamonds() -> list[str]:
    """In profile, facing right, brown-haired, a yellow tulip in her hand."""
    cx, cy = CX + 2, 72
    garment = Robe(YELLOW, BLACK, BLUE, left_motif=crosses(RED, 2.2), right_motif=dots(YELLOW, 1.7),
                   chest_motif=trefoils(YELLOW), widths=(0.8, 0.92), drop=8)
    profile = [*profile_hair(cx, cy, BROWN, length=46), *face_profile(cx, cy, lips=True)]
    face = [turned(profile, cx), *queen_crown(cx - 1, cy - 16, jewels=(RED, BLUE, RED), width=14)]
    return [neck(), *robe(garment), *ruff(colour=YELLOW), head(face, cx, cy),
            at(tulip(40), 144, 146, 6), at(open_hand(BLUE), 144, 146, 6), at(resting_hand(YELLOW), 80, 148)]


def queen_of_clubs() -> list[str]:
    """Frontal, black-haired under a blue veil, a sprig of three flowers in her hand."""
    cx, cy = CX, 72
    garment = Robe(RED, YELLOW, BLUE, left_motif=dots(YELLOW, 1.7), right_motif=crosses(RED, 2.2),
                   chest_motif=dots(WHITE, 1.5), widths=(0.86, 0.86), drop=8)
    veil = path(d("M", cx - 20, cy - 22, "C", cx - 34, cy - 8, cx - 36, cy + 30, cx - 42, cy + 46, "L", cx + 42, cy + 46,
                  "C", cx + 36, cy + 30, cx + 34, cy - 8, cx + 20, cy - 22, "Z"), BLUE)
    face = [*curls(cx, cy - 18, cy + 30, 24, BLACK, rows=3), *face_front(cx, cy, lips=True, gaze=0.5),
            *queen_crown(cx, cy - 16, jewels=(YELLOW, RED, YELLOW), points=3)]
    return [head([veil], cx, cy), neck(), *robe(garment), *ruff(), head(face, cx, cy),
            at(sprig(38, WHITE), 142, 144, 8), at(open_hand(RED), 142, 144, 8), at(resting_hand(YELLOW), 78, 148)]


def jack_of_spades() -> list[str]:
    """In profile, facing left, black-haired, a hooked halberd at his side."""
    cx, cy = CX - 2, 73
    garment = Robe(YELLOW, BLUE, RED, belt=False, left_motif=crosses(BLUE, 2.0), right_motif=dots(YELLOW, 1.6),
                   chest_motif=dots(WHITE, 1.5), widths=(1.0, 0.84), drop=-3)
    face = [*profile_hair(cx, cy, BLACK, length=22), *face_profile(cx, cy),
            *jack_cap(cx + 2, cy - 16, BLUE, YELLOW, plume=WHITE, plume_side=1)]
    return [at(halberd(112, HALF - 140), 158, 140), neck(), *robe(garment), *flat_collar(colour=WHITE, edge=BLUE),
            head(face, cx, cy), at(fist(WHITE), 158, 140), at(resting_hand(YELLOW), 86, 146)]


def jack_of_hearts() -> list[str]:
    """In profile, facing right, fair-haired, a leaf held up in his hand."""
    cx, cy = CX + 2, 73
    garment = Robe(WHITE, RED, BLUE, left_motif=crosses(RED, 2.0), right_motif=trefoils(YELLOW),
                   chest_motif=dots(YELLOW, 1.6), widths=(0.84, 1.0), drop=-3)
    profile = [*profile_hair(cx, cy, YELLOW, length=22), *face_profile(cx, cy)]
    face = [turned(profile, cx), *jack_cap(cx - 2, cy - 16, RED, YELLOW, plume=YELLOW, plume_side=-1)]
    return [neck(), *robe(garment), *flat_collar(colour=YELLOW, edge=RED), head(face, cx, cy),
            at(big_leaf(48), 146, 142, 14), at(open_hand(WHITE), 146, 142, 14), at(resting_hand(BLUE), 78, 148)]


def jack_of_diamonds() -> list[str]:
    """Frontal, brown-haired with a small moustache, a halberd with a double blade."""
    cx, cy = CX, 73
    garment = Robe(RED, BLUE, WHITE, left_motif=trefoils(YELLOW), right_motif=crosses(WHITE, 2.0),
                   chest_motif=dots(RED, 1.6), widths=(0.92, 0.92), drop=-3)
    moustache = beard(cx, cy, BROWN)[-2:]
    face = [*curls(cx, cy - 16, cy + 20, 23, BROWN, rows=2), *face_front(cx, cy, gaze=0.5, young=True),
            *moustache, *jack_cap(cx, cy - 16, YELLOW, RED, plume=RED, plume_side=-1)]
    return [at(halberd(114, HALF - 142, hooked=False), 156, 142), neck(), *robe(garment),
            *flat_collar(colour=WHITE, edge=RED), head(face, cx, cy), at(fist(YELLOW), 156, 142),
            at(resting_hand(RED), 88, 146)]


def jack_of_clubs() -> list[str]:
    """Frontal, fair-haired, a long feather held up in his hand."""
    cx, cy = CX, 73
    garment = Robe(BLUE, RED, YELLOW, belt=False, left_motif=crosses(YELLOW, 2.0), right_motif=dots(WHITE, 1.6),
                   chest_motif=trefoils(BLUE), widths=(0.92, 0.92), drop=-3)
    face = [*curls(cx, cy - 16, cy + 20, 23, YELLOW, rows=2), *face_front(cx, cy, gaze=-0.5, young=True),
            *jack_cap(cx, cy - 16, RED, BLUE, plume=WHITE, plume_side=1)]
    return [neck(), *robe(garment), *flat_collar(colour=YELLOW, edge=BLUE), head(face, cx, cy),
            at(feather(66), 142, 146, 10), at(open_hand(YELLOW), 142, 146, 10), at(resting_hand(BLUE), 78, 150)]


FIGURES: dict[str, Callable[[], list[str]]] = {
    "KS": king_of_spades, "KH": king_of_hearts, "KC": king_of_clubs, "KD": king_of_diamonds,
    "QS": queen_of_spades, "QH": queen_of_hearts, "QD": queen_of_diamonds, "QC": queen_of_clubs,
    "JS": jack_of_spades, "JH": jack_of_hearts, "JD": jack_of_diamonds, "JC": jack_of_clubs,
}


def svg_text(code: str) -> str:
    """The SVG file of the court card ``code`` ('KS', 'QH', 'JC', ...)."""
    return half_panel(FIGURES[code]())


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python tools/make_courts.py",
                                     description="Make the court cards' SVG figures.")
    parser.add_argument("--out", type=Path, default=DEFAULT_OUT,
                        help="folder to write into (default: %(default)s)")
    args = parser.parse_args(argv)
    try:
        args.out.mkdir(parents=True, exist_ok=True)
        for code in FIGURES:
            target = args.out / f"{code}.svg"
            target.write_text(svg_text(code), encoding="utf-8")
            print(f"{target}  ({target.stat().st_size} bytes)")
    except OSError as error:
        print(f"make_courts: cannot write to {args.out}: {error}", file=sys.stderr)
        return 2
    return 0


if __name__ == "__main__":
    sys.exit(main())
