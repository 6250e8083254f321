"""A user's strategy file runs in a sandbox: a process of its own, confined by the operating
system, that sees Views and answers slots (client.py: the engine's side; server.py: the
process; levels.py: the levels; confine.py, seccomp.py, landlock.py: the confinement;
protocol.py: the wire; output.py: what it prints; sealing.py: its random generator's seed)."""
from tcf_gui.engine.strategies.sandbox.client import (
    DEFAULT_DECISION_SECONDS,
    START_SECONDS,
    SandboxedStrategy,
    decision_limit,
    set_decision_limit,
    stop_all,
)
from tcf_gui.engine.strategies.sandbox.levels import LEVEL_ENV, LEVELS, Isolation, isolation

__all__ = [
    "DEFAULT_DECISION_SECONDS",
    "LEVELS",
    "LEVEL_ENV",
    "START_SECONDS",
    "Isolation",
    "SandboxedStrategy",
    "decision_limit",
    "isolation",
    "set_decision_limit",
    "stop_all",
]
