"""The coach: the chance to win, draw and lose after each possible discard.

``advise(Position.from_view(view), opponent="heuristic")`` answers for a position; the
computation is exact at the level of suits (search.py), with the cards' ranks brought in
for the tie-break of a same-turn double flush (tiebreak.py).
"""
from .advice import Advice, Choice, advise
from .review import Review, ReviewedTurn, positions, review_events, review_game
from .policies import CONTINUATION, CoachError
from .position import Position, PositionError
from .search import Odds

__all__ = [
    "CONTINUATION", "Advice", "Choice", "CoachError", "Odds", "Position", "PositionError",
    "Review", "ReviewedTurn", "advise", "positions", "review_events", "review_game",
]
