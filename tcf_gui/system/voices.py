"""Where the game's announcements go: the player's screen reader or the system's speech, or a
file.

``--speech`` chooses: ``on`` (the screen reader, else the system's speech), ``off``, or
``log:FILE`` (every announcement on a line of its own, for tests and for a player who reads
with a braille display in a terminal). Two libraries are tried, each only if installed:

- prismatoid (``pip install "tcf-gui[speech]"``; the app carries it): one interface to NVDA,
  JAWS, SAPI and OneCore on Windows, VoiceOver and AVSpeech on macOS, speech-dispatcher and
  Orca on Linux; it sends the words to braille too where the screen reader has a display.
- speech-dispatcher's own module (Debian and Ubuntu: ``python3-speechd``), for a system
  Python on Linux without prismatoid.
"""
from __future__ import annotations

import os
from pathlib import Path
from typing import Any, Protocol

from tcf_gui.i18n import _

#: The longest announcement sent on (a result's lab lines are the longest, well below it).
MAX_CHARS = 2000


class Voice(Protocol):
    """Says a line; ``interrupt`` cuts off what is still being said first."""

    def say(self, text: str, interrupt: bool = False) -> None: ...

    def close(self) -> None: ...


class LogVoice:
    """Writes each announcement on a line of its own, at once (``--speech log:FILE``)."""

    def __init__(self, path: Path) -> None:
        self.path = path
        self._file = open(path, "a", encoding="utf-8")

    def say(self, text: str, interrupt: bool = False) -> None:
        self._file.write(" ".join(text.split())[:MAX_CHARS] + "\n")
        self._file.flush()

    def close(self) -> None:
        self._file.close()


class PrismVoice:
    """The best backend prismatoid finds running (a screen reader before plain speech)."""

    def __init__(self) -> None:
        import prism  # an optional extra: ImportError when it is not installed

        self._context = prism.Context()
        self._backend: Any = self._context.create_best()

    def say(self, text: str, interrupt: bool = False) -> None:
        self._backend.output(text[:MAX_CHARS], interrupt=interrupt)

    def close(self) -> None:
        self._backend = None


class DispatcherVoice:
    """speech-dispatcher through its own Python module (python3-speechd)."""

    def __init__(self) -> None:
        import speechd  # Debian's python3-speechd: ImportError when it is not installed

        self._client: Any = speechd.SSIPClient("tcf-gui")
        self._client.set_priority(speechd.Priority.MESSAGE)

    def say(self, text: str, interrupt: bool = False) -> None:
        if interrupt:
            self._client.cancel()
        self._client.speak(text[:MAX_CHARS])

    def close(self) -> None:
        self._client.close()


def how_to_get_speech() -> str:
    """One line: what to install for speech."""
    return _("no screen reader or speech was found: install speech support with "
             "pip install \"tcf-gui[speech]\" (or Debian's python3-speechd), and start your "
             "screen reader; --speech log:FILE writes what would be said to a file")


def open_voice(spec: str) -> tuple[Voice | None, str | None]:
    """The voice ``spec`` names (``on``, ``off``, ``log:FILE``) and a problem in one line
    (None when all went well); never raises."""
    if spec == "off":
        return None, None
    if spec.startswith("log:"):
        path = Path(os.path.expanduser(spec[4:]))
        try:
            return LogVoice(path), None
        except OSError as error:
            return None, _("cannot write the speech log {path}: {problem}").format(
                path=path, problem=error.strerror or error)
    for kind in (PrismVoice, DispatcherVoice):
        try:
            return kind(), None
        except Exception:  # not installed, or no backend running: try the next  # noqa: BLE001
            continue
    return None, how_to_get_speech()
