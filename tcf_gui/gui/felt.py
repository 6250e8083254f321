"""The felt of the table: a soft light in the middle, darker edges and a faint grain.

Drawn with pygame alone, without numpy: loading numpy cost about 0.1 s of CPU before the
first frame (a third of it).
"""
from __future__ import annotations

import math
import random
from functools import lru_cache
from statistics import NormalDist

import pygame

from tcf_gui.gui import palette

#: The light is drawn this many times coarser than the window and smoothed up (it is soft).
FELT_COARSE = 4
#: Side of the square grain tile laid over the whole felt.
GRAIN_TILE = 256
#: The grain's standard deviation, in levels of each colour channel.
GRAIN_SIGMA = 2.2
#: Steps from the dark edge to the light middle (finer than one level of any channel).
LIGHT_STEPS = 64
#: Where the light is centred, as fractions of the width and the height.
LIGHT_CENTRE = (0.5, 0.46)
#: The light falls off as 1 - FALLOFF * r**2, r = sqrt(0.8 dx**2 + dy**2) in half-sizes.
FALLOFF = 0.55


@lru_cache(maxsize=1)
def _grain() -> tuple[pygame.Surface, pygame.Surface]:
    """A fixed tile of fine noise: what to add to the felt, and what to take away.

    Seeded uniform bytes go through a table of the normal distribution's quantiles, so the
    tile is the same on every start and costs a millisecond.
    """
    quantile = NormalDist(0.0, GRAIN_SIGMA).inv_cdf
    levels = [round(quantile((u + 0.5) / 256)) for u in range(256)]
    uniform = random.Random(7).randbytes(GRAIN_TILE * GRAIN_TILE)

    def tile(sign: int) -> pygame.Surface:
        grey = uniform.translate(bytes(max(0, min(255, sign * level)) for level in levels))
        rgb = bytearray(3 * len(grey))
        for channel in range(3):
            rgb[channel::3] = grey
        return pygame.image.frombytes(bytes(rgb), (GRAIN_TILE, GRAIN_TILE), "RGB")

    return tile(1), tile(-1)


def _light(size: tuple[int, int], colours: palette.TableColours) -> pygame.Surface:
    """The light alone at ``size``: nested ellipses from the dark edge in, each a step brighter."""
    w, h = size
    surface = pygame.Surface(size)
    surface.fill(colours.dark)
    cx, cy = w * LIGHT_CENTRE[0], h * LIGHT_CENTRE[1]
    for step in range(1, LIGHT_STEPS + 1):
        light = step / LIGHT_STEPS
        r = math.sqrt((1 - light) / FALLOFF)  # where the light reaches this level
        half_w, half_h = r / math.sqrt(0.8) * w / 2, r * h / 2
        colour = [round(d + (b - d) * light) for d, b in zip(colours.dark, colours.light)]
        rect = pygame.Rect(0, 0, max(1, round(2 * half_w)), max(1, round(2 * half_h)))
        rect.center = (round(cx), round(cy))
        pygame.draw.ellipse(surface, colour, rect)
    return surface


def felt_surface(size: tuple[int, int], table: str = "green") -> pygame.Surface:
    """The felt of colour ``table`` (a name of palette.TABLES) for a window of ``size``, to
    draw on: a copy of the one made for the last FELTS_KEPT sizes (each new screen asks for
    the window's again; a copy takes 0.5 ms, the making 21 ms at 1280x720)."""
    return _felt((int(size[0]), int(size[1])), table).copy()


#: How many felts are kept (the window's and a preview's; a 4K felt is 33 MB).
FELTS_KEPT = 2


@lru_cache(maxsize=FELTS_KEPT)
def _felt(size: tuple[int, int], table: str) -> pygame.Surface:
    """The felt made: the light drawn coarse and smoothed up, then the grain tile repeated
    over it. Any size takes a few milliseconds."""
    w, h = size
    colours = palette.TABLES[table]
    coarse = _light((max(2, -(-w // FELT_COARSE)), max(2, -(-h // FELT_COARSE))), colours)
    surface = pygame.transform.smoothscale(coarse, (w, h))
    lighter, darker = _grain()
    for x in range(0, w, GRAIN_TILE):
        for y in range(0, h, GRAIN_TILE):
            surface.blit(lighter, (x, y), special_flags=pygame.BLEND_RGB_ADD)
            surface.blit(darker, (x, y), special_flags=pygame.BLEND_RGB_SUB)
    return surface.convert() if pygame.display.get_surface() else surface
