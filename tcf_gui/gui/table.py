"""What both table scenes share: the clock, the timeline, resizing, the options, panels.

A scene gets the events and the time from outside: ``handle(event)``, ``update(now_ms)``,
then ``draw(surface)`` (a SceneManager calls them). Tests hand in fake milliseconds and
posted events; nothing sleeps.
"""
from __future__ import annotations

import sys
from typing import Any, Callable, Iterable, Protocol

import pygame

from tcf_gui.words.cards import hand_name
from tcf_gui.words.results import Explanation, explain
from tcf_gui.engine.events import Event
from tcf_gui.engine.game import Game
from tcf_gui.history import History
from tcf_gui.i18n import N_, _, ngettext, use_language
from tcf_gui.play.scoring import Scored
from tcf_gui.words.skill import score_line
from tcf_gui.config.speeds import speed_name
from tcf_gui.gui import palette
from tcf_gui.gui.anim import SPEEDS, Beat, Timeline, ease_out, faster, slower
from tcf_gui.gui.card_art import CardSet
from tcf_gui.gui.card_chooser import CardChooser
from tcf_gui.gui.help_overlay import draw_help
from tcf_gui.gui.how_to_play import HowToPlay
from tcf_gui.gui.layout import Layout
from tcf_gui.gui.menu import Item, MenuScene
from tcf_gui.gui.options import OPTIONS, options_help
from tcf_gui.gui.render import Banner, Seat, TableRenderer, banner_growth, banner_rect
from tcf_gui.gui.scene_manager import Scene
from tcf_gui.gui.table_state import Choreographer, TableState, counted, replay
from tcf_gui.gui.text_boxes import MIN_TEXT_PX
from tcf_gui.gui.text import TextCache
from tcf_gui.gui.turn_log import LogLine, turn_log
from tcf_gui.gui.window import frame_corner, is_fullscreen, set_fullscreen

TOAST_MS = 1600
HOVER_MS = 110
ENTER_KEYS = (pygame.K_RETURN, pygame.K_KP_ENTER)
PLUS_KEYS = (pygame.K_PLUS, pygame.K_EQUALS, pygame.K_KP_PLUS)
MINUS_KEYS = (pygame.K_MINUS, pygame.K_KP_MINUS)
#: Lines that PgUp and PgDn scroll the turn log.
LOG_PAGE = 8
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


class Sounds(Protocol):
    enabled: bool

    def play(self, name: str) -> None: ...


class Options(Protocol):
    """The settings a scene reads and changes (tcf_gui.config.settings.Settings)."""

    speed: str
    four_colour: bool
    open_hands: bool
    sound: bool
    show_log: bool
    fullscreen: bool
    coach: bool
    card_face: str
    card_back: str
    table: str
    lab_notation: bool
    keep_watched: bool
    language: str | None


class TableScene(Scene):
    """The base of the play and spectator scenes: one game at a time on one table."""

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
        self.option_effects: dict[str, Callable[[], None]] = {
            "speed": self._speed_changed, "sound": self._sound_changed,
            "four_colour": self._four_colour_changed, "open_hands": self._open_hands_changed,
            "show_log": self._log_changed, "card_face": self._look_changed,
            "card_back": self._look_changed, "table": self._look_changed,
            "lab_notation": self._lab_notation_changed,
            "fullscreen": lambda: set_fullscreen(self.settings.fullscreen),
            "language": self._language_changed,
        }
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
        self.log_scroll = 0
        """How many lines the turn log is scrolled back from its newest line."""
        self._log_most = 0
        self.window_size: tuple[int, int] | None = None
        """The window's size and place while not fullscreen, remembered for the next session."""
        self.window_pos: tuple[int, int] | None = None
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
        """Take the events (if any are handed in here), then play the timeline up to ``now``."""
        for event in events:
            self.handle(event)
        self.now = now
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
        elif event.type == pygame.MOUSEWHEEL:
            self.scroll_log(3 * event.y)
        elif event.type == pygame.WINDOWLEAVE:  # no card stays raised under a mouse that left
            self.mouse = (-1, -1)
        elif event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            self.mouse = event.pos
            if self.help_open:
                self.help_open = False
            elif self.layout.menu_button.collidepoint(event.pos):
                self.open_menu()
            else:
                self.click(event.pos)

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
        """The keys both scenes share; the rest go to ``scene_key``."""
        if self.help_open:  # any key closes the help, and does nothing else but its own
            self.help_open = False
            if key == pygame.K_p:
                self.open_how_to_play()
            else:
                self.help_key(key)
        elif key == pygame.K_ESCAPE:
            self.open_menu()
        elif key in (pygame.K_h, pygame.K_F1):
            self.help_open = not self.help_open
        elif key == pygame.K_F11:
            self.set_option("fullscreen", not self.settings.fullscreen)
        elif key in OPTION_KEYS:
            name = OPTION_KEYS[key]
            self.set_option(name, not getattr(self.settings, name))
        elif key in (pygame.K_PAGEUP, pygame.K_PAGEDOWN):
            self.scroll_log(LOG_PAGE if key == pygame.K_PAGEUP else -LOG_PAGE)
        elif key in PLUS_KEYS or key in MINUS_KEYS:
            change = faster if key in PLUS_KEYS else slower
            self.set_option("speed", change(self.settings.speed))
        else:
            self.scene_key(key)

    def scroll_log(self, lines: int) -> None:
        """Scroll the turn log back (positive) or on (negative), within what it holds."""
        self.log_scroll = min(max(0, self.log_scroll + lines), self._log_most)

    def scene_key(self, key: int) -> None:
        """Hook: the keys of one scene."""

    def click(self, pos: tuple[int, int]) -> None:
        """Hook: a left click that no overlay took."""

    # -- options ---------------------------------------------------------------------------
    def set_option(self, name: str, value: Any) -> None:
        """Change an option the person chose (menu or key): apply it, and save it now.

        A table opened over another (a review or replay over the game) shares its settings:
        the one below applies the change to its own picture too and saves it."""
        setattr(self.settings, name, value)
        effect = self.option_effects.get(name)
        if effect is not None:
            effect()
        below = self.table_below()
        if below is not None:
            below.set_option(name, value)
        elif name not in self.session_only:
            self.changed.add(name)
            problem = self.keep(name, value) if self.keep is not None else None
            if problem:  # the option holds this session; the disk said no
                print(f"tcf-gui: {problem}", file=sys.stderr)
                self.toast(problem)

    def table_below(self) -> TableScene | None:
        """The nearest table under this one in the window's stack, if any."""
        stack = self.manager.stack if self.manager is not None else []
        below = stack[:stack.index(self)] if self in stack else []
        return next((scene for scene in reversed(below) if isinstance(scene, TableScene)), None)

    def _speed_changed(self) -> None:
        self.choreographer.scale = SPEEDS[self.settings.speed]
        self.toast(_("Speed: {speed}").format(speed=speed_name(self.settings.speed)))

    def _sound_changed(self) -> None:
        if self.sounds is not None:
            self.sounds.enabled = self.settings.sound
        self.toast(_("Sound on") if self.settings.sound else _("Sound off"))

    def _look_changed(self) -> None:
        self.renderer.set_look(CardSet.of(self.settings), self.settings.table)

    def _four_colour_changed(self) -> None:
        self._look_changed()
        self.toast(_("Four-colour deck on") if self.settings.four_colour else _("Four-colour deck off"))

    def _open_hands_changed(self) -> None:
        self.toast(_("Open hands on from the next game") if self.settings.open_hands
                   else _("Open hands off from the next game"))

    def _lab_notation_changed(self) -> None:
        self.toast(_("Lab notation on: the turn log and the hands in the lab's syntax")
                   if self.settings.lab_notation else _("Lab notation off: cards as 10♠ and K♥"))

    def _language_changed(self) -> None:
        """Speak the chosen language at once: the menus open are made again in it, the
        options menu on its Language row."""
        use_language(self.settings.language)
        stack = self.manager.stack if self.manager is not None else []
        above = stack[stack.index(self) + 1:] if self in stack else []
        menus = [scene for scene in above if isinstance(scene, MenuScene)]
        if not above or len(menus) != len(above):
            return
        row = menus[-1].selected
        del stack[len(stack) - len(above):]
        self.open_menu()
        self.open_options()
        if isinstance(stack[-1], MenuScene):
            stack[-1].selected = row

    def log_open(self) -> bool:
        """Whether the side panel is open: the Turn log option."""
        return self.settings.show_log

    def _log_changed(self) -> None:
        self.layout = Layout(*self.layout.size, log_open=self.log_open())

    # -- the menu --------------------------------------------------------------------------
    def open_menu(self) -> None:
        """Esc or the Menu button: the menu over the table (the table waits below it)."""
        if self.manager is not None:
            self.manager.push(self.menu())

    def menu(self) -> MenuScene:
        """The main menu of this scene."""
        return MenuScene(_("Menu"), self.menu_items(), self.layout.size, text=self.text)

    def menu_items(self) -> list[Item]:
        """Hook: the main menu's items."""
        return [self.resume_item(), Item(_("Options"), self.open_options, key=pygame.K_o),
                Item(_("Help"), self.open_help, key=pygame.K_h),
                Item(_("Quit"), self.menu_quit, key=pygame.K_q)]

    def resume_item(self) -> Item:
        return Item(_("Resume"), self.close_menus, key=pygame.K_ESCAPE)

    def close_menus(self) -> None:
        """Close every menu over this table (and nothing below it: a friend's table lies
        over the table it was opened from, which stays)."""
        if self.manager is not None and self in self.manager.stack:
            for scene in self.manager.stack[self.manager.stack.index(self) + 1:]:
                scene.done = True

    def open_help(self) -> None:
        self.close_menus()
        self.help_open = True

    def open_how_to_play(self) -> None:
        """How to play, illustrated (tcf_gui.gui.how_to_play), over the table."""
        self.close_menus()
        self.help_open = False
        if self.manager is not None:
            self.manager.push(HowToPlay(self.layout.size, self.renderer.card_set, self.text))

    def open_options(self) -> None:
        offered = [option for option in OPTIONS
                   if hasattr(self.settings, option.name) and option.name not in self.not_offered]
        items = [self._option_item(option) for option in offered]
        items.append(Item(_("Cards and table"), self.open_card_chooser))
        items.append(Item(_("Back"), lambda: setattr(menu, "done", True)))
        menu = MenuScene(_("Options"), items, self.layout.size, text=self.text,
                         help_lines=options_help(offered))
        if self.manager is not None:
            self.manager.push(menu)

    def open_card_chooser(self) -> None:
        """Options → Cards and table: faces, backs, table colours, previewed."""
        if self.manager is not None:
            self.manager.push(CardChooser(self, self.layout.size, self.text))

    def _option_item(self, option: Any) -> Item:
        def step(by: int) -> None:
            self.set_option(option.name, option.step(getattr(self.settings, option.name), by))

        def value() -> str:
            return option.words(getattr(self.settings, option.name))

        return Item(_(option.label), value=value, step=step, note=_(option.note) if option.note else "")

    def menu_quit(self) -> None:
        """Quit from the menu (a scene with a game at stake asks first)."""
        self.close_menus()
        self.quit()

    def toast(self, message: str) -> None:
        self._toast = (message, self.now + TOAST_MS)

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
        self.choreographer = Choreographer(self.state, SPEEDS[self.settings.speed])
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
        banner = self.banner()
        covered = self._place_banner(banner) if banner is not None else None
        self.renderer.draw_table(surface, layout, state, self.timeline.frames(self.now),
                                 self.seats(), hover, outcome.winner if outcome else None, lift,
                                 self.key_labels(), banner is not None, self.counts())
        if outcome is not None:
            rows = {}
            for player, analysis in ((1, outcome.analysis1), (2, outcome.analysis2)):
                if covered is not None and covered.colliderect(layout.analysis_line(player)):
                    continue  # under a banner grown for long words (its title names the hand)
                colour = palette.GOLD if outcome.winner == player else palette.TEXT_DIM
                words = hand_name(analysis)
                if self.settings.lab_notation:
                    words = f"{analysis}  ·  {words}"
                rows[player] = (words, colour)
            self.renderer.analysis_rows(surface, layout, rows)
        elif self.hint():
            self.renderer.band_text(surface, layout, 1, self.hint(), palette.TEXT_DIM)
        self.draw_extras(surface)
        label, px = _("Menu"), max(MIN_TEXT_PX, layout.font_px - 3)
        layout.widen_menu_button(self.text.size(label, px, bold=True)[0])
        self.renderer.button(surface, layout.menu_button, label, px,
                             layout.menu_button.collidepoint(self.mouse), quiet=True)
        if banner is not None:
            self.renderer.banner(surface, layout, banner, layout.button.collidepoint(self.mouse))
        note = self._toast[0] if self.now < self._toast[1] else ""
        self.renderer.status(surface, layout, *self.status_text(), note)
        if layout.log_panel is not None and self.log_title:
            self._log_most = self.renderer.side_panel(surface, layout, _(self.log_title), self.log_lines(),
                                                      self.log_pinned(), self.log_scroll)
            self.log_scroll = min(self.log_scroll, self._log_most)
        if self.help_open:
            draw_help(surface, self.text, layout.font_px, _(self.help_title), self.help_lines(),
                      self.keys_help)

    def _place_banner(self, banner: Banner) -> pygame.Rect:
        """Fit the layout's banner to ``banner``'s words (buttons wide enough for their
        labels, the panel grown about its middle for lines past the usual) and return where
        it lies."""
        layout = self.layout
        labels = self.banner_buttons() or ([banner.button] if banner.button else [])
        widest = max((self.text.size(label, layout.font_px, bold=True)[0] for label in labels),
                     default=0)
        layout.widen_banner_buttons(widest, pair=len(labels) > 1)
        layout.lower_banner(banner_growth(layout, banner, self.text))
        return banner_rect(layout, banner, self.text)

    def banner_buttons(self) -> list[str]:
        """The labels of the buttons on the end-of-game banner, side by side (their width is
        shared); none listed: the banner's one button, in its middle."""
        return [_(self.banner_button)] if self.banner_button else []

    def help_key(self, key: int) -> None:
        """Hook: a key pressed while the help is shown (it closes the help first)."""

    def help_lines(self) -> list[str]:
        """Hook: the text of the help overlay above the keys."""
        return rules_help()

    def draw_extras(self, surface: pygame.Surface) -> None:
        """Hook: what a scene adds on the table (the spectator's counters)."""

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
            turn=self.turn_text(), cards=self.cards_left_text(), game=game, seed=self.game.seed)

    @staticmethod
    def skill_note(scored: Scored | None) -> tuple[str, palette.RGB]:
        """A banner's line with the skill score of a game, as far as it is worked out."""
        if scored is None or (scored.skill is None and scored.problem is None):
            return _("Accuracy: the coach is grading your moves…"), palette.TEXT_DIM
        if scored.skill is None:
            return _("No skill score: {reason}").format(reason=scored.problem), palette.TEXT_DIM
        return score_line(scored.skill), palette.TEXT

    def cards_left_text(self) -> str:
        """'40 cards left', the deck counted as the table shows it (as the pile does)."""
        left = self.counts().deck_count
        return ngettext("{n} card left", "{n} cards left", left).format(n=left)

    def turn_text(self) -> str:
        """'Turn 4' while the game goes on, '3 turns played' at the end."""
        turns = self.state.turns_shown
        if self.state.outcome is None:
            return _("Turn {n}").format(n=turns + 1)
        return ngettext("{n} turn played", "{n} turns played", turns).format(n=turns)
