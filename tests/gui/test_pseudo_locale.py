"""Every screen under the pseudo-locale xx (made by tools/translations.py from the source):
every text drawn must come from the catalog. The pseudo-locale writes every letter of every
message with an accent (a -> å, e -> é, ...), so a plain ASCII letter left on the screen is
English that never went through the text seam, unless it is data: a card, a key, a
strategy's name, a seed, a line of the lab's own format, a name or code a person typed, a
date Babel writes (it knows no xx). ``DATA`` lists those, each with why it is not prose.
"""
from __future__ import annotations

import re

import pytest
from screen_tour import FAILURE_REASON, FRIEND_NAME, HOST_NAME, SCREENS, drawn, shown

from tcf_gui.engine.strategies.registry import strategy_names
from tcf_gui.i18n import available_languages, language_name

#: What may stay in plain ASCII letters, and why.
DATA = [
    # The notice's reason, a failing strategy's own words (screen_tour.FAILURE_REASON).
    re.escape(FAILURE_REASON),
    # A person's name at a friend's table, a join code, an address: what people typed or
    # were given to type.
    re.escape(FRIEND_NAME),
    re.escape(HOST_NAME),
    r"\b[0-9A-Z]{3}-[0-9A-Z]{3}-[0-9A-Z]{3}\b",
    # The start of the deck's SHA-256 commitment in hexadecimal ("4178b4c57130…").
    r"\b[0-9a-f]{12}…",
    # A card as the game writes it (10♠, K♥), a rank alone on the discards board, a key on
    # the keyboard (L, F11): symbols, the same in every language.
    r"\b(?:10|[2-9AKQJ])[♠♥♦♣]",
    r"(?<![\w-])(?:[A-Z]|F1?\d)(?![\w-])",
    # The lab's running counters (*win1-count* = 3) and hand-rep ((K . H)): the lab's format.
    r"\*[a-z0-9-]+\*",
    r"\((?:10|[2-9AKQJX]) \. [SHDC]\)",
    # A strategy by its name (heuristic, expert, random) or its file (mine.py:choose): what
    # --p2 takes, not a word.
    r"\b(?:" + "|".join(sorted(strategy_names(), key=len, reverse=True)) + r")\b",
    r"\b[\w-]+\.py(?::\w+)?",
    # A date (and time) in Babel's fallback for a locale CLDR lacks (English): "Nov 24",
    # "Nov 24, 6:43 PM", "11/24/26, 6:43 PM".
    r"\b(?:(?:Jan|Feb|Mar|Apr|May|Jun|Jul|Aug|Sep|Oct|Nov|Dec) \d{1,2}|\d{1,2}/\d{1,2}/\d{2})"
    r"(?:, \d{1,2}:\d{2}\W?[AP]M\b)?",
    # A language as its own speakers name it (Options → Language): "English", "Deutsch".
    r"\b(?:" + "|".join(language_name(code) for code in available_languages()) + r")\b",
]
_DATA = re.compile("|".join(f"(?:{pattern})" for pattern in DATA))
_ASCII_WORD = re.compile(r"[A-Za-z]+")


def english_left(text: str) -> list[str]:
    """The words of plain ASCII letters in ``text`` once its data is taken out."""
    return _ASCII_WORD.findall(_DATA.sub(" ", text))


def test_the_check_finds_english_and_lets_data_and_pseudo_text_through():
    assert english_left("Your turn: click a card") == ["Your", "turn", "click", "a", "card"]
    assert english_left("[Ýýöûû ţţûŕñ]  ·  10♠ K♥  ·  L  ·  F11") == []
    assert english_left("*win1-count* = 3") == [] and english_left("((K . H) (X . S))") == []
    assert english_left("Ñöŕɱåå (heuristic)") == []
    assert english_left("seed 17") == ["seed"]


@pytest.mark.parametrize("screen", SCREENS)
def test_every_screen_speaks_the_pseudo_locale(screen, speak, settings, clock, history):
    speak("xx")
    with shown(screen, settings, clock, history) as manager:
        record = drawn(manager, (1280, 720))
    assert record.boxes, "the screen drew no text"
    leaks = {box.text: words for box in record.boxes if (words := english_left(box.text))}
    assert not leaks, "English on the screen:\n" + "\n".join(
        f"{text!r}: {' '.join(words)}" for text, words in leaks.items())
