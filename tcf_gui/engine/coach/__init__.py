"""The coach: the chance to win, draw and lose after each possible discard.

``advise(Position.from_view(view), opponent="heuristic")`` answers for a position; the
computation is exact at the level of suits (search.py), with the cards' ranks brought in
for the tie-break of a same-turn double flush (tiebreak.py).
"""
from tcf_gui.engine.coach.advice import Advice, Choice, advise
from tcf_gui.engine.coach.review import Review, ReviewedTurn, positions, review_events, review_game
from tcf_gui.engine.coach.policies import CONTINUATION, CoachError
from tcf_gui.engine.coach.position import Position, PositionError
from tcf_gui.engine.coach.search import Odds

__all__ = [
    "CONTINUATION", "Advice", "Choice", "CoachError", "Odds", "Position", "PositionError",
    "Review", "ReviewedTurn", "advise", "positions", "review_events", "review_game",
]
