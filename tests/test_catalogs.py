"""The shipped catalogs: every language the game promises is there, and each one is
complete (no message untranslated, fuzzy or missing from the source), keeps the source's
placeholders in every plural form, and has its .mo compiled from its .po."""
from __future__ import annotations

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).parent / "gui"))
from dev_tools import load_tool  # noqa: E402

from tcf_gui.i18n import available_languages  # noqa: E402

tool = load_tool("translations")

#: The languages the game ships (docs/playing.md, Languages), besides English (the source).
SHIPPED = {"de", "es", "fr", "pl", "pt_BR"}


def test_every_promised_language_has_a_catalog_and_it_is_compiled():
    catalogs = {path.parts[-3] for path in tool.catalog_paths()}
    assert SHIPPED <= catalogs
    assert SHIPPED <= set(available_languages())


def test_every_catalog_is_complete_and_current():
    """What `python tools/translations.py check` reports: nothing."""
    assert tool.check() == []
