"""Games for the history tests: real ones (replayable) and quick made-up ones (many)."""
from __future__ import annotations

import json
import random
from pathlib import Path

from tcf_gui.engine.events import Discarded
from tcf_gui.engine.match import Match
from tcf_gui.engine.outcome import Case
from tcf_gui.engine.skill import Decision, Luck, Skill
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


#: What a made-up decision gives up (fractions of 1): mostly the best, a few of each error label.
GIVEN_UP = (0.0, 0.0, 0.0, 0.0, 0.003, 0.01, 0.03, 0.08, 0.2)


def made_up_skill(game: GameRecord, rng: random.Random) -> Skill:
    """A skill score of the form the coach stores for ``game`` (a real one), its numbers
    drawn from ``rng``: each of the person's discards gives up one of ``GIVEN_UP``, and the
    luck of the deal and the draws makes up the rest of the result. For screens that show
    scores: working out real ones takes the coach about 0.25 s a game (the coach's own
    tests check its numbers)."""
    discards = [event for event in game.replay().events
                if isinstance(event, Discarded) and event.player == 1]
    decisions = tuple(Decision(event.turn, event.card, event.card, rng.choice(GIVEN_UP))
                      for event in discards)
    result = {1: 1.0, 2: 0.0, 0: 0.5}[game.winner]
    start = rng.uniform(0.35, 0.65)
    skill = rng.uniform(-0.05, 0.05) - sum(decision.given_up for decision in decisions)
    shares = [rng.random() for _ in range(len(discards) + 1)]
    luck = result - start - skill
    turns = tuple(luck * share / sum(shares) for share in shares)
    decisive = None if game.winner == 0 else max(range(len(turns)), key=lambda i: abs(turns[i]))
    return Skill(game.p2, False, decisions, Luck(start, luck, skill, result, turns, decisive))


def write_old_record(path: Path, wins: int, losses: int, draws: int) -> None:
    """A record.json as versions before the history wrote it."""
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(json.dumps({"wins": wins, "losses": losses, "draws": draws}, indent=2))
