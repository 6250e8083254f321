"""What every table scene shares: the clock, the timeline, resizing, the options, and the
parts the table is built from.

A scene gets the events and the time from outside: ``handle(event)``, ``update(now_ms)``,
then ``draw(surface)`` (a SceneManager calls them). Tests hand in fake milliseconds and
posted events; nothing sleeps. What shows is drawn by the scene's parts (Part, in
tcf_gui.gui.table_view): the cards (``cards``: the felt, the deck, the pile, the counts
board, the hands, the cards in the air), what the scene lays on them (``extras``), the
Menu button, the end-of-game banner (EndPanel), the status line, the log panel and what lies
over the banner (``overlays``); the help is drawn over them all. The scene gives the parts
their words (``seats``, ``status_text``, ``banner``, ``log_lines``...); its menus are a
TableMenu, its options a TableOptions.
"""
from __future__ import annotations

from typing import Any, Callable, Iterable

import pygame

from tcf_gui.words.results import Explanation, explain
from tcf_gui.engine.events import Event
from tcf_gui.engine.game import Game
from tcf_gui.history import History
from tcf_gui.i18n import N_, _
from tcf_gui.gui import palette
from tcf_gui.gui.anim import SPEED_FACTORS, Beat, Timeline, faster, motion_scale, slower
from tcf_gui.gui.card_art import CardSet
from tcf_gui.gui.card_table import Felt
from tcf_gui.gui.counts_board import CountsBoard
from tcf_gui.gui.deck_pile import Deck, Pile
from tcf_gui.gui.end_panel import EndPanel
from tcf_gui.gui.flights import Flights
from tcf_gui.gui.hands import HandLines, Hands
from tcf_gui.gui.help_overlay import draw_help
from tcf_gui.gui.keys import MINUS_KEYS, PLUS_KEYS
from tcf_gui.gui.layout import Layout
from tcf_gui.gui.log_panel import LogPanel
from tcf_gui.gui.menu_button import MenuButton
from tcf_gui.gui.render import Banner, SeatLabel, TableRenderer
from tcf_gui.gui.scene_manager import Scene
from tcf_gui.gui.status_line import StatusLine, cards_left_words, turn_words
from tcf_gui.gui.table_menu import TableMenu
from tcf_gui.gui.table_options import TableOptions
from tcf_gui.gui.table_state import Choreographer, TableState, counted, replay
from tcf_gui.gui.table_view import Options, Part, Sounds
from tcf_gui.gui.text import TextCache
from tcf_gui.gui.turn_log import LogLine, turn_log
from tcf_gui.gui.window import frame_corner, is_fullscreen

#: Single keys that turn an option on or off.
OPTION_KEYS = {pygame.K_l: "show_log", pygame.K_f: "four_colour", pygame.K_s: "sound"}
#: The rules in the help overlay (H), a paragraph each (the overlay wraps them).
RULES_HELP = [
    N_("Each player holds three cards. The first hand to be a flush (all one suit) ends the game."),
    N_("Every turn both players discard one card at the same moment, face up; then Player 1's "
       "gap is filled from the deck, then Player 2's."),
    N_("Both flush: a straight flush beats a flush, else the higher high card wins (rank first, "
       "then suit: clubs < diamonds < hearts < spades). Ace is high only."),
    N_("The deck runs out with no flush: the deck is dead, a draw."),
]


def rules_help() -> list[str]:
    """The rules in the language in force, and a blank line before the keys."""
    return [_(line) for line in RULES_HELP] + [""]


class TableScene(Scene):
    """The base of the table scenes: one game at a time on one table."""

    #: Keys shown in the help overlay under the rules, as (key, what it does).
    keys_help: list[tuple[str, str]] = []
    #: The title of the help overlay (H), and the text above its keys (help_lines()).
    help_title = N_("Rules and keys")
    title = "Three Card Flush"
    #: The label of the end-of-game banner's button, or None for no button.
    banner_button: str | None = None
    #: The seat of the person the result speaks to ("You win"); 0 when computers play.
    you_seat = 1
    #: Options this scene changes for the session only (never saved).
    session_only: frozenset[str] = frozenset()
    #: Options this scene leaves out of its options menu (they do nothing on its table).
    not_offered: frozenset[str] = frozenset()
    #: The person's game history (the statistics screen reads it), or None for none.
    history: History | None = None
    #: The title of the side panel (the turn log); "" for a scene that draws its own panel.
    log_title = N_("Turn log")

    def __init__(self, settings: Options, size: tuple[int, int], sounds: Sounds | None = None) -> None:
        self.settings = settings
        self.sounds = sounds
        self.changed: set[str] = set()
        """The options the person changed (by menu or key): these are saved, flags are not."""
        self.keep: Callable[[str, Any], str | None] | None = None
        """Saves an option the moment the person changes it (``keep(name, value)``); a
        problem comes back as one line. None: nothing is saved (tests, replays)."""
        self.text = TextCache()
        self.renderer = TableRenderer(self.text, CardSet.of(settings), settings.table)
        self.layout = Layout(*size, log_open=self.log_open())
        self.timeline = Timeline()
        self.state = TableState()
        self.now = 0.0
        self.done = False
        self.help_open = False
        self.mouse = (-1, -1)
        self.key_mods = 0
        """The modifiers held with the key being handled (its event's, not the keyboard's now)."""
        self.window_size: tuple[int, int] | None = None
        """The window's size and place while not fullscreen, remembered for the next session."""
        self.window_pos: tuple[int, int] | None = None
        self.game: Game
        self.menus = self.menu_tree()
        self.options = TableOptions(self)
        self.end_panel = EndPanel(self, self.banner, self.banner_buttons)
        self.hands = Hands(self)
        self.cards: list[Part] = [Felt(self), Deck(self, self.end_panel), Pile(self),
                                  CountsBoard(self, self.end_panel), self.hands, Flights(self),
                                  HandLines(self, self.end_panel, lambda: self.status.showing)]
        self.menu_button = MenuButton(self, self.open_menu)
        self.status = StatusLine(self, self.status_text, lambda: self.end_panel.covered)
        self.log = LogPanel(self, self.log_title, self.log_lines, self.log_pinned)
        self.extras: list[Part] = []  # what a scene lays on the cards (the coach's badges...)
        self.overlays: list[Part] = []  # what lies over the banner (its other buttons)

    def menu_tree(self) -> TableMenu:
        """The menus of this scene."""
        return TableMenu(self)

    @property
    def parts(self) -> list[Part]:
        """The parts of the table, bottom up (the help is drawn over them all)."""
        return [*self.cards, *self.extras, self.menu_button, self.end_panel, self.status,
                self.log, *self.overlays]

    # -- the loop's side -------------------------------------------------------------------
    @property
    def animating(self) -> bool:
        """True while the scene wants frames; False lets the loop sleep until an event."""
        return self.timeline.busy or self.status.showing or self.hands.rising

    def update(self, now: float, events: Iterable[pygame.event.Event] = ()) -> None:
        """Take the events (if any are handed in here), then play the timeline up to ``now``."""
        for event in events:
            self.handle(event)
        self.now = now
        self.timeline.update(now)
        self.after_update()
        for part in self.parts:
            part.update(now)

    def after_update(self) -> None:
        """Hook: what a scene does once its animations are done (play on, count a game)."""

    def handle(self, event: pygame.event.Event) -> None:
        """One pygame event: quit, resize, key; the mouse to the parts, top first."""
        if event.type == pygame.QUIT:
            self.quit()
        elif event.type == pygame.VIDEORESIZE:
            self.resize(event.size)
        elif event.type == pygame.WINDOWSIZECHANGED:
            self.resize((event.x, event.y))
        elif event.type == pygame.WINDOWMOVED and not is_fullscreen():
            self.window_pos = frame_corner(event.x, event.y)
        elif event.type == pygame.KEYDOWN:
            self.key_mods = getattr(event, "mod", 0)
            self.key(event.key)
        elif event.type == pygame.MOUSEMOTION:
            self.mouse = event.pos
        elif event.type == pygame.WINDOWLEAVE:  # no card stays raised under a mouse that left
            self.mouse = (-1, -1)
        elif event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            self.mouse = event.pos
            if self.help_open:
                self.help_open = False
            elif not any(part.handle(event) for part in reversed(self.parts)):
                self.click(event.pos)
        elif event.type == pygame.MOUSEWHEEL:
            any(part.handle(event) for part in reversed(self.parts))

    def resize(self, size: tuple[int, int]) -> None:
        """A new layout when the window's size changed."""
        if size != self.layout.size:
            self.layout = Layout(*size, log_open=self.log_open())
            if not is_fullscreen():
                self.window_size = size

    def quit(self) -> None:
        """End the session (the window closes, or Quit in the menu)."""
        self.done = True

    # -- input -----------------------------------------------------------------------------
    def key(self, key: int) -> None:
        """The keys every table shares; the rest go to ``scene_key``."""
        if self.help_open:  # any key closes the help, and does nothing else but its own
            self.help_open = False
            if key == pygame.K_p:
                self.open_how_to_play()
            else:
                self.help_key(key)
        elif key in (pygame.K_ESCAPE, pygame.K_q):  # Q: the menu's Quit, while cards move too
            (self.open_menu if key == pygame.K_ESCAPE else self.menus.quit)()
        elif key in (pygame.K_h, pygame.K_F1):
            self.help_open = not self.help_open
        elif key == pygame.K_F11:
            self.set_option("fullscreen", not self.settings.fullscreen)
        elif key in OPTION_KEYS:
            name = OPTION_KEYS[key]
            self.set_option(name, not getattr(self.settings, name))
        elif key in (pygame.K_PAGEUP, pygame.K_PAGEDOWN):
            self.log.page(back=key == pygame.K_PAGEUP)
        elif key in PLUS_KEYS or key in MINUS_KEYS:
            change = faster if key in PLUS_KEYS else slower
            self.set_option("speed", change(self.settings.speed))
        else:
            self.scene_key(key)

    def scene_key(self, key: int) -> None:
        """Hook: the keys of one scene."""

    def click(self, pos: tuple[int, int]) -> None:
        """Hook: a left click that no part took."""

    def help_key(self, key: int) -> None:
        """Hook: a key pressed while the help is shown (it closes the help first)."""

    # -- options ---------------------------------------------------------------------------
    def set_option(self, name: str, value: Any) -> None:
        """Change an option the person chose (menu or key): apply it, and save it now."""
        self.options.set(name, value)

    def log_open(self) -> bool:
        """Whether the side panel is open: the Turn log option."""
        return self.settings.show_log

    def relayout(self) -> None:
        """A new layout for the window's size (the side panel opened or closed)."""
        self.layout = Layout(*self.layout.size, log_open=self.log_open())

    # -- what the parts and the menus do, as the scene's own -------------------------------
    def open_menu(self) -> None:  # (Esc, or the Menu button)
        self.menus.open()

    def close_menus(self) -> None:
        self.menus.close()

    def open_how_to_play(self) -> None:
        self.menus.open_how_to_play()

    def toast(self, message: str) -> None:
        self.status.toast(message)

    def play_sound(self, name: str) -> None:
        if self.sounds is not None:
            self.sounds.play(name)

    # -- games -----------------------------------------------------------------------------
    def show_game(self, game: Game, events: list[Event], *, open_hands: bool,
                  at_once: bool = False) -> None:
        """Put a game on the table: its ``events`` (its deal) animated, or ``at_once`` the
        table as they left it (a game brought back where it was)."""
        self.game = game
        self.show_events(events, open_hands=open_hands, at_once=at_once)

    def show_events(self, events: list[Event], *, open_hands: bool, at_once: bool = False,
                    face_up: dict[int, bool] | None = None) -> None:
        """A fresh table for the events of a game, animated or ``at_once`` (show_game);
        ``face_up`` for a table whose bottom hand is not the viewer's (a spectator's)."""
        self.state = TableState(face_up=face_up or {1: True, 2: open_hands})
        if at_once:
            self.state = replay(events, self.state)
        self.timeline = Timeline(self.show, self.play_sound)
        self.choreographer = Choreographer(self.state, motion_scale(self.settings))
        if not at_once:
            self.animate(events)

    def counts(self) -> TableState:
        """The table as its numbers count it: cards in the air where they go (every number
        shown, the status line's too, comes from this)."""
        return counted(self.state, self.timeline.in_the_air)

    def show(self, event: Event) -> None:
        """An engine event has been animated: the shown table takes it on."""
        self.state = self.state.apply(event)

    def animate(self, events: list[Event]) -> None:
        for beat in self.choreographer.beats(events):
            self.timeline.add(beat)

    def pause(self, base_ms: float) -> None:
        """A still moment on the timeline (scaled by the speed)."""
        self.timeline.add(Beat(base_ms * SPEED_FACTORS[self.settings.speed]))

    # -- drawing ---------------------------------------------------------------------------
    def draw(self, surface: pygame.Surface) -> None:
        self.resize(surface.get_size())
        self.end_panel.place()
        for part in self.parts:
            part.draw(surface)
        if self.help_open:
            draw_help(surface, self.text, self.layout.font_px, _(self.help_title),
                      self.help_lines(), self.keys_help)

    # -- the words on the table (the parts ask for them) -----------------------------------
    def seats(self) -> dict[int, SeatLabel]:
        """The labels beside each player's hand."""
        raise NotImplementedError

    def status_text(self) -> tuple[str, str]:
        """The status line's left and right parts."""
        raise NotImplementedError

    def hint(self) -> str:
        """A line over Player 1's hand while the game goes on."""
        return ""

    def banner_buttons(self) -> list[str]:
        """The labels of the buttons on the end-of-game banner, side by side (their width is
        shared); none listed: the banner's one button, in its middle."""
        return [_(self.banner_button)] if self.banner_button else []

    def help_lines(self) -> list[str]:
        """Hook: the text of the help overlay above the keys."""
        return rules_help()

    def hover_slot(self) -> int | None:
        """Hook: the slot of Player 1's card to raise under the mouse, if any."""
        return None

    def key_labels(self) -> bool:
        """Hook: True to show the keys 1 2 3 under Player 1's cards."""
        return False

    def log_pinned(self) -> list[LogLine]:
        """Hook: lines kept at the top of the log panel."""
        return []

    def log_lines(self) -> list[LogLine]:
        """The turn log: hands and discards of every shown turn; a hidden hand stays hidden."""
        seats = self.seats()
        return turn_log(self.game, self.state, (seats[1].name, seats[2].name), self.explanation(),
                        lab=self.settings.lab_notation)

    def explanation(self) -> Explanation | None:
        """The shown result in plain words and the lab's lines, named as the seats are."""
        outcome = self.state.outcome
        if outcome is None or outcome.case is None:
            return None
        seats = self.seats()
        return explain(outcome, self.game.turns, (seats[1].name, seats[2].name), self.you_seat)

    def banner(self) -> Banner | None:
        """The end-of-game panel once the result is shown: who won, with what, and why."""
        words = self.explanation()
        if words is None:
            return None
        button = _(self.banner_button) if self.banner_button else None
        return Banner(words.title, words.reason, self.result_colour(words.winner), button)

    def result_colour(self, winner: int) -> palette.RGB:
        return palette.DRAW if winner == 0 else palette.GOLD

    def status_left(self, game: str) -> str:
        """The status line's left: 'Turn 4  ·  40 cards left  ·  Game 2  ·  seed 17'."""
        return _("{turn}  ·  {cards}  ·  Game {game}  ·  seed {seed}").format(
            turn=turn_words(self.state), cards=cards_left_words(self.counts()), game=game,
            seed=self.game.seed)
