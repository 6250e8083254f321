"""Headless test setup: no real screen, no sound card, and no writes to the user's folders."""
import os

import pytest

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")


@pytest.fixture(autouse=True)
def _private_folders(tmp_path_factory, monkeypatch):
    """Settings and game history written by any test land in temporary folders, never in
    the user's config or data folder."""
    monkeypatch.setenv("TCF_GUI_CONFIG_DIR", str(tmp_path_factory.mktemp("config")))
    monkeypatch.setenv("TCF_GUI_DATA_DIR", str(tmp_path_factory.mktemp("data")))
