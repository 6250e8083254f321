"""A friend's game as one side took it, kept in a file and checked again offline
(``tcf-gui verify FILE``).

The transcript is the seating, every message of the game from its shuffle to its end, this
player's choices, and this player's seed (FriendTable.transcript, Pledges.seed): all a
client needs to take the game again, as it did at the table, and to check it the same way
(tcf_gui.net.mirror, tcf_gui.net.proof). The file is read as hostile: bounded in size,
checked in shape, each message checked as the table checks the server's.
"""
from __future__ import annotations

import json
from datetime import datetime, timezone
from pathlib import Path
from typing import Any

from tcf_gui.i18n import _
from tcf_gui.net.checks import hexadecimal
from tcf_gui.net.mirror import FriendTable, ServerError
from tcf_gui.net.proof import SECRET_HEX
from tcf_gui.net.sealed.client import table_for
from tcf_gui.system.folders import data_dir

FORMAT = "tcf-gui friend game"
VERSION = 1
#: The largest transcript read, in bytes (a whole game's is under 40 KiB).
MAX_BYTES = 256 * 1024
#: The most entries in a transcript: the seating, a deal's rounds, 23 turns of three.
MAX_ENTRIES = 200
_SEED = hexadecimal(SECRET_HEX)


def transcript_of(table: FriendTable) -> dict[str, Any]:
    """The game on ``table`` (a player's, ended) as its file holds it."""
    return {"format": FORMAT, "version": VERSION, "seat": table.seat,
            "seed": table.pledges.seed, "entries": table.transcript}


def folder() -> Path:
    """Where transcripts are kept: the data folder's ``friend-games``."""
    return data_dir() / "friend-games"


def keep(table: FriendTable) -> tuple[Path | None, str | None]:
    """Write the game on ``table`` to a new file in ``folder()``: its path, or None and
    what the disk said."""
    stamp = datetime.now(timezone.utc).strftime("%Y%m%d-%H%M%S")
    path = folder() / f"{stamp}-{table.code}-game{table.number}-seat{table.seat}.json"
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(json.dumps(transcript_of(table), separators=(",", ":")),
                        encoding="utf-8")
    except OSError as error:
        return None, _("the game's transcript could not be kept ({reason})").format(
            reason=error.strerror or error)
    return path, None


def verify(path: Path) -> tuple[bool, str]:
    """Take the game in the file at ``path`` again and check it: whether it checks out,
    and one line that says so or what is wrong (a file that is no transcript included)."""
    try:
        with path.open("rb") as file:
            data = file.read(MAX_BYTES + 1)
    except OSError as error:
        return False, _("cannot read {path}: {reason}").format(path=path,
                                                               reason=error.strerror or error)
    if len(data) > MAX_BYTES:
        return False, _("{path} is larger than any game's transcript").format(path=path)
    try:
        document = json.loads(data.decode("utf-8"))
    except (ValueError, RecursionError):
        return False, _("{path} is not a game's transcript (not JSON)").format(path=path)
    problem = _shape(document)
    if problem:
        return False, _("{path} is not a game's transcript ({reason})").format(path=path,
                                                                              reason=problem)
    table = FriendTable(draw_seed=lambda: str(document["seed"]))
    try:
        for entry in document["entries"]:
            table = table_for(entry, table)  # (a sealed game: taken as its seat took it)
            if entry.get("type") == "chose":
                table.moved(int(entry["slot"]))
            else:
                table.take(entry)
    except ServerError as error:
        return False, _("NOT VERIFIED: {problem}").format(problem=error)
    if table.ending is None or table.seat != document["seat"]:
        return False, _("NOT VERIFIED: the transcript ends before the game does")
    if not table.ending.verdict.verified:
        return False, _("NOT VERIFIED: {problem}").format(problem=table.ending.verdict.problem)
    return True, _("deal verified: game {number}, {turns} turns, every card and move checked"
                   ).format(number=table.number, turns=table.ending.game.turns)


def _shape(document: Any) -> str | None:
    """What is wrong with a transcript's outline (its messages are checked as they are
    taken), or None."""
    if not isinstance(document, dict) or document.get("format") != FORMAT:
        return "format"
    if document.get("version") != VERSION:
        return "version"
    if document.get("seat") not in (1, 2) or not _SEED(document.get("seed")):
        return "seat"
    entries = document.get("entries")
    if not isinstance(entries, list) or not 0 < len(entries) <= MAX_ENTRIES:
        return "entries"
    for entry in entries:
        if not isinstance(entry, dict) or not isinstance(entry.get("type"), str):
            return "entries"
        if entry["type"] == "chose" and (type(entry.get("slot")) is not int
                                         or not 0 <= entry["slot"] <= 2):
            return "entries"
    return None
