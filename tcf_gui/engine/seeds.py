"""The range of seeds, in a module light to import: the command line checks a seed before the
engine (tcf_gui.engine.game, which uses them) is loaded."""
from __future__ import annotations

GAME_SEEDS = 1 << 63
"""Seeds below this are game seeds: the seed of a game, or of a run that deals its first game
from it. The game history keeps them (SQLite's integers hold up to 2**63 - 1)."""
SEED_LIMIT = 1 << 64
"""Seeds run from 0 up to this, not included. A fresh run's seed lies at or above GAME_SEEDS
and deals no game itself (tcf_gui.engine.match.game_seeds)."""
