"""Headless test setup: no real screen, no sound card, and no writes to the user's config."""
import os

import pytest

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")


@pytest.fixture(autouse=True)
def _private_config_dir(tmp_path_factory, monkeypatch):
    """Settings saved by any test land in a temporary folder, never in ~/.config."""
    monkeypatch.setenv("TCF_GUI_CONFIG_DIR", str(tmp_path_factory.mktemp("config")))
