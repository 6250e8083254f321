"""The game's few sounds (deal, discard, win, draw): short WAVs from assets/, played on demand.

Sound is a nicety: when the mixer cannot start (no sound card, SDL_AUDIODRIVER=dummy in an odd
state, pygame built without the mixer) or a file is missing, the game plays on in silence.
"""
from __future__ import annotations

import io

import pygame

from tcf_gui.system.c_chatter import chatter_held_back
from tcf_gui.system.resources import read_asset_bytes

#: The sounds the table asks for; each is the asset ``<name>.wav``.
SOUND_NAMES = ("deal", "discard", "win", "draw")


class Sounds:
    """Plays the named sounds when ``enabled``; silent and harmless otherwise."""

    def __init__(self, enabled: bool) -> None:
        self.enabled = enabled
        self._sounds: dict[str, pygame.mixer.Sound] | None = None
        if enabled:
            self._load()

    def _load(self) -> dict[str, pygame.mixer.Sound]:
        """Start the mixer and load the sounds once; an empty dict when that is impossible."""
        if self._sounds is None:
            self._sounds = {}
            try:
                if not pygame.mixer.get_init():
                    with chatter_held_back():  # no sound device: ALSA's lines, from C
                        pygame.mixer.init(frequency=44100, size=-16, channels=2, buffer=512)
            except (pygame.error, NotImplementedError):
                return self._sounds
            for name in SOUND_NAMES:  # a missing or broken file silences that sound only
                try:
                    self._sounds[name] = pygame.mixer.Sound(io.BytesIO(read_asset_bytes(f"{name}.wav")))
                except (pygame.error, OSError):
                    pass
        return self._sounds

    def play(self, name: str) -> None:
        """Play sound ``name`` (one of SOUND_NAMES) if sound is on and can be played."""
        if name not in SOUND_NAMES:
            raise ValueError(f"unknown sound: {name!r}")
        if not self.enabled:
            return
        sound = self._load().get(name)
        if sound is not None:
            try:
                sound.play()
            except pygame.error:
                pass
