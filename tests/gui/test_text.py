"""Text in the window: suit symbols always drawn (the shipped face stands in for a system
face without them), sizes and cuts that fit, and the record of text boxes that the layout
checks read, which finds each kind of fault."""
from __future__ import annotations

import pygame
import pytest

from tcf_gui.gui import text as text_module
from tcf_gui.gui import fonts, text_boxes
from tcf_gui.gui.text import ELLIPSIS, TextCache
from tcf_gui.gui.text_boxes import MIN_TEXT_PX, inside, new_layer, problems, recording


@pytest.fixture
def bare_text(monkeypatch) -> TextCache:
    """A text cache whose system face is pygame's own, which has no suit symbols (what a
    machine without any of the named faces gets); none of the fonts made before is shared."""
    monkeypatch.setattr(text_module.pygame.font, "SysFont",
                        lambda names, px, bold=False: pygame.font.Font(None, px))
    monkeypatch.setattr(fonts, "_FONTS", {})
    return TextCache()


def test_pygames_own_face_lacks_the_suits_and_the_shipped_one_draws_them(bare_text):
    assert not any(bare_text.has_glyph(suit, 20) for suit in "♠♥♦♣")
    assert [(run, font is bare_text.font(20)) for run, font in bare_text.runs("10♠ K♥", 20)] == [
        ("10", True), ("♠", False), (" K", True), ("♥", False)]
    assert bare_text.missing_glyphs("10♠ K♥ J♦ A♣", 20) == ""


def test_a_suit_is_drawn_as_the_shipped_face_draws_it_on_the_same_line(bare_text):
    picture = bare_text.render("10♠", 24, (255, 255, 255), shadow=False)
    ten = bare_text.font(24).size("10")[0]
    spade = picture.subsurface((ten, 0, picture.get_width() - ten, picture.get_height()))
    ink = spade.get_bounding_rect()
    assert ink.width >= 10 and ink.height >= 10  # a glyph, not a sliver
    assert bare_text.size("10♠", 24) == picture.get_size()
    box = bare_text.font(24).render("\uffff", True, (255, 255, 255)).get_bounding_rect()
    assert ink.size != box.size  # not the empty box of a missing glyph


def test_characters_no_face_has_are_found(bare_text):
    assert bare_text.missing_glyphs("ok 一", 20) == "一"


def test_fit_stops_at_the_minimum_and_elide_cuts_with_an_ellipsis(display):
    text = TextCache()
    long = "a sentence far too long for the little room it is given here"
    assert text.fit(long, 30, 50) == MIN_TEXT_PX
    cut = text.elide(long, MIN_TEXT_PX, 120)
    assert cut.endswith(ELLIPSIS) and long.startswith(cut[:-1])
    assert text.size(cut, MIN_TEXT_PX)[0] <= 120 and len(cut) > 10
    assert text.elide("short", 14, 500) == "short"


def test_the_record_finds_text_out_of_its_box_too_small_overlapping_or_without_glyphs(
        display, monkeypatch):
    text = TextCache()
    surface = pygame.Surface((400, 300))
    with recording() as record:
        with inside("box", pygame.Rect(0, 0, 100, 40)):
            text.blit(surface, "fits", 16, topleft=(5, 5))
            text.blit(surface, "runs out of its box", 16, topleft=(5, 5))  # also overlaps "fits"
        text.blit(surface, "tiny", MIN_TEXT_PX - 2, topleft=(200, 200))
        monkeypatch.setattr(TextCache, "missing_glyphs", lambda self, words, *a, **k: words[-1])
        text.blit(surface, "boxes ✱", 16, topleft=(200, 100))
    assert record.texts() == ["fits", "runs out of its box", "tiny", "boxes ✱"]
    found = problems(record)
    assert len(found) == 4, found
    assert "'runs out of its box'" in found[0] and "leaves its box box" in found[0]
    assert "under 12" in found[1] and "'✱'" in found[2]
    assert "'fits' (box) overlaps 'runs out of its box' (box)" in found[3]


def test_a_layer_covers_the_text_below_it(display):
    text = TextCache()
    surface = pygame.Surface((400, 300))
    with recording() as record:
        text.blit(surface, "the table", 16, topleft=(10, 10))
        new_layer("menu")
        text.blit(surface, "the menu", 16, topleft=(12, 12))
    assert problems(record) == []
    assert len({box.layer for box in record.boxes}) == 2


def test_nothing_is_kept_unless_a_check_records(display):
    TextCache().blit(pygame.Surface((100, 50)), "unheard", 16, topleft=(0, 0))
    assert text_boxes._record is None


def test_text_cut_short_with_an_ellipsis_is_a_problem(display):
    text, surface = TextCache(), pygame.Surface((400, 100))
    words = "Win rate and accuracy over your last 82 games"
    with recording() as record:
        text.blit(surface, text.elide(words, 16, 150), 16, topleft=(0, 0))
        text.blit(surface, text.elide("Back", 16, 150), 16, topleft=(0, 50))
    assert [line for line in problems(record) if "cut short" in line] == [
        f"{words!r} is cut short to {text.elide(words, 16, 150)!r}"]


def test_long_words_wrap_or_shrink_and_a_line_of_parts_leaves_off_whole_parts(display):
    text = TextCache()
    words = "Each turn you both discard one card at the same moment"
    px, lines = text.fit_lines(words, 20, 300, 2)
    assert len(lines) == 2 and px <= 20 and " ".join(lines) == words
    assert all(text.size(line, px)[0] <= 300 for line in lines)
    assert text.fit_lines(words, 20, 2000, 1) == (20, [words])
    px, lines = text.fit_lines(words, 20, 80, 2)  # even the smallest size takes more lines
    assert px == MIN_TEXT_PX and len(lines) > 2
    status = "You 3 W · 1 L · 0 D   ·   normal   ·   Esc menu   H help"
    short = text.leave_off(status, 16, text.size("You 3 W · 1 L · 0 D   ·   normal", 16)[0])
    assert short == "You 3 W · 1 L · 0 D   ·   normal"
    assert text.leave_off(status, 16, 10) == "You 3 W · 1 L · 0 D"  # the first part stays whole
