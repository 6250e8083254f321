"""Settings survive a round trip, and a corrupt file never crashes or loses data."""
import json

from tcf_gui.config.settings import Settings, load_settings, save_settings, settings_path


def test_missing_file_gives_defaults(tmp_path):
    assert load_settings(tmp_path / "settings.json") == (Settings(), None)


def test_round_trip(tmp_path):
    path = tmp_path / "deep" / "settings.json"
    chosen = Settings(speed="fast", four_colour=True, open_hands=True, sound=False, show_log=True)
    assert save_settings(chosen, path) is None
    assert load_settings(path) == (chosen, None)
    assert [p.name for p in path.parent.iterdir()] == ["settings.json"]  # no temp file left


def test_corrupt_json_gives_defaults_and_keeps_the_file(tmp_path):
    path = tmp_path / "settings.json"
    path.write_text("{not json")
    settings, warning = load_settings(path)
    assert settings == Settings()
    [kept] = tmp_path.glob("settings.json.*.bad")
    assert warning and str(kept) in warning
    assert kept.read_text() == "{not json"


def test_not_an_object(tmp_path):
    path = tmp_path / "settings.json"
    path.write_text("[1, 2]")
    settings, warning = load_settings(path)
    assert settings == Settings() and "not a JSON object" in warning


def test_bad_values_fall_back_one_by_one(tmp_path):
    path = tmp_path / "settings.json"
    path.write_text(json.dumps({"speed": "warp", "four_colour": True, "sound": "loud", "extra": 1}))
    settings, warning = load_settings(path)
    assert settings == Settings(four_colour=True)
    assert "speed='warp'" in warning and "sound='loud'" in warning


def test_binary_garbage(tmp_path):
    path = tmp_path / "settings.json"
    path.write_bytes(b"\xff\xfe\x00garbage")
    settings, warning = load_settings(path)
    assert settings == Settings() and warning


def test_save_failure_is_a_warning(tmp_path):
    blocker = tmp_path / "file"
    blocker.write_text("x")
    assert "could not save" in save_settings(Settings(), blocker / "settings.json")


def test_config_dir_override(tmp_path, monkeypatch):
    monkeypatch.setenv("TCF_GUI_CONFIG_DIR", str(tmp_path))
    assert settings_path() == tmp_path / "settings.json"
    monkeypatch.delenv("TCF_GUI_CONFIG_DIR")
    monkeypatch.setenv("XDG_CONFIG_HOME", str(tmp_path / "xdg"))
    assert settings_path() == tmp_path / "xdg" / "tcf-gui" / "settings.json"


def test_a_failed_save_leaves_no_temporary_file(tmp_path):
    target = tmp_path / "settings.json"
    target.mkdir()  # os.replace onto a folder fails after the temporary file is written
    warning = save_settings(Settings(), target)
    assert warning is not None and "could not save" in warning
    assert [p.name for p in tmp_path.iterdir()] == ["settings.json"]


def test_settings_from_before_platformdirs_are_copied_once(tmp_path, monkeypatch):
    """On a platform whose config folder is not ~/.config (macOS, Windows) the old folder's
    files are copied over when the new folder does not exist yet; the old ones stay."""
    import platformdirs

    from tcf_gui.system.folders import config_dir

    old = tmp_path / "xdg" / "tcf-gui"
    old.mkdir(parents=True)
    (old / "settings.json").write_text('{"speed": "fast"}')
    monkeypatch.delenv("TCF_GUI_CONFIG_DIR")
    monkeypatch.setenv("XDG_CONFIG_HOME", str(tmp_path / "xdg"))
    monkeypatch.setattr(platformdirs, "user_config_dir", lambda *a, **k: str(tmp_path / "platform"))
    assert config_dir() == tmp_path / "platform"
    assert load_settings()[0].speed == "fast"
    (old / "settings.json").write_text('{"speed": "slow"}')  # only once: the new folder exists
    assert load_settings()[0].speed == "fast" and (old / "settings.json").exists()


def test_every_setting_is_bounded(tmp_path):
    from tcf_gui.config.settings import NAME_MOST, PLACE_MOST, WINDOW_MOST

    path = tmp_path / "settings.json"
    wide, high = WINDOW_MOST
    kept = {"window_size": [wide, high], "window_pos": [-PLACE_MOST, PLACE_MOST],
            "opponent": "x" * NAME_MOST}
    path.write_text(json.dumps(kept))
    assert load_settings(path) == (Settings(**kept), None)
    for name, bad in [("window_size", [100_000, 100_000]), ("window_size", [wide + 1, high]),
                      ("window_size", [wide, high + 1]), ("window_size", [0, 600]),
                      ("window_size", [800.5, 600]), ("window_size", [800, 600, 1]),
                      ("window_pos", [PLACE_MOST + 1, 0]), ("window_pos", [0, -PLACE_MOST - 1]),
                      ("opponent", "x" * (NAME_MOST + 1)), ("language", "x" * 17)]:
        path.write_text(json.dumps({name: bad, "sound": False}))
        settings, warning = load_settings(path)
        assert settings == Settings(sound=False), (name, bad)
        assert warning and name in warning, (name, bad)
