"""The person's all-time record at their table: the history's as the session began, and
this session's games since (from nothing again once the statistics are reset)."""
from __future__ import annotations

from tcf_gui.history import ORDINARY
from tcf_gui.history.record import Record
from tcf_gui.play import TableSession


class AllTime:
    """The all-time record of ordinary games, ``before`` the session's."""

    def __init__(self, before: Record) -> None:
        self.before = before
        """The all-time record as it stood when the session began (or the statistics were
        reset: none)."""
        self.counted = Record()
        """The session's games counted before the statistics were reset (none if not)."""

    def with_session(self, session: TableSession) -> Record:
        """The all-time record, ``session``'s games included (those since a reset)."""
        total = Record(**vars(self.before))
        total += session.scores.get(ORDINARY, Record()) - self.counted
        return total

    def reset(self, session: TableSession) -> None:
        """The history was reset: the record starts from nothing, now."""
        self.before = Record()
        self.counted = Record(**vars(session.scores.get(ORDINARY, Record())))
