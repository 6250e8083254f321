"""TableSession plays whole sessions without pygame: the games of a Match, counted as they
end, written to the history, a failing seat voided and replaced, any seat at either place."""
from __future__ import annotations

import random
import subprocess
import sys
import time

import pytest

from tcf_gui.engine.game import Game
from tcf_gui.engine.match import Match, game_seeds
from tcf_gui.lab.runner import run_statistics
from tcf_gui.engine.view import View
from tcf_gui.history import History
from tcf_gui.history.kinds import SEEDED
from tcf_gui.play import (FileSeat, PersonSeat, ReplaySeat, StrategySeat, TableSession,
                          seat_for)
from tcf_gui.history.record import Record


def play_games(session: TableSession, games: int, limit_s: float = 30.0) -> list[Game]:
    """Deal and poll until ``games`` games have ended (off-loop seats answer in real time)."""
    played = []
    deadline = time.monotonic() + limit_s
    while len(played) < games:
        session.deal()
        while session.in_progress:
            assert time.monotonic() < deadline, "the session never went on"
            if not session.poll():
                time.sleep(0.001)
        assert session.game is not None
        played.append(session.game)
    return played


# Expert searches each decision (three times per game here: session, Match, runner), so it
# plays four games: a win and a loss, what its thirty games showed.
@pytest.mark.parametrize("p1, p2, seed, games", [
    ("random", "heuristic", 0, 40), ("heuristic", "lazy", 17, 25), ("expert", "random", 5, 4)])
def test_a_session_between_strategies_plays_the_games_of_the_match(p1, p2, seed, games):
    session = TableSession(p1, p2, seed=seed)
    played = play_games(session, games)
    match = Match(p1, p2, seed)
    for game in played:
        expected = match.play_next()
        assert (game.seed, game.moves, game.outcome) == (expected.seed, expected.moves,
                                                         expected.outcome)
    assert session.counters == run_statistics(p1, p2, games, seed)
    assert session.score == Record(session.counters.win1, session.counters.win2,
                                   session.counters.draws)
    assert session.game_number == games and session.seeded


def test_the_play_package_needs_no_pygame():
    code = ("import sys; from tcf_gui.play import TableSession; "
            "s = TableSession('random', 'heuristic', seed=3); s.deal()\n"
            "while s.in_progress: s.poll()\n"
            "assert 'pygame' not in sys.modules, 'pygame was imported'; print(s.score)")
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=60)
    assert done.returncode == 0, done.stderr
    assert done.stdout.strip() in {"1 W · 0 L · 0 D", "0 W · 1 L · 0 D", "0 W · 0 L · 1 D"}


def test_a_person_answers_in_their_own_time_and_poll_never_waits():
    person = PersonSeat()
    session = TableSession(person, "heuristic", seed=11)
    session.deal()
    rng = random.Random(2)
    while session.in_progress:
        assert session.poll() == []  # the person has not answered: nothing happens
        assert person.thinking and person.view == session.game.view(1)
        assert session.answered(2) and not session.answered(1)  # Player 2 chose already
        assert person.give(rng.randrange(3))
        assert not person.give(0)  # one answer per turn
        events = session.poll()
        assert events and not person.thinking
    game = session.game
    assert game is not None and game.over
    assert Game.replay(game.seed, game.moves).outcome == game.outcome
    assert session.score.games == 1 and session.counters.games == 1


def test_every_game_is_written_to_the_history_the_moment_it_ends(tmp_path):
    history = History(tmp_path / "h.sqlite3")
    session = TableSession(PersonSeat(), "random", seed=9, history=history)
    played = []
    for _ in range(3):
        session.deal()
        while session.in_progress:
            session.poll()
            session.seat(1).give(1)  # type: ignore[attr-defined]
            session.poll()
        played.append(session.game)
        assert history.count((SEEDED,)) == len(played)
    records = history.games((SEEDED,))
    assert [(r.seed, r.moves, r.p1, r.p2, r.kind) for r in records] == [
        (g.seed, tuple(g.moves), "you", "random", SEEDED) for g in played]
    history.close()


def test_giving_up_counts_a_loss_once_a_turn_was_played(tmp_path):
    history = History(tmp_path / "h.sqlite3")
    person = PersonSeat()
    seed = next(s for s in range(100) if Match("lazy", "heuristic", s).play_next().turns > 1)
    session = TableSession(person, "heuristic", seed=seed, history=history, keep_unfinished=True)
    session.deal()
    session.poll()
    assert not session.give_up()  # a deal not yet played stays on the table
    with pytest.raises(RuntimeError):
        session.deal()  # not settled
    person.give(0)
    session.poll()
    assert session.moved and session.give_up()
    assert session.score == Record(0, 1, 0) and not session.in_progress
    [record] = history.games((SEEDED,))
    assert record.quit and record.winner == 2 and record.moves == tuple(session.game.moves)
    assert history.unfinished_count() == 0  # the same write took the game in progress away
    session.deal()
    seeds = game_seeds(seed)
    next(seeds)
    assert session.game is not None and session.game.seed == next(seeds)
    session.poll()
    assert person.thinking  # asked anew for the new game
    history.close()


class Broken:
    """A strategy with a bug on turn ``turn``."""

    def __init__(self, turn: int) -> None:
        self.turn = turn

    def __call__(self, view: View) -> int:
        if view.turn >= self.turn:
            raise ZeroDivisionError("my bug")
        return 0


def test_a_failing_seat_voids_its_game_and_the_fallback_sits_down():
    # a run whose game 1 lasts past turn 1 when Player 2 always discards slot 0
    seed = next(s for s in range(100) if Match("heuristic", "lazy", s).play_next().turns > 1)
    session = TableSession("heuristic", StrategySeat(Broken(2), "broken"), seed=seed,
                           fallback="random")
    session.deal()
    for _ in range(3):
        session.poll()
    assert session.game is not None and session.game.turns == 1 and session.failure is not None
    failure = session.take_failure()
    assert failure is not None and session.take_failure() is None
    assert (failure.player, failure.name, failure.replaced_by) == (2, "broken", "random")
    assert failure.reason == "strategy broken failed (ZeroDivisionError: my bug)"
    assert session.score.games == 0 and not session.in_progress and not session.stopped
    assert session.next_seat(2).name == "random"
    play_games(session, 1)
    assert session.seat(2).name == "random" and session.score.games == 1


@pytest.mark.parametrize("answer", [7, 1.0, True, None])
def test_a_bad_answer_is_a_failure_and_with_no_fallback_the_session_stops(answer):
    session = TableSession(StrategySeat(lambda view: answer, "odd"), "random", seed=1)
    session.deal()
    assert session.poll() == []
    failure = session.take_failure()
    assert failure is not None and failure.replaced_by is None and session.stopped
    assert "strategy odd as Player 1 returned" in failure.reason
    with pytest.raises(RuntimeError):
        session.deal()


def test_a_new_opponent_sits_down_with_the_next_game():
    session = TableSession("random", "heuristic", seed=2)
    play_games(session, 1)
    session.sit(2, "lazy")
    assert session.seat(2).name == "heuristic" and session.next_seat(2).name == "lazy"
    play_games(session, 1)
    assert session.seat(2).name == "lazy"


def test_replay_seats_play_a_recorded_game_again_and_fall_silent_where_it_stopped():
    original = Match("random", "heuristic", 21).play_next()
    moves = original.moves
    session = TableSession(ReplaySeat("you", moves, 1), ReplaySeat("heuristic", moves, 2),
                           seed=21)
    [again] = play_games(session, 1)
    assert again.moves == moves and again.outcome == original.outcome
    cut = moves[:1]
    session = TableSession(ReplaySeat("you", cut, 1), ReplaySeat("heuristic", cut, 2), seed=21)
    session.deal()
    for _ in range(5):
        session.poll()
    assert session.game is not None and session.game.moves == cut and session.in_progress
    assert session.seat(1).thinking  # waits for a move the record does not have


def test_seat_for_puts_a_users_file_off_the_loop(tmp_path):
    path = tmp_path / "mine.py"
    path.write_text("def choose(view):\n    return 2\n")
    file_seat = seat_for(f"{path}:choose", random.Random(1))
    built_in = seat_for("heuristic", random.Random(1))
    member = seat_for(f"majority:random,({path}:choose),lazy", random.Random(1))
    assert isinstance(file_seat, FileSeat) and file_seat.off_loop
    assert isinstance(member, FileSeat)
    assert isinstance(built_in, StrategySeat) and not built_in.off_loop
    session = TableSession("random", file_seat, seed=8)
    [game] = play_games(session, 1)
    assert all(slot2 == 2 for _, slot2 in game.moves)
    session.close()
