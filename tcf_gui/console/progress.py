"""A small progress bar on stderr, shown only when stderr is a terminal."""
from __future__ import annotations

import sys
import time
from typing import TextIO

from tcf_gui.words import formats
from tcf_gui.i18n import _

BAR_WIDTH = 30


def is_terminal(stream: TextIO | None) -> bool:
    """Whether ``stream`` is a terminal a person reads or types at, not a file or a pipe
    (False for none, or one closed)."""
    try:
        return bool(stream is not None and stream.isatty())
    except (AttributeError, ValueError, OSError):
        return False


class Progress:
    """Call with the number of items done; draws at most ten times a second (and always the
    last step). ``close()`` wipes the bar so the results print on a clean line."""

    def __init__(self, total: int, stream: TextIO | None = None) -> None:
        self.total = total
        self.stream = stream if stream is not None else sys.stderr
        self.enabled = is_terminal(self.stream) and total > 0
        self._last = 0.0
        self._shown = 0  # length of the line on screen, for close() to wipe
        self._start = time.monotonic()

    def __call__(self, done: int) -> None:
        now = time.monotonic()
        if not self.enabled or (now - self._last < 0.1 and done < self.total):
            return
        self._last = now
        filled = min(BAR_WIDTH, max(0, BAR_WIDTH * done // self.total))
        rate = done / max(now - self._start, 1e-9)
        # TRANSLATORS: the progress bar's count of games played so far and their speed.
        count = _("{done}/{total} games ({rate}/s)").format(done=done, total=self.total,
                                                           rate=formats.integer(round(rate)))
        line = f"[{'#' * filled}{'.' * (BAR_WIDTH - filled)}] {count}"
        self.stream.write("\r" + line.ljust(self._shown))
        self.stream.flush()
        self._shown = max(self._shown, len(line))

    def close(self) -> None:
        """Wipe the bar, if one was drawn."""
        if self.enabled and self._shown:
            self.stream.write("\r" + " " * self._shown + "\r")
            self.stream.flush()
            self._shown = 0
