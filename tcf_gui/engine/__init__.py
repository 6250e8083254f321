"""The rules engine of Three Card Flush. Pure Python: no pygame anywhere below here."""
from .analysis import BUST, Analysis, analyze_hand, high_card, is_flush, is_straight
from .cards import (
    CARDS,
    Card,
    Rank,
    Suit,
    card_from_index,
    hand_rep,
    lab_list,
    make_deck,
    parse_card,
    parse_cards,
)
from .events import Dealt, Discarded, Drew, Event, GameOver
from .game import MAX_TURNS, Game, new_seed, play_game, shuffled_deck
from .match import Match, game_seeds, player_rngs
from .outcome import Case, Outcome, judge
from .statistics import Counters, run_statistics, wilson_interval
from .strategies import (
    StrategyError,
    make_strategy,
    strategy_names,
    watch,
)
from .view import Strategy, View

__all__ = [
    "BUST", "CARDS", "MAX_TURNS", "Analysis", "Card", "Case", "Counters", "Dealt",
    "Discarded", "Drew", "Event", "Game", "GameOver", "Match", "Outcome", "Rank", "Strategy",
    "StrategyError", "Suit", "View", "analyze_hand", "card_from_index", "game_seeds", "hand_rep",
    "high_card", "is_flush", "is_straight", "judge", "lab_list", "make_deck",
    "make_strategy", "new_seed", "parse_card", "parse_cards", "play_game", "player_rngs",
    "run_statistics", "shuffled_deck", "strategy_names", "watch", "wilson_interval",
]
