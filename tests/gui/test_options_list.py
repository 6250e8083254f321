"""The Options menu is one list, the same whatever modules were imported: no module adds its
option when it is imported (the coach's and the spectator's were once appended then, so the
menu had 7, 8 or 9 rows by the order of imports)."""
from __future__ import annotations

import os
import subprocess
import sys

import pytest

#: Prints the options' names, and the labels of a spectator's options menu, after ``{first}``.
PROBE = """
{first}
import pygame
pygame.display.init()
pygame.font.init()
from tcf_gui.config.settings import Settings
from tcf_gui.gui.options import OPTIONS
from tcf_gui.gui.scene_manager import SceneManager
from tcf_gui.gui.spectator import SpectatorScene
scene = SpectatorScene(Settings(), (1280, 720), seed=3)
SceneManager(scene)
scene.menus.open_options()
print([option.name for option in OPTIONS])
print([item.label for item in scene.manager.stack[-1].items])
"""

FIRSTS = {
    "the options alone": "import tcf_gui.gui.options",
    "the person's table first": "import tcf_gui.gui.play_scene",
    "the coach first": "import tcf_gui.gui.coach_overlay",
    "the spectator first": "import tcf_gui.gui.spectator",
}


def _menu(first: str) -> str:
    env = dict(os.environ, SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy",
               PYGAME_HIDE_SUPPORT_PROMPT="1", LANGUAGE="en", LC_ALL="C")
    done = subprocess.run([sys.executable, "-c", PROBE.format(first=first)], capture_output=True,
                          text=True, env=env, timeout=120)
    assert done.returncode == 0, done.stderr
    return done.stdout


@pytest.fixture(scope="module")
def menus() -> dict[str, str]:
    return {name: _menu(first) for name, first in FIRSTS.items()}


def test_the_options_menu_is_the_same_whatever_was_imported_first(menus):
    assert len(set(menus.values())) == 1, menus
    names, labels = menus["the options alone"].splitlines()
    assert "'coach'" in names and "'keep_watched'" in names
    assert "Keep watched games" in labels and "Coach" not in labels  # (nobody to coach there)
