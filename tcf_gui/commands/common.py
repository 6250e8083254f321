"""What the subcommands share: the argument types (from tcf_gui.args) and a rate's format."""
from __future__ import annotations

from ..args import positive_int, seed_int, strategy_spec
from ..engine.statistics import wilson_interval

__all__ = ["positive_int", "rate_with_interval", "seed_int", "strategy_spec"]


def rate_with_interval(successes: int, trials: int) -> str:
    """A rate in percent with its 95% Wilson interval: ' 80.05%  (95% CI 79.97-80.13%)'."""
    low, high = wilson_interval(successes, trials)
    rate = successes / trials if trials else 0.0
    return f"{100 * rate:6.2f}%  (95% CI {100 * low:.2f}-{100 * high:.2f}%)"
