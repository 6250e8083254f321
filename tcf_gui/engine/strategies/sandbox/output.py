"""What a strategy prints: its sandbox's stdout and stderr are one pipe that the engine reads
(client.py), never a terminal. Each line is cleaned (no control character, no escape
sequence: nothing a terminal would act on), cut to MAX_LINE_CHARACTERS and shown on the
engine's stderr marked with the strategy's name, at most LINES_PER_DECISION lines for one
request (a turn of the batch engine counts as one) and LINES_PER_RUN for one strategy made in
the sandbox; beyond either, the rest is read and dropped, and one line says so.
"""
from __future__ import annotations

import os
import re
import sys
import unicodedata
from typing import Callable

from tcf_gui.i18n import _

MAX_LINE_CHARACTERS = 200
LINES_PER_DECISION = 20
LINES_PER_RUN = 1000
#: Bytes read from the pipe at a time, and the most of one line kept before it is cut.
CHUNK_BYTES = 1 << 16
MAX_LINE_BYTES = 4 * MAX_LINE_CHARACTERS

#: Escape sequences as terminals read them (ECMA-48): CSI, OSC/DCS/APC/PM/SOS strings ended
#: by BEL or ST, and two-character ones. Whatever is left of one is dropped by ``clean``.
_SEQUENCE = re.compile(r"(?:\x1b\[|\x9b)[0-?]*[ -/]*[@-~]?"
                       r"|(?:\x1b[\]PX^_]|[\x90\x98\x9d\x9e\x9f])[^\x07\x1b\x9c]*(?:\x07|\x9c|\x1b\\)?"
                       r"|\x1b[ -/]*[0-~]?")


def clean(data: bytes) -> str:
    """One line of a strategy's output as harmless text: undecodable bytes replaced, escape
    sequences removed, every other control or format character (C0, C1, bidi marks) and
    tab made a space, cut to MAX_LINE_CHARACTERS."""
    text = _SEQUENCE.sub("", data.decode("utf-8", "replace"))
    text = "".join(" " if unicodedata.category(char)[0] == "C" else char for char in text)
    text = text.rstrip()
    if len(text) > MAX_LINE_CHARACTERS:
        text = text[:MAX_LINE_CHARACTERS - 1] + "…"
    return text


def read_ready(fd: int, size: int) -> bytes | None:
    """Up to ``size`` bytes from the non-blocking ``fd``: None when nothing is waiting, b""
    at its end (or when it is closed)."""
    try:
        return os.read(fd, size)
    except BlockingIOError:
        return None
    except OSError:
        return b""


def _to_stderr(line: str) -> None:
    """``line`` on stderr; on a terminal, over a progress bar the line may hold (ours: it
    goes back to the line's start and clears it first)."""
    stream = sys.stderr
    if stream is not None:  # a window started without a console has none
        try:
            start = "\r\x1b[K" if stream.isatty() else ""
            print(start + line, file=stream, flush=True)
        except (OSError, ValueError):
            pass


class Output:
    """The read end of a sandbox's output pipe, and what has been shown of it."""

    def __init__(self, fd: int, name: str, show: Callable[[str], None] = _to_stderr) -> None:
        self.fd, self.show = fd, show
        self.name = clean(name.encode("utf-8", "replace"))  # a file's name is the author's too
        os.set_blocking(fd, False)
        self.partial = bytearray()
        self.decision_lines = self.run_lines = 0
        self.noted: set[str] = set()  # "decision", "run": where the note of dropping was shown
        self.open = True

    def new_run(self) -> None:
        """A strategy is made in the sandbox: its lines are counted afresh."""
        self.run_lines = 0
        self.noted.clear()

    def new_decision(self) -> None:
        self.decision_lines = 0
        self.noted.discard("decision")

    def drain(self) -> None:
        """Read what is waiting (never blocks) and show its whole lines."""
        while self.open:
            data = read_ready(self.fd, CHUNK_BYTES)
            if data is None:
                return
            if not data:
                self.close()
                return
            self._take(data)

    def _take(self, data: bytes) -> None:
        *lines, rest = data.split(b"\n")
        for line in lines:
            self.partial += line[:MAX_LINE_BYTES]
            self._line(bytes(self.partial))
            self.partial.clear()
        self.partial += rest[:max(0, MAX_LINE_BYTES - len(self.partial))]

    def _line(self, data: bytes) -> None:
        full = "run" if self.run_lines >= LINES_PER_RUN else \
            "decision" if self.decision_lines >= LINES_PER_DECISION else None
        if full is not None:
            if not self.noted & {"run", full}:
                self.noted.add(full)
                self.show(_("[{strategy}] (more output; not shown)").format(strategy=self.name))
            return
        self.decision_lines += 1
        self.run_lines += 1
        self.show(_("[{strategy}] {line}").format(strategy=self.name, line=clean(data)))

    def close(self) -> None:
        """Show the last unfinished line and close the pipe."""
        if self.open:
            self.open = False
            if self.partial:
                self._line(bytes(self.partial))
                self.partial.clear()
            os.close(self.fd)
