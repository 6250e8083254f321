"""The progress bar: only on a terminal, never past its width, wiped whole when closed."""
from __future__ import annotations

import io

from tcf_gui.console.progress import BAR_WIDTH, Progress


class Terminal(io.StringIO):
    def isatty(self) -> bool:
        return True


def test_nothing_is_drawn_when_not_a_terminal():
    stream = io.StringIO()
    progress = Progress(10, stream=stream)
    progress(10)
    progress.close()
    assert stream.getvalue() == ""


def test_the_bar_fills_and_is_wiped_whole():
    stream = Terminal()
    progress = Progress(10**22, stream=stream)  # a line longer than 79 characters
    progress(10**22)
    drawn = stream.getvalue()
    assert drawn.startswith("\r[" + "#" * BAR_WIDTH + "] ")
    assert f"{10**22}/{10**22} games" in drawn
    progress.close()
    wipe = stream.getvalue()[len(drawn):]
    assert wipe == "\r" + " " * (len(drawn) - 1) + "\r"


def test_more_done_than_total_does_not_overflow_the_bar():
    stream = Terminal()
    progress = Progress(4, stream=stream)
    progress(9)
    assert stream.getvalue().startswith("\r[" + "#" * BAR_WIDTH + "] 9/4")


def test_a_shorter_line_covers_the_longer_one_before_it():
    stream = Terminal()
    progress = Progress(100, stream=stream)
    progress(100)
    first = stream.getvalue()
    progress._last = 0.0  # allow the next draw now
    progress(5)  # "5/100" is two characters shorter than "100/100"
    second = stream.getvalue()[len(first):]
    assert len(second) >= len(first) and second.rstrip(" ") != second


def test_no_progress_without_games():
    stream = Terminal()
    progress = Progress(0, stream=stream)
    progress(0)
    progress.close()
    assert stream.getvalue() == ""
