"""No chatter from the libraries under the game: SDL's ALSA backend, finding no sound
device, writes 'ALSA lib ...' lines to stderr from C, and pygame prints a banner on stdout
when it is imported."""
from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

from tcf_gui.system.c_chatter import chatter_held_back

ROOT = Path(__file__).resolve().parents[2]


def test_alsa_lines_written_from_c_are_held_back_and_the_rest_let_through(capfd):
    print("before", file=sys.stderr)
    with chatter_held_back():
        os.write(2, b"ALSA lib confmisc.c:855:(parse_card) cannot find card '0'\n")
        print("a line of our own", file=sys.stderr)
        os.write(2, b"something else from C\nALSA lib pcm.c:2666: Unknown PCM default\n")
    os.write(2, b"after\n")
    assert capfd.readouterr().err == "before\na line of our own\nsomething else from C\nafter\n"


def test_the_window_says_nothing_of_alsa_or_pygame(tmp_path):
    """The spectator, with sound on and SDL left to find the sound device itself (a machine
    with none makes ALSA complain), opens, draws its first frame and closes."""
    env = {name: value for name, value in os.environ.items()
           if name not in ("SDL_AUDIODRIVER", "PYGAME_HIDE_SUPPORT_PROMPT")}
    env |= {"PYTHONPATH": str(ROOT), "SDL_VIDEODRIVER": "dummy",
            "TCF_GUI_CONFIG_DIR": str(tmp_path / "config"),
            "TCF_GUI_DATA_DIR": str(tmp_path / "data"), "TCF_GUI_FIRST_FRAME_EXIT": "1"}
    done = subprocess.run([sys.executable, "-m", "tcf_gui", "--spectate", "--games", "1",
                           "--speed", "instant", "--seed", "5"], env=env, capture_output=True,
                          text=True, timeout=60)
    assert done.returncode == 0, done.stderr
    assert "ALSA" not in done.stderr and "pygame" not in done.stdout.lower()
    assert done.stdout.startswith("Player 1: random")
