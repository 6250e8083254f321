"""What the table lays on and beside the cards never hides or garbles what a card says:
the coach's badges and the key caps lie where no face prints anything, a card half under
another on the pile shows its whole index or none of it, and a straight flush is shown in
rank order beside its hand."""
from __future__ import annotations

import itertools

import numpy as np
import pygame
import pytest

from tcf_gui.config.card_sets import FACES
from tcf_gui.engine.cards import CARDS, Card, Rank, Suit, parse_cards
from tcf_gui.engine.outcome import judge
from tcf_gui.gui import card_marks, palette, pile, straight_run
from tcf_gui.gui.card_art import CardArt, CardSet
from tcf_gui.gui.card_faces import FACE_STYLES
from tcf_gui.gui.coach_overlay import CoachOverlay
from tcf_gui.gui.layout import MIN_SIZE, Layout
from tcf_gui.gui.counts_board import draw_board
from tcf_gui.gui.deck_pile import draw_deck, draw_pile
from tcf_gui.gui.hands import draw_hands
from tcf_gui.gui.render import SeatLabel, TableRenderer
from tcf_gui.gui.table_state import TableState
from tcf_gui.gui.text import TextCache

SIZES = [MIN_SIZE, (800, 600), (1280, 720), (1920, 1080), (3840, 2160)]
LAYOUTS = [Layout(*size, log_open=log) for size in SIZES for log in (False, True)]
STYLES = list(FACE_STYLES.items())


def draw_table(renderer, surface, layout, state, seats) -> None:
    """The still table as its parts draw it: felt, deck, pile, counts board, hands."""
    surface.blit(renderer.background(layout), (0, 0))
    draw_deck(renderer, surface, layout, state.deck_count)
    draw_pile(renderer, surface, layout, state)
    draw_board(renderer, surface, layout, state)
    draw_hands(renderer, surface, layout, state, [], seats)


def _ink(art: CardArt, card: Card) -> np.ndarray:
    """Where the face of ``card`` differs from a blank card: its ink, (x, y) indexed."""
    face = pygame.surfarray.array3d(art.face(card)).astype(int)
    blank = pygame.surfarray.array3d(pygame.transform.smoothscale(art.blank(), art.size)).astype(int)
    return np.abs(face - blank).max(axis=2) > 24


# -- the key caps and the coach's badges ---------------------------------------------------------

@pytest.mark.parametrize("face,style", STYLES, ids=[name for name, _ in STYLES])
@pytest.mark.parametrize("layout", LAYOUTS, ids=lambda l: f"{l.width}x{l.height}{'-log' if l.log_open else ''}")
def test_marks_lie_in_the_free_strip_and_under_the_card(face, style, layout):
    wide = 4 * card_marks.mark_px(layout)  # a badge of "100%" and its padding, at most
    for slot, card in enumerate(layout.hands[1]):
        strip = style.free_bottom(card)
        cap = card_marks.cap_rect(layout, style, slot)
        badge = card_marks.badge_rect(layout, style, slot, wide)
        for mark in (cap, badge):
            assert mark.height >= 12 and mark.width >= 12
            assert strip.left <= mark.left and mark.right <= strip.right, (mark, strip)
            assert mark.top >= strip.top  # nothing printed from here down
            assert mark.bottom < layout.status.top  # clear of the status bar
            assert mark.bottom > card.bottom - mark.height  # astride the edge, not floating on the face
        assert not cap.colliderect(badge)
        if slot:
            assert not badge.colliderect(card_marks.cap_rect(layout, style, slot - 1))


@pytest.mark.parametrize("face", list(FACES))
@pytest.mark.parametrize("size", [MIN_SIZE, (1280, 720), (3840, 2160)], ids=["smallest", "1280x720", "4K"])
def test_no_face_prints_where_the_marks_lie(face, size):
    """Every one of the 52 faces (at 4K: one of each rank) is blank under the marks."""
    layout = Layout(*size)
    style = FACE_STYLES[face]
    art = CardArt(layout.card_w, layout.card_h, face=face)
    card_rect = layout.hands[1][0]
    marks = [card_marks.cap_rect(layout, style, 0),
             card_marks.badge_rect(layout, style, 0, 4 * card_marks.mark_px(layout))]
    cards = CARDS if size != (3840, 2160) else [Card(rank, Suit.HEART) for rank in Rank]
    for card in cards:
        ink = _ink(art, card)
        for mark in marks:
            on_card = mark.clip(card_rect).move(-card_rect.left, -card_rect.top)
            under = ink[on_card.left:on_card.right, on_card.top:on_card.bottom]
            assert not under.any(), (card, mark)


class _Advice:
    """What the coach overlay reads of an Advice: the choices and the best one."""

    class _Choice:
        def __init__(self, slot: int, win: float) -> None:
            self.slot, self.win = slot, win

    def __init__(self, wins: list[float]) -> None:
        self.choices = [self._Choice(slot, win) for slot, win in enumerate(wins)]
        self.best = max(self.choices, key=lambda choice: choice.win)


@pytest.mark.parametrize("size", [MIN_SIZE, (1920, 1080)])
def test_the_coach_badges_are_drawn_in_their_place_the_best_in_gold(size):
    layout = Layout(*size)
    style = FACE_STYLES["large"]
    coach = CoachOverlay()

    surface = pygame.Surface(size)
    surface.fill((0, 0, 0))
    coach.draw(surface, layout, TextCache(), style, _Advice([0.37, 1.0, 0.36]))
    for slot in range(3):
        room = card_marks.badge_room(layout, style, slot)
        drawn = [(x, y) for x in range(room.left - 2, room.right + 2) for y in range(room.top, room.bottom)
                 if surface.get_at((x, y))[:3] != (0, 0, 0)]
        assert drawn, slot
        assert all(room.collidepoint(point) for point in drawn)  # "100%" too fits its room
    best = card_marks.badge_room(layout, style, 1)
    gold = sum(1 for x in range(best.left, best.right) if surface.get_at((x, best.top + 2))[:3] == palette.GOLD)
    assert gold > best.width // 3


# -- the discard pile ----------------------------------------------------------------------------

def _inside(point, polygon) -> bool:
    """Inside a convex polygon (corners in order)."""
    signs = []
    for (x1, y1), (x2, y2) in zip(polygon, polygon[1:] + polygon[:1]):
        signs.append((x2 - x1) * (point[1] - y1) - (y2 - y1) * (point[0] - x1) > 0)
    return all(signs) or not any(signs)


def _turned_box(layout: Layout, box: pygame.Rect, centre, angle: float) -> list[tuple[float, float]]:
    """Points all over ``box`` (card coordinates) of a card at ``centre`` turned ``angle``."""
    points = []
    for fx, fy in itertools.product(np.linspace(0, 1, 9), repeat=2):
        x = box.left + fx * box.width - layout.card_w / 2
        y = box.top + fy * box.height - layout.card_h / 2
        turned = pygame.math.Vector2(x, y).rotate(-angle)
        points.append((centre[0] + turned.x, centre[1] + turned.y))
    return points


TILTS = sorted({pile.tilt(card) for card in CARDS})


@pytest.mark.parametrize("face,style", STYLES, ids=[name for name, _ in STYLES])
@pytest.mark.parametrize("layout", LAYOUTS[::2], ids=lambda l: f"{l.width}x{l.height}")
def test_a_card_under_another_on_the_pile_shows_its_whole_index_or_none(face, style, layout):
    """For every pair of tilts: the second card's top-left index lies wholly outside the top
    card, with a gap, and its turned bottom-right index wholly under it."""
    size = (layout.card_w, layout.card_h)
    top_left = style.index_box(size)
    bottom_right = top_left.move(size[0] - top_left.right - top_left.left, size[1] - top_left.bottom - top_left.top)
    gap = max(2, layout.card_w // 40)
    for under, over in itertools.product(TILTS, repeat=2):
        top = pile.outline(layout, pile.place(layout, style, 0), over)
        second = pile.place(layout, style, 1)
        shown = _turned_box(layout, top_left.inflate(2 * gap, 2 * gap), second, under)
        assert not any(_inside(point, top) for point in shown), (under, over)
        hidden = _turned_box(layout, bottom_right, second, under)
        assert all(_inside(point, top) for point in hidden), (under, over)
    # the second card clears the deck, so it is seen as a card of the pile
    assert pile.place(layout, style, 1)[0] - layout.card_w / 2 > layout.deck.right


def test_only_the_last_two_discards_are_drawn():
    cards = tuple(parse_cards("XS 3H 5C 9D"))
    assert pile.shown(cards) == [(cards[2], 1), (cards[3], 0)]
    assert pile.shown(cards[:1]) == [(cards[0], 0)]
    assert pile.shown(()) == []


def test_a_ten_under_a_three_is_drawn_whole_beside_it():
    """On the screen: the 10's index pixels left of the 3 are the 10's own, all of them."""
    layout = Layout(1280, 720)
    renderer = TableRenderer(TextCache(), CardSet())
    surface = pygame.Surface(layout.size)
    ten, three = parse_cards("XS 3H")
    state = TableState(discards=(ten, three), dealt=True)
    draw_table(renderer, surface, layout, state, {1: SeatLabel("You", ""), 2: SeatLabel("Player 2", "")})
    art = renderer.art(layout)
    picture = renderer.tilted(layout, ten)
    spot = picture.get_rect(center=tuple(round(v) for v in pile.place(layout, renderer.card_set.style, 1)))
    style = renderer.card_set.style
    box = style.index_box((layout.card_w, layout.card_h))
    face = art.face(ten)

    def black(colour) -> bool:  # the spades' ink, not the green felt
        return max(colour[:3]) < 100 and abs(colour[0] - colour[1]) < 30

    dark_on_face = sum(1 for x in range(box.left, box.right) for y in range(box.top, box.bottom)
                       if black(face.get_at((x, y))))
    # the tilt is at most 2°: the index lands within a pixel or two of where it is on the face
    dark_on_screen = sum(1 for x in range(spot.left, spot.left + box.right + 3)
                         for y in range(spot.top, spot.top + box.bottom + 3)
                         if black(surface.get_at((x, y))))
    assert dark_on_screen == pytest.approx(dark_on_face, rel=0.2)
    assert dark_on_face > 30


# -- the straight flush --------------------------------------------------------------------------

def test_the_run_of_a_straight_flush_is_its_cards_in_rank_order():
    assert straight_run.run_of(parse_cards("4H 5H 3H")) == parse_cards("3H 4H 5H")
    assert straight_run.run_of(parse_cards("QS AS KS")) == parse_cards("QS KS AS")
    assert straight_run.run_of(parse_cards("QS XS KS")) is None  # a flush, not a straight
    assert straight_run.run_of(parse_cards("4H 5D 3H")) is None  # a straight, not a flush
    assert straight_run.run_of(parse_cards("AH 2H 3H")) is None  # the ace is high only
    assert straight_run.run_of((None, *parse_cards("4H 5H"))) is None


@pytest.mark.parametrize("layout", LAYOUTS, ids=lambda l: f"{l.width}x{l.height}{'-log' if l.log_open else ''}")
def test_the_run_lies_beside_its_hand_on_the_table(layout):
    for player in (1, 2):
        tiles = straight_run.tile_rects(layout, player)
        if tiles[0].height < 18:
            continue  # not drawn: no room
        hand = layout.hand_span(player)
        assert tiles[0].left > hand.right and all(layout.table.contains(tile) for tile in tiles)
        assert [tile.left for tile in tiles] == sorted(tile.left for tile in tiles)
        assert not any(tile.colliderect(other) for tile, other in itertools.combinations(tiles, 2))
        if layout.log_panel is not None:
            assert not any(tile.colliderect(layout.log_panel) for tile in tiles)
    assert Layout(1280, 720).card_h * 0.3 < straight_run.tile_rects(Layout(1280, 720), 1)[0].height


def test_the_table_shows_the_run_in_order_once_the_game_is_over():
    layout = Layout(1280, 720)
    hand1, hand2 = parse_cards("4H 5H 3H"), parse_cards("QS XS KS")
    seats = {1: SeatLabel("You", ""), 2: SeatLabel("Player 2", "")}

    def drawn(outcome) -> pygame.Surface:
        surface = pygame.Surface(layout.size)
        state = TableState(hands={1: tuple(hand1), 2: tuple(hand2)}, face_up={1: True, 2: True},
                           dealt=True, outcome=outcome)
        draw_table(TableRenderer(TextCache(), CardSet()), surface, layout, state, seats)
        return surface

    over, playing = drawn(judge(hand1, hand2)), drawn(None)
    tiles = straight_run.tile_rects(layout, 1)
    for card, rect in zip(parse_cards("3H 4H 5H"), tiles):
        expected = straight_run.tile(card, rect.size, False)
        assert pygame.image.tobytes(over.subsurface(rect), "RGB") == pygame.image.tobytes(
            _over(expected, playing.subsurface(rect)), "RGB")
    for rect in straight_run.tile_rects(layout, 2):  # the flush of spades is no straight
        assert pygame.image.tobytes(over.subsurface(rect), "RGB") == pygame.image.tobytes(
            playing.subsurface(rect), "RGB")


def test_a_game_that_ends_in_a_straight_flush_shows_its_run(settings, clock, history):
    from screen_tour import table_straight_flush

    manager = table_straight_flush(settings, clock, history, [])
    table = manager.stack[0]
    run = straight_run.run_of(table.state.hands[2])
    assert run is not None and straight_run.run_of(table.state.hands[1]) is None
    surface = pygame.Surface(table.layout.size)
    manager.draw(surface)
    for card, rect in zip(run, straight_run.tile_rects(table.layout, 2)):
        tile = straight_run.tile(card, rect.size, table.renderer.four_colour)
        drawn, made = surface.get_at(rect.center), tile.get_at((rect.width // 2, rect.height // 2))
        assert all(abs(a - b) <= 4 for a, b in zip(drawn[:3], made[:3]))


def _over(picture: pygame.Surface, background: pygame.Surface) -> pygame.Surface:
    out = background.copy()
    out.blit(picture, (0, 0))
    return out
