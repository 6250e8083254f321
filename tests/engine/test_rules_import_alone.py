"""The rules import alone: ``tcf_gui.engine.cards`` loads no strategy, sandbox, coach or lab
module (checked in a new interpreter), and a built-in strategy's module loads only when its
name is first used."""
from __future__ import annotations

import subprocess
import sys

#: The most tcf_gui modules that importing the cards may load (the issue's bound).
MOST_MODULES = 8


def _loaded(code: str) -> list[str]:
    probe = code + "; import sys; print(' '.join(sorted(m for m in sys.modules if m.startswith('tcf_gui'))))"
    done = subprocess.run([sys.executable, "-c", probe], capture_output=True, text=True,
                          timeout=60, check=True)
    return done.stdout.split()


def test_the_cards_load_no_player_and_no_lab():
    loaded = _loaded("import tcf_gui.engine.cards")
    assert "tcf_gui.engine.cards" in loaded
    assert len(loaded) <= MOST_MODULES, loaded
    for part in ("strategies", "coach", "sandbox", "lab", "history", "gui", "net", "play"):
        assert not any(f".{part}" in name for name in loaded), (part, loaded)


def test_a_game_needs_no_strategy_module_until_one_is_named():
    loaded = _loaded("from tcf_gui.engine.game import play_game")
    assert not any(".strategies" in name or ".coach" in name for name in loaded), loaded


def test_a_built_in_strategy_loads_on_first_use_only():
    listed = _loaded("from tcf_gui.engine.strategies import strategy_names; strategy_names()")
    assert "tcf_gui.engine.strategies.heuristic" not in listed
    assert "tcf_gui.engine.coach.expert" not in listed
    used = _loaded("from tcf_gui.engine.strategies import make_strategy; make_strategy('heuristic')")
    assert "tcf_gui.engine.strategies.heuristic" in used
    assert "tcf_gui.engine.coach.expert" not in used


def test_no_module_of_the_engine_imports_pygame():
    """The rule docs/architecture.md states (play/'s: tests/play/test_play_session.py)."""
    everything = ("import importlib, pkgutil, tcf_gui.engine as engine; "
                  "[importlib.import_module(m.name) for m in "
                  "pkgutil.walk_packages(engine.__path__, 'tcf_gui.engine.')]")
    loaded = _loaded(everything + "; import sys; print('pygame' if 'pygame' in sys.modules else '')")
    assert "tcf_gui.engine.coach.expert" in loaded  # every module was imported
    assert "pygame" not in loaded
