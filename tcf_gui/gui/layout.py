"""Where everything goes on the table, computed from the window size alone.

A Layout is a pure function of (width, height, log shown): the drawing code and the click
handling read the same rects, so a click target is always the card that is drawn there.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Union

import pygame

from tcf_gui.engine.game import HAND_SIZE
from tcf_gui.gui.card_art import CARD_RATIO, card_size_for_height

DEFAULT_SIZE = (1280, 720)
MIN_SIZE = (800, 520)
#: The share of the desktop's width and height a window opens at, at most: the desktop's
#: panels and the window's title bar take the rest.
DESKTOP_SHARE = 0.9

#: A place a card can lie: "deck", "discard" or ("hand", player, slot).
Place = Union[str, tuple[str, int, int]]
DECK: Place = "deck"
DISCARD: Place = "discard"


#: The window height at and under which text keeps its usual size whatever the player chose.
SMALL_HEIGHT = 600
#: The player's text size, as a fraction of the usual (Options → Text size, 100% to 200%):
#: one window per process, so one value, set when the settings are read and when it changes.
_text_scale = 1.0


def set_text_scale(percent: int) -> None:
    """Make every text ``percent`` % of its usual size (the cards make room for it)."""
    global _text_scale
    _text_scale = max(100, min(200, percent)) / 100


def text_px(height: int, per: int = 38, least: int = 14, most: int = 22) -> int:
    """The base size of text in a window ``height`` pixels high: a ``per``-th of the height,
    from ``least`` up to ``most`` at full HD; above that it grows with the height, so a 4K
    window looks like the full-HD one at twice the size. Times the player's text size as
    far as the window has room for it: all of it from full-HD height up, none at 600 pixels
    (where the menus have no room to spare), in proportion between."""
    room = min(1.0, max(0.0, (height - SMALL_HEIGHT) / (1080 - SMALL_HEIGHT)))
    scale = 1 + (_text_scale - 1) * room
    return round(scale * max(least, min(height // per, max(most, round(most * height / 1080)))))


def fit_to_desktop(size: tuple[int, int], desktop: tuple[int, int] | None) -> tuple[int, int]:
    """``size`` (the default, or the size the window had last time), shrunk each way to
    DESKTOP_SHARE of a ``desktop`` too small to show it whole (a small laptop, or a window
    saved on a larger screen), but never below MIN_SIZE; as it is when the desktop is unknown."""
    if desktop is None:
        return size
    width, height = (max(least, min(wanted, int(room * DESKTOP_SHARE)))
                     for wanted, room, least in zip(size, desktop, MIN_SIZE))
    return width, height


def hand_place(player: int, slot: int) -> Place:
    """The place of ``slot`` (0-2) in ``player``'s hand."""
    return ("hand", player, slot)


@dataclass
class Layout:
    """The rects of one window size. Player 2 sits at the top, Player 1 at the bottom."""

    width: int
    height: int
    log_open: bool = False
    table: pygame.Rect = field(init=False)
    log_panel: pygame.Rect | None = field(init=False)
    status: pygame.Rect = field(init=False)
    card_w: int = field(init=False)
    card_h: int = field(init=False)
    hands: dict[int, list[pygame.Rect]] = field(init=False)
    deck: pygame.Rect = field(init=False)
    discard: pygame.Rect = field(init=False)
    seen: pygame.Rect = field(init=False)
    deck_label: pygame.Rect = field(init=False)
    banner: pygame.Rect = field(init=False)
    button: pygame.Rect = field(init=False)
    second_button: pygame.Rect = field(init=False)
    menu_button: pygame.Rect = field(init=False)
    lift: int = field(init=False)
    font_px: int = field(init=False)

    def __post_init__(self) -> None:
        w = max(self.width, MIN_SIZE[0])
        h = max(self.height, MIN_SIZE[1])
        self.font_px = text_px(h)
        status_h = int(self.font_px * 1.9)
        log_w = max(240, min(int(w * 0.28), max(400, 18 * self.font_px))) if self.log_open else 0
        self.table = pygame.Rect(0, 0, w - log_w, h - status_h)
        self.log_panel = pygame.Rect(w - log_w, 0, log_w, h - status_h) if log_w else None
        self.status = pygame.Rect(0, h - status_h, w, status_h)

        margin = max(10, h // 48)
        # Three rows of cards plus two text rows between them must fit the height;
        # three cards plus gaps (a hand is 3.36 cards wide) and, on each side, the room
        # for who sits at a hand must fit the width.
        text_gap = int(self.font_px * 2.6)
        by_height = (self.table.height - 2 * margin - 2 * text_gap) / 3.05
        label_w = int(self.font_px * 8.5)
        by_width = (self.table.width - 2 * label_w) / 3.36 / CARD_RATIO
        self.card_w, self.card_h = card_size_for_height(int(min(by_height, by_width)))
        self.lift = max(6, self.card_h // 9)

        gap = max(8, int(self.card_w * 0.18))
        hand_w = 3 * self.card_w + 2 * gap
        left = self.table.centerx - hand_w // 2
        top2 = self.table.top + margin
        top1 = self.table.bottom - margin - self.card_h
        self.hands = {
            player: [pygame.Rect(left + i * (self.card_w + gap), top, self.card_w, self.card_h)
                     for i in range(HAND_SIZE)]
            for player, top in ((1, top1), (2, top2))
        }
        mid_top = (top2 + top1) // 2
        pile_gap = self.card_w // 2
        self.deck = pygame.Rect(self.table.centerx - pile_gap // 2 - self.card_w, mid_top,
                                self.card_w, self.card_h)
        self.discard = pygame.Rect(self.table.centerx + pile_gap // 2, mid_top,
                                   self.card_w, self.card_h)
        seen_left = self.discard.right + self.font_px
        self.seen = pygame.Rect(seen_left, mid_top, min(self.table.right - self.font_px - seen_left,
                                                        self.font_px * 17), self.card_h)
        self.deck_label = pygame.Rect(self.table.left + margin, mid_top,
                                      self.deck.left - self.table.left - margin, self.card_h)
        banner_w = min(int(self.table.width * 0.86), 30 * self.font_px + 260)
        self.banner = pygame.Rect(0, 0, banner_w, int(self.font_px * 8.2))
        self.banner.center = (self.table.centerx, self.deck.centery)
        if _text_scale > 1:  # a tall banner (large text) leaves the seats' labels uncovered
            self.banner.width = min(banner_w, max(self.table.width - 2 * label_w, 3 * self.card_w))
            self.banner.center = (self.table.centerx, self.deck.centery)
        self._banner_top = self.banner.top
        # The banner's two buttons, New game and Review, side by side in its middle.
        button_h = int(self.font_px * 2.1)
        self.button = pygame.Rect(0, 0, self.font_px * 9, button_h)
        self.second_button = self.button.copy()
        pair = pygame.Rect(0, 0, 2 * self.button.width + self.font_px, button_h)
        pair.midbottom = (self.banner.centerx, self.banner.bottom - self.font_px // 2)
        self.second_button.topleft = pair.topleft
        self.button.topright = pair.topright
        self.menu_button = pygame.Rect(margin, margin, self.font_px * 4, int(self.font_px * 1.7))

    @property
    def size(self) -> tuple[int, int]:
        return (self.width, self.height)

    def rect(self, place: Place) -> pygame.Rect:
        """The rect of a place on the table."""
        if isinstance(place, str):
            return self.deck if place == DECK else self.discard
        _, player, slot = place
        return self.hands[player][slot]

    def widen_menu_button(self, label_w: int) -> None:
        """Make the Menu button wide enough for a label ``label_w`` pixels wide (a longer word
        than "Menu"), up to the room left of Player 2's hand."""
        most = self.hand_span(2).left - self.font_px // 2 - self.menu_button.left
        need = label_w + self.menu_button.height // 2 + 2
        self.menu_button.width = max(self.font_px * 4, min(most, need))

    def lower_banner(self, grown: int) -> None:
        """A banner ``grown`` pixels taller than the layout's (long words on more lines) grows
        by half upwards and half downwards, its buttons with it, so it stays over the middle
        row and clear of both hands' lines as long as it can."""
        shift = grown // 2 - (self.banner.top - self._banner_top)
        for rect in (self.banner, self.button, self.second_button):
            rect.move_ip(0, shift)

    def widen_banner_buttons(self, label_w: int, pair: bool = True) -> None:
        """Make the banner's buttons wide enough for a label ``label_w`` pixels wide, up to
        half the banner each: the two side by side in its middle, or (``pair`` False) the
        one button in the middle."""
        width = max(self.font_px * 9, min(label_w + self.button.height,
                                          (self.banner.width - 3 * self.font_px) // 2))
        self.button.width = self.second_button.width = width
        row = pygame.Rect(0, 0, 2 * width + self.font_px if pair else width, self.button.height)
        row.midbottom = (self.banner.centerx, self.banner.bottom - self.font_px // 2)
        self.second_button.topleft = row.topleft
        self.button.topright = row.topright

    def seat_label(self, player: int) -> pygame.Rect:
        """The room left of a hand for who sits there."""
        span = self.hand_span(player)
        left = self.table.left + self.font_px // 2
        return pygame.Rect(left, span.top, span.left - self.font_px - left, span.height)

    def hand_span(self, player: int) -> pygame.Rect:
        """The rect around a whole hand."""
        cards = self.hands[player]
        return cards[0].unionall(cards[1:])

    def hit_rect(self, slot: int) -> pygame.Rect:
        """Where a card of Player 1 answers the mouse: its place and its lifted place."""
        rect = self.hands[1][slot]
        return rect.union(rect.move(0, -self.lift))

    def hand_slot_at(self, pos: tuple[int, int]) -> int | None:
        """The slot of Player 1's hand under ``pos``, or None."""
        for slot in range(HAND_SIZE):
            if self.hit_rect(slot).collidepoint(pos):
                return slot
        return None

    def analysis_line(self, player: int) -> pygame.Rect:
        """The text row between a hand and the middle row (below P2's hand, above P1's)."""
        row_h = int(self.font_px * 1.8)
        rect = pygame.Rect(self.table.left, 0, self.table.width, row_h)
        rect.centery = self.band(player).centery
        return rect

    def band(self, player: int) -> pygame.Rect:
        """All the room between a hand and the middle row: what a text row there may take."""
        if player == 2:
            top, bottom = self.hand_span(2).bottom, self.deck.top
        else:
            top, bottom = self.deck.bottom, self.hand_span(1).top - self.lift
        margin = self.font_px // 2
        return pygame.Rect(self.table.left + margin, top, self.table.width - 2 * margin, bottom - top)
