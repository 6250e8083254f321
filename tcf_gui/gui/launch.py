"""The window's command-line flags and the code that opens the window for them.

``tcf-gui [--seed S] [--open] [--four-colour] [--speed S] [--mute] [--p2 SPEC]`` plays;
``tcf-gui --spectate [--p1 SPEC] [--p2 SPEC] [--games N] [--seed S] [--open]`` watches.
pygame is imported only when the window opens, so the other subcommands start fast.
"""
from __future__ import annotations

import argparse
import dataclasses
import os
import sys

from ..commands.common import positive_int, seed_int, strategy_spec
from ..settings import SPEEDS


def add_window_arguments(parser: argparse.ArgumentParser) -> None:
    """The flags of the window (no subcommand)."""
    group = parser.add_argument_group("the game window (no command)")
    group.add_argument("--seed", type=seed_int, default=None,
                       help="seed of the run: game 1 is dealt from it (the status line shows each game's seed)")
    group.add_argument("--open", action="store_true",
                       help="open hands: each player sees the other's hand (the spectator always "
                       "shows both hands; with --open its players also see them)")
    group.add_argument("--four-colour", "--four-color", dest="four_colour", action="store_true",
                       help="four-colour deck: green clubs, blue diamonds")
    group.add_argument("--speed", choices=SPEEDS, default=None,
                       help="animation speed (default: the saved setting, else normal)")
    group.add_argument("--mute", action="store_true", help="no sound this session")
    group.add_argument("--spectate", action="store_true",
                       help="watch two computer players play game after game")
    group.add_argument("--p1", type=strategy_spec, default=None,
                       help="spectator: Player 1's strategy (default random)")
    group.add_argument("--p2", type=strategy_spec, default=None,
                       help="Player 2's strategy (default heuristic)")
    group.add_argument("--games", type=positive_int, default=None,
                       help="spectator: close after N games and print the lab's counters")


def check_window_arguments(parser: argparse.ArgumentParser, args: argparse.Namespace) -> None:
    """Flags that only make sense with --spectate exit 2 without it."""
    if not args.spectate:
        for flag in ("p1", "games"):
            if getattr(args, flag) is not None:
                parser.error(f"--{flag} is for spectator mode: add --spectate")


def run_window(args: argparse.Namespace) -> int:
    """Open the window for the parsed flags; save the settings and the record on the way out."""
    os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")  # stdout is for the counters
    try:
        from . import app
    except ImportError as error:  # pygame missing
        print(f"tcf-gui: cannot open the window: {error}", file=sys.stderr)
        return 1
    from ..record import load_record, save_record
    from ..settings import load_settings, save_settings
    from .sounds import Sounds
    from .spectator import SpectatorScene
    from .table_scene import PlayScene

    saved, warning = load_settings()
    record, record_warning = load_record()
    for problem in (warning, record_warning):
        if problem:
            print(f"tcf-gui: {problem}", file=sys.stderr)
    settings = dataclasses.replace(saved)
    if args.four_colour:
        settings.four_colour = True
    if args.speed:
        settings.speed = args.speed
    if args.open and not args.spectate:
        settings.open_hands = True
    if args.mute:
        settings.sound = False
    session_start = dataclasses.replace(settings)
    sounds = Sounds(settings.sound)

    if args.spectate:
        def make_scene(size: tuple[int, int]) -> SpectatorScene:
            return SpectatorScene(settings, size, p1=args.p1 or "random", p2=args.p2 or "heuristic",
                                  seed=0 if args.seed is None else args.seed, games=args.games,
                                  open_hands=args.open, sounds=sounds)
    else:
        def make_scene(size: tuple[int, int]) -> PlayScene:  # type: ignore[misc]
            return PlayScene(settings, size, seed=args.seed, opponent=args.p2 or "heuristic",
                             sounds=sounds, record=record)
    try:
        scene = app.run_app(make_scene)
    except app.pygame.error as error:
        print(f"tcf-gui: cannot open the window: {error}", file=sys.stderr)
        return 1
    # Keep what the person changed with keys; flags given for this session are not saved.
    for field in dataclasses.fields(settings):
        value = getattr(settings, field.name)
        if value != getattr(session_start, field.name):
            setattr(saved, field.name, value)
    problems = [save_settings(saved)]
    if isinstance(scene, PlayScene):
        scene.finish()
        if scene.score.games:
            problems.append(save_record(scene.record))
            print(f"This session: {scene.score}; all time: {scene.record}")
    for problem in filter(None, problems):
        print(f"tcf-gui: {problem}", file=sys.stderr)
    if isinstance(scene, SpectatorScene):
        print(f"Player 1: {scene.names[0]}   Player 2: {scene.names[1]}   seed {scene.match.seed}")
        print("\n".join(scene.counters.lab_lines()))
    return 0
