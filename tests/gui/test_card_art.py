"""The card pictures: every face renders at any size, in the right colours, with its pips."""
import numpy as np
import pygame
import pytest

from tcf_gui.engine.cards import CARDS, Card, Rank, Suit
from tcf_gui.i18n import use_language
from tcf_gui.gui import card_art, fonts, palette
from tcf_gui.gui.card_art import SHARED_ARTS, CardArt, CardSet, card_size_for_height, shared_art


def _rgb_alpha(surface: pygame.Surface) -> tuple[np.ndarray, np.ndarray]:
    return pygame.surfarray.array3d(surface).astype(int), pygame.surfarray.array_alpha(surface)


def _near(surface: pygame.Surface, colour, tolerance: int = 40) -> int:
    """How many opaque pixels are within ``tolerance`` of ``colour`` on every channel."""
    rgb, alpha = _rgb_alpha(surface)
    close = np.all(np.abs(rgb - np.array(colour)) <= tolerance, axis=2)
    return int(np.count_nonzero(close & (alpha > 200)))


@pytest.fixture(scope="module", params=[(70, 98), (130, 182)], ids=["small", "large"])
def art(request):
    return CardArt(*request.param)


def test_every_face_renders_at_the_size_asked(art):
    for card in CARDS:
        face = art.face(card)
        assert face.get_size() == art.size
        _, alpha = _rgb_alpha(face)
        assert np.count_nonzero(alpha > 200) > 0.85 * alpha.size  # a whole card, not a blank


def test_corners_are_rounded(art):
    w, h = art.size
    for picture in (art.face(Card(Rank.ACE, Suit.SPADE)), art.back()):
        for x, y in ((0, 0), (w - 1, 0), (0, h - 1), (w - 1, h - 1)):
            assert picture.get_at((x, y)).a < 60
        assert picture.get_at((w // 2, h // 2)).a == 255  # solid: nothing below shows through


@pytest.mark.parametrize("rank", [r for r in Rank if r <= Rank.TEN or r == Rank.ACE])
def test_red_suits_are_red_and_black_suits_are_not(art, rank):
    for suit in Suit:
        reds = _near(art.face(Card(rank, suit)), palette.RED)
        if suit.is_red:
            assert reds > 20
        else:
            assert reds == 0


def _corner(face: pygame.Surface) -> pygame.Surface:
    """The top-left index of a face (the court figures have blue and red robes of their own)."""
    w, h = face.get_size()
    return face.subsurface((0, 0, w // 4, int(h * 0.3)))


@pytest.mark.parametrize("style", ["classic", "large"])
def test_four_colour_deck_paints_clubs_green_and_diamonds_blue(style):
    two, four = CardArt(100, 140, face=style), CardArt(100, 140, four_colour=True, face=style)
    for rank in (Rank.FIVE, Rank.KING, Rank.ACE):
        assert _near(_corner(four.face(Card(rank, Suit.CLUB))), palette.GREEN) > 20
        assert _near(_corner(two.face(Card(rank, Suit.CLUB))), palette.GREEN) == 0
        assert _near(_corner(four.face(Card(rank, Suit.DIAMOND))), palette.BLUE) > 20
        assert _near(_corner(two.face(Card(rank, Suit.DIAMOND))), palette.BLUE) == 0
        assert _near(_corner(four.face(Card(rank, Suit.HEART))), palette.RED) > 20


@pytest.mark.parametrize("suit", list(Suit))
def test_more_pips_more_ink(suit):
    art = CardArt(100, 140)
    colour = palette.suit_colour(suit)
    ink = [_near(art.face(Card(Rank(r), suit)), colour) for r in range(2, 11)]
    assert ink == sorted(ink) and len(set(ink)) == len(ink)


def test_court_cards_differ_from_each_other_and_from_pip_cards():
    art = CardArt(100, 140)
    faces = [pygame.image.tobytes(art.face(Card(r, Suit.HEART)), "RGBA")
             for r in (Rank.TEN, Rank.JACK, Rank.QUEEN, Rank.KING, Rank.ACE)]
    assert len(set(faces)) == 5
    # Court cards carry the gold of their panel and crowns.
    assert _near(art.face(Card(Rank.KING, Suit.SPADE)), palette.COURT_GOLD, 30) > 50


def test_back_is_patterned_and_slot_is_faint():
    art = CardArt(100, 140)
    rgb, alpha = _rgb_alpha(art.back())
    opaque = rgb[alpha > 200]
    assert len({tuple(c) for c in opaque}) > 30  # lattice, ring and suits, not a flat fill
    _, slot_alpha = _rgb_alpha(art.slot())
    assert slot_alpha.max() > 100 and np.median(slot_alpha) < 100


def test_pictures_are_cached_per_art_and_made_per_size():
    small, large = CardArt(50, 70), CardArt(100, 140)
    card = Card(Rank.QUEEN, Suit.DIAMOND)
    assert small.face(card) is small.face(card)
    assert small.back() is small.back() and small.slot() is small.slot()
    assert large.face(card).get_size() == (100, 140)
    assert small.face(card).get_size() == (50, 70)


def test_card_size_keeps_playing_card_proportions():
    for height in (40, 140, 333):
        w, h = card_size_for_height(height)
        assert h == height and abs(w - height * 5 / 7) <= 0.5  # rounded to the nearest pixel


def test_corner_ranks_use_the_shipped_font():
    font = card_art.index_font(30)
    assert "DejaVu Serif" in font.name


def test_cards_still_render_without_the_shipped_font(monkeypatch):
    def missing(name):
        raise FileNotFoundError(name)

    monkeypatch.setattr(card_art, "read_asset_bytes", missing)
    monkeypatch.setattr(fonts, "_FONTS", {})  # none of the fonts made before is shared
    card_art._index_font_data.cache_clear()
    try:
        face = CardArt(70, 98).face(Card(Rank.TEN, Suit.HEART))
        assert _near(face, palette.RED) > 20
        assert "DejaVu" not in card_art.index_font(30).name  # pygame's own font stood in
    finally:
        card_art._index_font_data.cache_clear()


def test_screens_share_the_pictures_of_one_size_card_set_and_language():
    art = shared_art((70, 98), CardSet())
    assert shared_art((70, 98), CardSet()) is art
    assert shared_art((71, 98), CardSet()) is not art
    assert shared_art((70, 98), CardSet(four_colour=True)) is not art
    use_language("de")  # B D K in the corners
    assert shared_art((70, 98), CardSet()) is not art
    use_language("en")
    assert shared_art((70, 98), CardSet()) is art
    for height in range(200, 200 + SHARED_ARTS):  # the oldest is let go
        shared_art(card_size_for_height(height), CardSet())
    assert shared_art((70, 98), CardSet()) is not art
    deck = CardSet(face="kde/svg-tiny")  # another game's deck: never shared
    assert shared_art((70, 98), deck) is not shared_art((70, 98), deck)


def test_a_turned_face_is_made_once_and_is_the_face_turned():
    art = CardArt(70, 98)
    card = Card(Rank.QUEEN, Suit.SPADE)
    turned = art.turned(card, 4.5)
    assert art.turned(card, 4.5) is turned and art.turned(card, -4.5) is not turned
    expected = pygame.transform.rotozoom(art.face(card), 4.5, 1.0)
    assert pygame.image.tobytes(turned, "RGBA") == pygame.image.tobytes(expected, "RGBA")
