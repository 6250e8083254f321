"""What both table scenes share: the clock, the timeline, resizing, the option keys, panels.

A scene gets the time and the events from outside: ``update(now_ms, events)``, then
``draw(surface)``. Tests hand in fake milliseconds and posted events; nothing sleeps.
"""
from __future__ import annotations

from typing import Iterable, Protocol

import pygame

from ..engine.cards import hand_rep
from ..engine.explain import Explanation, explain
from ..engine.game import Game
from . import palette
from .anim import SPEEDS, Beat, Timeline, ease_out, faster, slower
from .layout import Layout
from .render import Banner, Seat, TableRenderer
from .table_state import Choreographer, TableState
from .text import TextCache

TOAST_MS = 1600
HOVER_MS = 110
ENTER_KEYS = (pygame.K_RETURN, pygame.K_KP_ENTER)
PLUS_KEYS = (pygame.K_PLUS, pygame.K_EQUALS, pygame.K_KP_PLUS)
MINUS_KEYS = (pygame.K_MINUS, pygame.K_KP_MINUS)

#: A line of the log panel and its colour.
LogLine = tuple[str, palette.RGB]

RULES_HELP = [
    "Each player holds three cards. The first hand to be a flush (all one suit) ends the game.",
    "Every turn both players discard one card at the same moment, face up;",
    "then Player 1's gap is filled from the deck, then Player 2's.",
    "Both flush: a straight flush beats a flush, else the higher high card wins",
    "(rank first, then suit: clubs < diamonds < hearts < spades). Ace is high only.",
    "The deck runs out with no flush: the deck is dead, a draw.",
    "",
]


class Sounds(Protocol):
    enabled: bool

    def play(self, name: str) -> None: ...


class Options(Protocol):
    """The settings a scene reads and toggles (tcf_gui.settings.Settings)."""

    speed: str
    four_colour: bool
    open_hands: bool
    sound: bool
    show_log: bool


class TableScene:
    """The base of the play and spectator scenes: one game at a time on one table."""

    #: Keys shown in the help overlay under the rules, as (key, what it does).
    keys_help: list[tuple[str, str]] = []
    title = "Three Card Flush"
    #: The label of the end-of-game banner's button, or None for no button.
    banner_button: str | None = None

    def __init__(self, settings: Options, size: tuple[int, int], sounds: Sounds | None = None) -> None:
        self.settings = settings
        self.sounds = sounds
        self.text = TextCache()
        self.renderer = TableRenderer(self.text, settings.four_colour)
        self.layout = Layout(*size, log_open=settings.show_log)
        self.timeline = Timeline()
        self.state = TableState()
        self.now = 0.0
        self.done = False
        self.help_open = False
        self.mouse = (-1, -1)
        self._toast = ("", 0.0)
        self._hover: tuple[int | None, float] = (None, -HOVER_MS)  # slot, since when
        self.game: Game

    # -- the loop's side -------------------------------------------------------------------
    @property
    def animating(self) -> bool:
        """True while the scene wants frames; False lets the loop sleep until an event."""
        return (self.timeline.busy or self.now < self._toast[1]
                or self.now - self._hover[1] < HOVER_MS)

    def update(self, now: float, events: Iterable[pygame.event.Event] = ()) -> None:
        """Take the events, then play the timeline up to ``now`` (milliseconds)."""
        self.now = now
        for event in events:
            self.handle(event)
        self.timeline.update(now)
        self.after_update()
        hover = self.hover_slot()
        if hover != self._hover[0]:
            self._hover = (hover, now)

    def after_update(self) -> None:
        """Hook: what a scene does once its animations are done (play on, count a game)."""

    def handle(self, event: pygame.event.Event) -> None:
        """One pygame event: quit, resize, key, mouse."""
        if event.type == pygame.QUIT:
            self.done = True
        elif event.type == pygame.VIDEORESIZE:
            self.resize(event.size)
        elif event.type == pygame.WINDOWSIZECHANGED:
            self.resize((event.x, event.y))
        elif event.type == pygame.KEYDOWN:
            self.key(event.key)
        elif event.type == pygame.MOUSEMOTION:
            self.mouse = event.pos
        elif event.type == pygame.WINDOWLEAVE:  # no card stays raised under a mouse that left
            self.mouse = (-1, -1)
        elif event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            self.mouse = event.pos
            if self.help_open:
                self.help_open = False
            else:
                self.click(event.pos)

    def resize(self, size: tuple[int, int]) -> None:
        """A new layout when the window's size changed."""
        if size != self.layout.size:
            self.layout = Layout(*size, log_open=self.settings.show_log)

    # -- input -----------------------------------------------------------------------------
    def key(self, key: int) -> None:
        """The keys both scenes share; the rest go to ``scene_key``."""
        if self.help_open:  # any key closes the help, and does nothing else
            self.help_open = False
        elif key == pygame.K_ESCAPE:
            self.done = True
        elif key in (pygame.K_h, pygame.K_F1):
            self.help_open = not self.help_open
        elif key == pygame.K_l:
            self.settings.show_log = not self.settings.show_log
            self.layout = Layout(*self.layout.size, log_open=self.settings.show_log)
        elif key == pygame.K_f:
            self.settings.four_colour = not self.settings.four_colour
            self.renderer.set_four_colour(self.settings.four_colour)
            self.toast("Four-colour deck " + ("on" if self.settings.four_colour else "off"))
        elif key == pygame.K_s:
            self.settings.sound = not self.settings.sound
            if self.sounds is not None:
                self.sounds.enabled = self.settings.sound
            self.toast("Sound " + ("on" if self.settings.sound else "off"))
        elif key in PLUS_KEYS or key in MINUS_KEYS:
            change = faster if key in PLUS_KEYS else slower
            self.set_speed(change(self.settings.speed))
        else:
            self.scene_key(key)

    def scene_key(self, key: int) -> None:
        """Hook: the keys of one scene."""

    def click(self, pos: tuple[int, int]) -> None:
        """Hook: a left click that no overlay took."""

    def set_speed(self, speed: str) -> None:
        self.settings.speed = speed
        self.choreographer.scale = SPEEDS[speed]
        self.toast(f"Speed: {speed}")

    def toast(self, message: str) -> None:
        self._toast = (message, self.now + TOAST_MS)

    def play_sound(self, name: str) -> None:
        if self.sounds is not None:
            self.sounds.play(name)

    # -- games -----------------------------------------------------------------------------
    def show_game(self, game: Game, *, open_hands: bool) -> None:
        """Put a fresh game on the table and animate its deal."""
        self.game = game
        self.timeline = Timeline()
        self.state = TableState(face_up={1: True, 2: open_hands})
        self.choreographer = Choreographer(self.state, SPEEDS[self.settings.speed], self.play_sound)
        self.animate(game.deal())

    def animate(self, events: list) -> None:
        for beat in self.choreographer.beats(events):
            self.timeline.add(beat)

    def pause(self, base_ms: float) -> None:
        """A still moment on the timeline (scaled by the speed)."""
        self.timeline.add(Beat(base_ms * SPEEDS[self.settings.speed]))

    # -- drawing ---------------------------------------------------------------------------
    def seats(self) -> dict[int, Seat]:
        """The labels beside each player's hand."""
        raise NotImplementedError

    def status_text(self) -> tuple[str, str]:
        """The status line's left and right parts."""
        raise NotImplementedError

    def hint(self) -> str:
        """A line over Player 1's hand while the game goes on."""
        return ""

    def draw(self, surface: pygame.Surface) -> None:
        self.resize(surface.get_size())
        layout, state = self.layout, self.state
        outcome = state.outcome
        hover, since = self._hover
        lift = ease_out((self.now - since) / HOVER_MS)
        self.renderer.draw_table(surface, layout, state, self.timeline.frames(self.now),
                                 self.seats(), hover, outcome.winner if outcome else None, lift)
        if outcome is not None:
            rows = {}
            for player, analysis in ((1, outcome.analysis1), (2, outcome.analysis2)):
                colour = palette.GOLD if outcome.winner == player else palette.TEXT_DIM
                rows[player] = (str(analysis), analysis.describe(), colour)
            self.renderer.analysis_rows(surface, layout, rows)
        elif self.hint():
            self.text.blit(surface, self.hint(), layout.font_px, palette.TEXT_DIM,
                           center=layout.analysis_line(1).center)
        self.draw_extras(surface)
        banner = self.banner()
        if banner is not None:
            self.renderer.banner(surface, layout, banner, layout.button.collidepoint(self.mouse))
        self.renderer.status(surface, layout, *self.status_text())
        if layout.log_panel is not None:
            self.renderer.side_panel(surface, layout, "Turn log", self.log_lines(), self.log_pinned())
        if self.now < self._toast[1]:
            self.renderer.toast(surface, layout, self._toast[0])
        if self.help_open:
            self.renderer.overlay(surface, layout, "How to play", self.help_lines(), self.keys_help)

    def help_lines(self) -> list[str]:
        """Hook: the text of the help overlay above the keys."""
        return RULES_HELP

    def draw_extras(self, surface: pygame.Surface) -> None:
        """Hook: what a scene adds on the table (the spectator's counters)."""

    def hover_slot(self) -> int | None:
        """Hook: the slot of Player 1's card to raise under the mouse, if any."""
        return None

    def log_pinned(self) -> list[LogLine]:
        """Hook: lines kept at the top of the log panel."""
        return []

    def log_lines(self) -> list[LogLine]:
        """The hands of every shown turn in hand-rep form; a hidden hand stays hidden."""
        if not self.state.dealt:
            return []
        lines = []
        history = self.game.hand_history()[: self.state.turns_shown + 1]
        for turn, (hand1, hand2) in enumerate(history):
            lines.append((f"{turn:>2} P1 {hand_rep(hand1)}", palette.TEXT))
            shown = hand_rep(hand2) if self.state.face_up[2] else "(hidden)"
            lines.append((f"   P2 {shown}", palette.TEXT_DIM))
        words = self.explanation()
        if words is not None:
            for line in words.lab:
                head, sep, tail = line.partition(" with ")
                lines.append((head + sep.rstrip(), palette.GOLD))
                if tail:
                    lines.append(("    " + tail, palette.GOLD))
        return lines

    def explanation(self) -> Explanation | None:
        """The shown result in plain words and the lab's lines, named as the seats are."""
        outcome = self.state.outcome
        if outcome is None or outcome.case is None:
            return None
        seats = self.seats()
        return explain(outcome, self.game.turns, (seats[1].name, seats[2].name))

    def banner(self) -> Banner | None:
        """The end-of-game panel once the result is shown: who won, with what, and why."""
        words = self.explanation()
        if words is None:
            return None
        return Banner(words.title, words.reason, self.result_colour(words.winner), self.banner_button)

    def result_colour(self, winner: int) -> palette.RGB:
        return palette.DRAW if winner == 0 else palette.GOLD

    def turn_text(self) -> str:
        """'Turn 4' while the game goes on, '3 turns played' at the end."""
        turns = self.state.turns_shown
        if self.state.outcome is None:
            return f"Turn {turns + 1}"
        return f"{turns} turn{'' if turns == 1 else 's'} played"
