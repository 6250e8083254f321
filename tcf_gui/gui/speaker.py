"""The game told aloud: what changes on the screen on top, said through a Voice
(tcf_gui.system.voices), and keys to ask for what the eye would look up.

The Speaker sits between the loop and the scene manager and looks like one scene to the
loop. After each update it compares what the top scene shows with what it last said:

- a table: the hand when dealt, each turn's two discards and the draws the listener may
  know, the result and why (from the table's TableState and its explanation(), so it says
  exactly what is drawn, when it lands);
- a menu or dialog: its title when it opens, then the item under the focus and its value.

At a table, keys ask (none of them does anything else there): Y your hand, D the discards,
U the cards not yet seen per suit, G the coach's odds, I the score, B the verbosity. The
scenes themselves know nothing of it.
"""
from __future__ import annotations

import weakref
from typing import Any, Hashable, Iterable, Sequence

import pygame

from tcf_gui.engine.cards import Card
from tcf_gui.i18n import N_, _
from tcf_gui.play import OffLoopFailed
from tcf_gui.gui.coach_overlay import advise_view, problem_words
from tcf_gui.gui.friend_menu import FormScene
from tcf_gui.gui.menu import MenuScene
from tcf_gui.gui.options import OPTIONS
from tcf_gui.gui.scene_manager import Scene, SceneManager
from tcf_gui.gui.table import TableScene
from tcf_gui.gui.table_state import TableState
from tcf_gui.gui.table_view import Options
from tcf_gui.system.voices import Voice, open_voice
from tcf_gui.words import spoken
from tcf_gui.words.cards import card_name
from tcf_gui.words.formats import percent

#: The keys that ask, with what each asks for (the help lists them).
ASK_KEYS = {pygame.K_y: "hand", pygame.K_d: "discards", pygame.K_u: "counts",
            pygame.K_g: "coach", pygame.K_i: "score", pygame.K_b: "verbosity"}
#: The Options menu's Speech verbosity, whose next value B steps to (round from full to short).
VERBOSITY_OPTION = next(option for option in OPTIONS if option.name == "verbosity")
#: What each asks, as the help says it (spoken when H opens the help with speech on, and
#: listed in the Options menu's help).
SPEECH_KEYS_HELP = N_("Speech keys: Y your hand, D the discards, U the cards not yet seen, "
                      "G the coach's odds, I the score, B fewer or more words.")


class Speaker:
    """Says what the scenes of ``manager`` show; ``voice`` None: silent until speech is
    turned on (Options → Speech), when ``spec`` opens one."""

    def __init__(self, manager: SceneManager, settings: Options, spec: str = "on",
                 voice: Voice | None = None) -> None:
        self.manager = manager
        self.settings = settings
        self.spec = spec
        self.voice = voice
        self.problem: str | None = None
        self._said: weakref.WeakKeyDictionary[TableScene, TableState] = weakref.WeakKeyDictionary()
        """Each table's state when its last announcement was made."""
        self._top: Scene | None = None
        self._focus_said: str | None = None
        """What was said of the focus on the screen on top (None: it has just opened)."""
        self._help_said = False
        self._spoke = False  # something was said in this frame
        self._over_said: dict[str, str] = {}

    # -- one scene to the loop -------------------------------------------------------------
    @property
    def title(self) -> str:
        return self.manager.title

    @property
    def done(self) -> bool:
        return self.manager.done

    @property
    def animating(self) -> bool:
        return self.manager.animating

    @property
    def frame_key(self) -> Hashable:
        return self.manager.frame_key

    def draw(self, surface: pygame.Surface) -> None:
        self.manager.draw(surface)

    def __getattr__(self, name: str) -> Any:
        """The rest is the manager's (its stack, push): the Speaker stands in for it."""
        return getattr(self.manager, name)

    def update(self, now: float, events: Iterable[pygame.event.Event] = ()) -> None:
        """The events the keys of speech do not take go on to the scenes; then what changed
        is said."""
        self._switch()
        self._spoke = False
        kept = [event for event in events if not self._asked(event)]
        self.manager.update(now, kept)
        if self.voice is not None and self.manager.stack:
            self._follow(self.manager.stack[-1])

    def close(self) -> None:
        if self.voice is not None:
            self.voice.close()
            self.voice = None

    # -- what is said ----------------------------------------------------------------------
    def say(self, text: str, interrupt: bool = False) -> None:
        """Say ``text``; ``interrupt`` cuts off what is being said, but never what was said
        in the same frame (a result, then the dialog that opens over it)."""
        if self.voice is not None and text:
            self.voice.say(text, interrupt and not self._spoke)
            self._spoke = True

    @property
    def verbosity(self) -> str:
        return self.settings.verbosity

    def _switch(self) -> None:
        """Open the voice when speech is turned on, close it when turned off."""
        wanted = self.settings.speech
        if wanted and self.voice is None and self.problem is None:
            self.voice, self.problem = open_voice(self.spec)
            tables = [scene for scene in self.manager.stack if isinstance(scene, TableScene)]
            if self.problem and tables:
                tables[0].toast(self.problem)
        elif not wanted and self.voice is not None:
            self.close()
            self.problem = None

    def _follow(self, top: Scene) -> None:
        opened = top is not self._top
        if opened:
            self._top, self._focus_said = top, None
        game_table = next((scene for scene in self.manager.stack
                           if isinstance(scene, TableScene)), None)
        if game_table is not None and game_table is not top \
                and getattr(game_table, "game", None) is not None:
            self._table(game_table)  # what lands on the game under a dialog is said too
        if isinstance(top, MenuScene):
            self._menu(top)
        elif isinstance(top, FormScene):
            self._form(top)
        elif isinstance(top, TableScene):
            if top is not game_table:  # a review or a replay over the game
                self._over_game(top, opened)
            if top.help_open != self._help_said:
                self._help_said = top.help_open
                if top.help_open:
                    self.say(help_words(top), interrupt=True)
            if getattr(top, "game", None) is not None:
                self._table(top)
        elif opened:  # another screen (statistics, how to play): its name
            self.say(_(top.title), interrupt=True)

    def _over_game(self, table: TableScene, opened: bool) -> None:
        """A review or a replay: its name when it opens; then its summary and its line under
        the cards whenever they change (the turn shown, what was played there)."""
        if opened:
            self.say(_(table.title))
            self._over_said = {}
        summary = getattr(table, "summary", None)
        for what, words in (("summary", summary() if callable(summary) else ""),
                            ("hint", table.hint())):
            if words and words != self._over_said.get(what):
                self._over_said[what] = words
                self.say(words)

    def _menu(self, menu: MenuScene) -> None:
        """A menu's title when it opens, then the item the focus is on, with its value."""
        if not menu.items:
            return
        item = menu.items[menu.selected]
        value = item.value() if item.value is not None else ""
        said = item.label + (f": {value}" if value else "")
        self._focused(menu.title_text, menu.lines[:1], said)

    def _form(self, form: FormScene) -> None:
        """A form's title when it opens, then the field the focus is on, with its text."""
        field = form.fields[form.at]
        self._focused(form.title_text, [form.message] if form.message else [],
                      f"{field.label}: {field.value}")

    def _focused(self, title: str, lines: Sequence[str], said: str) -> None:
        """Say ``said`` when the focus moved (with ``title`` and ``lines`` first when the
        screen has just opened)."""
        if said == self._focus_said:
            return
        opening, self._focus_said = self._focus_said is None, said
        if opening:
            said = " ".join(sentence(part) for part in (title, *lines, said) if part)
        self.say(said, interrupt=True)

    def _table(self, table: TableScene) -> None:
        """The deal, each finished turn and the result, as they land on the table: each is
        said against the table as it was when the last was said."""
        state, said = table.state, self._said.get(table, TableState())
        if not state.dealt:
            if said.dealt:  # a new game is being dealt
                self._said[table] = state
            return
        if not said.dealt:
            self.say(self._hand_words(table, state), interrupt=True)
        elif state.turns_shown > said.turns_shown:
            self.say(self._turn_words(table, said, state))
        if state.outcome is not None and said.outcome is None:
            self.say(self._result_words(table))
        if not said.dealt or state.turns_shown > said.turns_shown or state.outcome is not None:
            self._said[table] = state

    def _hand_words(self, table: TableScene, state: TableState) -> str:
        seat = table.you_seat or 1
        whose = _("Your hand") if table.you_seat else _("{name}'s hand").format(
            name=table.seats()[seat].name)
        return spoken.hand_words(state.hands[seat], whose, self.verbosity, state.deck_count)

    def _turn_words(self, table: TableScene, before: TableState, after: TableState) -> str:
        thrown: dict[int, Card] = {}
        drawn: dict[int, Card | None] = {}
        for seat in (1, 2):
            old = [card for card in before.hands[seat] if card is not None]
            new = [card for card in after.hands[seat] if card is not None]
            gone = [card for card in old if card not in new]
            came = [card for card in new if card not in old]
            if gone and before.face_up[seat]:
                thrown[seat] = gone[0]
            if came:
                drawn[seat] = came[0] if after.face_up[seat] else None
        for card in after.discards[len(before.discards):]:  # a hidden hand's discard is public
            if card not in thrown.values():
                thrown[2 if 1 in thrown else 1] = card
        names = {seat: label.name for seat, label in table.seats().items()}
        seat = table.you_seat
        hand = after.hands[seat] if seat and after.outcome is None else ()
        turn = spoken.SpokenTurn(after.turns_shown, thrown, drawn, hand, after.deck_count)
        return spoken.turn_words(turn, names, self.verbosity)

    def _result_words(self, table: TableScene) -> str:
        explanation = table.explanation()
        if explanation is None:
            return ""
        return spoken.result_words(explanation.title, explanation.reason, explanation.lab,
                                   self.verbosity)

    # -- the keys that ask -----------------------------------------------------------------
    def _asked(self, event: pygame.event.Event) -> bool:
        """True when ``event`` is a key of speech pressed at a table (and it was answered)."""
        if (self.voice is None or event.type != pygame.KEYDOWN or event.key not in ASK_KEYS
                or event.mod & (pygame.KMOD_CTRL | pygame.KMOD_ALT)
                or not self.manager.stack or not isinstance(self.manager.stack[-1], TableScene)):
            return False
        table = self.manager.stack[-1]
        if table.help_open or getattr(table, "game", None) is None:
            return False
        self.say(self.answer(table, ASK_KEYS[event.key]), interrupt=True)
        return True

    def answer(self, table: TableScene, what: str) -> str:
        """The answer to a key that asks ``what``."""
        state = table.counts()
        if what == "hand":
            return self._hand_words(table, state) if state.dealt else _("No cards dealt yet.")
        if what == "discards":
            if not state.discards:
                return _("Nothing discarded yet.")
            return _("Discarded, the last first: {cards}.").format(
                cards=spoken.cards_words(state.discards[::-1]))
        if what == "counts":
            return spoken.counts_words(state.unseen_by_suit(), self.verbosity)
        if what == "coach":
            return coach_words(table)
        if what == "score":
            return score_line(table)
        level = VERBOSITY_OPTION.step(self.verbosity, 1)
        table.set_option("verbosity", level)
        return spoken.verbosity_words(level)


def help_words(table: TableScene) -> str:
    """The help of ``table`` as it is shown (its lines, then each key and what it does),
    then the keys of speech."""
    keys = [f"{_(key)}: {_(what)}" for key, what in table.keys_help]
    lines = [line for line in table.help_lines() if line]
    return " ".join(sentence(part) for part in (_(table.help_title), *lines, *keys,
                                                 _(SPEECH_KEYS_HELP)))


def sentence(text: str) -> str:
    """``text`` ending as a sentence ends (a full stop added where it has no ending mark)."""
    text = text.strip()
    return text if not text or text[-1] in ".!?:…" else text + "."


def coach_words(table: TableScene) -> str:
    """The coach's odds for the person's hand on the table: each discard's chance to win."""
    game, opponent = getattr(table, "game", None), getattr(table, "opponent", None)
    if game is None or opponent is None or game.over or table.you_seat != 1:
        return _("The coach has nothing to say now.")
    try:
        advice = advise_view(game.view(1), opponent)
    except OffLoopFailed as failed:
        return problem_words(str(failed))
    return " ".join(_("Discard the {card}: {win} to win.").format(
        card=card_name(choice.card), win=percent(choice.win, 0)) for choice in advice.choices)


def score_line(table: TableScene) -> str:
    """The score of this session (a table that keeps one), else the game's number."""
    score = getattr(table, "shown_score", None)
    if score is None:
        return table.status_text()[0]
    return _("This session: {score}.").format(
        score=spoken.score_words(score.wins, score.losses, score.draws))
