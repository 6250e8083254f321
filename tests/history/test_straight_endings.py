"""A win with a straight flush counts as one: also against a bust hand (result case 2 or 3,
where the rules need no tie-break), in the history's "how the games ended" counts, and for
the games a schema 3 history kept (filled by replaying them when it is first opened)."""
from __future__ import annotations

import sqlite3

from history_helpers import real_games

from tcf_gui.engine.outcome import Case
from tcf_gui.history import History
from tcf_gui.history import store
from tcf_gui.history.summary import LevelStats

#: Match("random", "heuristic", 16)'s first 6 games hold a straight flush that beat a bust
#: hand for each player, and a plain flush that did.
GAMES = real_games(6, seed=16)


def straight_wins(case: Case) -> list:
    return [game for game in GAMES if game.result == case and game.straight]


def test_a_straight_flush_against_a_bust_hand_counts_as_a_straight():
    assert straight_wins(Case.P1_FLUSH) and straight_wins(Case.P2_FLUSH)
    plain = [game for game in GAMES if game.result == Case.P1_FLUSH and not game.straight]
    assert plain
    for game in GAMES:  # the record says what the replayed hands say
        outcome = game.replay().outcome
        winner = outcome.analysis1 if game.winner == 1 else outcome.analysis2
        assert game.straight is (winner.straight if game.winner else None)
    assert straight_wins(Case.P1_FLUSH)[0].ending is Case.P1_STRAIGHT
    assert straight_wins(Case.P2_FLUSH)[0].ending is Case.P2_STRAIGHT
    assert plain[0].ending is Case.P1_FLUSH
    stats = LevelStats(None)
    for game in GAMES:
        stats.add(game)
    straights = sum(game.result in (Case.P1_STRAIGHT, Case.P2_STRAIGHT) for game in GAMES)
    assert (stats.cases[Case.P1_STRAIGHT] + stats.cases[Case.P2_STRAIGHT]
            == straights + len(straight_wins(Case.P1_FLUSH)) + len(straight_wins(Case.P2_FLUSH)))
    assert stats.cases[Case.P1_FLUSH] == len(plain)
    assert sum(stats.cases.values()) == len(GAMES)


def test_the_history_keeps_it_and_fills_it_for_older_games(tmp_path):
    path = tmp_path / "history.sqlite3"
    db = sqlite3.connect(path)  # schema 3: no straight column
    for statement in (store._games_table("games", 3), store._GAMES_INDEX, store._IMPORTED,
                      store._UNFINISHED):
        db.execute(statement)
    columns = store._COLUMNS[:-1]
    db.executemany(f"INSERT INTO games ({', '.join(columns)}) VALUES "
                   f"({', '.join('?' * len(columns))})", [game.row()[:-1] for game in GAMES])
    db.execute("PRAGMA user_version = 3")
    db.commit()
    db.close()
    history = History(path)
    assert [game.straight for game in history.games()] == [game.straight for game in GAMES]
    history.add(GAMES[0])  # and a new game keeps its own
    assert history.games()[-1].straight == GAMES[0].straight
    history.close()
