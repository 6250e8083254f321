"""Options → Cards and table: choose the card face (the built-in ones, or a deck another card
game installed: tcf_gui.config.decks), the back, the table's colour and the four-colour deck,
with a preview of the choice on its felt.

A menu like the others (Up/Down choose a row, Left/Right or a click step its value, Esc
goes back) with a preview under the rows: four faces that show every suit colour, and a
back, on the chosen felt. Each change goes through the table's ``set_option``, so it is
applied to the table at once and saved like every other option.
"""
from __future__ import annotations

from typing import Any, Callable, Protocol

import pygame

from tcf_gui.config.card_sets import BACKS, DECK_FORMATS, FACES, TABLES
from tcf_gui.config.decks import find_deck, known_decks
from tcf_gui.engine.cards import Card, Rank, Suit
from tcf_gui.i18n import _
from tcf_gui.gui import palette
from tcf_gui.gui.card_art import CardArt, CardSet, card_size_for_height, shared_art
from tcf_gui.gui.felt import felt_surface
from tcf_gui.gui.menu import Item, MenuScene
from tcf_gui.gui.text import TextCache

#: The faces in the preview: every suit, so the four-colour deck shows; a figure, an ace.
PREVIEW_CARDS = (Card(Rank.ACE, Suit.CLUB), Card(Rank.TEN, Suit.DIAMOND), Card(Rank.QUEEN, Suit.HEART),
                 Card(Rank.KING, Suit.SPADE))


class Table(Protocol):
    """What the chooser needs of the table it is opened over."""

    @property
    def settings(self) -> Any: ...

    def set_option(self, name: str, value: Any) -> None: ...


def face_names() -> dict[str, str]:
    """The faces to choose from, as shown: the built-in ones, then every deck found."""
    names = {key: _(label) for key, label in FACES.items()}
    for deck in known_decks().decks:
        names[deck.key] = _("{deck} ({format})").format(deck=deck.name, format=_(DECK_FORMATS[deck.kind]))
    return names


def _choice(table: Table, name: str, names: dict[str, str]) -> tuple[Callable[[], str], Callable[[int], None]]:
    """The value shown and the step of a row choosing one of ``names`` (as shown) for
    setting ``name``."""
    order = list(names)

    def value() -> str:
        return names.get(getattr(table.settings, name), names[order[0]])

    def step(by: int) -> None:
        current = getattr(table.settings, name)
        index = order.index(current) if current in order else 0
        table.set_option(name, order[(index + by) % len(order)])

    return value, step


class CardChooser(MenuScene):
    """The rows of a card set, and its preview below them."""

    def __init__(self, table: Table, size: tuple[int, int], text: TextCache | None = None) -> None:
        super().__init__(_("Cards and table"), [], size, text=text)
        self.table = table
        rows = ((_("Card face"), "card_face", face_names()),
                (_("Card back"), "card_back", {key: _(label) for key, label in BACKS.items()}),
                (_("Table"), "table", {key: _(label) for key, label in TABLES.items()}))
        for label, name, names in rows:
            value, step = _choice(table, name, names)
            if name == "card_back":
                value, step = self._back_words(value), self._back_step(step)
            self.items.append(Item(label, value=value, step=step))
        self.items.append(Item(_("Four-colour deck"), value=self._four_colour_words, step=self._toggle_four_colour))
        self.items.append(Item(_("Back"), self.back))
        self._art: CardArt | None = None
        self._felt: tuple[tuple[tuple[int, int], str], pygame.Surface] | None = None

    def _deck_back(self) -> bool:
        """True when the face chosen is a deck with a back of its own (which it shows)."""
        deck = find_deck(self.table.settings.card_face)
        return deck is not None and (deck.kind != "pysol" or deck.preview is not None)

    def _back_words(self, words: Callable[[], str]) -> Callable[[], str]:
        return lambda: _("the deck's own") if self._deck_back() else words()

    def _back_step(self, step: Callable[[int], None]) -> Callable[[int], None]:
        return lambda by: None if self._deck_back() else step(by)

    def _four_colour_words(self) -> str:
        return _("on: green clubs, blue diamonds") if self.table.settings.four_colour else _("off")

    def _toggle_four_colour(self, _by: int) -> None:
        self.table.set_option("four_colour", not self.table.settings.four_colour)

    # -- geometry --------------------------------------------------------------------------
    def preview_height(self) -> int:
        """The room for the preview: what the window has left under the rows, within reason."""
        px = self.font_px()
        rows = super().panel().height
        room = max(self.size[1], 1) - rows - 3 * px
        return max(0, min(int(px * 11), room))

    def panel(self) -> pygame.Rect:
        rect = super().panel()
        rect.height += self.preview_height()
        rect.center = (self.size[0] // 2, self.size[1] // 2)
        return rect

    def preview_rect(self) -> pygame.Rect:
        """Where the preview lies in the panel, under the last row."""
        px = self.font_px()
        panel = self.panel()
        height = self.preview_height()
        return pygame.Rect(panel.left + px, panel.bottom - height - px // 2, panel.width - 2 * px, height)

    def card_rects(self) -> list[pygame.Rect]:
        """The preview's four faces and a back, in a row centred on the felt."""
        area = self.preview_rect().inflate(-self.font_px(), -self.font_px())
        count = len(PREVIEW_CARDS) + 1
        gap = max(4, area.width // 40)
        by_width = (area.width - (count - 1) * gap) / count / (5 / 7)
        w, h = card_size_for_height(int(min(area.height, by_width)))
        left = area.centerx - (count * w + (count - 1) * gap) // 2
        return [pygame.Rect(left + i * (w + gap), area.centery - h // 2, w, h) for i in range(count)]

    # -- drawing ---------------------------------------------------------------------------
    def art(self, size: tuple[int, int]) -> CardArt:
        """The preview's pictures for the settings as they are now (made again on a change)."""
        settings = self.table.settings
        card_set = CardSet.of(settings)
        if self._art is None or self._art.size != size or self._art.card_set != card_set:
            self._art = shared_art(size, card_set)
        return self._art

    def felt(self, rect: pygame.Rect) -> pygame.Surface:
        key = (rect.size, self.table.settings.table)
        if self._felt is None or self._felt[0] != key:
            self._felt = (key, felt_surface(rect.size, self.table.settings.table))
        return self._felt[1]

    def draw(self, surface: pygame.Surface) -> None:
        super().draw(surface)
        area = self.preview_rect()
        if area.height < 30:  # a window too low for a preview: the table below shows the choice
            return
        rounded = pygame.Surface(area.size, pygame.SRCALPHA)
        pygame.draw.rect(rounded, (255, 255, 255, 255), rounded.get_rect(), border_radius=self.font_px() // 2)
        felt = self.felt(area).copy()
        felt.blit(rounded, (0, 0), special_flags=pygame.BLEND_RGBA_MIN)
        surface.blit(felt, area)
        pygame.draw.rect(surface, palette.GOLD, area, width=1, border_radius=self.font_px() // 2)
        rects = self.card_rects()
        art = self.art(rects[0].size)
        pictures = [art.face(card) for card in PREVIEW_CARDS] + [art.back()]
        for picture, rect in zip(pictures, rects):
            card = picture.get_bounding_rect(min_alpha=128)  # less than rect: a deck of other proportions
            shadow = pygame.Surface(card.size, pygame.SRCALPHA)
            pygame.draw.rect(shadow, (0, 0, 0, 80), shadow.get_rect(), border_radius=max(3, rect.width // 12))
            surface.blit(shadow, card.move(rect.topleft).move(2, 3))
            surface.blit(picture, rect)
