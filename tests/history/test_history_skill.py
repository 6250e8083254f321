"""The skill score in the history: schema 2 (the schema before it, as main wrote it) is
migrated to schema 3 keeping every game, its games in progress and imported records; a
score is stored with its game, also while the disk refuses; old games are found to be
scored on demand."""
from __future__ import annotations

import json
import sqlite3

import pytest
from history_helpers import made_up_games, real_games

from tcf_gui.engine.skill import Decision, Skill
from tcf_gui.engine.cards import parse_card
from tcf_gui.history import KINDS, History, UnfinishedGame
from tcf_gui.history.store import SCHEMA_VERSION

#: Schema 2 word for word, as tcf-gui wrote it before the skill score.
SCHEMA_2 = """
CREATE TABLE games (
    id         INTEGER PRIMARY KEY,
    ended_at   TEXT    NOT NULL,              -- ISO 8601, UTC
    kind       TEXT    NOT NULL CHECK (kind IN ('ordinary', 'open', 'seeded', 'practice', 'daily', 'friend', 'watched')),  -- tcf_gui.history.kinds
    p1         TEXT    NOT NULL,              -- 'you' in a game the person played
    p2         TEXT    NOT NULL,
    seed       INTEGER,
    open_hands INTEGER NOT NULL DEFAULT 0,
    moves      TEXT    NOT NULL,              -- JSON [[slot1, slot2], ...], slots 0-2
    result     INTEGER CHECK (result BETWEEN 1 AND 7),  -- the result case, NULL if given up
    winner     INTEGER NOT NULL CHECK (winner IN (0, 1, 2)),
    turns      INTEGER NOT NULL,
    coach      INTEGER NOT NULL DEFAULT 0,
    quit       INTEGER NOT NULL DEFAULT 0     -- given up mid-game: counted as a loss
);
CREATE INDEX games_by_kind ON games (kind, id);
CREATE TABLE imported (
    id          INTEGER PRIMARY KEY,
    imported_at TEXT    NOT NULL,
    source      TEXT    NOT NULL,
    wins        INTEGER NOT NULL,
    losses      INTEGER NOT NULL,
    draws       INTEGER NOT NULL
);
CREATE TABLE unfinished (
    id         INTEGER PRIMARY KEY,
    started_at TEXT    NOT NULL,
    saved_at   TEXT    NOT NULL,
    kind       TEXT    NOT NULL CHECK (kind IN ('ordinary', 'open', 'seeded', 'practice', 'daily', 'friend', 'watched')),
    p1         TEXT    NOT NULL,
    p2         TEXT    NOT NULL,
    seed       INTEGER NOT NULL,
    open_hands INTEGER NOT NULL DEFAULT 0,
    moves      TEXT    NOT NULL,
    coach      INTEGER NOT NULL DEFAULT 0,
    owner      TEXT                           -- the window playing it now, NULL: it waits
);
PRAGMA user_version = 2;
"""
COLUMNS = ("ended_at", "kind", "p1", "p2", "seed", "open_hands", "moves", "result", "winner",
           "turns", "coach", "quit")


def schema_2_history(path, games) -> list[tuple]:
    """A schema 2 database holding ``games`` (one of each kind among them), a game in
    progress and an imported record; the rows as written."""
    db = sqlite3.connect(path)
    db.executescript(SCHEMA_2)
    rows = [game.row()[:len(COLUMNS)] for game in games]
    db.executemany(f"INSERT INTO games ({', '.join(COLUMNS)}) VALUES "
                   f"({', '.join('?' * len(COLUMNS))})", rows)
    db.execute("INSERT INTO unfinished (started_at, saved_at, kind, p1, p2, seed, moves, owner) "
               "VALUES ('2025-01-01T00:00:00+00:00', '2025-01-01T00:01:00+00:00', 'daily', "
               "'you', 'heuristic', 20250101, '[[0,1]]', NULL)")
    db.execute("INSERT INTO imported (imported_at, source, wins, losses, draws) "
               "VALUES ('2025-01-01T00:00:00+00:00', 'record.json', 3, 2, 1)")
    db.commit()
    db.close()
    return rows


def every_kind() -> list:
    games = real_games(6, seed=3)
    games += [g for kind in KINDS for g in made_up_games(2, seed=len(kind), kind=kind)]
    return games


def test_schema_2_is_migrated_keeping_every_game(tmp_path):
    path = tmp_path / "history.sqlite3"
    rows = schema_2_history(path, every_kind())
    history = History(path)
    games = history.games(tuple(KINDS))
    assert [game.row()[:len(COLUMNS)] for game in games] == rows
    assert [game.id for game in games] == list(range(1, len(rows) + 1))
    assert not any(game.scored for game in games)
    assert all(game.accuracy is None and game.skill is None for game in games)
    assert history.imported()[0].wins == 3
    assert history.resume_unfinished() is None  # today's deal waits for --daily
    resumed = history.resume_unfinished("daily", 20250101)
    assert resumed is not None and (resumed.kind, resumed.seed, resumed.moves) == (
        "daily", 20250101, ((0, 1),))
    history.close()
    db = sqlite3.connect(path)
    assert db.execute("PRAGMA user_version").fetchone()[0] == SCHEMA_VERSION == 4
    columns = [row[1] for row in db.execute("PRAGMA table_info(games)")]
    assert columns[-4:] == ["accuracy", "given_up", "skill", "straight"]
    assert db.execute("PRAGMA integrity_check").fetchone()[0] == "ok"
    db.close()


def test_a_failed_migration_from_schema_2_changes_nothing(tmp_path, monkeypatch):
    from tcf_gui.history import store

    path = tmp_path / "history.sqlite3"
    rows = schema_2_history(path, every_kind())
    monkeypatch.setitem(store._MIGRATIONS, 2, (*store._MIGRATIONS[2][:2], "NOT SQL"))
    history = History(path)
    assert history.add() is not None  # cannot be opened: a message, no raise
    history.close()
    db = sqlite3.connect(path)
    assert db.execute("PRAGMA user_version").fetchone()[0] == 2
    assert "accuracy" not in [row[1] for row in db.execute("PRAGMA table_info(games)")]
    assert db.execute("SELECT COUNT(*) FROM games").fetchone()[0] == len(rows)
    db.close()


def a_skill(turns: int, lost: float = 0.06) -> Skill:
    card, best = parse_card("9H"), parse_card("3C")
    return Skill("heuristic", False, tuple(Decision(t, card, best, lost if t == 2 else 0.0)
                                           for t in range(1, turns + 1)))


def test_a_score_is_stored_with_its_game_and_read_back(history):
    game = real_games(1, seed=8)[0]
    history.add(game)
    skill = a_skill(3)
    assert history.set_skill(game, skill) is None  # the record as written: no id
    [stored] = history.games(tuple(KINDS))
    assert stored.scored and stored.skill == skill
    assert stored.accuracy == pytest.approx(skill.accuracy)
    assert stored.given_up == pytest.approx(0.06)
    listed = history.games(tuple(KINDS), moves=False)[0]  # the list reads the score too
    assert listed.accuracy == stored.accuracy
    assert history.set_skill(stored, a_skill(3, 0.1)) is None  # by id
    assert history.game(stored.id).given_up == pytest.approx(0.1)


def test_a_score_waits_with_its_game_while_the_disk_refuses(history):
    game = real_games(1, seed=9)[0]
    history.pending.append(game)  # as after a refused write
    assert history.set_skill(game, a_skill(2)) is None
    assert history.pending[0].scored
    assert history.add() is None
    assert history.games(tuple(KINDS))[0].skill == a_skill(2)


def test_a_score_stored_beyond_reading_is_no_score(history):
    history.add(real_games(1, seed=10)[0])
    history._connect().execute("UPDATE games SET skill = '{\"turns\": 5}', accuracy = 50")
    [game] = history.games(tuple(KINDS))
    assert game.scored and game.skill is None  # never a crash


def test_old_games_are_found_for_scoring_newest_first(history):
    games = real_games(5, seed=11)
    history.add(*games, *made_up_games(1, kind="watched"))
    no_deal = real_games(1, seed=12)[0]
    history.add(type(no_deal)(**{**no_deal.__dict__, "seed": None}))
    stored = history.games(("ordinary",))
    history.set_skill(stored[1], a_skill(1))
    unscored = history.unscored(("ordinary",))
    assert [g.id for g in unscored] == [5, 4, 3, 1]  # not the scored one, the seedless one
    assert unscored[0].moves == games[4].moves  # with their moves, to replay
    assert [g.id for g in history.unscored(("ordinary",), last=3)] == [5, 4]


def test_the_game_in_progress_still_round_trips(history):
    game = UnfinishedGame("practice", "you", "heuristic", 20250102, ((1, 2),))
    assert history.keep_unfinished(game) is None
    assert json.loads(history._query("SELECT moves FROM unfinished")[0][0]) == [[1, 2]]


def test_a_friends_game_is_scored_against_normal_whatever_the_name(history):
    from dataclasses import replace

    from tcf_gui.history.kinds import FRIEND
    from tcf_gui.history.skill import score_record, score_unscored

    game = next(g for g in real_games(20, seed=13, p2="random") if g.turns >= 2)
    friend = replace(game, kind=FRIEND, p2="random")  # a friend who calls themself "random"
    skill = score_record(friend)
    assert (skill.model, skill.stand_in) == ("heuristic", True)
    joined = replace(friend, seed=None)  # a table joined: its deal is not kept
    history.add(friend, joined)
    assert len(score_unscored(history, (FRIEND,))) == 1
    stored = history.games((FRIEND,))
    assert stored[0].skill.stand_in and not stored[1].scored


def test_the_statistics_count_luck_errors_and_the_record_had_luck_been_even(history):
    """Two games with made-up luck (Player 1's side; the second scored from seat 2) and
    errors: the summary's luck, score had luck been even and error counts are theirs."""
    from tcf_gui.engine.skill import Luck
    from tcf_gui.history.summary import rolling_adjusted, summarize

    first, second = real_games(2, seed=3)
    history.add(first, second)
    lucky = Luck(0.5, 0.3, -0.1, 0.7, (0.1, 0.2))
    unlucky = Luck(0.45, 0.2, 0.05, 0.7, (0.2,))  # seat 2: luck -0.2, even 0.55 - 0.05
    for game, luck, seat, lost in ((first, lucky, 1, 0.07), (second, unlucky, 2, 0.2)):
        skill = Skill("heuristic", False, (Decision(1, parse_card("2C"), parse_card("3C"), lost),),
                      luck, seat)
        assert history.set_skill(game, skill) is None
    games = history.games(tuple(KINDS))
    overall = summarize(games)[0]
    assert overall.lucky == 2
    assert overall.luck_per_game == pytest.approx((0.3 - 0.2) / 2)
    assert overall.adjusted_score == pytest.approx((0.4 + 0.5) / 2)
    assert overall.errors == {"doubtful": 0, "bad": 1, "very_bad": 1}
    assert rolling_adjusted(games, 5)[-1] == pytest.approx((0.4 + 0.5) / 2)
    assert overall.as_dict()["adjusted_score"] == pytest.approx(0.45)
