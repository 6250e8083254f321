"""A game in progress outlives its window: quitting, closing, Ctrl-C or a killed process
keep it with the history, and the next start brings it back turn for turn. No way of
leaving deals a seen deal afresh."""
from __future__ import annotations

import contextlib
import subprocess
import sys
import textwrap
from unittest import mock

import pytest

from tcf_gui.engine.match import Match
from tcf_gui.history import History
from tcf_gui.play import PersonSeat, TableSession


@pytest.fixture
def path(tmp_path):
    return tmp_path / "history.sqlite3"


def window(path, seed=None, opponent="heuristic", open_hands=False, known_seed=False):
    """A table as the window makes one: the person against ``opponent``, kept in a history.
    ``seed``: a fresh run (its games ordinary) whose seed happens to be that one; with
    ``known_seed``, a run from a seed given (``tcf-gui --seed``: its games are "seeded")."""
    history = History(path)
    person = PersonSeat()
    with mock.patch("tcf_gui.play.session.new_seed", lambda: seed) if seed is not None \
            and not known_seed else contextlib.nullcontext():
        session = TableSession(person, opponent, seed=seed if known_seed else None,
                               history=history, open_hands=open_hands, fallback="heuristic",
                               keep_unfinished=True)
    return history, person, session


def play(session, person, slots) -> None:
    for slot in slots:
        session.poll()
        assert person.give(slot)
        assert session.poll()


@pytest.fixture(scope="module")
def long_seed() -> int:
    return next(s for s in range(200) if Match("lazy", "heuristic", s).play_next().turns > 4)


def test_a_game_left_mid_way_comes_back_turn_for_turn(path, long_seed):
    history, person, session = window(path, seed=long_seed)
    assert session.resume() is None  # nothing kept yet: a fresh deal follows
    session.deal()
    play(session, person, [0, 0, 0])
    left = session.game
    session.close()
    history.close()

    history, person, session = window(path)
    events = session.resume()
    game = session.game
    assert events == left.events and game is not left
    assert (game.seed, game.moves, game.hand1, game.hand2, game.deck) == (
        left.seed, left.moves, left.hand1, left.hand2, left.deck)
    assert session.game_number == 1 and session.in_progress and session.score.games == 0
    while session.in_progress:  # it plays on to its end, and is counted once
        play(session, person, [0])
    [record] = history.games(("ordinary",))
    assert record.seed == left.seed and record.moves[:3] == tuple(left.moves)
    assert history.unfinished_count() == 0 and session.score.games == 1
    history.close()


def test_quitting_before_any_move_brings_back_the_same_deal(path, long_seed):
    history, _, session = window(path, seed=long_seed)
    session.deal()
    seen = session.game.hand1
    session.close()
    history.close()
    for _ in range(3):  # again and again: never a new deal
        history, _, session = window(path)
        assert session.resume() is not None and session.game.hand1 == seen
        session.close()
        history.close()


def test_a_killed_window_leaves_its_game_to_the_next_start(path, long_seed):
    code = textwrap.dedent(f"""
        import os, sys
        from pathlib import Path
        from tcf_gui.history import History
        from tcf_gui.play import PersonSeat, TableSession
        person = PersonSeat()
        import tcf_gui.play.session
        tcf_gui.play.session.new_seed = lambda: int(sys.argv[2])  # a fresh run, its seed known
        session = TableSession(person, "heuristic", history=History(Path(sys.argv[1])),
                               keep_unfinished=True)
        session.deal()
        session.poll(); person.give(1); session.poll()
        print(session.game.seed, *session.game.moves[0], flush=True)
        os._exit(9)  # as kill -9 would: no close, no goodbye
    """)
    done = subprocess.run([sys.executable, "-c", code, str(path), str(long_seed)], capture_output=True,
                          text=True, timeout=60)
    assert done.returncode == 9, done.stderr
    seed, slot1, slot2 = map(int, done.stdout.split())
    history, _, session = window(path)
    assert session.resume() is not None
    assert (session.game.seed, session.game.moves) == (seed, [(slot1, slot2)])
    history.close()


def test_a_window_still_open_keeps_its_game(path, long_seed):
    first, _, playing = window(path, seed=long_seed)
    playing.deal()
    second, _, other = window(path, seed=long_seed)  # a second window at the same time
    assert other.resume() is None
    other.deal()
    assert second.unfinished_count() == 2
    playing.close()
    first.close()
    third, _, later = window(path)  # the first window is gone: its game may come back
    assert later.resume() is not None and later.game.seed == playing.game.seed
    for history in (second, third):
        history.close()


def test_the_resumed_game_keeps_its_kind_options_and_opponent(path, long_seed):
    history, person, session = window(path, seed=long_seed, opponent="random", open_hands=True)
    session.deal()
    session.coached = True
    play(session, person, [2])
    session.close()
    history.close()

    history, person, session = window(path, opponent="expert")
    session.resume()
    assert session.game.open_hands and session.game.view(1).opponent_hand is not None
    assert session.seat(2).name == "random" and session.next_seat(2).name == "expert"
    assert session.coached and session.resumed
    while session.in_progress:
        play(session, person, [0])
    [record] = history.games(("open",))
    assert (record.kind, record.p2, record.open_hands, record.coach) == ("open", "random",
                                                                         True, True)
    session.deal()
    assert session.seat(2).name == "expert" and session.game_kind() == "ordinary"
    history.close()


def test_a_game_in_progress_that_no_longer_fits_its_deal_is_dropped_with_a_line(path, long_seed):
    history, _, session = window(path, seed=long_seed)
    session.deal()
    session.keeper.unfinished.moves = ((0, 0),) * 40  # edited by hand: more turns than a deck has
    history.keep_unfinished(session.keeper.unfinished)
    history.close()
    history, _, session = window(path)
    assert session.resume() is None
    assert "could not be resumed" in session.keeper.problems[0]
    assert history.unfinished_count() == 0 and session.settled
    session.deal()  # a fresh deal follows
    history.close()


def test_a_game_from_a_known_seed_waits_for_that_seed_not_a_plain_start(path, long_seed):
    """``tcf-gui --seed S`` left mid-way: a plain start deals afresh, ``--seed S`` plays on."""
    history, person, session = window(path, seed=long_seed, known_seed=True)
    session.deal()
    play(session, person, [0])
    session.close()
    history.close()
    history, _, plain = window(path)
    assert plain.resume() is None and not plain.resumed
    plain.close()
    history.close()
    history, _, other = window(path, seed=long_seed + 1, known_seed=True)
    assert other.resume() is None  # another seed's run: not this game either
    other.close()
    history.close()
    history, _, same = window(path, seed=long_seed, known_seed=True)
    assert same.resume() is not None and same.resumed
    assert (same.game.seed, same.game.moves, same.game_kind()) == (long_seed, [(0, 0)], "seeded")
    history.close()
