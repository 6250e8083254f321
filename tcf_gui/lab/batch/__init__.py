"""The batch engine: many games at once with numpy, for fast and reproducible statistics."""
from tcf_gui.lab.batch.chunk import (
    BATCH_CHUNK_GAMES,
    HYBRID_CHUNK_GAMES,
    ChunkTask,
    chunk_games,
    make_player,
    play_chunk,
)
from tcf_gui.lab.batch.engine import BatchResults, GivenDecks, ShuffledDecks, play_batch
from tcf_gui.lab.batch.judging import judge_over
from tcf_gui.lab.batch.hybrid import PythonPlayer
from tcf_gui.lab.batch.strategies import (
    BATCH_FORMS, BatchExpert, BatchHeuristic, BatchLazy, BatchRandom, batch_form,
    exact_one_game_spec,
)
from tcf_gui.engine.batch_view import BatchPlayer, BatchView

__all__ = [
    "BATCH_CHUNK_GAMES", "BATCH_FORMS", "HYBRID_CHUNK_GAMES", "BatchExpert", "BatchHeuristic", "BatchLazy", "BatchPlayer", "BatchRandom",
    "BatchResults", "BatchView", "ChunkTask", "GivenDecks", "PythonPlayer", "ShuffledDecks",
    "batch_form", "chunk_games", "exact_one_game_spec", "judge_over", "make_player", "play_batch", "play_chunk",
]
