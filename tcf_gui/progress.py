"""A small progress bar on stderr, shown only when stderr is a terminal."""
from __future__ import annotations

import sys
import time
from typing import TextIO

BAR_WIDTH = 30


class Progress:
    """Call with the number of items done; draws at most ten times a second (and always the
    last step). ``close()`` wipes the bar so the results print on a clean line."""

    def __init__(self, total: int, label: str = "games", stream: TextIO | None = None) -> None:
        self.total, self.label = total, label
        self.stream = stream if stream is not None else sys.stderr
        self.enabled = bool(getattr(self.stream, "isatty", lambda: False)()) and total > 0
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
        line = (f"[{'#' * filled}{'.' * (BAR_WIDTH - filled)}] {done}/{self.total} {self.label}"
                f" ({rate:,.0f}/s)")
        self.stream.write("\r" + line.ljust(self._shown))
        self.stream.flush()
        self._shown = max(self._shown, len(line))

    def close(self) -> None:
        """Wipe the bar, if one was drawn."""
        if self.enabled and self._shown:
            self.stream.write("\r" + " " * self._shown + "\r")
            self.stream.flush()
            self._shown = 0
