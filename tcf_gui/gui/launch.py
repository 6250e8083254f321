"""Opens the window for the flags of tcf_gui.gui.flags: reads the saved settings and the
history, runs the scenes, saves an option the moment it is changed and the window's place
on the way out. Imported only when the window opens
(pygame, the engine, the history's SQLite), so the subcommands start fast.
"""
from __future__ import annotations

import argparse
import dataclasses
import os
import sys
from dataclasses import dataclass
from functools import partial
from pathlib import Path
from typing import TYPE_CHECKING

from tcf_gui.args import player_name
from tcf_gui.engine.strategies.registry import strategy_names
from tcf_gui.history import KINDS, ORDINARY, History, HistoryError, open_history
from tcf_gui.i18n import _, language, match_language, ngettext, use_language
from tcf_gui.history.record import Record
from tcf_gui.levels import DEFAULT_OPPONENT, short_name
from tcf_gui.config.card_sets import DEFAULT_FACE, FACES
from tcf_gui.config.decks import find_deck, use_card_folders
from tcf_gui.config.settings import Settings, load_settings, save_option, save_settings

if TYPE_CHECKING:  # pygame is imported only when the window opens
    from tcf_gui.gui.play_scene import PlayScene
    from tcf_gui.gui.scene_manager import SceneManager
    from tcf_gui.gui.spectator import SpectatorScene

    TableScene = PlayScene | SpectatorScene


@dataclass
class Session:
    """The settings as saved, the settings of this session (flags on top), the record so far,
    and the problems met reading them (shown in the window and on stderr)."""

    saved: Settings
    settings: Settings
    record: Record
    problems: list[str]
    history: History


def read_session(args: argparse.Namespace) -> Session:
    """The saved settings and record, with this session's flags laid over the settings."""
    saved, warning = load_settings()
    if getattr(args, "lang", None) is None and saved.language is not None:
        # --lang wins for its run; a saved language whose catalog is gone: the system's
        use_language(saved.language if match_language(saved.language) else None)
    history = open_history()
    try:
        record, record_warning = Record(*history.totals()), None
    except HistoryError as error:
        record, record_warning = Record(), _("{problem}; games are not kept this session").format(
            problem=error)
    for news in history.news:
        print(f"tcf-gui: {news}", file=sys.stderr)
    settings = dataclasses.replace(saved)
    if args.four_colour:
        settings.four_colour = True
    if args.speed:
        settings.speed = args.speed
    if args.open and not args.spectate:
        settings.open_hands = True
    if args.mute:
        settings.sound = False
    if getattr(args, "speech", None) is not None:
        settings.speech = args.speech != "off"
    use_card_folders([Path(folder).expanduser()
                      for folder in (getattr(args, "card_folder", None), settings.card_folder) if folder])
    if settings.card_face not in FACES and find_deck(settings.card_face) is None:
        missing = _("the card deck {key} is not found; the classic cards are used").format(
            key=settings.card_face)
        print(f"tcf-gui: {missing}", file=sys.stderr)
        settings.card_face = DEFAULT_FACE
    if getattr(args, "lang", None) is not None:  # Options shows the language in force
        settings.language = language()
    problems = [problem for problem in (warning, record_warning, *history.notices) if problem]
    if not args.spectate and args.p2 is None and settings.opponent not in strategy_names():
        problems.append(_("the saved opponent {name!r} is not a built-in strategy; playing "
                          "heuristic").format(name=settings.opponent))
        settings.opponent = saved.opponent = DEFAULT_OPPONENT
    return Session(saved, settings, record, problems, history)


def build_table(args: argparse.Namespace, session: Session, size: tuple[int, int]) -> TableScene:
    """The scene the flags ask for: the person's game, or the spectator."""
    from tcf_gui.gui.sounds import Sounds
    from tcf_gui.gui.spectator import SpectatorScene
    from tcf_gui.gui.stats.scene import open_statistics
    from tcf_gui.gui.play_scene import PlayScene

    settings = session.settings
    sounds = Sounds(settings.sound)
    if args.spectate:
        table = SpectatorScene(settings, size, p1=args.p1 or "random", p2=args.p2 or DEFAULT_OPPONENT,
                               seed=args.seed, games=args.games, open_hands=args.open,
                               sounds=sounds, history=session.history)
        if args.seed is None:
            seed = table.session.run_seed
            print(_("Run seed {seed}: tcf-gui --spectate --seed {seed} shows these games "
                    "again").format(seed=seed), flush=True)
        return table
    return PlayScene(settings, size, seed=args.seed, opponent=args.p2 or settings.opponent,
                     sounds=sounds, record=session.record, history=session.history,
                     resume=True, daily=getattr(args, "daily", False),
                     statistics=open_statistics)


def save_session(session: Session, table: TableScene) -> list[str]:
    """Save what the person changed (never the flags), the window's place and the record;
    print the session's summary. Returns the problems met."""
    from tcf_gui.gui.spectator import SpectatorScene
    from tcf_gui.gui.play_scene import PlayScene

    saved = session.saved
    for name in table.changed:
        setattr(saved, name, getattr(table.settings, name))
    if table.window_size is not None:
        saved.window_size = list(table.window_size)
    if table.window_pos is not None:
        saved.window_pos = list(table.window_pos)
    problems = [save_settings(saved)]
    table.session.close()  # a game not over stays in the history, for the next start
    if isinstance(table, PlayScene):  # the window is closed: scores still coming are kept
        table.scorer.settle()
        problems += table.scorer.problems
    if isinstance(table, PlayScene) and table.score.games:
        line = _("This session: {score}; all time: {record}").format(
            score=table.session.counted, record=table.record)
        apart = {kind: record.games for kind, record in table.session.scores.items()
                 if kind != ORDINARY and record.games}
        if apart:
            line += ngettext(" ({n} more game kept apart: {kinds})",
                             " ({n} more games kept apart: {kinds})", sum(apart.values())).format(
                n=sum(apart.values()), kinds=", ".join(
                    f"{KINDS[kind].marked()} {n}" for kind, n in apart.items()))
        print(line)
    if isinstance(table, SpectatorScene) and not (table.failed and table.games is not None):
        print(_("Player 1: {p1}   Player 2: {p2}   seed {seed}").format(
            p1=table.names[0], p2=table.names[1], seed=table.session.run_seed))
        print("\n".join(table.counters.lab_lines()))
    return [problem for problem in problems if problem]


def announce_isolation(args: argparse.Namespace) -> None:
    """One line on stderr saying how a strategy file named by the flags is isolated."""
    from tcf_gui.engine.strategies.registry import StrategyError
    from tcf_gui.engine.strategies.registry import loads_file
    from tcf_gui.engine.strategies.sandbox import isolation

    try:
        if any(loads_file(spec) for spec in (args.p1, args.p2) if spec):
            print(f"tcf-gui: {isolation().line()}", file=sys.stderr)
    except StrategyError as error:  # the strategy itself says so when it is asked
        print(f"tcf-gui: {error}", file=sys.stderr)


def say_what_applies(args: argparse.Namespace, table: PlayScene) -> None:
    """A game brought back goes on as it was: one line, on the terminal and on the table,
    says against whom, and that the options given for a game apply from the next one
    (not when ``tcf-gui join`` puts a friend's table over it: that is what the person sees)."""
    if not table.session.resumed or table.session.game is None or getattr(args, "join", None):
        return
    given = [flag for flag, value in (("--p2", args.p2), ("--open", args.open)) if value]
    line = _("Your game is back where you left it: turn {n}, against {opponent}").format(
        n=table.session.game.turns + 1, opponent=short_name(table.opponent))
    if given:
        line += ngettext("; {flags} applies from the next game",
                         "; {flags} apply from the next game", len(given)).format(
                             flags=" ".join(given))
    print(f"tcf-gui: {line}", file=sys.stderr)
    table.toast(line)


def start_friends(args: argparse.Namespace, table: PlayScene, remembered: str = "") -> None:
    """``--server`` and ``--name`` for Play a friend (else the name ``remembered`` from the
    last time)."""
    from tcf_gui.gui.friend_menu import FriendOptions

    table.friend_options = FriendOptions(server=getattr(args, "server", None),
                                         name=getattr(args, "name", None) or remembered)


def join_if_asked(args: argparse.Namespace, table: object) -> None:
    """``tcf-gui join`` opens that table over ``table``, once a scene manager holds it (the
    friend's table, or the notice of what failed, is pushed onto that manager)."""
    from tcf_gui.gui.friend_menu import start_friend_table
    from tcf_gui.gui.play_scene import PlayScene
    from tcf_gui.net import messages

    join = getattr(args, "join", None)
    if join is None or not isinstance(table, PlayScene):
        return
    address, code = join
    table.friend_options.address = address
    place = messages.watch(code) if getattr(args, "watch", False) else messages.join(code)
    start_friend_table(table, address, place)


def run_window(args: argparse.Namespace) -> int:
    """Open the window for the parsed flags; save the settings and the record on the way out,
    also after Ctrl-C in the terminal."""
    os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")  # stdout is for the counters
    try:
        from tcf_gui.gui import app
    except ImportError as error:  # pygame missing
        print(_("tcf-gui: cannot open the window: {problem}").format(problem=error), file=sys.stderr)
        return 1
    from tcf_gui.gui.celebration import celebrate_wins
    from tcf_gui.gui.first_run import FirstRun
    from tcf_gui.gui.layout import DEFAULT_SIZE, set_text_scale
    from tcf_gui.gui.menu import notice
    from tcf_gui.gui.play_scene import PlayScene
    from tcf_gui.gui.scene_manager import SceneManager
    from tcf_gui.gui.speaker import Speaker
    from tcf_gui.gui.spectator import SpectatorScene
    from tcf_gui.gui.window import place_next_window, set_fullscreen

    session = read_session(args)
    set_text_scale(session.settings.text_scale)
    for problem in session.problems:
        print(f"tcf-gui: {problem}", file=sys.stderr)
    announce_isolation(args)
    if args.spectate and args.games is not None and session.problems:
        session.history.close()  # unattended: no notice that nobody could click
        return 1
    place_next_window(session.saved.window_pos)
    tables: list[TableScene] = []
    speakers: list[Speaker] = []

    first_run = FirstRun(session.saved)

    def open_table(size: tuple[int, int]) -> TableScene:
        table = build_table(args, session, size)
        table.keep = partial(save_option, session.saved)
        tables.append(table)
        if isinstance(table, PlayScene):  # a win celebrated; How to play after the first
            celebrate_wins(table)         # game, the coach's hint (over the celebration)
            first_run.attach(table)
            say_what_applies(args, table)
            start_friends(args, table, player_name(session.saved.friend_name))
        return table

    def make_scene(size: tuple[int, int]) -> Speaker:
        set_fullscreen(session.settings.fullscreen)
        opened = partial(join_if_asked, args)
        if not args.spectate and first_run.welcome_due(session.record):  # then the first deal
            manager = SceneManager(first_run.welcome(size, open_table, opened))
        else:
            manager = SceneManager(open_table(size))
            opened(manager.stack[0])
        if session.problems:
            manager.push(notice(_("Something was wrong with your saved files"),
                                session.problems, size))
        speakers.append(Speaker(manager, session.settings,
                                spec=getattr(args, "speech", None) or "on"))
        return speakers[-1]

    size = tuple(session.saved.window_size or DEFAULT_SIZE)
    code = 0
    try:
        app.run_app(make_scene, size=(size[0], size[1]))
    except app.pygame.error as error:
        print(_("tcf-gui: cannot open the window: {problem}").format(problem=error), file=sys.stderr)
        code = 1
    except KeyboardInterrupt:  # Ctrl-C in the terminal: leave as the menu's Quit does
        print("\n" + _("interrupted"), file=sys.stderr)
        code = 130
    else:
        if any(isinstance(table, SpectatorScene) and table.failed for table in tables):
            code = 2  # a strategy failed: one line said which, and why
    finally:
        for speaker in speakers:
            if speaker.problem:
                print(f"tcf-gui: {speaker.problem}", file=sys.stderr)
            speaker.close()
        for table in tables:
            for problem in save_session(session, table):
                print(f"tcf-gui: {problem}", file=sys.stderr)
        lost = session.history.close()
        if lost:
            print(f"tcf-gui: {lost}", file=sys.stderr)
    return code
