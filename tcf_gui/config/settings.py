"""The player's settings, kept between sessions as JSON in the user's config folder
(see tcf_gui.config.saved for how a damaged file is handled)."""
from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from tcf_gui.levels import DEFAULT_OPPONENT
from tcf_gui.config.card_sets import CHOICES, DEFAULT_BACK, DEFAULT_FACE, DEFAULT_TABLE
from tcf_gui.config.decks import is_deck_key
from tcf_gui.config.saved import config_dir, load_saved, read_saved, save
from tcf_gui.config.speeds import SPEEDS
from tcf_gui.words.verbosity import VERBOSITY

#: The text sizes the Options menu offers, in % of the usual.
TEXT_SCALES = (100, 125, 150, 175, 200)


@dataclass
class Settings:
    """What the window remembers: animation speed, card colours, open hands, sound, log,
    the opponent's level, fullscreen, the coach, the card set (face, back, table colour),
    lab notation, the language, whether watched games are kept, reduced motion, the window's size
    and position, and which first-run messages were shown."""

    speed: str = "normal"
    four_colour: bool = False
    open_hands: bool = False
    sound: bool = True
    show_log: bool = False
    opponent: str = DEFAULT_OPPONENT
    fullscreen: bool = False
    coach: bool = False
    card_face: str = DEFAULT_FACE
    """A face of tcf_gui.config.card_sets.FACES, or another game's deck (``kde/svg-dondorf``)."""
    card_back: str = DEFAULT_BACK
    table: str = DEFAULT_TABLE
    lab_notation: bool = False
    keep_watched: bool = False
    window_size: list[int] | None = None
    window_pos: list[int] | None = None
    welcomed: bool = False
    """The first start's welcome was shown (tcf_gui.gui.first_run)."""
    coach_hinted: bool = False
    """The hint that the coach exists was shown to a player who had not won yet."""
    how_to_play_offered: bool = False
    """How to play (illustrated) was offered after a newcomer's first game."""
    speech: bool = False
    """Announcements through the screen reader or the system's speech (tcf_gui.gui.speaker)."""
    verbosity: str = "normal"
    """How many words speech says: short, normal or full."""
    text_scale: int = 100
    """The size of text, in % of the usual: 100 to 200 (TEXT_SCALES)."""
    language: str | None = None
    """The window's language (a catalog's code, tcf_gui.i18n); None follows the system."""
    reduced_motion: bool = False
    """Less movement on screen: no celebration of a win (later, more may heed it)."""
    card_folder: str | None = None
    """A folder of card decks the player named, looked in before the standard ones
    (tcf_gui.config.decks); set by hand in settings.json, or for a session by --card-folder."""
    friend_name: str = ""
    """The name last given at a friend's table ("": the system's, tcf_gui.net.start)."""


def settings_path() -> Path:
    """settings.json in the config folder (tcf_gui.config.saved.config_dir)."""
    return config_dir() / "settings.json"


#: The largest window kept (8K UHD): a larger saved size is refused when the settings are
#: read, and the window opens no larger than the desktop it opens on (gui.layout).
WINDOW_MOST = (7680, 4320)
#: How far from the desktop's corner a window may be placed, each way.
PLACE_MOST = 100_000
#: The longest name of a built-in opponent kept.
NAME_MOST = 64


def _pair(value: object, least: int, most: tuple[int, int]) -> bool:
    """Two whole numbers, each at least ``least`` and at most its ``most`` (a window size
    or position)."""
    return (isinstance(value, list) and len(value) == 2
            and all(isinstance(v, int) and not isinstance(v, bool) and least <= v <= high
                    for v, high in zip(value, most)))


def _valid(name: str, value: object) -> bool:
    if name == "speed":
        return value in SPEEDS
    if name == "verbosity":
        return value in VERBOSITY
    if name == "text_scale":
        return value in TEXT_SCALES
    if name == "card_face":
        return isinstance(value, str) and (value in CHOICES[name] or is_deck_key(value))
    if name == "card_folder":
        return value is None or (isinstance(value, str) and 0 < len(value) <= 4096 and "\0" not in value)
    if name in CHOICES:
        return isinstance(value, str) and value in CHOICES[name]
    if name == "opponent":  # a built-in name; a file given with --p2 is never saved
        return isinstance(value, str) and value.isidentifier() and len(value) <= NAME_MOST
    if name == "window_size":
        return value is None or _pair(value, 1, WINDOW_MOST)
    if name == "window_pos":
        return value is None or _pair(value, -PLACE_MOST, (PLACE_MOST, PLACE_MOST))
    if name == "language":  # a code such as pt_BR; one whose catalog is gone means the system's
        return value is None or (isinstance(value, str) and len(value) <= 16
                                 and value.replace("_", "").isalnum() and value.isascii())
    if name == "friend_name":  # (tcf_gui.args.player_name cleans it where it is used)
        return isinstance(value, str) and len(value) <= 64 and value.isprintable()
    return isinstance(value, bool)


def load_settings(path: Path | None = None) -> tuple[Settings, str | None]:
    """The saved settings and a warning (None when all was well)."""
    return load_saved(Settings, path or settings_path(), _valid)


def settings_problem(path: Path | None = None) -> str | None:
    """What load_settings would warn about, touching no file (for tcf-gui doctor)."""
    return read_saved(Settings, path or settings_path(), _valid)[1]


def save_option(saved: Settings, name: str, value: object) -> str | None:
    """Set one option of the settings as saved and save them at once (an option is kept the
    moment the person changes it); a warning instead of raising on failure."""
    setattr(saved, name, value)
    return save_settings(saved)


def save_settings(settings: Settings, path: Path | None = None) -> str | None:
    """Write the settings atomically; returns a warning instead of raising on failure."""
    return save(settings, path or settings_path())
