"""Access to the shipped assets, installed (wheel or editable) or from a source checkout.

The top-level ``assets/`` folder is packaged as ``tcf_gui.assets``; in a plain checkout that
package is not importable, so the folder next to ``tcf_gui/`` is used instead.
"""
from __future__ import annotations

import contextlib
import pathlib
from importlib import resources
from typing import TYPE_CHECKING

if TYPE_CHECKING:  # importlib.resources.abc is new in Python 3.11
    from importlib.resources.abc import Traversable

ASSETS_PACKAGE = "tcf_gui.assets"


def _assets_root() -> Traversable:
    try:
        return resources.files(ASSETS_PACKAGE)
    except ModuleNotFoundError:
        return pathlib.Path(__file__).resolve().parent.parent / "assets"


def _asset(name: str) -> Traversable:
    parts = pathlib.PurePosixPath(name).parts
    if not parts or name.startswith("/") or ".." in parts:
        raise ValueError(f"not an asset name: {name!r}")
    node = _assets_root()
    for part in parts:
        node = node / part
    if not node.is_file():
        raise FileNotFoundError(f"missing asset: {name}")
    return node


def asset_path(name: str) -> contextlib.AbstractContextManager[pathlib.Path]:
    """A context manager giving a real file path for asset ``name`` (e.g. 'icon.png')."""
    return resources.as_file(_asset(name))


def read_asset_bytes(name: str) -> bytes:
    """The contents of asset ``name``."""
    return _asset(name).read_bytes()
