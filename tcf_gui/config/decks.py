"""The card decks other card games installed: found, named and checked, not drawn.

Three formats that Linux card games share:

- **KDE** (KPatience, Lskat, KBlackBox's kin; Debian ``kdegames-card-data-kf5``): a folder
  in ``carddecks/`` holding ``index.desktop`` (a ``[KDE Backdeck]`` group: ``Name``,
  ``SVG=`` the sheet of every card, ``Preview=``) and that SVG(Z), every card an element
  with an id such as ``1_club``, ``king_heart``, ``back``.
- **Aisleriot** (GNOME's solitaire): one SVG(Z) per theme in ``aisleriot/cards/``, the same
  kind of sheet with the suit first: ``club_1``, ``heart_king``, ``back``.
- **PySolFC**: a folder ``cardset-*/`` with ``config.txt`` (first line
  ``PySolFC solitaire cardset;VERSION;.EXT;TYPE;...``, the name on the second line; type 1
  is a French deck) and one picture per card, ``01c.EXT`` (ace of clubs) to ``13s.EXT``,
  and ``back01.EXT``.

They are looked for in the data folders of XDG (``$XDG_DATA_HOME``, ``$XDG_DATA_DIRS``, or
~/.local/share and /usr/local/share, /usr/share), PySolFC's own (~/.PySolFC/cardsets,
share/games/pysolfc), and any folder the player names (``--card-folder``, or the setting
``card_folder``), first. A deck is kept as a key, ``kde/svg-dondorf``, which is what the
setting ``card_face`` keeps when the player chooses it. What cannot be read is one line in
``DeckSearch.problems``, never an exception. No pygame here (``tcf-gui card-sets`` lists
them without a window).
"""
from __future__ import annotations

import configparser
import os
import re
import unicodedata
from dataclasses import dataclass, field
from pathlib import Path
from functools import lru_cache
from typing import Iterable, Sequence

from tcf_gui.i18n import _, language, ngettext

#: The three formats, as a key begins.
KINDS = ("kde", "aisleriot", "pysol")
#: What a key looks like: a kind, a slash, a folder's or file's name.
KEY = re.compile(r"^(kde|aisleriot|pysol)/[\w.+\- ]{1,100}$")
#: The most of a description file read (index.desktop, config.txt).
MAX_TEXT = 64 * 1024
#: The most folders looked into in one folder of decks (a home folder named by mistake).
MAX_ENTRIES = 2000
#: PySolFC's suit letters, in the order of tcf_gui.engine.cards.Suit (clubs, diamonds,
#: hearts, spades).
PYSOL_SUITS = "cdhs"


@dataclass(frozen=True)
class Deck:
    """A deck found: its key, the name its folder gives, its format, and its files."""

    key: str
    name: str
    kind: str
    path: Path
    """The SVG sheet (KDE, Aisleriot) or the folder of pictures (PySolFC)."""
    preview: Path | None = None
    extension: str = ".svg"
    """PySolFC's picture type (.png, .gif)."""


@dataclass
class DeckSearch:
    """What a search found: the decks, and a line for each that could not be read."""

    decks: list[Deck] = field(default_factory=list)
    problems: list[str] = field(default_factory=list)
    folders: list[Path] = field(default_factory=list)
    """Every folder looked in, found or not."""

    def by_key(self, key: str) -> Deck | None:
        return next((deck for deck in self.decks if deck.key == key), None)


def is_deck_key(value: object) -> bool:
    """True for a string that could name a deck (``kde/svg-dondorf``), found or not."""
    return isinstance(value, str) and KEY.match(value) is not None


def data_folders() -> list[Path]:
    """XDG's data folders, the user's first."""
    home = os.environ.get("XDG_DATA_HOME") or str(Path.home() / ".local" / "share")
    shared = os.environ.get("XDG_DATA_DIRS") or "/usr/local/share:/usr/share"
    return [Path(p) for p in [home, *shared.split(os.pathsep)] if p]


def standard_folders() -> list[tuple[str, Path]]:
    """Where each format is installed: (kind, folder), the user's before the system's."""
    found: list[tuple[str, Path]] = []
    data = data_folders()
    found += [("kde", folder / "carddecks") for folder in data]
    found += [("aisleriot", folder / "aisleriot" / "cards") for folder in data]
    found.append(("pysol", Path.home() / ".PySolFC" / "cardsets"))
    found += [("pysol", folder / sub) for folder in data for sub in ("games/pysolfc", "pysolfc", "PySolFC")]
    return found


def _read_text(path: Path) -> str:
    with path.open("rb") as handle:
        return handle.read(MAX_TEXT).decode("utf-8", errors="replace")


def _entries(folder: Path) -> list[Path]:
    try:
        with os.scandir(folder) as entries:
            names = []
            for count, entry in enumerate(entries):
                if count >= MAX_ENTRIES:
                    break
                names.append(Path(entry.path))
    except OSError:
        return []
    return sorted(names)


def read_kde(folder: Path) -> Deck:
    """The KDE deck in ``folder`` (raises ValueError with what is wrong)."""
    parser = configparser.ConfigParser(interpolation=None, strict=False)
    try:
        parser.read_string(_read_text(folder / "index.desktop"))
    except (OSError, configparser.Error, UnicodeError) as error:
        raise ValueError(_("cannot read index.desktop: {error}").format(error=one_line(error))) from None
    if not parser.has_section("KDE Backdeck"):
        raise ValueError(_("index.desktop has no [KDE Backdeck] group"))
    group = parser["KDE Backdeck"]
    svg = group.get("SVG", "").strip()
    if not svg:
        raise ValueError(_("a deck of pictures without SVG: not supported"))
    sheet = folder / Path(svg).name
    if not sheet.is_file():
        raise ValueError(_("its SVG file {name} is missing").format(name=Path(svg).name))
    preview = group.get("Preview", "").strip()
    preview_path = folder / Path(preview).name if preview else None
    code = language()  # the name in the player's language, as KDE's games show it
    names = (group.get(f"Name[{code}]"), group.get(f"Name[{code.split('_')[0]}]"), group.get("Name"))
    name = next((one_line(n, 60) for n in names if n and one_line(n, 60)), one_line(folder.name, 60))
    return Deck(f"kde/{folder.name}", name, "kde", sheet,
                preview_path if preview_path and preview_path.is_file() else None)


def read_aisleriot(sheet: Path) -> Deck:
    """The Aisleriot theme ``sheet`` (an .svg or .svgz file)."""
    stem = sheet.name.rsplit(".", 1)[0]
    name = one_line(stem.replace("_", " ").replace("-", " "), 60).title() or one_line(stem, 60)
    return Deck(f"aisleriot/{stem}", name, "aisleriot", sheet)


def read_pysol(folder: Path) -> Deck:
    """The PySolFC card set in ``folder`` (raises ValueError with what is wrong)."""
    try:
        lines = [line.strip() for line in _read_text(folder / "config.txt").splitlines()]
    except OSError as error:
        raise ValueError(_("cannot read config.txt: {error}").format(error=one_line(error))) from None
    if len(lines) < 2 or not lines[0].startswith("PySol"):
        raise ValueError(_("config.txt is not a PySolFC card set's"))
    fields = [part.strip() for part in lines[0].split(";")]
    extension = fields[2] if len(fields) > 2 else ".gif"
    kind = fields[3] if len(fields) > 3 else "1"
    if kind != "1":
        raise ValueError(_("not a French deck (PySolFC type {type})").format(type=kind))
    if not re.fullmatch(r"\.[A-Za-z0-9]{2,5}", extension):
        raise ValueError(_("config.txt names no picture type"))
    missing = [f"{rank:02d}{suit}{extension}" for rank in range(1, 14) for suit in PYSOL_SUITS
               if not (folder / f"{rank:02d}{suit}{extension}").is_file()]
    if missing:
        raise ValueError(ngettext("{count} card picture missing: {name}",
                                  "{count} card pictures missing, such as {name}", len(missing)).format(
            count=len(missing), name=missing[0]))
    parts = lines[1].split(";")
    name = one_line(parts[1] if len(parts) > 1 else parts[0], 60) or one_line(folder.name, 60)
    back = folder / f"back01{extension}"
    return Deck(f"pysol/{folder.name}", name, "pysol", folder, back if back.is_file() else None, extension)


def one_line(text: object, limit: int = 200) -> str:
    """``text`` as one printable line: control characters (escape sequences, newlines) become
    spaces, and it is cut to ``limit`` characters (names and paths come from the disk)."""
    cleaned = "".join(" " if unicodedata.category(char)[0] in "CZ" else char for char in str(text))
    return " ".join(cleaned.split())[:limit].rstrip()


def _read_one(kind: str, candidate: Path, search: DeckSearch) -> None:
    """Add the deck of ``kind`` at ``candidate``, or a line on why it is skipped."""
    reader = {"kde": read_kde, "aisleriot": read_aisleriot, "pysol": read_pysol}[kind]
    try:
        deck = reader(candidate)
    except (ValueError, OSError) as error:
        search.problems.append(_("{path}: skipped: {why}").format(path=one_line(candidate, 300), why=one_line(error)))
        return
    if not KEY.match(deck.key):
        search.problems.append(_("{path}: skipped: a name the game cannot keep").format(path=one_line(candidate, 300)))
    elif search.by_key(deck.key) is None and all(d.path != deck.path for d in search.decks):
        search.decks.append(deck)  # the first found wins: the player's folders, then the user's


def _look_in(kind: str, folder: Path, search: DeckSearch) -> None:
    """Add the decks of ``kind`` that ``folder`` holds."""
    entries = _entries(folder)
    if kind == "aisleriot":
        candidates = [p for p in entries if p.suffix.lower() in (".svg", ".svgz") and p.is_file()]
    else:
        marker = "index.desktop" if kind == "kde" else "config.txt"
        candidates = [p for p in entries if (p / marker).is_file()]
    for candidate in candidates:
        _read_one(kind, candidate, search)


def _player_places(folder: Path) -> list[tuple[str, Path]]:
    """Where a folder the player names holds decks: it is one deck (KDE's or PySolFC's),
    or a folder of decks of any format, or a data folder with the standard sub-folders."""
    return ([(kind, folder) for kind in KINDS]
            + [("kde", folder / "carddecks"), ("aisleriot", folder / "aisleriot" / "cards"),
               ("pysol", folder / "cardsets")])


def find_decks(named: Iterable[Path] = (), *, standard: bool = True) -> DeckSearch:
    """Every deck in the folders the player named, then in the standard ones."""
    search = DeckSearch()
    places: list[tuple[str, Path]] = []
    for folder in named:
        if (folder / "index.desktop").is_file():
            _read_one("kde", folder, search)
        elif (folder / "config.txt").is_file():
            _read_one("pysol", folder, search)
        elif folder.is_dir():
            places += _player_places(folder)
        else:
            search.problems.append(_("{path}: no such folder").format(path=one_line(folder, 300)))
    if standard:
        places += standard_folders()
    for kind, folder in places:
        if folder not in search.folders:
            search.folders.append(folder)
        if folder.is_dir():
            _look_in(kind, folder, search)
    return search


_folders: tuple[Path, ...] = ()


def use_card_folders(folders: Sequence[Path]) -> None:
    """The folders the player named (``--card-folder``, the setting): looked in first."""
    global _folders
    if tuple(folders) != _folders:
        _folders = tuple(folders)
        known_decks.cache_clear()


@lru_cache(maxsize=1)
def known_decks() -> DeckSearch:
    """The decks this window can offer (looked up once; ``use_card_folders`` looks again)."""
    return find_decks(_folders)


def find_deck(key: str) -> Deck | None:
    """The deck ``key`` names among the known ones."""
    return known_decks().by_key(key)
