"""A small progress bar on stderr, shown only when stderr is a terminal."""
from __future__ import annotations

import sys
import time
from typing import TextIO


class Progress:
    """Call with the number of items done; draws at most ten times a second."""

    def __init__(self, total: int, label: str = "games", stream: TextIO | None = None) -> None:
        self.total, self.label = total, label
        self.stream = stream if stream is not None else sys.stderr
        self.enabled = bool(getattr(self.stream, "isatty", lambda: False)()) and total > 0
        self._last = 0.0
        self._start = time.monotonic()

    def __call__(self, done: int) -> None:
        now = time.monotonic()
        if not self.enabled or (now - self._last < 0.1 and done < self.total):
            return
        self._last = now
        width = 30
        filled = int(width * done / self.total)
        rate = done / max(now - self._start, 1e-9)
        self.stream.write(
            f"\r[{'#' * filled}{'.' * (width - filled)}] {done}/{self.total} {self.label}"
            f" ({rate:,.0f}/s)"
        )
        self.stream.flush()

    def close(self) -> None:
        if self.enabled:
            self.stream.write("\r" + " " * 79 + "\r")
            self.stream.flush()
