"""The twelve court figures: shipped as made, each its own, double-headed, crisp at every size."""
from __future__ import annotations

import itertools

import numpy as np
import pygame
import pytest

from dev_tools import load_tool
from tcf_gui.engine.cards import Card, Rank, Suit
from tcf_gui.gui import court
from tcf_gui.gui.card_art import CardArt
from tcf_gui.gui.card_faces import FACE_STYLES
from tcf_gui.gui.layout import MIN_SIZE, Layout
from tcf_gui.system.resources import read_asset_bytes

make_courts = load_tool("make_courts")

COURTS = [Card(rank, suit) for rank in (Rank.JACK, Rank.QUEEN, Rank.KING) for suit in Suit]
#: The card sizes of the smallest window and of a 4K screen.
SMALLEST = (Layout(*MIN_SIZE).card_w, Layout(*MIN_SIZE).card_h)
UHD = (Layout(3840, 2160).card_w, Layout(3840, 2160).card_h)


def _rgb(surface: pygame.Surface) -> np.ndarray:
    return pygame.surfarray.array3d(surface).astype(float)


def _luma(surface: pygame.Surface) -> np.ndarray:
    return _rgb(surface) @ [0.2126, 0.7152, 0.0722]


def test_the_shipped_figures_are_what_the_tool_makes(tmp_path):
    assert make_courts.main(["--out", str(tmp_path)]) == 0
    for card in COURTS:
        name = court.svg_name(card)
        assert (tmp_path / name.split("/")[1]).read_bytes() == read_asset_bytes(name), name


def test_the_figures_use_only_what_the_svg_loader_draws():
    """nanosvg (SDL_image) draws no text, gradients, clips, masks or references."""
    for card in COURTS:
        text = read_asset_bytes(court.svg_name(card)).decode()
        for unsupported in ("<text", "Gradient", "clip", "mask", "<use", "filter", "<image"):
            assert unsupported not in text, (card, unsupported)


def test_every_figure_differs_from_every_other():
    """Pairwise, the pictures (suit signs aside: the SVGs hold none) differ over much of
    the panel: no two figures are the same drawing in other colours, or the same at all."""
    size = (120, 102)  # the half figure's proportions
    pictures = {card: _rgb(court.figure(card, size)) for card in COURTS}
    for a, b in itertools.combinations(COURTS, 2):
        differ = np.any(np.abs(pictures[a] - pictures[b]) > 60, axis=2).mean()
        assert differ > 0.15, (a, b, differ)
        shapes_a, shapes_b = (_luma_of(pictures[a]) < 90), (_luma_of(pictures[b]) < 90)
        assert (shapes_a != shapes_b).mean() > 0.03, (a, b)  # the outlines differ, not only colours


def _luma_of(rgb: np.ndarray) -> np.ndarray:
    return rgb @ [0.2126, 0.7152, 0.0722]


@pytest.mark.parametrize("card", COURTS, ids=lambda card: card.code)
def test_every_court_card_is_double_headed(card):
    """Turned 180°, the card's panel is the same picture, suit signs and all, as on a real
    court card; and its two halves are a figure each, not a figure and a blank."""
    art = CardArt(140, 196)
    panel = FACE_STYLES["classic"].panel(art.size)
    picture = art.face(card).subsurface(panel)
    turned = pygame.transform.rotate(picture, 180)
    assert np.abs(_rgb(picture) - _rgb(turned)).mean() < 3.0
    top, bottom = _luma(picture)[:, : panel.height // 2], _luma(picture)[:, panel.height // 2:]
    assert (top < 80).mean() > 0.05 and (bottom < 80).mean() > 0.05


@pytest.mark.parametrize("size", [SMALLEST, UHD], ids=["smallest window", "4K"])
def test_court_faces_are_full_pictures_at_the_smallest_window_and_at_4k(size):
    art = CardArt(*size)
    w, h = size
    for card in COURTS:
        face = art.face(card)
        assert face.get_size() == size
        panel = face.subsurface((int(w * 0.25), int(h * 0.2), int(w * 0.5), int(h * 0.6)))
        colours = {tuple(c) for c in _rgb(panel).reshape(-1, 3).astype(int)[::7]}
        assert len(colours) > 40, card  # a figure in many colours, not a blank or a letter
        assert (_luma(panel) < 80).mean() > 0.03, card  # drawn in dark outlines


def _sharpness(surface: pygame.Surface) -> float:
    """The mean of the steepest 1% of steps between neighbouring pixels' brightness."""
    luma = _luma(surface)
    steps = np.concatenate([np.abs(np.diff(luma, axis=0)).ravel(), np.abs(np.diff(luma, axis=1)).ravel()])
    return float(np.mean(np.sort(steps)[-max(1, steps.size // 100):]))


def test_court_faces_are_drawn_at_4k_not_blown_up():
    """At 4K the figures are drawn at that size: their edges are as steep as a small card's,
    and far steeper than the small card's picture scaled up."""
    big, small = CardArt(*UHD), CardArt(*SMALLEST)
    for card in (Card(Rank.KING, Suit.HEART), Card(Rank.JACK, Suit.SPADE), Card(Rank.QUEEN, Suit.CLUB)):
        drawn = big.face(card)
        blown_up = pygame.transform.smoothscale(small.face(card), UHD)
        assert _sharpness(drawn) > 2 * _sharpness(blown_up), card
        assert _sharpness(drawn) > 0.6 * _sharpness(small.face(card)), card


def test_a_missing_figure_still_gives_a_readable_court_card(monkeypatch):
    def missing(name):
        raise FileNotFoundError(name)

    monkeypatch.setattr(court, "read_asset_bytes", missing)
    court._svg.cache_clear()
    try:
        face = CardArt(100, 140).face(Card(Rank.KING, Suit.HEART))
        plain = CardArt(100, 140).face(Card(Rank.TWO, Suit.HEART))
        assert np.abs(_rgb(face) - _rgb(plain)).mean() > 5  # a panel with its letter
    finally:
        court._svg.cache_clear()


@pytest.mark.parametrize("language", ["en", "de", "pl", "fr"])
@pytest.mark.parametrize("size", [SMALLEST, (Layout(1920, 1080).card_w, Layout(1920, 1080).card_h), UHD],
                         ids=["smallest window", "1080p", "4K"])
def test_the_corner_letters_stand_clear_of_the_figures_frame(size, language):
    """Between the index (K, Q, J; B, D in German; W in Polish; R, V in French) and the gold
    frame of the figure, a column of bare card at every size."""
    from tcf_gui.gui import palette
    from tcf_gui.i18n import use_language

    use_language(language)
    style = FACE_STYLES["classic"]
    art = CardArt(*size)
    panel = style.panel(size)
    index = style.index_box(size)
    assert index.right < panel.left
    for card in (Card(Rank.JACK, Suit.SPADE), Card(Rank.QUEEN, Suit.HEART), Card(Rank.KING, Suit.CLUB)):
        face = _rgb(art.face(card))  # one card of each rank: the letter, not the suit, is what is wide
        corner = face[:panel.left, index.top:index.bottom]
        inked = np.nonzero((np.abs(corner - palette.CARD_FACE).max(axis=2) > 40).any(axis=1))[0]
        assert inked.max() < panel.left - max(1, size[0] // 80), (card, inked.max(), panel.left)
