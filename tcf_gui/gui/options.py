"""The options the menu offers: each a field of the settings with its values, in menu order.

The card set (face, back, table colour, four-colour deck) has a screen of its own, Options →
Cards and table (tcf_gui.gui.card_chooser). ``OPTIONS`` is the one list of them, whatever
modules were imported: a new option is a row here (and a field of that name in
tcf_gui.config.settings.Settings); a table scene leaves out those that do nothing on its table
(``not_offered``), and one that should react when an option changes adds an effect to its
``options.effects`` (tcf_gui.gui.table_options).
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Callable, Sequence

from tcf_gui.i18n import N_, _, available_languages, language_name, system_language
from tcf_gui.config.settings import TEXT_SCALES
from tcf_gui.config.speeds import SPEEDS, speed_name
from tcf_gui.words.formats import percent
from tcf_gui.words.verbosity import VERBOSITY, verbosity_name

ON_OFF = (False, True)


def on_off(value: Any) -> str:
    return _("on") if value else _("off")


def languages() -> tuple[str | None, ...]:
    """The Language option's values: the system's (None), then each catalog's code."""
    return (None, *available_languages())


def language_words(code: str | None) -> str:
    """A language as its speakers name it; None: the system's, named."""
    if code is None:
        return _("system ({language})").format(language=language_name(system_language()))
    return language_name(code)


@dataclass(frozen=True)
class Option:
    """A setting shown in the options menu: Left/Right or a click steps through ``values``."""

    name: str
    label: str
    values: tuple[Any, ...] | Callable[[], tuple[Any, ...]] = ON_OFF
    """The values in turn, or what lists them when asked (the languages there are)."""
    words: Callable[[Any], str] = on_off
    note: str = ""
    """A hint shown beside the value, e.g. when the change takes effect."""
    help: str = ""
    """What the option does, for the options menu's help (marked with N_)."""

    def step(self, value: Any, by: int) -> Any:
        """The value ``by`` places on from ``value`` (wrapping around)."""
        values = self.values() if callable(self.values) else self.values
        index = values.index(value) if value in values else 0
        return values[(index + by) % len(values)]


OPTIONS: tuple[Option, ...] = (
    Option("speed", N_("Animation speed"), SPEEDS, speed_name,
           help=N_("how fast the cards move: slow, normal, fast or instant (+ and - at the table)")),
    Option("sound", N_("Sound"),
           help=N_("soft sounds for dealing, discarding and the end of a game (S)")),
    Option("open_hands", N_("Open hands"), note=N_("from the next game"),
           help=N_("both hands face up, as in the lab's transcripts, from the next game (O)")),
    Option("show_log", N_("Turn log"),
           help=N_("both hands and both discards, turn by turn, beside the table (L)")),
    Option("fullscreen", N_("Fullscreen"),
           help=N_("the whole screen (F11); back in a window of the size and place it had")),
    Option("language", N_("Language"), languages, language_words,
           help=N_("the language of the window; system follows your computer")),
    Option("lab_notation", N_("Lab notation"), note=N_("log and hands in the lab's syntax"),
           help=N_("the turn log and the hands at the end as the lab writes them, (K . H) and "
                   "(KING HIGH HEART FLUSH), instead of K♥ and King-high flush in hearts")),
    Option("keep_watched", N_("Keep watched games"), note=N_("in the history")),
    Option("coach", N_("Coach"), note=N_("the win chance of each discard; C"),
           help=N_("each of your cards shows your chance to win if you discard it; "
                   "it never plays for you (C)")),
    Option("reduced_motion", N_("Reduced motion"),
           help=N_("less movement on screen: the cards are shown where they land, without "
                   "flying, and no celebration when you win")),
    Option("text_scale", N_("Text size"), TEXT_SCALES, lambda value: percent(value / 100, 0),
           help=N_("larger text everywhere, up to twice the usual size; the cards make room")),
    Option("speech", N_("Speech"), note=N_("through your screen reader"),
           help=N_("the game says the cards, each turn and the result through your screen "
                   "reader or your system's speech; at the table Y says your hand, D the "
                   "discards, U the cards not yet seen, G the coach's odds, I the score")),
    Option("verbosity", N_("Speech verbosity"), VERBOSITY, verbosity_name,
           help=N_("how many words speech says: short, normal or full (B at the table)")),
)


def options_help(options: Sequence[Option]) -> list[str]:
    """The options menu's help: a line for each option offered."""
    return [_("{option}: {what}").format(option=_(option.label), what=_(option.help))
            for option in options if option.help]
