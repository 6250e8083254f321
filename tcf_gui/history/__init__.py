"""The person's game history (SQLite), the games in progress, and the statistics drawn from
them; no pygame here.

The kinds of game and the game in progress load at once; the store and the statistics (and
with them SQLite) when first named, so that what only plays a game (``play --text``) starts
without them.
"""
from __future__ import annotations

from importlib import import_module
from typing import TYPE_CHECKING, Any

from tcf_gui.history.kinds import KINDS, ORDINARY, POOLS, WATCHED, Kind, game_kind, pool_kinds
from tcf_gui.history.unfinished import UnfinishedGame

if TYPE_CHECKING:
    from tcf_gui.history.store import (PERSON, GameRecord, History, HistoryError, ImportedTotals,
                        history_path, open_history)
    from tcf_gui.history.summary import LevelStats, rolling_win_rate, summarize

_LATER = {name: "store" for name in ("PERSON", "GameRecord", "History", "HistoryError",
                                     "ImportedTotals", "history_path", "open_history")}
_LATER.update({name: "summary" for name in ("LevelStats", "rolling_win_rate", "summarize")})


def __getattr__(name: str) -> Any:
    if name not in _LATER:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    return getattr(import_module(f".{_LATER[name]}", __name__), name)


__all__ = ["KINDS", "ORDINARY", "PERSON", "POOLS", "WATCHED", "GameRecord", "History",
           "HistoryError", "ImportedTotals", "Kind", "LevelStats", "UnfinishedGame", "game_kind",
           "history_path", "open_history", "pool_kinds", "rolling_win_rate", "summarize"]
