"""Strategies: callables from a View to the slot to discard, found by name (registry.py
holds the table of built-in names; each strategy's module loads on first use)."""
from tcf_gui.engine.strategies.registry import (
    Strategy,
    StrategyError,
    StrategyInfo,
    combinator_names,
    make_strategy,
    parse_spec,
    strategy_info,
    strategy_names,
)

__all__ = [
    "Strategy",
    "StrategyError",
    "StrategyInfo",
    "combinator_names",
    "make_strategy",
    "parse_spec",
    "strategy_info",
    "strategy_names",
]
