"""What the table's parts draw with: the renderer's caches (the felt, the card pictures, the
rotated discards, the shadows, the suit chips), a card with its shadow, and the words and
panels over the table (the hands' names, the banner, buttons, the status line, the side
panel). The cards themselves are drawn by the parts named in tcf_gui.gui.card_table.

The renderer reads a Layout and draws; it changes neither. Everything expensive is cached per
size.
"""
from __future__ import annotations

import weakref
from dataclasses import dataclass
from typing import Sequence

import pygame

from tcf_gui.i18n import _, language
from tcf_gui.config.card_sets import DEFAULT_TABLE
from tcf_gui.engine.cards import Card, Suit
from tcf_gui.gui import palette, pile
from tcf_gui.gui.card_art import CardArt, CardSet, shared_art
from tcf_gui.gui.felt import felt_surface
from tcf_gui.gui.suits import paint_suit
from tcf_gui.gui.layout import Layout
from tcf_gui.gui.text import TextCache
from tcf_gui.gui.text_boxes import MIN_TEXT_PX, inside

Colour = palette.RGB
#: The longest line of the turn log in one row: the log's text is sized to fit it.
LOG_SAMPLE = " 0 You ((X . S) (X . S) (X . S))"


@dataclass(frozen=True)
class SeatLabel:
    """The labels beside a hand: who sits there and how it plays."""

    name: str
    detail: str


def friend_seats(friend: str, seat: int) -> dict[int, SeatLabel]:
    """The labels of a friend's game seen from ``seat``: you at the bottom, the friend at the
    top, each with the seat they have."""
    return {1: SeatLabel(_("You"), _("Player {n}").format(n=seat)),
            2: SeatLabel(friend, _("Player {n}").format(n=3 - seat))}


@dataclass(frozen=True)
class Banner:
    """The end-of-game panel: a headline, a line of explanation and an optional button."""

    title: str
    subtitle: str
    colour: Colour
    button: str | None = None
    notes: tuple[tuple[str, Colour], ...] = ()
    """Rows under the explanation, a line each where they fit (the skill score, today's
    deal): the banner grows by one row for them, and with two the explanation keeps one line."""
    room: int = 0
    """Pixels kept free at the right of the last note's row (for a button there)."""


#: A block of text as drawn: its size and its lines.
Lines = tuple[int, list[str]]


def banner_title(text: TextCache, layout: Layout, banner: Banner) -> Lines:
    """The headline's size and lines: one line, smaller down to the text's size if it must
    be, else two (the banner grows for the second)."""
    px = layout.font_px
    width = layout.banner.width - 2 * px
    size, lines = text.fit_lines(banner.title, int(px * 1.7), width, 1, bold=True, least=px)
    if len(lines) > 1:
        size, lines = text.fit_lines(banner.title, int(px * 1.7), width, 2, bold=True)
    return size, lines


def banner_text(text: TextCache, layout: Layout, banner: Banner) -> tuple[Lines, list[Lines]]:
    """The reason's size and lines, and each note's: the reason on one line or two (one
    beside two notes), a note on one, each smaller if it must be; where even the smallest
    size will not hold them, on more lines (the banner grows for them)."""
    px = layout.font_px
    width = layout.banner.width - 2 * px
    most = 2 if len(banner.notes) < 2 else 1
    reason = text.fit_lines(banner.subtitle, px, width, most)
    last = len(banner.notes) - 1
    notes = [text.fit_lines(words, max(MIN_TEXT_PX, px - 1), width - banner.room * (i == last), 1)
             for i, (words, _colour) in enumerate(banner.notes)]
    return reason, notes


def _line_h(text: TextCache, px: int) -> int:
    return text.line_height(px)


def banner_rect(layout: Layout, banner: Banner, text: TextCache) -> pygame.Rect:
    """Where ``banner`` lies: the layout's banner, without the button row when it has no
    button, one row taller upwards when it has notes, and taller again by the lines its
    words need past those."""
    rect = _usual_banner(layout, banner)
    grow = _notes_row(layout, banner) + banner_growth(layout, banner, text)
    rect.top -= grow
    rect.height += grow
    return rect


def _usual_banner(layout: Layout, banner: Banner) -> pygame.Rect:
    rect = layout.banner.copy()
    if not banner.button:  # the button row goes, but for room for two lines of reason
        rect.height = layout.button.top - rect.top + layout.font_px // 2
    return rect


def _notes_row(layout: Layout, banner: Banner) -> int:
    """What notes add to a banner: one row (with two, the explanation keeps one line), and
    some air."""
    if not banner.notes:
        return 0
    return int(max(MIN_TEXT_PX, layout.font_px - 1) * 1.4) + layout.font_px // 2 * (
        len(banner.notes) > 1)


def banner_growth(layout: Layout, banner: Banner, text: TextCache) -> int:
    """How much taller than usual ``banner`` is for the lines its words take: the headline,
    the reason and the notes one under the other, over the button row."""
    px = layout.font_px
    title_px, title = banner_title(text, layout, banner)
    (reason_px, reason), notes = banner_text(text, layout, banner)
    step = int(max(MIN_TEXT_PX, px - 1) * 1.4)
    need = (int(px * 0.7) + len(title) * text.line_height(title_px, bold=True) + px // 3
            + len(reason) * _line_h(text, reason_px)
            + sum(step + (len(lines) - 1) * _line_h(text, size) for size, lines in notes)
            + (layout.banner.bottom - layout.button.top + px // 3 if banner.button else px // 2))
    return max(0, need - _usual_banner(layout, banner).height - _notes_row(layout, banner))


def note_rows(layout: Layout, banner: Banner, text: TextCache) -> list[pygame.Rect]:
    """The rows of ``banner``'s notes, just over its button row (or its foot), whatever the
    length of the explanation above them (a note on two lines has a row twice as tall)."""
    rect, px = banner_rect(layout, banner, text), layout.font_px
    step = int(max(MIN_TEXT_PX, px - 1) * 1.4)
    heights = [step + (len(lines) - 1) * _line_h(text, size)
               for size, lines in banner_text(text, layout, banner)[1]]
    top = (layout.button.top - px // 3 if banner.button else rect.bottom - px // 2) - sum(heights)
    rows = []
    for height in heights:
        rows.append(pygame.Rect(rect.left + px, top, rect.width - 2 * px, height))
        top += height
    return rows


class TableRenderer:
    """Draws the table for a layout; holds the caches."""

    def __init__(self, text: TextCache, card_set: CardSet = CardSet(), table: str = DEFAULT_TABLE) -> None:
        self.text = text
        self.card_set = card_set
        self.table = table
        """The felt's colour, a name of palette.TABLES."""
        self._art: CardArt | None = None
        self._background: tuple[tuple, pygame.Surface] | None = None
        self._chips: dict[tuple, pygame.Surface] = {}
        """Suit chips, by what they show."""
        self._shadow: pygame.Surface | None = None
        self._cards_in: weakref.WeakKeyDictionary[pygame.Surface, pygame.Rect] = weakref.WeakKeyDictionary()

    @property
    def four_colour(self) -> bool:
        return self.card_set.four_colour

    # -- caches ----------------------------------------------------------------------------
    def art(self, layout: Layout) -> CardArt:
        size = (layout.card_w, layout.card_h)
        art = self._art
        if art is None or art.size != size or art.card_set != self.card_set or art.language != language():
            art = self._art = shared_art(size, self.card_set)
            self._chips.clear()
            self._shadow = None
        return art

    def set_look(self, card_set: CardSet, table: str) -> None:
        """Draw with another card set or table colour from the next frame."""
        if card_set != self.card_set:
            self.card_set = card_set
            self._art = None
        if table != self.table:
            self.table = table
            self._background = None

    def background(self, layout: Layout) -> pygame.Surface:
        """The felt with the status bar and the log panel's shade, made once per layout."""
        key = (layout.size, layout.log_panel and tuple(layout.log_panel))
        if self._background is None or self._background[0] != key:
            surface = felt_surface(layout.size, self.table)
            colours = palette.TABLES[self.table]
            surface.fill(colours.status, layout.status)
            pygame.draw.line(surface, colours.light, layout.status.topleft, layout.status.topright)
            if layout.log_panel is not None:
                shade = pygame.Surface(layout.log_panel.size, pygame.SRCALPHA)
                shade.fill(palette.LOG_SHADE)
                surface.blit(shade, layout.log_panel)
            self._background = (key, surface)
        return self._background[1]

    def shadow(self, layout: Layout) -> pygame.Surface:
        """A soft dark rounded rect the size of a card, drawn under cards."""
        if self._shadow is None or self._shadow.get_size() != (layout.card_w, layout.card_h):
            shadow = pygame.Surface((layout.card_w, layout.card_h), pygame.SRCALPHA)
            radius = max(4, layout.card_w // 12)
            pygame.draw.rect(shadow, (0, 0, 0, 80), shadow.get_rect(), border_radius=radius)
            self._shadow = shadow
        return self._shadow

    def tilted(self, layout: Layout, card: Card) -> pygame.Surface:
        return self.art(layout).turned(card, pile.tilt(card))

    def card(self, surface: pygame.Surface, layout: Layout, picture: pygame.Surface,
              rect: pygame.Rect) -> None:
        offset = max(2, layout.card_w // 40)
        shadow = self.shadow(layout)
        spot = picture.get_rect(center=rect.center)
        card = self._card_in(picture).move(spot.topleft)
        if card.size != shadow.get_size():  # turning over, or a deck of other proportions
            shadow = pygame.transform.scale(shadow, card.size)
        surface.blit(shadow, card.move(offset, offset + 1))
        surface.blit(picture, spot)

    def _card_in(self, picture: pygame.Surface) -> pygame.Rect:
        """Where the card lies in ``picture``: all of it, or less for a deck of other
        proportions drawn centred in a clear margin (its shadow falls under the card only)."""
        found = self._cards_in.get(picture)
        if found is None:
            found = self._cards_in[picture] = picture.get_bounding_rect(min_alpha=128)
        return found

    def suit_chip(self, suit: Suit, size: int) -> pygame.Surface:
        """A small light rounded tile with the suit drawn on it in its colour (legible on felt)."""
        key = ("chip", suit, size, self.four_colour)
        chip = self._chips.get(key)
        if chip is None:
            chip = pygame.Surface((size, size), pygame.SRCALPHA)
            pygame.draw.rect(chip, palette.CARD_FACE, chip.get_rect(), border_radius=max(3, size // 5))
            paint_suit(chip, suit, (size / 2, size / 2), size * 0.62,
                       palette.suit_colour(suit, self.four_colour))
            self._chips[key] = chip
        return chip

    # -- text rows, banner, panels ---------------------------------------------------------
    def analysis_rows(self, surface: pygame.Surface, layout: Layout,
                      rows: dict[int, tuple[str, Colour]]) -> None:
        """Under P2's hand and over P1's: what each hand is, at the end."""
        for player, (words, colour) in rows.items():
            self.band_text(surface, layout, player, words, colour, bold=True)

    def band_text(self, surface: pygame.Surface, layout: Layout, player: int, words: str,
                  colour: Colour, bold: bool = False) -> None:
        """A line in the band between a hand and the middle row: on one line if it fits,
        else on two, smaller if it must be."""
        band = layout.band(player)
        with inside("band", band):
            px = layout.font_px
            most = 2 if 2 * self.text.line_height(px, bold=bold) <= band.height else 1
            px, lines = self.text.fit_lines(words, px, band.width, most, bold=bold)
            step = self.text.line_height(px, bold=bold)
            top = band.centery - step * len(lines) // 2
            for i, line in enumerate(lines):
                self.text.blit(surface, line, px, colour, bold=bold,
                               midtop=(band.centerx, top + i * step))

    def banner(self, surface: pygame.Surface, layout: Layout, banner: Banner,
               button_hot: bool = False) -> None:
        rect = banner_rect(layout, banner, self.text)
        panel = pygame.Surface(rect.size, pygame.SRCALPHA)
        radius = layout.font_px
        pygame.draw.rect(panel, (*palette.BANNER, 255), panel.get_rect(), border_radius=radius)
        pygame.draw.rect(panel, (*banner.colour, 255), panel.get_rect(), width=3, border_radius=radius)
        surface.blit(panel, rect)
        px = layout.font_px
        with inside("banner", rect.inflate(-px, -px // 2)):
            title_px, titles = banner_title(self.text, layout, banner)
            top = rect.top + int(px * 0.7)
            for line in titles:
                self.text.blit(surface, line, title_px, banner.colour, bold=True,
                               midtop=(rect.centerx, top))
                top += self.text.line_height(title_px, bold=True)
            (sub_px, lines), notes = banner_text(self.text, layout, banner)
            top += px // 3
            for line in lines:
                top = self.text.blit(surface, line, sub_px, palette.TEXT,
                                     midtop=(rect.centerx, top)).bottom
        rows = note_rows(layout, banner, self.text)
        for i, (row, (_words, colour), (size, lines)) in enumerate(zip(rows, banner.notes, notes)):
            with inside("banner note", row):
                room = row.inflate(-banner.room, 0).move(-banner.room // 2, 0) \
                    if i == len(notes) - 1 else row
                step = _line_h(self.text, size)
                top = room.centery - step * len(lines) // 2
                for n, line in enumerate(lines):
                    self.text.blit(surface, line, size, colour, shadow=False,
                                   center=(room.centerx, top + n * step + step // 2))
        if banner.button:
            self.button(surface, layout.button, banner.button, px, button_hot)

    def button(self, surface: pygame.Surface, rect: pygame.Rect, label: str, px: int,
               hot: bool = False, quiet: bool = False) -> None:
        """A rounded button; a ``quiet`` one is dark with a gold edge until the mouse is on it."""
        radius = rect.height // 3
        if quiet and not hot:
            pygame.draw.rect(surface, palette.BANNER, rect, border_radius=radius)
            pygame.draw.rect(surface, palette.GOLD, rect, width=1, border_radius=radius)
            colour = palette.TEXT
        else:
            pygame.draw.rect(surface, palette.HIGHLIGHT if hot else palette.GOLD, rect,
                             border_radius=radius)
            pygame.draw.rect(surface, palette.BANNER, rect, width=2, border_radius=radius)
            colour = palette.BANNER
        room = rect.width - rect.height // 2
        with inside("button", rect):
            self.text.label(surface, label, px, rect, room, colour)

    def status(self, surface: pygame.Surface, layout: Layout, left: str, right: str) -> None:
        """The status bar: ``left`` and ``right``."""
        rect = layout.status
        px = layout.font_px - 2
        pad = layout.font_px
        width = rect.width - 4 * pad  # both parts, a gap of two pads between them
        # The left part keeps its size as long as it leaves the right half its room; where
        # they do not fit, each leaves off its last parts.
        least = min(width, self.text.size(right, px)[0])
        left_room = max(width // 2, width - least)
        with inside("status bar", rect):
            left_px = self.text.fit(left, px, left_room)
            left = self.text.elide(self.text.leave_off(left, left_px, left_room), left_px, left_room)
            drawn = self.text.blit(surface, left, left_px, palette.TEXT, shadow=False,
                                   midleft=(rect.left + pad, rect.centery))
            room = rect.right - drawn.right - 3 * pad
            size = self.text.fit(right, px, room)
            right = self.text.leave_off(right, size, room)
            self.text.blit(surface, self.text.elide(right, size, room), size, palette.TEXT_DIM,
                           shadow=False, midright=(rect.right - pad, rect.centery))

    def side_panel(self, surface: pygame.Surface, layout: Layout, title: str,
                   lines: Sequence[tuple[str, Colour]],
                   pinned: Sequence[tuple[str, Colour]] = (), scroll: int = 0) -> int:
        """The turn log beside the table: ``pinned`` lines on top, then ``lines`` wrapped to
        the panel, the newest at the bottom unless scrolled ``scroll`` lines back. Returns
        how far it can scroll back."""
        rect = layout.log_panel
        if rect is None:
            return 0
        with inside("log", rect):
            return self._side_panel(surface, rect, layout.font_px, title, lines, pinned, scroll)

    def _side_panel(self, surface: pygame.Surface, rect: pygame.Rect, px: int, title: str,
                    lines: Sequence[tuple[str, Colour]], pinned: Sequence[tuple[str, Colour]],
                    scroll: int) -> int:
        width = rect.width - 2 * px
        mono = self.text.fit(LOG_SAMPLE, max(MIN_TEXT_PX, px - 3), width, mono=True)
        line_h = int(mono * 1.35)
        top = rect.top + px // 2
        for line, colour in pinned:
            self.text.blit(surface, self.text.elide(line, mono, width, mono=True), mono, colour,
                           mono=True, shadow=False, topleft=(rect.left + px, top))
            top += line_h
        if pinned:
            top += line_h // 2
        title_rect = self.text.blit(surface, title, px, palette.GOLD, bold=True,
                                    topleft=(rect.left + px, top))
        title_mid = top + px // 2 + 2
        top += int(px * 1.7)
        rows = [(part, colour) for line, colour in lines
                for part in self.text.wrap(line, mono, width, mono=True)]
        fit = max(1, (rect.bottom - top - px // 2) // line_h)
        most = max(0, len(rows) - fit)
        scroll = min(max(0, scroll), most)
        end = len(rows) - scroll
        for i, (line, colour) in enumerate(rows[max(0, end - fit):end]):
            self.text.blit(surface, line, mono, colour, mono=True, shadow=False,
                           topleft=(rect.left + px, top + i * line_h))
        if most:  # beside the title, or not at all in a narrow panel
            where = [_("PgUp earlier")] * (scroll < most) + [_("PgDn later")] * bool(scroll)
            hint = "  ·  ".join(where)
            if self.text.size(hint, mono, mono=True)[0] <= rect.right - px - title_rect.right - px:
                self.text.blit(surface, hint, mono, palette.TEXT_DIM, mono=True, shadow=False,
                               midright=(rect.right - px, title_mid))
        return most
