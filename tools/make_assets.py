"""Make the game's shipped assets: the four sounds, the window icon and the desktop icons.

    python tools/make_assets.py [--out DIR]

writes ``deal.wav``, ``discard.wav``, ``win.wav``, ``draw.wav``, ``icon.png`` (64 px, the
window's) and ``icons/48.png``, ``icons/128.png``, ``icons/256.png`` and ``icons/scalable.svg`` (the
application menu's, installed by ``tcf-gui install-desktop``) into DIR (default: the repository's ``assets/``
folder). A developer's tool: it is not part of the
installed package, which only ships what this makes.

The sounds are synthesised with numpy: soft, short, 16-bit mono at 44.1 kHz, peaks at -6 dBFS,
with short fades so nothing clicks. The noise comes from a fixed seed, so making them again gives
the same bytes. The icon is a fan of three hearts (Q, K, A) drawn by CardArt on a rounded square
of felt, painted four times larger and smoothed down to 64x64.
"""
from __future__ import annotations

import argparse
import io
import math
import os
import sys
import wave
from pathlib import Path
from typing import Callable, Sequence

import numpy as np

os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
import pygame  # noqa: E402

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))  # the checkout's tcf_gui

from tcf_gui.engine.cards import Card, Rank, Suit  # noqa: E402
from tcf_gui.gui import palette  # noqa: E402
from tcf_gui.gui.card_art import CardArt  # noqa: E402
from tcf_gui.gui.sounds import SOUND_NAMES  # noqa: E402

SAMPLE_RATE = 44100
PEAK = 10 ** (-6 / 20)  # -6 dBFS
NOISE_SEED = 20240601
ICON_SIZE = 64
#: The desktop icon sizes (freedesktop's hicolor theme), written as icons/SIZE.png.
DESKTOP_ICON_SIZES = (48, 128, 256)
DEFAULT_OUT = Path(__file__).resolve().parents[1] / "assets"

# -- sound building blocks ----------------------------------------------------------------------


def _times(seconds: float) -> np.ndarray:
    return np.arange(round(seconds * SAMPLE_RATE)) / SAMPLE_RATE


def _noise(seconds: float, stream: int) -> np.ndarray:
    """White noise in [-1, 1) from a fixed seed (one stream per sound)."""
    rng = np.random.default_rng([NOISE_SEED, stream])
    return rng.random(len(_times(seconds))) * 2 - 1


def _lowpass(signal: np.ndarray, cutoff_hz: np.ndarray | float) -> np.ndarray:
    """A one-pole low-pass filter whose cutoff may change sample by sample."""
    cutoff = np.broadcast_to(np.asarray(cutoff_hz, dtype=float), signal.shape)
    alpha = 1 - np.exp(-2 * math.pi * cutoff / SAMPLE_RATE)
    out = np.empty_like(signal)
    level = 0.0
    for i, (x, a) in enumerate(zip(signal.tolist(), alpha.tolist())):
        level += a * (x - level)
        out[i] = level
    return out


def _band(signal: np.ndarray, low_hz: np.ndarray | float, high_hz: np.ndarray | float) -> np.ndarray:
    """Keep roughly the band low_hz..high_hz (two gentle one-pole stages each side)."""
    below_high = _lowpass(_lowpass(signal, high_hz), high_hz)
    return below_high - _lowpass(_lowpass(below_high, low_hz), low_hz)


def _note(freq: float, seconds: float, decay: float, attack: float = 0.006,
          harmonics: Sequence[float] = (1.0, 0.25, 0.08)) -> np.ndarray:
    """A bell-like tone: a sine with soft overtones, quick attack and exponential decay."""
    t = _times(seconds)
    tone = sum(level * np.sin(2 * math.pi * freq * (k + 1) * t) for k, level in enumerate(harmonics))
    return tone * np.minimum(t / attack, 1.0) * np.exp(-t / decay)


def _place(parts: Sequence[tuple[float, np.ndarray]], seconds: float) -> np.ndarray:
    """Mix (start second, samples) parts into one track ``seconds`` long."""
    track = np.zeros(len(_times(seconds)))
    for start, samples in parts:
        first = round(start * SAMPLE_RATE)
        length = min(len(samples), len(track) - first)
        track[first:first + length] += samples[:length]
    return track


def _finish(signal: np.ndarray, fade_in: float = 0.003, fade_out: float = 0.012) -> np.ndarray:
    """Raised-cosine fades at both ends and the peak set to PEAK: int16 samples."""
    signal = signal.copy()
    for seconds, edge in ((fade_in, slice(None)), (fade_out, slice(None, None, -1))):
        n = round(seconds * SAMPLE_RATE)
        ramp = 0.5 - 0.5 * np.cos(np.linspace(0, math.pi, n))
        signal[edge][:n] *= ramp
    signal *= PEAK / np.max(np.abs(signal))
    return np.round(signal * 32767).astype("<i2")


# -- the four sounds ----------------------------------------------------------------------------


def _deal() -> np.ndarray:
    """A soft card flick: a bright noise burst dying away in about 80 ms."""
    seconds = 0.08
    t = _times(seconds)
    burst = _band(_noise(seconds, 1), 900.0, 5000.0)
    return burst * np.minimum(t / 0.002, 1.0) * np.exp(-t / 0.014)


def _discard() -> np.ndarray:
    """A gentle swish: noise swelling and fading over 150 ms while its band glides up and back."""
    seconds = 0.15
    t = _times(seconds)
    shape = np.sin(math.pi * t / seconds)  # 0 -> 1 -> 0
    swish = _band(_noise(seconds, 2), 300.0 + 500.0 * shape, 1200.0 + 2800.0 * shape)
    return swish * shape ** 2


def _win() -> np.ndarray:
    """A warm rising chime: C5, E5, G5 struck one after another, ringing together (0.65 s)."""
    seconds = 0.65
    notes = (523.25, 659.25, 783.99)
    return _place([(0.1 * i, _note(freq, seconds, decay=0.22 + 0.06 * i)) for i, freq in enumerate(notes)],
                  seconds)


def _draw() -> np.ndarray:
    """A soft low falling pair: E4 then B3, round and quiet (0.6 s)."""
    seconds = 0.6
    soft = (1.0, 0.15, 0.03)
    return _place([(0.0, _note(329.63, 0.3, decay=0.12, attack=0.015, harmonics=soft)),
                   (0.2, _note(246.94, 0.4, decay=0.16, attack=0.015, harmonics=soft))], seconds)


SOUNDS: dict[str, Callable[[], np.ndarray]] = {
    "deal": _deal, "discard": _discard, "win": _win, "draw": _draw,
}
assert tuple(SOUNDS) == SOUND_NAMES, "make_assets must make exactly the sounds the game plays"


def wav_bytes(samples: np.ndarray) -> bytes:
    """A mono 16-bit 44.1 kHz WAV file holding the int16 ``samples``."""
    buffer = io.BytesIO()
    with wave.open(buffer, "wb") as out:
        out.setnchannels(1)
        out.setsampwidth(2)
        out.setframerate(SAMPLE_RATE)
        out.writeframes(samples.astype("<i2").tobytes())
    return buffer.getvalue()


def sound_bytes(name: str) -> bytes:
    """The WAV file of sound ``name`` (one of SOUND_NAMES)."""
    return wav_bytes(_finish(SOUNDS[name]()))


# -- the icon -----------------------------------------------------------------------------------

_FAN = ((Rank.QUEEN, 15.0), (Rank.KING, 0.0), (Rank.ACE, -15.0))  # drawn left to right


def make_icon(size: int = ICON_SIZE) -> pygame.Surface:
    """The window icon: Q, K, A of hearts fanned on a rounded felt square with clear corners."""
    scale = 4
    big = size * scale
    canvas = pygame.Surface((big, big), pygame.SRCALPHA)
    radius = big // 5
    pygame.draw.rect(canvas, palette.FELT_DARK, canvas.get_rect(), border_radius=radius)
    pygame.draw.rect(canvas, palette.FELT, canvas.get_rect().inflate(-2 * scale, -2 * scale),
                     border_radius=radius - scale)
    art = CardArt(round(big * 28 / 64), round(big * 40 / 64))
    pivot = (big / 2, big * 0.93)  # the cards turn about a point below their middle
    reach = big * 0.39
    for rank, angle in _FAN:
        card = pygame.transform.rotozoom(art.face(Card(rank, Suit.HEART)), angle, 1.0)
        turn = math.radians(angle)
        centre = (pivot[0] - reach * math.sin(turn), pivot[1] - reach * math.cos(turn))
        shadow = card.copy()
        shadow.fill((0, 0, 0, 90), special_flags=pygame.BLEND_RGBA_MULT)
        canvas.blit(shadow, shadow.get_rect(center=(centre[0] + scale, centre[1] + scale)))
        canvas.blit(card, card.get_rect(center=centre))
    return pygame.transform.smoothscale(canvas, (size, size))


# -- the icon as SVG (the desktop's scalable icon) ----------------------------------------------

_SVG_SIZE = 64  # the drawing's units: make_icon's geometry at one unit a pixel


def _hex(colour: Sequence[int]) -> str:
    return "#%02x%02x%02x" % tuple(colour[:3])


def _heart_path(centre: tuple[float, float], size: float) -> str:
    """The game's heart (tcf_gui.gui.suits), ``size`` high, as an SVG path."""
    from tcf_gui.gui.suits import suit_shapes

    (_, points), = suit_shapes(Suit.HEART)
    cx, cy = centre
    return "M" + " L".join(f"{cx + x * size:.2f},{cy + y * size:.2f}" for x, y in points) + " Z"


def _glyph_path(letter: str, centre_x: float, top: float, height: float) -> str:
    """``letter`` of the corner font as an SVG path: its capital ``height`` high, centred on
    ``centre_x``, its top at ``top`` (fontTools reads the shipped font's outlines)."""
    from fontTools.pens.boundsPen import BoundsPen
    from fontTools.pens.svgPathPen import SVGPathPen
    from fontTools.pens.transformPen import TransformPen
    from fontTools.ttLib import TTFont

    font = TTFont(str(DEFAULT_OUT / "DejaVuSerifCondensed-Bold.ttf"))
    glyphs = font.getGlyphSet()
    glyph = glyphs[font.getBestCmap()[ord(letter)]]
    bounds = BoundsPen(glyphs)
    glyph.draw(bounds)
    x0, y0, x1, y1 = bounds.bounds
    scale = height / (y1 - y0)
    pen = SVGPathPen(glyphs, ntos=lambda value: f"{value:.2f}")
    shift = (centre_x - (x0 + x1) / 2 * scale, top + y1 * scale)
    glyph.draw(TransformPen(pen, (scale, 0, 0, -scale, *shift)))
    return pen.getCommands()


def _svg_card(rank: Rank, angle: float) -> str:
    """One card of the fan: shadow, ivory face, the index in two corners, a heart."""
    width, height = 28.0, 40.0
    pivot, reach = (_SVG_SIZE / 2, _SVG_SIZE * 0.93), _SVG_SIZE * 0.39
    turn = math.radians(angle)
    centre = (pivot[0] - reach * math.sin(turn), pivot[1] - reach * math.cos(turn))
    red = _hex(palette.RED)
    index = (f'<path fill="{red}" d="{_glyph_path(rank.letter, 4.2, 2.2, 6.4)}"/>'
             f'<path fill="{red}" d="{_heart_path((4.2, 12.2), 4.6)}"/>')
    body = (f'<rect x="0.25" y="0.25" width="{width - 0.5}" height="{height - 0.5}" rx="2.1" '
            f'fill="{_hex(palette.CARD_FACE)}" stroke="{_hex(palette.CARD_EDGE)}" stroke-width="0.5"/>'
            f'{index}<g transform="rotate(180 {width / 2} {height / 2})">{index}</g>'
            f'<path fill="{red}" d="{_heart_path((width / 2, height / 2), 13.0)}"/>')
    place = (f"translate({centre[0] - width / 2:.2f} {centre[1] - height / 2:.2f}) "
             f"rotate({-angle:g} {width / 2} {height / 2})")
    shadow = (f'<rect x="1" y="1" width="{width}" height="{height}" rx="2.1" fill="#000" '
              f'fill-opacity="0.35"/>')
    return f'<g transform="{place}">{shadow}{body}</g>'


def make_icon_svg() -> str:
    """The icon as SVG: the felt square and the fan of make_icon, with the index letters as
    outlines of the corner font (no font needed to show it)."""
    size = _SVG_SIZE
    radius = size / 5
    cards = "".join(_svg_card(rank, angle) for rank, angle in _FAN)
    return (f'<svg xmlns="http://www.w3.org/2000/svg" width="{size}" height="{size}" '
            f'viewBox="0 0 {size} {size}">'
            f'<rect width="{size}" height="{size}" rx="{radius:g}" fill="{_hex(palette.FELT_DARK)}"/>'
            f'<rect x="1" y="1" width="{size - 2}" height="{size - 2}" rx="{radius - 1:g}" '
            f'fill="{_hex(palette.FELT)}"/>{cards}</svg>\n')


# -- the tool -----------------------------------------------------------------------------------


def write_assets(out: Path) -> list[Path]:
    """Write the sounds and the icon into ``out`` (made if missing); the paths written."""
    out.mkdir(parents=True, exist_ok=True)
    written = []
    for name in SOUND_NAMES:
        path = out / f"{name}.wav"
        path.write_bytes(sound_bytes(name))
        written.append(path)
    icons = [(out / "icon.png", ICON_SIZE)]
    icons += [(out / "icons" / f"{size}.png", size) for size in DESKTOP_ICON_SIZES]
    for path, size in icons:
        path.parent.mkdir(exist_ok=True)
        pygame.image.save(make_icon(size), str(path))
        written.append(path)
    svg = out / "icons" / "scalable.svg"
    svg.write_text(make_icon_svg(), encoding="utf-8")
    written.append(svg)
    return written


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python tools/make_assets.py",
                                     description="Make the game's sounds, its window icon and "
                                     "its desktop icons.")
    parser.add_argument("--out", type=Path, default=DEFAULT_OUT,
                        help="folder to write into (default: %(default)s)")
    args = parser.parse_args(argv)
    # Nothing here opens a window; should SDL start video anyway, let it be invisible.
    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    try:
        written = write_assets(args.out)
    except (OSError, pygame.error) as error:
        print(f"make_assets: cannot write to {args.out}: {error}", file=sys.stderr)
        return 2
    for path in written:
        print(f"{path}  ({path.stat().st_size} bytes)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
