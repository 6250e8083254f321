"""``tcf-gui play --text --daily``: today's deal in the terminal (tcf_gui.play.daily).

The first game of the day's deal is played for the record and written to the history with
its skill score, as the window writes it; playing it again is practice. Stopping mid-game
(q, the end of the input, Ctrl-C) keeps the game in progress: the next ``play --text
--daily`` (or the window) plays it on, so the deal is never dealt afresh for the record.
"""
from __future__ import annotations

import sys
from datetime import date
from typing import TextIO

from tcf_gui.play.daily import (DAILY_OPPONENT, ELSEWHERE, NEW, WAITING, daily_kind, daily_record,
                     daily_seed, daily_state, outcome_text, seed_line, share_text,
                     streak_text, today)
from tcf_gui.history import History, HistoryError, open_history
from tcf_gui.history.kinds import DAILY
from tcf_gui.i18n import _
from tcf_gui.words.notation import prints_symbols
from tcf_gui.play import PersonSeat, TableSession
from tcf_gui.words.luck import luck_lines
from tcf_gui.words.skill import score_line
from tcf_gui.commands.terminal_game import QuitGame, end_lines, play_turns


def play_daily(stdin: TextIO, stdout: TextIO, day: date | None = None) -> int:
    """Play ``day``'s deal (today's) on the given streams; the exit code: 0, 130 after
    Ctrl-C, 1 when the history cannot be read or another window plays the deal now."""
    day = day or today()
    seed = daily_seed(day)
    history = open_history()
    try:
        state = daily_state(history, day)
    except HistoryError as error:
        print(f"tcf-gui play: {error}", file=sys.stderr)
        _close(history)
        return 1
    if state == ELSEWHERE:
        print(_("tcf-gui play: today's deal is being played in a window now; finish it there"),
              file=sys.stderr)
        _close(history)
        return 1
    symbols = prints_symbols(stdout)
    person = PersonSeat()
    session = TableSession(person, DAILY_OPPONENT, seed=seed, history=history,
                           keep_unfinished=state in (NEW, WAITING), kind=daily_kind(state))
    stdout.write(seed_line(day) + "\n")
    stdout.write((_("You against Normal ({opponent}), for the record: the first game of the day "
                    "counts.") if state in (NEW, WAITING) else
                  _("You have played today's deal: this game is practice, not counted.")
                  ).format(opponent=DAILY_OPPONENT) + "\n")
    if state != WAITING or session.resume(DAILY, seed) is None:
        session.deal()
    elif session.game is not None:
        stdout.write(_("Your game goes on where you left it: turn {turn}.").format(
            turn=session.game.turns + 1) + "\n")
    game = session.game
    assert game is not None
    try:
        play_turns(session, person, stdin, stdout, symbols)
    except QuitGame as stop:
        session.close()  # the game for the record stays in the history
        _report(session, history)
        if session.keeper.keep_unfinished:
            stdout.write(_("You stopped on turn {turn}: the game is kept and goes on with "
                           "tcf-gui play --text --daily, or in the window.").format(
                               turn=game.turns + 1) + "\n")
        return stop.code
    stdout.write("\n".join(end_lines(game, seed, False, symbols)) + "\n")
    from tcf_gui.engine.coach.scoring import score_game  # numpy: only now

    skill = score_game(game, DAILY_OPPONENT)
    record_kept = session.keeper.last
    if record_kept is not None:
        problem = history.set_skill(record_kept, skill)
        if problem:
            session.keeper.problems.append(problem)
    stdout.write("\n".join([score_line(skill, symbols=symbols), *luck_lines(skill)]) + "\n")
    try:
        record = daily_record(history, day)
    except HistoryError as error:
        session.keeper.problems.append(str(error))
    else:
        mine = record.result(day)
        if session.kind_on_table() != DAILY and mine is not None:
            stdout.write(_("Practice. For the record: {outcome}.").format(
                outcome=outcome_text(mine)) + "\n")
        stdout.write(streak_text(record) + "\n")
        if mine is not None:
            stdout.write(_("To share: {text}").format(text=share_text(mine, record)) + "\n")
    session.close()
    _report(session, history)
    return 0


def _report(session: TableSession, history: History) -> None:
    """The history's problems on stderr, one line each; then close it."""
    for problem in session.keeper.problems:
        print(f"tcf-gui play: {problem}", file=sys.stderr)
    _close(history)


def _close(history: History) -> None:
    """Close the history, telling on stderr what it has to tell (a damaged file moved
    aside, the old record imported, a failure), one line each."""
    lost = history.close()
    for line in (*history.notices, *history.news, lost):
        if line:
            print(f"tcf-gui play: {line}", file=sys.stderr)
