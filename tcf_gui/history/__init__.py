"""The person's game history (SQLite) and the statistics drawn from it; no pygame here."""
from .store import (PERSON, PLAYED, SPECTATED, GameRecord, History, HistoryError,
                    ImportedTotals, history_path, open_history)
from .summary import LevelStats, rolling_win_rate, summarize

__all__ = ["PERSON", "PLAYED", "SPECTATED", "GameRecord", "History", "HistoryError",
           "ImportedTotals", "LevelStats", "history_path", "open_history", "rolling_win_rate", "summarize"]
