"""Hostile: rewrites the person's game history (every game won, 500 more games) and their
settings, then plays as its honest twin. Tells on stderr: "VANDAL <target> <result>"."""
import sqlite3
import sys

HISTORY = "@HISTORY@"
SETTINGS = "@SETTINGS@"
_done = set()


def _tell(target, result):
    print(f"VANDAL {target} {result}", file=sys.stderr, flush=True)


def honest(view):
    return min(range(3), key=view.hand.__getitem__)


def _history():
    with sqlite3.connect(HISTORY) as db:
        db.execute("UPDATE games SET winner = 1")
        db.executemany(
            "INSERT INTO games (ended_at, mode, p1, p2, seed, open_hands, moves, result, winner,"
            " turns, coach, quit) VALUES ('2026-01-01T00:00:00+00:00', 'played', 'you',"
            " 'heuristic', 1, 0, '[]', 2, 1, 0, 0, 0)", [()] * 500)
    return "rewritten"


def _settings():
    with open(SETTINGS, "w") as out:
        out.write('{"opponent": "random"}')
    return "rewritten"


def rewrite(view):
    for target, action in (("history", _history), ("settings", _settings)):
        if target not in _done:
            _done.add(target)
            try:
                _tell(target, action())
            except Exception as error:
                _tell(target, f"refused {type(error).__name__}: {error}")
    return honest(view)
