"""The game's sounds: shipped as sane WAVs, made reproducibly, and never in the way of play."""
from __future__ import annotations

import io
import wave

import numpy as np
import pygame
import pytest

from dev_tools import load_tool
from tcf_gui.gui import sounds
from tcf_gui.gui.sounds import SOUND_NAMES, Sounds
from tcf_gui.system.resources import read_asset_bytes

make_assets = load_tool("make_assets")

# (shortest, longest) seconds each sound may last: short cues, the chimes under a second.
DURATIONS = {"deal": (0.05, 0.12), "discard": (0.1, 0.25), "win": (0.4, 0.8), "draw": (0.4, 0.8)}


def _read(data: bytes) -> tuple:
    with wave.open(io.BytesIO(data)) as wav:
        params = wav.getparams()
        samples = np.frombuffer(wav.readframes(wav.getnframes()), dtype="<i2")
    return params, samples


@pytest.mark.parametrize("name", SOUND_NAMES)
def test_shipped_sound_is_a_short_soft_wav(name):
    data = read_asset_bytes(f"{name}.wav")
    assert len(data) < 60_000
    params, samples = _read(data)
    assert (params.framerate, params.sampwidth) == (44100, 2)
    assert params.nchannels in (1, 2)
    shortest, longest = DURATIONS[name]
    assert shortest <= params.nframes / params.framerate <= longest
    peak_dbfs = 20 * np.log10(np.abs(samples.astype(float)).max() / 32768)
    assert -7 < peak_dbfs < -5
    edge = len(samples) // 100  # the first and last 1 % fade from and to silence
    assert np.abs(samples[:3]).max() < 200 and np.abs(samples[-3:]).max() < 200
    assert np.abs(samples[edge:-edge]).max() > np.abs(samples[:3]).max()


def test_make_assets_gives_the_shipped_sounds_byte_for_byte(tmp_path, capsys):
    assert make_assets.main(["--out", str(tmp_path / "new")]) == 0
    for name in SOUND_NAMES:
        assert (tmp_path / "new" / f"{name}.wav").read_bytes() == read_asset_bytes(f"{name}.wav"), name
    assert (tmp_path / "new" / "icon.png").is_file()
    assert "win.wav" in capsys.readouterr().out


def test_make_assets_refuses_an_unwritable_folder_in_one_line(tmp_path, capsys):
    blocker = tmp_path / "a-file"
    blocker.write_text("not a folder")
    assert make_assets.main(["--out", str(blocker)]) == 2
    err = capsys.readouterr().err
    assert err.startswith("make_assets: cannot write to") and err.count("\n") == 1


def test_sounds_play_under_the_dummy_audio_driver():
    player = Sounds(True)
    for name in SOUND_NAMES:
        player.play(name)
    if pygame.mixer.get_init():  # the dummy driver normally starts; then every sound loaded
        assert set(player._sounds) == set(SOUND_NAMES)
        assert player._sounds["win"].get_length() == pytest.approx(0.65, abs=0.01)


def test_disabled_sounds_touch_nothing(monkeypatch):
    def forbidden(*args, **kwargs):
        raise AssertionError("a disabled player must not load or start anything")

    monkeypatch.setattr(pygame.mixer, "init", forbidden)
    monkeypatch.setattr(pygame.mixer, "Sound", forbidden)
    player = Sounds(False)
    for name in SOUND_NAMES:
        player.play(name)


def test_missing_sound_files_mean_silence(monkeypatch):
    def missing(name):
        raise FileNotFoundError(name)

    monkeypatch.setattr(sounds, "read_asset_bytes", missing)
    player = Sounds(True)
    for name in SOUND_NAMES:
        player.play(name)


@pytest.mark.parametrize("enabled", [True, False])
def test_unknown_sound_name_is_an_error(enabled):
    with pytest.raises(ValueError, match="unknown sound"):
        Sounds(enabled).play("fanfare")


def test_one_missing_file_silences_only_that_sound(monkeypatch):
    real = sounds.read_asset_bytes

    def without_win(name):
        if name == "win.wav":
            raise FileNotFoundError(name)
        return real(name)

    monkeypatch.setattr(sounds, "read_asset_bytes", without_win)
    player = Sounds(True)
    player.play("win")
    if pygame.mixer.get_init():
        assert set(player._sounds) == set(SOUND_NAMES) - {"win"}
