"""Saved JSON files (settings, the old record) never stop the game and never lose what was
in them, however damaged: deep nesting, huge numbers, a FIFO, repeated damage, wrong types."""
from __future__ import annotations

import json
import os
import time

import pytest

from tcf_gui.history.record import Record, load_record
from tcf_gui.config.settings import Settings, load_settings, save_settings


@pytest.mark.parametrize("text", ["[" * 100_000, "{" * 100_000, '"' + "x" * 10, "1" * 5000,
                                  '{"speed": ' + "[" * 5000 + "]" * 5000 + "}", "\x00" * 50])
def test_any_damage_gives_defaults_and_keeps_the_file(tmp_path, text):
    path = tmp_path / "settings.json"
    path.write_text(text)
    settings, warning = load_settings(path)
    assert warning and "\n" not in warning
    [kept] = tmp_path.glob("settings.json.*.bad")
    assert kept.read_text() == text and str(kept) in warning
    assert settings == Settings() or "ignored bad values" in warning


def test_a_record_with_a_5000_digit_number(tmp_path):
    path = tmp_path / "record.json"
    path.write_text('{"wins": ' + "9" * 5000 + "}")
    record, warning = load_record(path)
    assert record == Record() and warning and len(warning) < 400


def test_a_record_with_a_number_too_large_to_store(tmp_path):
    path = tmp_path / "record.json"
    path.write_text(json.dumps({"wins": 10**40, "losses": 2}))
    record, warning = load_record(path)
    assert record == Record(losses=2) and "wins=a huge number" in warning


def test_each_damage_gets_its_own_backup(tmp_path):
    path = tmp_path / "settings.json"
    for text in ("{first", "{second", "{third"):
        path.write_text(text)
        load_settings(path)
    kept = sorted(p.read_text() for p in tmp_path.glob("settings.json.*.bad"))
    assert kept == ["{first", "{second", "{third"]


def test_wrong_types_are_kept_before_the_file_is_rewritten(tmp_path):
    path = tmp_path / "settings.json"
    original = json.dumps({"speed": "fast", "sound": "loud"})
    path.write_text(original)
    settings, warning = load_settings(path)
    assert settings == Settings(speed="fast") and "sound='loud'" in warning
    assert save_settings(settings, path) is None
    [kept] = tmp_path.glob("settings.json.*.bad")
    assert kept.read_text() == original and str(kept) in warning


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="needs FIFOs")
def test_a_fifo_is_refused_at_once(tmp_path):
    path = tmp_path / "settings.json"
    os.mkfifo(path)
    start = time.monotonic()
    settings, warning = load_settings(path)
    assert time.monotonic() - start < 5
    assert settings == Settings() and "not a regular file" in warning


def test_a_folder_is_refused(tmp_path):
    (tmp_path / "settings.json").mkdir()
    settings, warning = load_settings(tmp_path / "settings.json")
    assert settings == Settings() and "not a regular file" in warning
