"""The player's settings, kept between sessions as JSON in the user's config folder
(see tcf_gui.config.saved for how a damaged file is handled)."""
from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from tcf_gui.levels import DEFAULT_OPPONENT
from tcf_gui.config.card_sets import CHOICES, DEFAULT_BACK, DEFAULT_FACE, DEFAULT_TABLE
from tcf_gui.config.saved import config_dir, load_saved, read_saved, save
from tcf_gui.config.speeds import SPEEDS


@dataclass
class Settings:
    """What the window remembers: animation speed, card colours, open hands, sound, log,
    the opponent's level, fullscreen, the coach, the card set (face, back, table colour),
    lab notation, the language, whether watched games are kept, the window's size and position, and which
    first-run messages were shown."""

    speed: str = "normal"
    four_colour: bool = False
    open_hands: bool = False
    sound: bool = True
    show_log: bool = False
    opponent: str = DEFAULT_OPPONENT
    fullscreen: bool = False
    coach: bool = False
    card_face: str = DEFAULT_FACE
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
    language: str | None = None
    """The window's language (a catalog's code, tcf_gui.i18n); None follows the system."""
    friend_name: str = ""
    """The name last given at a friend's table ("": the system's, tcf_gui.net.start)."""


def settings_path() -> Path:
    """settings.json in the config folder (tcf_gui.config.saved.config_dir)."""
    return config_dir() / "settings.json"


def _pair(value: object, least: int) -> bool:
    """Two whole numbers, each at least ``least`` (a window size or position)."""
    return (isinstance(value, list) and len(value) == 2
            and all(isinstance(v, int) and not isinstance(v, bool) and v >= least for v in value))


def _valid(name: str, value: object) -> bool:
    if name == "speed":
        return value in SPEEDS
    if name in CHOICES:
        return isinstance(value, str) and value in CHOICES[name]
    if name == "opponent":  # a built-in name; a file given with --p2 is never saved
        return isinstance(value, str) and value.isidentifier()
    if name == "window_size":
        return value is None or _pair(value, 1)
    if name == "window_pos":
        return value is None or _pair(value, -100_000)
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
