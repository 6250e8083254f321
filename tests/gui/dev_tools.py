"""The developer tools under tools/ (not part of the installed package), loaded for tests."""
from __future__ import annotations

import importlib.util
import sys
from functools import lru_cache
from pathlib import Path
from types import ModuleType
from typing import Any

TOOLS = Path(__file__).resolve().parents[2] / "tools"


def load_tool(name: str) -> ModuleType:
    """tools/NAME.py as a module."""
    spec = importlib.util.spec_from_file_location(f"tools_{name}", TOOLS / f"{name}.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module  # dataclasses look their module up there
    spec.loader.exec_module(module)
    return module


@lru_cache(maxsize=None)
def message_template() -> Any:
    """tools/translations.py's template of every message in the source, made once a process
    (it reads every module: over a second) for the pseudo-locales the tests write."""
    return load_tool("translations").extract()
