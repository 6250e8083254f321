"""What the subcommands share: the argument types (from tcf_gui.args), a rate's format and a
p-value's."""
from __future__ import annotations

from ..args import games_int, positive_int, seed_int, strategy_spec
from ..engine.statistics import wilson_interval

__all__ = ["games_int", "p_value_text", "positive_int", "rate_with_interval", "seed_int", "strategy_spec"]


def rate_with_interval(successes: int, trials: int) -> str:
    """A rate in percent with its 95% Wilson interval: ' 80.05%  (95% CI 79.97-80.13%)'."""
    low, high = wilson_interval(successes, trials)
    rate = successes / trials if trials else 0.0
    return f"{100 * rate:6.2f}%  (95% CI {100 * low:.2f}-{100 * high:.2f}%)"


def p_value_text(p_value: float) -> str:
    """A test's p-value as the duels print it: 'p = 0.0123', or 'p < 1e-12' below that."""
    return "p < 1e-12" if p_value < 1e-12 else f"p = {p_value:.3g}"
