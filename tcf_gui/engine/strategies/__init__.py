"""Strategies: callables from a View to the slot to discard, found by name."""
from .combinators import MajorityStrategy, MixStrategy
from .expert import ExpertStrategy, expert_discard, expert_scores
from .heuristic import HeuristicStrategy
from .registry import (
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

# The built-in strategies by name, in the order lists and tournaments show them.
register(MajorityStrategy, MixStrategy, HeuristicStrategy, RandomStrategy, LazyStrategy,
         ExpertStrategy)

__all__ = [
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
