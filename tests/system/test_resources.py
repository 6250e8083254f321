"""Asset access: the shipped files by name, from the checkout or through importlib.resources."""
from __future__ import annotations

import pytest

from tcf_gui.system import resources
from tcf_gui.system.resources import asset_path, read_asset_bytes

PNG_SIGNATURE = b"\x89PNG\r\n\x1a\n"
SHIPPED = ["icon.png", "deal.wav", "discard.wav", "win.wav", "draw.wav", "README.md"]


@pytest.mark.parametrize("name", SHIPPED)
def test_shipped_assets_read_the_same_by_bytes_and_by_path(name):
    data = read_asset_bytes(name)
    assert data
    with asset_path(name) as path:
        assert path.is_file()
        assert path.read_bytes() == data


def test_files_are_what_their_names_say():
    assert read_asset_bytes("icon.png").startswith(PNG_SIGNATURE)
    for name in ("deal", "discard", "win", "draw"):
        data = read_asset_bytes(f"{name}.wav")
        assert data[:4] == b"RIFF" and data[8:12] == b"WAVE"


@pytest.mark.parametrize("name", ["../x", "../pyproject.toml", "a/../icon.png", "/etc/passwd", ""])
def test_names_leaving_the_assets_are_refused(name):
    with pytest.raises(ValueError, match="not an asset name"):
        read_asset_bytes(name)
    with pytest.raises(ValueError):
        asset_path(name)


@pytest.mark.parametrize("name", ["nope.wav", "sounds/deal.wav", "icon.PNG.bak"])
def test_missing_assets_raise_file_not_found(name):
    with pytest.raises(FileNotFoundError, match="missing asset"):
        read_asset_bytes(name)


def test_installed_assets_are_found_through_importlib_resources(tmp_path, monkeypatch):
    """As in the wheel: the assets are a package, and lookups go through importlib.resources."""
    package = tmp_path / "tcf_probe_assets"
    package.mkdir()
    (package / "__init__.py").write_text("")
    (package / "icon.png").write_bytes(b"not the checkout's icon")
    monkeypatch.syspath_prepend(str(tmp_path))
    monkeypatch.setattr(resources, "ASSETS_PACKAGE", "tcf_probe_assets")
    assert read_asset_bytes("icon.png") == b"not the checkout's icon"
    with asset_path("icon.png") as path:
        assert path.read_bytes() == b"not the checkout's icon"
    with pytest.raises(FileNotFoundError):
        read_asset_bytes("win.wav")
