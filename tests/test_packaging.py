"""The package installs as a user gets it: every subpackage and the assets are in the wheel."""
from __future__ import annotations

import shutil
import subprocess
import sys
import zipfile
from pathlib import Path

import pytest

try:  # Python 3.11+
    import tomllib
except ModuleNotFoundError:  # pragma: no cover - Python 3.10
    tomllib = pytest.importorskip("tomli")

ROOT = Path(__file__).resolve().parents[1]


def _pyproject() -> dict:
    return tomllib.loads((ROOT / "pyproject.toml").read_text())


def test_every_package_directory_is_listed_in_pyproject():
    listed = set(_pyproject()["tool"]["setuptools"]["packages"])
    on_disk = {
        ".".join(path.parent.relative_to(ROOT).parts)
        for path in (ROOT / "tcf_gui").rglob("__init__.py")
    }
    assert on_disk - listed == set(), "add these packages to pyproject.toml"
    assert "tcf_gui.assets" in listed
    # setuptools takes a data folder for a package and warns unless it is listed as one
    data_folders = {"tcf_gui.assets." + ".".join(path.relative_to(ROOT / "assets").parts)
                    for path in (ROOT / "assets").rglob("*")
                    if path.is_dir() and path.name != "__pycache__"}
    assert data_folders - listed == set(), "add these data folders to pyproject.toml's packages"


def test_entry_points_name_the_cli():
    project = _pyproject()["project"]
    assert project["scripts"]["tcf-gui"] == "tcf_gui.cli:main"
    assert project["name"] == "tcf-gui"
    assert any(dep.startswith("pygame-ce") for dep in project["dependencies"])
    assert not any(dep.split(">")[0].split("=")[0].strip() == "pygame" for dep in project["dependencies"])


def _tree(tmp_path: Path) -> Path:
    """A copy of the project as a clean checkout has it."""
    tree = tmp_path / "tree"
    shutil.copytree(ROOT, tree, ignore=shutil.ignore_patterns(
        ".git", "__pycache__", "build", "dist", "*.egg-info", ".venv", ".mypy_cache", "xx"))
    return tree


def test_wheel_holds_every_module_asset_catalog_and_the_license(tmp_path):
    tree = _tree(tmp_path)
    subprocess.run(
        [sys.executable, "-m", "pip", "wheel", str(tree), "--no-deps", "--no-build-isolation",
         "-q", "-w", str(tmp_path)],
        check=True,
        cwd=tmp_path,
    )
    (wheel,) = tmp_path.glob("tcf_gui-*.whl")
    names = set(zipfile.ZipFile(wheel).namelist())
    for module in (ROOT / "tcf_gui").rglob("*.py"):
        assert module.relative_to(ROOT).as_posix() in names
    assets = [p for p in (ROOT / "assets").rglob("*")
              if p.is_file() and "__pycache__" not in p.parts]  # bytecode from a test run is not an asset
    assert assets, "assets/ must ship at least the window icon"
    for asset in assets:
        assert "tcf_gui/assets/" + asset.relative_to(ROOT / "assets").as_posix() in names
    catalogs = [path.relative_to(ROOT).as_posix()
                for path in (ROOT / "tcf_gui" / "locale").glob("*/LC_MESSAGES/tcf-gui.mo")
                if path.parts[-3] != "xx"]  # the pseudo-locale is made by the tests, not shipped
    assert catalogs, "the translations' compiled catalogs must ship"
    for catalog in catalogs:
        assert catalog in names
    licences = [name for name in names if name.endswith("/LICENSE") and ".dist-info/" in name]
    assert licences, "the wheel must carry the licence file"
    assert zipfile.ZipFile(wheel).read(licences[0]) == (ROOT / "LICENSE").read_bytes()
    metadata = zipfile.ZipFile(wheel).read(next(n for n in names if n.endswith("METADATA")))
    assert b"License-Expression: MIT" in metadata
