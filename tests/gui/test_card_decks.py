"""Another game's card deck on the table: each card cut out of an SVG sheet where it lies,
drawn at the size asked for (tcf_gui.gui.svg_sheet, deck_art), a PySolFC set's pictures
fitted, the chooser offering each deck found, and a deck that cannot be drawn leaving the
built-in cards in its place with one line said."""
from __future__ import annotations

import pygame
import pytest
from deck_fixtures import (BACK_COLOUR, CARD, card_colour, card_place, sheet_text, write_aisleriot_theme,
                           write_kde_deck, write_pysol_set)

from tcf_gui.config import decks
from tcf_gui.engine.cards import Card, Rank, Suit
from tcf_gui.gui import deck_art
from tcf_gui.gui.card_art import CardArt
from tcf_gui.gui.card_chooser import CardChooser, face_names
from tcf_gui.gui.deck_art import DeckError, DeckPictures, sheet_ids
from tcf_gui.gui.play_scene import PlayScene
from tcf_gui.gui.svg_sheet import SheetError, SvgSheet

ACE_CLUBS, KING_HEARTS = Card(Rank.ACE, Suit.CLUB), Card(Rank.KING, Suit.HEART)


@pytest.fixture(autouse=True)
def _no_sheet_kept():
    deck_art._sheet.cache_clear()
    yield
    deck_art._sheet.cache_clear()


def _centre(picture: pygame.Surface) -> tuple[int, int, int]:
    r, g, b, _a = picture.get_at((picture.get_width() // 2, picture.get_height() // 2))
    return (r, g, b)


def _near(colour, expected, by=3) -> bool:
    return all(abs(a - b) <= by for a, b in zip(colour, expected))


def test_a_card_is_found_where_it_lies_through_the_transforms(tmp_path):
    folder = write_kde_deck(tmp_path / "svg-tiny")
    sheet = SvgSheet(folder / "tiny.svgz")
    for card in (ACE_CLUBS, KING_HEARTS, None):
        box = sheet.box(sheet_ids(card)[0])
        x, y = card_place(card)
        assert abs(box.x - x) < 0.5 and abs(box.y - y) < 0.5, card
        assert abs(box.width - CARD[0]) < 1 and abs(box.height - CARD[1]) < 1, card


def test_each_card_is_drawn_alone_at_the_size_asked(tmp_path):
    folder = write_kde_deck(tmp_path / "svg-tiny")
    pictures = DeckPictures(decks.find_decks([tmp_path]).decks[0])
    for card in (ACE_CLUBS, KING_HEARTS, Card(Rank.TEN, Suit.SPADE)):
        picture = pictures.picture(card, (60, 84))
        assert picture.get_size() == (60, 84)
        assert _near(_centre(picture), card_colour(card)), card
        r, g, b, _a = picture.get_at((5, 5))  # the piece drawn through <use>, from a hidden group
        assert max(r, g, b) < 60
    assert _near(_centre(pictures.picture(None, (30, 42))), BACK_COLOUR)  # a gradient from <defs>
    assert folder.is_dir()


def test_a_card_of_other_proportions_is_fitted_and_centred(tmp_path):
    write_kde_deck(tmp_path / "svg-tiny")
    picture = DeckPictures(decks.find_decks([tmp_path]).decks[0]).picture(ACE_CLUBS, (100, 84))
    ink = picture.get_bounding_rect()
    assert ink.height == 84 and abs(ink.width - 60) <= 1 and abs(ink.centerx - 50) <= 1


def test_aisleriot_names_the_suit_first(tmp_path):
    write_aisleriot_theme(tmp_path)
    (deck,) = decks.find_decks([tmp_path]).decks
    assert _near(_centre(DeckPictures(deck).picture(KING_HEARTS, (30, 42))), card_colour(KING_HEARTS))


def test_a_pysol_set_is_its_pictures_fitted(tmp_path):
    write_pysol_set(tmp_path / "cardset-tiny")
    (deck,) = decks.find_decks([tmp_path]).decks
    pictures = DeckPictures(deck)
    assert _near(_centre(pictures.picture(KING_HEARTS, (40, 56))), card_colour(KING_HEARTS))
    assert _near(_centre(pictures.picture(ACE_CLUBS, (40, 56))), card_colour(ACE_CLUBS))
    assert _near(_centre(pictures.picture(None, (40, 56))), BACK_COLOUR)


def test_the_boxes_are_kept_for_the_next_start(tmp_path, monkeypatch):
    write_kde_deck(tmp_path / "svg-tiny")
    (deck,) = decks.find_decks([tmp_path]).decks
    first = DeckPictures(deck).picture(KING_HEARTS, (30, 42))
    deck_art._sheet.cache_clear()

    def never(self, ident):
        raise AssertionError("the box was kept: it is not looked for again")

    monkeypatch.setattr(SvgSheet, "_find", never)
    again = DeckPictures(deck).picture(KING_HEARTS, (30, 42))
    assert pygame.image.tobytes(first, "RGBA") == pygame.image.tobytes(again, "RGBA")


def test_a_card_art_draws_the_chosen_deck_and_its_back(tmp_path):
    write_kde_deck(tmp_path / "svg-tiny")
    decks.use_card_folders([tmp_path])
    art = CardArt(50, 70, face="kde/svg-tiny", back="argyle")
    assert _near(_centre(art.face(KING_HEARTS)), card_colour(KING_HEARTS))
    assert _near(_centre(art.back()), BACK_COLOUR)
    assert art.card_set.style is CardArt(50, 70).card_set.style  # laid out as the classic face


@pytest.mark.parametrize("svg, says", [
    ("<svg xmlns='http://www.w3.org/2000/svg'><rect id='back' width='5' height='5'/></svg>", "no card"),
    ("<?xml version='1.0'?><!DOCTYPE svg [<!ENTITY a 'aaaa'>]><svg/>", "entities"),
    ("<svg xmlns='http://www.w3.org/2000/svg'><g", "not valid SVG"),
    ("<html/>", "not an SVG document"),
])
def test_a_deck_that_cannot_be_drawn_leaves_the_classic_cards_and_one_line(tmp_path, capsys, svg, says):
    name = f"svg-broken-{abs(hash(svg))}"  # a deck failed once stays failed for the process
    write_kde_deck(tmp_path / name, svg=svg)
    decks.use_card_folders([tmp_path])
    art = CardArt(50, 70, face=f"kde/{name}")
    classic = CardArt(50, 70)
    assert pygame.image.tobytes(art.face(KING_HEARTS), "RGBA") == pygame.image.tobytes(classic.face(KING_HEARTS), "RGBA")
    assert pygame.image.tobytes(art.back(), "RGBA") == pygame.image.tobytes(classic.back(), "RGBA")
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and says in err and "cannot be drawn" in err and "Traceback" not in err


def test_a_sheet_too_large_or_not_zipped_right_is_refused(tmp_path, monkeypatch):
    path = tmp_path / "big.svg"
    path.write_text(sheet_text())
    monkeypatch.setattr("tcf_gui.gui.svg_sheet.MAX_BYTES", 1000)
    with pytest.raises(SheetError, match="larger than"):
        SvgSheet(path)
    (tmp_path / "bad.svgz").write_bytes(b"\x1f\x8b\x08\x00broken")
    monkeypatch.setattr("tcf_gui.gui.svg_sheet.MAX_BYTES", 64 * 2**20)
    with pytest.raises(SheetError, match="cannot read"):
        SvgSheet(tmp_path / "bad.svgz")


def test_a_missing_renderer_is_one_line(tmp_path, monkeypatch):
    import sys

    write_kde_deck(tmp_path / "svg-tiny")
    (deck,) = decks.find_decks([tmp_path]).decks
    monkeypatch.setitem(sys.modules, "resvg_py", None)
    with pytest.raises(DeckError, match="pip install resvg-py"):
        DeckPictures(deck).picture(ACE_CLUBS, (30, 42))


def test_the_chooser_offers_every_deck_found(tmp_path):
    write_kde_deck(tmp_path / "carddecks" / "svg-tiny")
    write_pysol_set(tmp_path / "cardsets" / "cardset-tiny")
    decks.use_card_folders([tmp_path])
    names = face_names()
    assert list(names) == ["classic", "large", "kde/svg-tiny", "pysol/cardset-tiny"]
    assert names["kde/svg-tiny"] == "Tiny (KDE)" and names["pysol/cardset-tiny"] == "Tiny set (PySolFC)"


def test_choosing_a_deck_shows_it_in_the_preview_and_on_the_table(tmp_path, settings):
    write_kde_deck(tmp_path / "svg-tiny")
    decks.use_card_folders([tmp_path])
    scene = PlayScene(settings, (1280, 720), seed=3)
    chooser = CardChooser(scene, (1280, 720))
    chooser.items[0].step(1)
    chooser.items[0].step(1)  # classic -> large -> the deck
    assert settings.card_face == "kde/svg-tiny" and chooser.items[0].value() == "Tiny (KDE)"
    assert chooser.items[1].value() == "the deck's own"
    chooser.items[1].step(1)  # the deck's own back: nothing to step
    assert settings.card_back == "lattice"
    surface = pygame.Surface((1280, 720))
    chooser.draw(surface)
    preview = chooser.card_rects()
    assert _near(_centre(surface.subsurface(preview[-1])), BACK_COLOUR)
    assert _near(_centre(surface.subsurface(preview[2])), card_colour(Card(Rank.QUEEN, Suit.HEART)))
    assert scene.renderer.art(scene.layout).deck is not None


def test_a_deeply_nested_sheet_is_one_line_not_a_crash(tmp_path):
    body = "<g>" * 5000 + "<rect id='1_spade' width='5' height='5'/>" + "</g>" * 5000
    write_kde_deck(tmp_path / "svg-deep", svg=f"<svg xmlns='http://www.w3.org/2000/svg'>{body}</svg>")
    (deck,) = decks.find_decks([tmp_path]).decks
    with pytest.raises(DeckError):
        DeckPictures(deck).picture(Card(Rank.ACE, Suit.SPADE), (30, 42))


def test_the_window_says_when_the_saved_deck_is_gone_and_finds_one_in_the_folder_given(tmp_path, capsys):
    from tcf_gui.config.settings import Settings, save_settings
    from tcf_gui.gui.flags import window_defaults
    from tcf_gui.gui.launch import read_session

    save_settings(Settings(card_face="kde/svg-gone"))
    session = read_session(window_defaults())
    session.history.close()
    assert session.settings.card_face == "classic"
    assert "the card deck kde/svg-gone is not found; the classic cards are used" in capsys.readouterr().err
    write_kde_deck(tmp_path / "svg-gone")
    args = window_defaults()
    args.card_folder = tmp_path
    session = read_session(args)
    session.history.close()
    assert session.settings.card_face == "kde/svg-gone" and capsys.readouterr().err == ""


def test_the_shadow_falls_under_a_narrower_card_only(settings):
    from tcf_gui.gui.layout import Layout
    from tcf_gui.gui.render import TableRenderer
    from tcf_gui.gui.text import TextCache

    layout = Layout(1280, 720)
    picture = pygame.Surface((layout.card_w, layout.card_h), pygame.SRCALPHA)
    card = pygame.Rect(0, 0, layout.card_w * 2 // 3, layout.card_h)
    card.centerx = layout.card_w // 2
    picture.fill((250, 0, 0, 255), card)
    surface = pygame.Surface((layout.card_w * 2, layout.card_h * 2))
    surface.fill((255, 255, 255))
    rect = pygame.Rect((20, 20), (layout.card_w, layout.card_h))
    TableRenderer(TextCache()).card(surface, layout, picture, rect)
    margin_x = rect.left + card.right + (rect.width - card.right) * 3 // 4
    assert surface.get_at((margin_x, rect.centery))[:3] == (255, 255, 255)  # no shadow in the clear margin
    assert surface.get_at((rect.left + card.right + 1, rect.centery))[:3] != (255, 255, 255)  # the card's own
