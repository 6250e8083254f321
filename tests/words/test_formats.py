"""Numbers and dates follow the language in force (Babel's CLDR formats)."""
from __future__ import annotations

from datetime import date, datetime

import pytest

from tcf_gui import i18n
from tcf_gui.words import formats


@pytest.fixture
def speak(catalogs):
    """Choose a language for the test (English again afterwards: tests/conftest.py)."""
    return i18n.use_language


def test_english_numbers_and_dates():
    i18n.use_language("en")
    assert formats.percent(0.4567) == "45.7%"
    assert formats.percent(0.05, 0) == "5%"
    assert formats.decimal(12345.678, 2) == "12,345.68"
    assert formats.integer(1234567) == "1,234,567"
    assert formats.day(date(2026, 3, 4)) == "Mar 4, 2026"


def test_german_numbers_and_dates(speak):
    speak("de")
    assert formats.percent(0.4567) == "45,7\xa0%"
    assert formats.decimal(12345.678, 2) == "12.345,68"
    assert formats.integer(1234567) == "1.234.567"
    assert formats.day(date(2026, 3, 4)) == "04.03.2026"
    assert formats.day_and_time(datetime(2026, 3, 4, 15, 7)) == "04.03.26, 15:07"


def test_a_language_cldr_does_not_know_writes_as_english(monkeypatch):
    monkeypatch.setattr(formats, "language", lambda: "xx")
    assert formats.percent(0.5) == "50.0%"


def test_a_number_beyond_babels_digits_is_still_written():
    written = formats.integer(10**40)  # a progress bar's rate after no time at all
    assert written.startswith("10,000,000,000,000") and len(written.replace(",", "")) == 41
