"""``tcf-gui history``: the person's game history, the same numbers as the statistics screen.

``--json`` prints one object, ``--csv FILE`` exports every game, ``--games N`` lists the
last N, ``--replay ID`` opens the window replaying that game, ``--reset`` starts it afresh.
"""
from __future__ import annotations

import argparse
import csv
import json
import os
import sys
from contextlib import nullcontext
from typing import IO, Any

from tcf_gui.play.daily import (ELSEWHERE, WAITING, DailyRecord, daily_record, daily_state, day_text,
                     outcome_text, streak_text)
from tcf_gui.engine.outcome import Case
from tcf_gui.history import (KINDS, POOLS, GameRecord, History, HistoryError, open_history,
                       pool_kinds, summarize)
from tcf_gui.history.summary import CASE_LABELS, LevelStats, imported_dict, result_text
from tcf_gui.words import formats
from tcf_gui.i18n import N_, _, ngettext
from tcf_gui.console.outputs import open_output
from tcf_gui.console.progress import is_terminal
from tcf_gui.words.skill import accuracy_text, points
from tcf_gui.console.table import columns
from tcf_gui.commands.common import positive_int, rate_with_interval, say

CSV_COLUMNS = ("id", "ended_at", "kind", "p1", "p2", "seed", "open_hands", "moves", "result",
               "result_case", "winner", "turns", "coach", "quit", "accuracy", "given_up",
               "skill_model", "skill_stand_in", "luck_start", "luck", "luck_skill",
               "luck_adjusted", "deal_luck", "deal_lean", "doubtful", "bad", "very_bad", "straight_flush")


def add_arguments(parser: argparse.ArgumentParser) -> None:
    """The description and options of ``tcf-gui history`` (its --help line is in tcf_gui.cli)."""
    parser.description = _(
        "Your game history (kept as SQLite in your data folder): per opponent "
        "the games, wins, losses and draws, the win rate with its 95% interval, winning "
        "streaks, average length and how the games ended. Spectated games are kept apart."
    )
    parser.add_argument("--json", action="store_true",
                        help=_("print one JSON object instead of text"))
    parser.add_argument("--csv", metavar="FILE",
                        help=_("export every game, one row each, to FILE (- for stdout)"))
    parser.add_argument("--games", metavar="N", type=positive_int,
                        help=_("also list your last N games"))
    parser.add_argument("--kind", choices=[*POOLS, "all"], default="computer",
                        help=_("which games: computer (the default: against the computer, a "
                               "fresh deal, hands hidden), practice (open hands, a known seed, "
                               "the daily deal's practice), daily, friends, watched, or all"))
    parser.add_argument("--score", action="store_true",
                        help=_("work out the skill score of the games (of --kind) that have "
                               "none yet, the games from before it existed; about a tenth of a "
                               "second to a second a game"))
    parser.add_argument("--replay", metavar="ID", type=positive_int,
                        help=_("open the window replaying game ID (the ids --games shows)"))
    parser.add_argument("--reset", action="store_true",
                        help=_("start the history afresh, as the statistics screen's reset does: "
                               "a dated copy of it is kept beside it first; asks before"))
    parser.add_argument("--yes", action="store_true",
                        help=_("with --reset: do not ask (for scripts)"))
    parser.set_defaults(func=run)


def run(args: argparse.Namespace) -> int:
    if args.yes and not args.reset:
        print(_("tcf-gui history: --yes goes with --reset"), file=sys.stderr)
        return 2
    history = open_history()
    try:
        if args.reset:
            return reset(history, ask=not args.yes)
        if args.replay is not None:
            return replay(history, args.replay)
        if args.csv is not None:
            return export_csv(history, args.csv)
        kinds = tuple(KINDS) if args.kind == "all" else pool_kinds(args.kind)
        if args.score:
            score(history, kinds)
        levels = summarize(history.games(kinds, moves=False))
        recent = history.games(kinds, last=args.games) if args.games else []
        apart = {kind: n for kind, n in history.kind_counts().items() if kind not in kinds}
        unscored = len(history.unscored(kinds))
        daily = daily_record(history)
        if args.json:
            record = summary_dict(history, levels, recent, args.games is not None, args.kind,
                                  apart, unscored)
            print(json.dumps({**record, "daily": daily.as_dict()}))
        else:
            lines = summary_lines(history, levels, recent, apart, unscored, args.kind)
            if args.kind in ("daily", "all"):
                lines[1:1] = daily_lines(daily, daily_state(history, daily.today))
            print("\n".join(lines))
        return 0
    except HistoryError as error:
        say("history", error)
        return 1
    finally:
        for notice in history.notices + history.news:
            say("history", notice)
        history.close()


def summary_dict(history: History, levels: list[LevelStats], recent: list[GameRecord],
                 with_games: bool, kind: str, apart: dict[str, int],
                 unscored: int) -> dict[str, Any]:
    record: dict[str, Any] = {
        "database": str(history.path),
        "kind": kind,
        "overall": levels[0].as_dict(),
        "levels": [level.as_dict() for level in levels[1:]],
        "imported": [imported_dict(totals) for totals in history.imported()],
        "kept_apart": apart,
        "unscored": unscored,
    }
    if with_games:
        record["games"] = [game_dict(game) for game in recent]
    return record


def game_dict(game: GameRecord) -> dict[str, Any]:
    """A game as --json and --csv give it; ``accuracy`` (0-100), ``given_up`` (a fraction)
    and the model it was scored against are None until the game is scored. The luck fields
    (fractions of expected score, from the side of the person whose moves were scored:
    ``luck_adjusted = luck_start + luck_skill``, the result had luck been even) are None for
    a game scored before luck was worked out; the error counts come with the score.
    ``straight_flush``: whether the winner's hand was one (None: a draw, a game given up)."""
    skill = game.skill
    luck = skill.luck.for_seat(skill.seat) if skill and skill.luck else None
    counts = skill.errors() if skill else None
    errors = {label: None if counts is None else counts[label]
              for label in ("doubtful", "bad", "very_bad")}
    return {"id": game.id, "ended_at": game.ended_at, "kind": game.kind, "p1": game.p1,
            "p2": game.p2, "seed": game.seed, "open_hands": game.open_hands,
            "moves": [list(move) for move in game.moves], "result": game.result,
            "result_case": Case(game.result).name.lower() if game.result else None,
            "winner": game.winner, "turns": game.turns, "coach": game.coach, "quit": game.quit,
            "accuracy": None if game.accuracy is None else round(game.accuracy, 3),
            "given_up": None if game.given_up is None else round(game.given_up, 6),
            "skill_model": skill.model if skill else None,
            "skill_stand_in": skill.stand_in if skill else None,
            "luck_start": None if luck is None else round(luck.start, 6),
            "luck": None if luck is None else round(luck.luck, 6),
            "luck_skill": None if luck is None else round(luck.skill, 6),
            "luck_adjusted": None if luck is None else round(luck.adjusted, 6),
            "deal_luck": None if luck is None else round(luck.turns[0], 6),
            "deal_lean": None if luck is None or luck.lean is None else round(luck.lean, 6),
            **errors, "straight_flush": game.straight}


def daily_lines(daily: DailyRecord, state: str) -> list[str]:
    """Today's deal and the daily streaks, for ``--kind daily``; ``state`` is today's deal
    to a window (tcf_gui.play.daily.daily_state)."""
    mine = daily.result()
    day = day_text(daily.today)
    if mine is not None:
        today = _("Today's deal ({day}): {outcome}").format(day=day, outcome=outcome_text(mine))
    elif state == WAITING:
        today = _("Today's deal ({day}): begun, not finished (tcf-gui --daily, or play --text "
                  "--daily, goes on where you left it)").format(day=day)
    elif state == ELSEWHERE:
        today = _("Today's deal ({day}): being played in a window now").format(day=day)
    else:
        today = _("Today's deal ({day}): not played yet (tcf-gui --daily, or play --text "
                  "--daily)").format(day=day)
    days = ngettext("Daily deals: {n} day played, {won} won", "Daily deals: {n} days played, "
                    "{won} won", daily.played).format(n=daily.played, won=daily.won)
    return [today, f"{days}. {streak_text(daily)}"]


def score(history: History, kinds: tuple[str, ...]) -> None:
    """--score: every game of ``kinds`` without a score is scored, with a progress line."""
    from tcf_gui.history.skill import score_unscored

    def progress(done: int, total: int) -> None:
        if is_terminal(sys.stderr) or done == total:
            end = "\n" if done == total else "\r"
            print(_("scoring games: {done} of {total}").format(done=done, total=total),
                  end=end, file=sys.stderr, flush=True)

    looked_at = score_unscored(history, kinds, progress)
    scores = [skill for skill in looked_at if skill is not None]
    graded = sum(skill.accuracy is not None for skill in scores)
    at_the_deal, not_replayed = len(scores) - graded, len(looked_at) - len(scores)
    print(ngettext("{n} game scored", "{n} games scored", graded).format(n=graded),
          file=sys.stderr)
    if at_the_deal:  # the summary's "(52 of 60 games scored)" leaves them out too
        print(ngettext("{n} game ended at the deal: no move to score",
                       "{n} games ended at the deal: no move to score",
                       at_the_deal).format(n=at_the_deal), file=sys.stderr)
    if not_replayed:  # the summary still counts them as without a score
        print(ngettext("{n} game cannot be replayed from its moves (changed by hand?): it "
                       "stays without a score", "{n} games cannot be replayed from their moves "
                       "(changed by hand?): they stay without a score",
                       not_replayed).format(n=not_replayed), file=sys.stderr)

def level_lines(level: LevelStats) -> list[str]:
    games = (ngettext("{label}: {n} game, {won} won, {lost} lost ({quits} given up), {drawn} "
                      "drawn", "{label}: {n} games, {won} won, {lost} lost ({quits} given up), "
                      "{drawn} drawn", level.games) if level.quits else
             ngettext("{label}: {n} game, {won} won, {lost} lost, {drawn} drawn",
                      "{label}: {n} games, {won} won, {lost} lost, {drawn} drawn", level.games))
    rate = rate_with_interval(level.wins, level.games).strip()
    lines = [games.format(label=level.label, n=level.games, won=level.wins, lost=level.losses,
                          quits=level.quits, drawn=level.draws),
             "  " + (_("win rate {rate}").format(rate=rate) if level.expected is None else
                     _("win rate {rate}   a strong player: about {expected}").format(
                         rate=rate, expected=formats.percent(level.expected, 0)))]
    streaks = _("winning streak {now} now, best {best}").format(now=level.current_streak,
                                                               best=level.best_streak)
    turns = _("{turns} turns a game").format(turns=formats.decimal(level.average_turns, 1))
    if level.games == 1:  # one game: its own count, no average
        played = round(level.average_turns)
        turns = ngettext("{n} turn", "{n} turns", played).format(n=played)
    if level.coached:
        # TRANSLATORS: {turns} is "4.5 turns a game" (or "4 turns" for one game).
        turns = ngettext("{turns};  {n} with the coach on", "{turns};  {n} with the coach on",
                         level.coached).format(turns=turns, n=level.coached)
    lines.append(f"  {streaks};  {turns}")
    ended = ", ".join(f"{_(CASE_LABELS[Case(case)])} {n}"
                      for case, n in level.cases.items() if n)
    if ended:
        lines.append("  " + _("how they ended: {cases}").format(cases=ended))
    if level.accuracy is not None and level.given_up_per_game is not None:
        lines.append("  " + skill_line(level))
    return lines


def skill_line(level: LevelStats) -> str:
    """The accuracy and the points given up of ``level``'s scored games: an average over
    several, the game's own figures for one."""
    if level.scored == 1:
        text = (_("accuracy {accuracy}, {points} given up in this game") if level.games == 1
                else ngettext("accuracy {accuracy}, {points} given up (1 of {games} game "
                              "scored)", "accuracy {accuracy}, {points} given up (1 of {games} "
                              "games scored)", level.games))
    else:
        text = ngettext("accuracy {accuracy} on average, {points} given up a game ({scored} of "
                        "{games} game scored)", "accuracy {accuracy} on average, {points} given "
                        "up a game ({scored} of {games} games scored)", level.games)
    return text.format(accuracy=accuracy_text(level.accuracy or 0),
                       points=points(level.given_up_per_game or 0), scored=level.scored,
                       games=level.games)


#: What an empty history of each --kind says (the window's statistics name the pools so).
EMPTY = {
    "computer": N_("No games played yet: open the window (tcf-gui) and play one."),
    "practice": N_("No practice games yet: open hands, a known seed (--seed) or today's deal "
                   "played again are practice."),
    "daily": N_("No daily deal played yet: tcf-gui --daily."),
    "friends": N_("No games against a friend yet: Menu, Play a friend."),
    "watched": N_("No watched games kept."),
    "all": N_("No games played yet: open the window (tcf-gui) and play one."),
}


def summary_lines(history: History, levels: list[LevelStats], recent: list[GameRecord],
                  apart: dict[str, int], unscored: int, kind: str = "computer") -> list[str]:
    lines = [_("Game history: {path}").format(path=history.path)]
    if not levels[0].games:
        lines.append(_(EMPTY[kind]))
    else:
        for level in levels if len(levels) > 2 else levels[1:]:
            lines += level_lines(level)
    for totals in history.imported():
        lines.append(_("Before the history (imported from {source} on {day}): {won} won, "
                       "{lost} lost, {drawn} drawn").format(
            source=totals.source, day=_day(totals.imported_at), won=totals.wins,
            lost=totals.losses, drawn=totals.draws))
    if unscored:
        lines.append(ngettext("{n} game has no skill score yet: tcf-gui history --score works "
                              "it out", "{n} games have no skill score yet: tcf-gui history "
                              "--score works them out", unscored).format(n=unscored))
    if apart:
        counts = ", ".join(f"{KINDS[kind].marked() or _('ordinary')} {n}"
                           for kind, n in apart.items())
        lines.append(_("Kept apart: {counts} (--kind shows them)").format(counts=counts))
    if recent:
        lines.append("")
        rows = [[str(game.id), _when(game.ended_at), game.p2, result_text(game), str(game.turns),
                 "" if game.accuracy is None else accuracy_text(game.accuracy),
                 "" if game.seed is None else str(game.seed),
                 KINDS[game.kind].marked()] for game in recent]
        # TRANSLATORS: the headings of the list of recent games: the game's id, when it ended
        # (in UTC), the opponent, the result, its turns, the move accuracy, the deal's seed,
        # the kind of game (practice, daily, ...).
        headings = [_("id"), _("ended (UTC)"), _("opponent"), _("result"), _("turns"),
                    _("accuracy"), _("seed"), _("kind")]
        lines += columns(headings, rows, (True, False, False, False, True, True, False, False))
    return lines


def _when(stamp: str) -> str:
    """A game's end (an ISO time in UTC) as the language writes a date and time."""
    from datetime import datetime

    try:
        return formats.day_and_time(datetime.fromisoformat(stamp[:19]))
    except ValueError:
        return stamp[:19]


def _day(stamp: str) -> str:
    """The day of an ISO time, as the language writes it."""
    from datetime import date

    try:
        return formats.day(date.fromisoformat(stamp[:10]))
    except ValueError:
        return stamp[:10]


def export_csv(history: History, target: str) -> int:
    """Every game, of every kind, one row each, oldest first."""
    games = history.games(tuple(KINDS))
    try:
        if target != "-" and is_history_file(target, history):
            raise OSError(_("it is the game history itself; export to another file"))
        with nullcontext(sys.stdout) if target == "-" else open_output(target) as handle:
            write_csv(handle, games)
    except OSError as error:
        print(_("tcf-gui history: cannot write {target}: {reason}").format(
            target=target, reason=error.strerror or error), file=sys.stderr)
        return 1
    if target != "-":
        print(ngettext("{n} game written to {path}", "{n} games written to {path}",
                       len(games)).format(n=len(games), path=target))
    return 0


def is_history_file(target: str, history: History) -> bool:
    """Whether ``target`` is the history's database or one of its WAL files (an export
    there would write over the games)."""
    for suffix in ("", "-wal", "-shm"):
        try:
            if os.path.samefile(target, f"{history.path}{suffix}"):
                return True
        except OSError:  # not there (yet): not the same file
            pass
    return False


def write_csv(handle: IO[str], games: list[GameRecord]) -> None:
    writer = csv.writer(handle)
    writer.writerow(CSV_COLUMNS)
    for game in games:
        row = game_dict(game)
        row["moves"] = " ".join(f"{a + 1}{b + 1}" for a, b in game.moves)
        writer.writerow([_csv_value(row[column]) for column in CSV_COLUMNS])


def _csv_value(value: Any) -> Any:
    if isinstance(value, bool):
        return int(value)
    return "" if value is None else value


def reset(history: History, ask: bool) -> int:
    """Reset the history after a yes (or at once with ``ask`` False); a dated copy stays."""
    games = history.count(tuple(KINDS))
    if not games and not history.imported():
        print(_("The history is empty: nothing to reset."))
        return 0
    if ask:
        question = ngettext("Reset the game history {path} ({n} game)? A dated copy is kept "
                            "beside it. [y/N] ", "Reset the game history {path} ({n} games)? "
                            "A dated copy is kept beside it. [y/N] ", games)
        print(question.format(path=history.path, n=games), end="", flush=True)
        try:
            answer = sys.stdin.readline().strip().lower() if sys.stdin else ""
        except (OSError, ValueError):
            answer = ""
        if not is_terminal(sys.stdin):
            print()  # the answer came from a pipe: end the question's line
        # TRANSLATORS: the answers that say yes to "Reset the game history ...? [y/N]".
        if answer not in ("y", "yes", _("y"), _("yes")):
            print(_("Not reset (--yes resets without asking)."))
            return 1
    copy = history.reset()
    print(ngettext("The history is reset: {n} game kept in {copy}",
                   "The history is reset: {n} games kept in {copy}", games).format(
        n=games, copy=copy))
    return 0


def replay(history: History, game_id: int) -> int:
    game = history.game(game_id)
    if game is None:
        say("history", _("no game {id} in {path} (tcf-gui history --games 20 lists the last "
                          "ones)").format(id=game_id, path=history.path))
        return 2
    from tcf_gui.gui.replay import run_replay

    return run_replay(game)
