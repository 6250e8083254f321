"""Games for the history tests: real ones (replayable) and quick made-up ones (many)."""
from __future__ import annotations

import json
import random
from pathlib import Path

from tcf_gui.engine.match import Match
from tcf_gui.engine.outcome import Case
from tcf_gui.history import ORDINARY, PERSON, GameRecord


def real_games(n: int, seed: int = 1, p2: str = "heuristic") -> list[GameRecord]:
    """``n`` games of a seeded run, random for the person, recorded as played."""
    match = Match("random", p2, seed)
    return [GameRecord.from_game(match.play_next(), kind=ORDINARY, p1=PERSON, p2=p2)
            for _ in range(n)]


def made_up_games(n: int, seed: int = 1, opponents: tuple[str, ...] = ("random", "heuristic"),
                  kind: str = ORDINARY) -> list[GameRecord]:
    """``n`` records with random results and lengths (not replayable: no real deal)."""
    rng = random.Random(seed)
    games = []
    for _ in range(n):
        case = rng.choice(list(Case))
        turns = rng.randrange(24)
        moves = tuple((rng.randrange(3), rng.randrange(3)) for _ in range(turns))
        games.append(GameRecord(kind, PERSON, rng.choice(opponents), rng.randrange(2**32),
                                moves, int(case), case.winner, turns))
    return games


def write_old_record(path: Path, wins: int, losses: int, draws: int) -> None:
    """A record.json as versions before the history wrote it."""
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(json.dumps({"wins": wins, "losses": losses, "draws": draws}, indent=2))
