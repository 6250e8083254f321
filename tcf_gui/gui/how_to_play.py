"""How to play, illustrated: four short pages with pictures of cards.

1. the aim, a flush; 2. a turn, both players discarding at once, then drawing; 3. who wins
when both hands are flushes; 4. two tips: keep a suited pair, count the unseen cards of
each suit. Opened from the help (P) or the menu, and offered once after a newcomer's first
game (``offer``). Left/Right (or the buttons) turn the pages, Esc closes.

Each page is a title, a picture and a few lines. The picture is laid out in card widths and
scaled to the room the text leaves; the text shrinks (to a floor) before it would leave its
box. What was drawn where is kept in ``drawn`` (kind, rect), which the tests read.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Callable

import pygame

from tcf_gui.engine.cards import Card, Suit, parse_cards
from tcf_gui.i18n import N_, _
from tcf_gui.gui import palette
from tcf_gui.gui.card_art import CardArt, CardSet, card_size_for_height, shared_art
from tcf_gui.gui.help_overlay import HELP_ROW, draw_help
from tcf_gui.gui.menu import Item, MenuScene
from tcf_gui.gui.scene_manager import Scene
from tcf_gui.gui.suits import paint_suit
from tcf_gui.gui.text import TextCache
from tcf_gui.gui.text_boxes import MIN_TEXT_PX, inside, new_layer

#: The smallest type of the pages' text.
MIN_PX = MIN_TEXT_PX
#: The keys of the pages, shown in their help (H).
KEYS = ((N_("Right, Space, Enter"), N_("the next page (Enter on the last: back to the game)")),
        (N_("Left"), N_("the page before")),
        (N_("Esc"), N_("close, back to the game")),
        HELP_ROW)
CARD_H = 1.4  # a card's height, in card widths


@dataclass(frozen=True)
class Shown:
    """A card in a picture: where (in card widths), face up or not, marked or not."""

    card: Card | None
    """None: the back of a card (``empty``: an empty place)."""
    x: float
    y: float
    mark: palette.RGB | None = None
    dim: bool = False
    empty: bool = False


@dataclass(frozen=True)
class Words:
    """A label in a picture: centred in a box of ``width`` card widths at (x, y)."""

    text: str
    x: float
    y: float
    width: float
    colour: palette.RGB = palette.TEXT
    bold: bool = False


@dataclass(frozen=True)
class Arrow:
    start: tuple[float, float]
    end: tuple[float, float]
    colour: palette.RGB = palette.GOLD


@dataclass(frozen=True)
class Counts:
    """The board of cards still to come per suit, as beside the pile (one suit highlighted)."""

    x: float
    y: float
    width: float
    counts: tuple[tuple[Suit, int], ...]
    best: Suit


@dataclass
class Picture:
    """What a page shows, in card widths: its size, and what lies where."""

    width: float
    height: float
    parts: list["Part"] = field(default_factory=list)


@dataclass(frozen=True)
class Page:
    title: str
    lines: tuple[str, ...]
    picture: Callable[[], Picture]


Part = Shown | Words | Arrow | Counts


def _hand(cards: str, x: float, y: float, step: float = 1.1) -> list[Part]:
    """Cards face up in a row from (x, y), ``step`` card widths apart (under 1: fanned)."""
    return [Shown(card, x + i * step, y) for i, card in enumerate(parse_cards(cards))]


# -- the four pictures --------------------------------------------------------------------------

def _flush() -> Picture:
    picture = Picture(7.6, CARD_H + 0.55)
    picture.parts += [Shown(card, i * 1.1, 0, mark=palette.GOLD) for i, card in enumerate(parse_cards("4S 9S KS"))]
    picture.parts += _hand("4S 9H KS", 4.4, 0)
    picture.parts += [Words(_("A flush: three spades. It wins."), 0, CARD_H + 0.12, 3.2, palette.GOLD, True),
                      Words(_("Not a flush yet: one heart."), 4.4, CARD_H + 0.12, 3.2)]
    return picture


def _turn() -> Picture:
    """A turn in three small tables: both choose, both discards land face up, both draw."""
    mine, theirs, drawn = parse_cards("7C 9C 2H"), parse_cards("KD")[0], parse_cards("5C")[0]
    step, width, gap = 0.75, 2.6, 0.55
    rows = (0.0, CARD_H + 0.45, 2 * CARD_H + 0.9)
    picture = Picture(3 * width + 2 * gap, rows[2] + CARD_H + 0.5)
    captions = (_("1. Both choose a card, at once"), _("2. Both discards land face up"),
                _("3. You draw first, then Player 2"))
    for stage, caption in enumerate(captions):
        x0 = stage * (width + gap)
        for slot in range(3):
            x = x0 + slot * step
            chosen = stage == 0
            if stage == 1 and slot == 1:
                picture.parts.append(Shown(None, x, rows[0], empty=True))
            else:
                new = stage == 2 and slot == 1
                picture.parts.append(Shown(None, x, rows[0] + (0.2 if chosen and slot == 1 else 0),
                                           mark=palette.GOLD if (chosen or new) and slot == 1 else None))
            if stage == 1 and slot == 2:
                picture.parts.append(Shown(None, x, rows[2], empty=True))
            else:
                card = drawn if stage == 2 and slot == 2 else mine[slot]
                lifted = chosen and slot == 2
                picture.parts.append(Shown(card, x, rows[2] - (0.2 if lifted else 0),
                                           mark=palette.GOLD if slot == 2 and stage != 1 else None))
        deck, pile = x0, x0 + 1.45
        picture.parts.append(Shown(None, deck, rows[1]))
        if stage == 0:
            picture.parts.append(Shown(None, pile, rows[1], empty=True))
        else:
            picture.parts += [Shown(mine[2], pile - 0.3, rows[1]), Shown(theirs, pile, rows[1])]
        if stage == 2:  # from the deck's edges to the new cards, numbered in the gaps between rows
            picture.parts += [Arrow((deck + 0.5, rows[1] + CARD_H), (x0 + 2 * step + 0.5, rows[2] + 0.05)),
                              Arrow((deck + 0.5, rows[1]), (x0 + step + 0.5, rows[0] + CARD_H - 0.05)),
                              Words("1", deck, rows[1] + CARD_H + 0.05, 0.4, palette.GOLD, True),
                              Words("2", deck, rows[0] + CARD_H + 0.05, 0.4, palette.GOLD, True)]
        picture.parts.append(Words(caption, x0 - 0.2, rows[2] + CARD_H + 0.1, width + 0.4, palette.GOLD, True))
    return picture


def _tie_breaks() -> Picture:
    rows = [("3H 4H 5H", _("beats"), "9S JS AS", _("A straight flush beats any other flush.")),
            ("5D 9D KD", _("beats"), "4C XC QC", _("Otherwise the higher top card wins: K beats Q.")),
            ("2H 7H AH", _("loses to"), "3S 8S AS", _("Same top rank: spades > hearts > diamonds > clubs."))]
    picture = Picture(6.6, 3 * (CARD_H + 0.55))
    for row, (first, word, second, why) in enumerate(rows):
        y = row * (CARD_H + 0.55)
        picture.parts += _hand(first, 0, y, 0.55)
        picture.parts.append(Words(word, 2.2, y + CARD_H / 2 - 0.15, 2.2, palette.GOLD, True))
        picture.parts += _hand(second, 4.5, y, 0.55)
        picture.parts.append(Words(why, 0, y + CARD_H + 0.06, 6.6, palette.TEXT_DIM))
    return picture


def _tips() -> Picture:
    picture = Picture(7.0, CARD_H + 1.05)
    top = 0.45
    hand = parse_cards("7C KH 9C")
    for slot, card in enumerate(hand):
        keep = card.suit == Suit.CLUB
        picture.parts.append(Shown(card, slot * 1.1, top + (0 if keep else 0.25),
                                   mark=palette.GOLD if keep else None, dim=not keep))
    picture.parts += [Words(_("1. Keep a suited pair"), 0, 0, 3.2, palette.GOLD, True),
                      Words(_("keep"), 0, top + CARD_H + 0.12, 1.0, palette.GOLD, True),
                      Words(_("discard"), 1.1, top + CARD_H + 0.37, 1.0, palette.TEXT_DIM, True),
                      Words(_("keep"), 2.2, top + CARD_H + 0.12, 1.0, palette.GOLD, True),
                      Words(_("2. Count what is left"), 4.0, 0, 3.0, palette.GOLD, True)]
    counts = ((Suit.SPADE, 6), (Suit.HEART, 8), (Suit.DIAMOND, 9), (Suit.CLUB, 11))
    picture.parts.append(Counts(4.2, top, 2.6, counts, Suit.CLUB))
    return picture


def pages() -> list[Page]:
    """The four pages, in order (each line a paragraph: the page wraps it)."""
    return [
        Page(_("The aim: a flush"), (
            _("You and the computer, Player 2, hold three cards each. The first hand whose three cards "
              "are all of one suit, a flush, wins the game."),
            _("If the deck runs out before either hand is a flush, the game is a draw."),
        ), _flush),
        Page(_("A turn: both discard at once"), (
            _("Your hand is at the bottom, Player 2's at the top. Each turn you both discard one card at "
              "the same moment: neither sees the other's choice. The discards lie face up, out of the game."),
            _("Then the deck fills your gap first, then Player 2's, and both hands are looked at."),
        ), _turn),
        Page(_("When both hands are flushes"), (
            _("If both hands are flushes after the same turn, a straight flush (three ranks in a row) wins. "
              "Otherwise the hand with the higher top card wins: rank first, then suit."),
            _("The ace is high only: Q-K-A is a straight, A-2-3 is not."),
        ), _tie_breaks),
        Page(_("Two tips"), (
            _("Keep a suited pair: two cards of one suit need just one more. Discard the odd card."),
            _("Count the unseen cards of each suit: the more of a suit are still to come, the likelier you "
              "draw one. Beside the pile, the table counts them for you."),
        ), _tips),
    ]


# -- the scene ------------------------------------------------------------------------------------

class HowToPlay(Scene):
    """The pages over whatever lies below, one at a time."""

    title = N_("Three Card Flush — how to play")

    def __init__(self, size: tuple[int, int], card_set: CardSet = CardSet(), text: TextCache | None = None) -> None:
        self.size = size
        self.card_set = card_set
        self.text = text or TextCache()
        self.pages = pages()
        self.page = 0
        self.mouse = (-1, -1)
        self.help_open = False
        self.drawn: list[tuple[str, pygame.Rect]] = []
        """What the last frame drew: ("text", rect), ("card", rect), ("figure", rect) ..."""
        self._art: CardArt | None = None

    # -- geometry --------------------------------------------------------------------------
    def font_px(self) -> int:
        return max(MIN_PX + 2, min(40, self.size[1] // 34))

    def panel(self) -> pygame.Rect:
        px = self.font_px()
        width = min(self.size[0] - 2 * px, 52 * px)
        height = min(self.size[1] - 2 * px, int(width * 0.72))
        rect = pygame.Rect(0, 0, width, height)
        rect.center = (self.size[0] // 2, self.size[1] // 2)
        return rect

    def buttons(self) -> dict[str, pygame.Rect]:
        """Back, Next (Play on the last page) and Close, along the panel's foot."""
        px = self.font_px()
        panel = self.panel()
        height = int(px * 2.0)
        width = min(px * 8, (panel.width - 4 * px) // 3)
        y = panel.bottom - px // 2 - height
        back = pygame.Rect(panel.left + px, y, width, height)
        ahead = pygame.Rect(panel.right - px - width, y, width, height)
        close = pygame.Rect(0, y, width, height)
        close.centerx = panel.centerx
        return {"back": back, "next": ahead, "close": close}

    def body(self, px: int) -> tuple[pygame.Rect, pygame.Rect, list[str]]:
        """At text size ``px``: the picture's box, the text's box and the lines in it."""
        panel = self.panel()
        pad = self.font_px()
        inner = panel.inflate(-2 * pad, 0)
        title_h = int(self.font_px() * 1.4) + pad
        foot = self.buttons()["back"].top - pad // 2
        lines: list[str] = []
        for paragraph in self.pages[self.page].lines:
            lines += self.text.wrap(paragraph, px, inner.width, indent="")
        text_h = len(lines) * int(px * 1.35)
        text_box = pygame.Rect(inner.left, foot - text_h, inner.width, text_h)
        top = panel.top + pad // 2 + title_h
        figure = pygame.Rect(inner.left, top, inner.width, max(0, text_box.top - pad // 2 - top))
        return figure, text_box, lines

    def layout(self) -> tuple[int, pygame.Rect, pygame.Rect, list[str]]:
        """The text size (as large as leaves the picture a third of the panel) and the boxes."""
        px = self.font_px()
        while True:
            figure, text_box, lines = self.body(px)
            if px <= MIN_PX or figure.height >= self.panel().height // 3:
                return px, figure, text_box, lines
            px -= 1

    # -- input -----------------------------------------------------------------------------
    def handle(self, event: pygame.event.Event) -> None:
        if event.type == pygame.VIDEORESIZE:
            self.size = event.size
        elif event.type == pygame.WINDOWSIZECHANGED:
            self.size = (event.x, event.y)
        elif event.type == pygame.KEYDOWN:
            self.key(event.key)
        elif event.type == pygame.MOUSEMOTION:
            self.mouse = event.pos
        elif event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            self.mouse = event.pos
            if self.help_open:
                self.help_open = False
            else:
                self.click(event.pos)
        elif event.type == pygame.MOUSEWHEEL:
            self.turn(-event.y)

    def key(self, key: int) -> None:
        if self.help_open:  # any key closes the help, and does nothing else
            self.help_open = False
        elif key in (pygame.K_h, pygame.K_F1):
            self.help_open = True
        elif key in (pygame.K_ESCAPE, pygame.K_BACKSPACE, pygame.K_q):
            self.done = True
        elif key in (pygame.K_LEFT, pygame.K_PAGEUP, pygame.K_UP):
            self.turn(-1)
        elif key in (pygame.K_RIGHT, pygame.K_PAGEDOWN, pygame.K_DOWN, pygame.K_SPACE):
            self.turn(1)
        elif key in (pygame.K_RETURN, pygame.K_KP_ENTER):
            self.next_or_close()

    def click(self, pos: tuple[int, int]) -> None:
        buttons = self.buttons()
        if buttons["back"].collidepoint(pos) and self.page > 0:
            self.turn(-1)
        elif buttons["next"].collidepoint(pos):
            self.next_or_close()
        elif buttons["close"].collidepoint(pos) or not self.panel().collidepoint(pos):
            self.done = True

    def turn(self, by: int) -> None:
        self.page = min(max(0, self.page + by), len(self.pages) - 1)

    def next_or_close(self) -> None:
        if self.page == len(self.pages) - 1:
            self.done = True
        else:
            self.turn(1)

    @property
    def wants_hand_cursor(self) -> bool:
        return any(rect.collidepoint(self.mouse) for rect in self.buttons().values())

    # -- drawing ---------------------------------------------------------------------------
    def draw(self, surface: pygame.Surface) -> None:
        self.size = surface.get_size()
        self.drawn = []
        new_layer("how to play")
        shade = pygame.Surface(self.size, pygame.SRCALPHA)
        shade.fill((0, 0, 0, 170))
        surface.blit(shade, (0, 0))
        px_title = int(self.font_px() * 1.4)
        panel = self.panel()
        pygame.draw.rect(surface, palette.BANNER, panel, border_radius=self.font_px())
        pygame.draw.rect(surface, palette.GOLD, panel, width=2, border_radius=self.font_px())
        page = self.pages[self.page]
        heading = _("How to play ({page} of {pages}): {title}").format(
            page=self.page + 1, pages=len(self.pages), title=page.title)
        px, figure, text_box, lines = self.layout()
        with inside("how to play", panel):
            size = self.text.fit(heading, px_title, panel.width - 2 * self.font_px(), bold=True)
            self._words(surface, heading, size, palette.GOLD, True,
                        midtop=(panel.centerx, panel.top + self.font_px() // 2))
            for i, line in enumerate(lines):
                self._words(surface, line, px, palette.TEXT, False,
                            topleft=(text_box.left, text_box.top + i * int(px * 1.35)))
            self._buttons(surface)
        self.drawn.append(("figure", figure))
        with inside("how to play picture", figure):
            self._picture(surface, page.picture(), figure)
        if self.help_open:
            draw_help(surface, self.text, self.font_px(), _("How to play"), [
                _("Four short pages: the aim, a turn, who wins when both hands are flushes, two tips."),
                _("The table's own help (H at the table) lists its keys; P there opens these pages."), ""],
                KEYS)

    def _words(self, surface: pygame.Surface, words: str, px: int, colour: palette.RGB, bold: bool,
               **anchor: tuple[int, int]) -> pygame.Rect:
        rendered = self.text.render(words, px, colour, bold=bold, shadow=False)
        rect = rendered.get_rect(**anchor)
        surface.blit(rendered, rect)
        self.text.report(words, rendered, rect, px, surface, bold=bold)
        self.drawn.append(("text", rect))
        return rect

    def _buttons(self, surface: pygame.Surface) -> None:
        px = max(MIN_PX, self.font_px() - 2)
        last = self.page == len(self.pages) - 1
        labels = {"back": _("< Back"), "close": _("Close  (Esc)"), "next": _("Play") if last else _("Next >")}
        for name, rect in self.buttons().items():
            if name == "back" and self.page == 0:
                continue
            hot = rect.collidepoint(self.mouse)
            main = name == "next"
            fill = (palette.HIGHLIGHT if hot else palette.GOLD) if main else (palette.BANNER)
            pygame.draw.rect(surface, fill, rect, border_radius=rect.height // 3)
            pygame.draw.rect(surface, palette.GOLD, rect, width=1, border_radius=rect.height // 3)
            label = labels[name]
            size = self.text.fit(label, px, rect.width - px, bold=True)
            self._words(surface, label, size, palette.BANNER if main else palette.TEXT, True, center=rect.center)

    # -- pictures --------------------------------------------------------------------------
    def art(self, height: int) -> CardArt:
        w, h = card_size_for_height(height)
        if self._art is None or self._art.size != (w, h):
            self._art = shared_art((w, h), self.card_set)
        return self._art

    def _picture(self, surface: pygame.Surface, picture: Picture, box: pygame.Rect) -> None:
        """The picture scaled to fit ``box``, centred in it, smaller where its captions need
        a second line below it."""
        unit = min((box.width - 4) / picture.width, (box.height - 4) / picture.height)  # 2 px to spare
        while True:
            if unit < 12:
                return  # no room for cards (a tiny window): the words say it all
            left = box.centerx - picture.width * unit / 2
            top = box.centery - picture.height * unit / 2
            captions = self._captions(picture, unit, left, top)
            if max((rect.bottom for rect, _size, _lines in captions), default=0) <= box.bottom - 2:
                break
            unit *= 0.95
        art = self.art(int(unit * CARD_H))

        def at(x: float, y: float) -> tuple[int, int]:
            return (round(left + x * unit), round(top + y * unit))

        label_px = max(MIN_PX, min(self.font_px() - 2, int(unit * 0.24)))
        words = iter(captions)
        for part in sorted(picture.parts, key=lambda part: not (isinstance(part, Shown) and part.empty)):
            if isinstance(part, Shown):  # empty places first: cards may lie over their edges
                self._card(surface, art, part, at(part.x, part.y))
            elif isinstance(part, Words):
                rect, size, lines = next(words)
                step = self.text.line_height(size, bold=part.bold)
                for i, line in enumerate(lines):
                    self._words(surface, line, size, part.colour, part.bold,
                                midtop=(rect.centerx, rect.top + i * step))
            elif isinstance(part, Arrow):
                _arrow(surface, at(*part.start), at(*part.end), part.colour, max(2, int(unit / 25)))
            else:
                self._counts(surface, part, at(part.x, part.y), unit, label_px)

    def _captions(self, picture: Picture, unit: float, left: float,
                  top: float) -> list[tuple[pygame.Rect, int, list[str]]]:
        """Where each caption (Words) of ``picture`` goes at ``unit`` pixels a card width, in
        the order drawn: its rect, its size and its lines (one, smaller if it must be, else
        two)."""
        label_px = max(MIN_PX, min(self.font_px() - 2, int(unit * 0.24)))
        found = []
        for part in sorted(picture.parts, key=lambda part: not (isinstance(part, Shown) and part.empty)):
            if not isinstance(part, Words):
                continue
            width = int(part.width * unit)
            size, lines = self.text.fit_lines(part.text, label_px, width, 1, bold=part.bold)
            if len(lines) > 1:
                size, lines = self.text.fit_lines(part.text, label_px, width, 2, bold=part.bold)
            height = len(lines) * self.text.line_height(size, bold=part.bold)
            found.append((pygame.Rect(round(left + part.x * unit), round(top + part.y * unit),
                                      width, height), size, lines))
        return found

    def _card(self, surface: pygame.Surface, art: CardArt, shown: Shown, topleft: tuple[int, int]) -> None:
        rect = pygame.Rect(topleft, art.size)
        self.drawn.append(("card", rect))
        if shown.empty:
            surface.blit(art.slot(), rect)
            return
        picture = art.face(shown.card) if shown.card is not None else art.back()
        surface.blit(picture, rect)
        if shown.dim:
            veil = pygame.Surface(rect.size, pygame.SRCALPHA)
            veil.fill((0, 0, 0, 110))
            surface.blit(veil, rect)
        if shown.mark is not None:
            line = max(2, rect.width // 40)
            pygame.draw.rect(surface, shown.mark, rect.inflate(3 * line, 3 * line), width=line,
                             border_radius=max(4, rect.width // 10))

    def _counts(self, surface: pygame.Surface, counts: Counts, topleft: tuple[int, int], unit: float,
                px: int) -> None:
        """The "to come" board: a suit chip and its count per row, the best row in gold."""
        width = int(counts.width * unit)
        head = self._words(surface, _("to come"), px, palette.TEXT_DIM, False, topright=(topleft[0] + width, topleft[1]))
        row_h = int(unit * CARD_H - head.height) // len(counts.counts)
        for i, (suit, count) in enumerate(counts.counts):
            mid = head.bottom + i * row_h + row_h // 2
            chip = pygame.Rect(topleft[0], mid - row_h * 0.4, row_h * 0.8, row_h * 0.8)
            pygame.draw.rect(surface, palette.CARD_FACE, chip, border_radius=max(3, chip.width // 5))
            paint_suit(surface, suit, chip.center, chip.height * 0.62, palette.suit_colour(suit, self.card_set.four_colour))
            self.drawn.append(("chip", chip))
            best = suit == counts.best
            colour = palette.GOLD if best else palette.TEXT
            self._words(surface, str(count), px + (2 if best else 0), colour, True, midright=(topleft[0] + width, mid))
            if best:
                words = _("most left")
                self._words(surface, words, self.text.fit(words, px, width - 3 * chip.width, bold=True),
                            palette.GOLD, True, midleft=(chip.right + px // 2, mid))


def _arrow(surface: pygame.Surface, start: tuple[int, int], end: tuple[int, int], colour: palette.RGB,
           width: int) -> None:
    """A straight arrow with a filled head at ``end``."""
    direction = pygame.math.Vector2(end[0] - start[0], end[1] - start[1])
    if direction.length() < 1:
        return
    tip = pygame.math.Vector2(end)
    back = direction.normalize() * width * 4.5
    side = pygame.math.Vector2(-back.y, back.x) * 0.6
    pygame.draw.line(surface, colour, start, tip - back * 0.8, width)
    pygame.draw.polygon(surface, colour, [tip, tip - back + side, tip - back - side])


# -- offered after a newcomer's first game ---------------------------------------------------------

def offer(size: tuple[int, int], open_pages: Callable[[], None]) -> MenuScene:
    """The question after a newcomer's first game: the pages now, or not."""
    menu = MenuScene(_("Your first game is over"), [], size, lines=(
        _("How to play, in four short pages with pictures: a flush, a turn, who wins when both "
          "have one, and two tips."),
        _("Later too: H, then P, or How to play in the menu."),
    ))

    def show() -> None:
        menu.done = True
        open_pages()

    menu.items = [Item(_("Show me"), show), Item(_("Not now"), menu.back)]
    return menu


#: A player with this many games or fewer in the history is a newcomer (the first game they
#: finish may be their second: one given up counts as a game).
NEWCOMER_GAMES = 2


def first_game_over(games: int, offered: bool) -> bool:
    """Whether to offer the pages now that a game is over: not offered before, and the player
    is new (``games``, this one included, at most NEWCOMER_GAMES)."""
    return not offered and games <= NEWCOMER_GAMES
