"""Strategies: callables from a View to the slot to discard, found by name."""
from . import combinators as _combinators  # noqa: F401  (registers "majority" and "mix")
from . import heuristic as _heuristic  # noqa: F401  (registers "heuristic")
from . import simple as _simple  # noqa: F401  (registers "random" and "lazy")
from . import expert as _expert  # noqa: F401  (registers "expert")  # isort: skip
from .expert import ExpertStrategy, expert_discard, expert_scores
from .heuristic import HeuristicStrategy
from .registry import (
    SPEC_GRAMMAR,
    Strategy,
    StrategyError,
    StrategyInfo,
    combinator_names,
    make_strategy,
    parse_spec,
    register,
    strategy_info,
    strategy_names,
)
from .simple import LazyStrategy, RandomStrategy
from .watch import describe_decision, watch

__all__ = [
    "SPEC_GRAMMAR",
    "ExpertStrategy",
    "HeuristicStrategy",
    "LazyStrategy",
    "RandomStrategy",
    "Strategy",
    "StrategyError",
    "StrategyInfo",
    "combinator_names",
    "describe_decision",
    "expert_discard",
    "expert_scores",
    "make_strategy",
    "parse_spec",
    "register",
    "strategy_info",
    "strategy_names",
    "watch",
]
