"""Every screen of the window, set up as a player meets it, for checks that look at them all.

``SCREENS`` maps a name to a builder: ``build(settings, clock, history, later)`` returns the
scene manager with that screen on top (a menu lies over the table it paused, as in the game)
and puts on ``later`` what must be undone once the screen was looked at (a table server).
:func:`text_problems` draws a manager at a size while tcf_gui.gui.text_boxes records every
box of text, and returns what is wrong (text outside its box, overlapping, too small, or
with glyphs no face has). The layout tests run every screen at every size, and at ``LANGUAGE_SIZES`` in each
of ``LANGUAGES``; the pseudo-locale's test reads every text the tour draws (``drawn_texts``).
"""
from __future__ import annotations

import random
from dataclasses import replace
from contextlib import contextmanager
from functools import lru_cache
from types import ModuleType
from typing import Any, Callable, Hashable, Iterator

import pygame
import pytest
from at_a_friends_table import join_table, play_to_the_end
from history_helpers import made_up_games, made_up_skill, real_games
from netplay import Player, host_place, start_server
from table_seeds import first_long_game

from tcf_gui.engine.game import Game
from tcf_gui.engine.match import player_rngs
from tcf_gui.engine.strategies.registry import make_strategy
from tcf_gui.gui import card_chooser, coach_overlay, felt, render, review_scene, text_boxes
from tcf_gui.gui.layout import MIN_SIZE
from tcf_gui.gui.first_run import welcome
from tcf_gui.gui.friend_menu import FriendOptions, open_host, open_join
from tcf_gui.gui.friend_scene import FriendScene
from tcf_gui.gui.replay import ReplayScene
from tcf_gui.gui.review_scene import ReviewScene
from tcf_gui.gui.scene_manager import SceneManager
from tcf_gui.gui.spectator import SpectatorScene
from tcf_gui.gui.stats import scene as stats_scene
from tcf_gui.gui.stats.scene import StatsScene
from tcf_gui.gui.play_menu import failure_notice
from tcf_gui.gui.play_scene import FALLBACK_OPPONENT, PlayScene
from tcf_gui.history import GameRecord, History
from tcf_gui.history import skill as history_skill
from tcf_gui.i18n import SOURCE, _, available_languages
from tcf_gui.play import SeatFailure, scoring
from tcf_gui.config.settings import Settings

#: The sizes every screen is checked at: the smallest window, 800x600, HD, full HD, 4K.
SIZES = [MIN_SIZE, (800, 600), (1280, 720), (1920, 1080), (3840, 2160)]
#: The sizes every screen is checked at in every other language.
LANGUAGE_SIZES = [(800, 600), (1920, 1080)]
#: The languages other than English the screens are checked in: the pseudo-locale xx (every
#: word 40% longer: it stands for German and the other long ones) and each shipped catalog.
LANGUAGES = ["xx", *(code for code in available_languages() if code not in (SOURCE, "xx"))]
#: The name the person gives at a friend's table.
FRIEND_NAME = "Ann"
#: The name of the friend who hosts the game the window joined (a long one).
HOST_NAME = "Bartholomew Fitzwilliams"
#: The reason a failing strategy gives in the notice screen: the strategy's own words.
FAILURE_REASON = "mine.py:choose answered 7, not a slot 0, 1 or 2"

Builder = Callable[[Settings, object, History, list], SceneManager]


def key(code: int) -> pygame.event.Event:
    return pygame.event.Event(pygame.KEYDOWN, key=code, mod=0, unicode="", scancode=0)


#: What :func:`remembered` worked out once, by module, function and arguments.
_REMEMBERED: dict[tuple, Any] = {}


@contextmanager
def remembered(module: ModuleType, name: str,
               key: Callable[..., Hashable] = lambda *args: args) -> Iterator[None]:
    """Within, ``module.name`` (the coach's work a screen waits for on its worker thread)
    works out each ``key(*args)`` once a process and answers the same again after: it is
    the same in every build of a screen, and takes the coach seconds. The screen still asks
    it off the loop and is waited for; what raises is not remembered."""
    real = getattr(module, name)

    def once(*args: Any) -> Any:
        found = (module.__name__, name, key(*args))
        if found not in _REMEMBERED:
            _REMEMBERED[found] = real(*args)
        return _REMEMBERED[found]

    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(module, name, once)
        yield


def _record_key(game: GameRecord) -> Hashable:
    """What a game's skill score depends on (not its id or date)."""
    return game.kind, game.p2, game.seed, game.moves, game.open_hands


def _game_key(game: Game, opponent: str | None, seat: int) -> Hashable:
    """What the skill score of a game played in a window depends on."""
    return tuple(game.events), game.open_hands, opponent, seat


@lru_cache(maxsize=None)
def wordiest_ending() -> int:
    """The run seed (of the first 300) whose game 1, the person always discarding card 1,
    ends with the longest banner: the hardest end screen to lay out."""
    def words(seed: int) -> int:
        game = Game(seed).play_out(lambda view: 0, make_strategy("heuristic", player_rngs(seed)[1]))
        from tcf_gui.words.results import explain

        found = explain(game.outcome, game.turns, you=1)
        return len(found.title) + len(found.reason)

    return max(range(1, 301), key=words)


@lru_cache(maxsize=None)
def table_seed() -> int:
    """The run seed of the tour's table: its game 1 is still on after 8 turns of 1, 2, 3
    (found once a process: every build of a table asked it again)."""
    return first_long_game((0, 1, 2), 8)


def _table(settings: Settings, clock, history: History, *, turns: int = 0,
           seed: int | None = None) -> PlayScene:
    scene = PlayScene(settings, (1280, 720), seed=seed or table_seed(), history=history)
    SceneManager(scene)
    clock.play_turns(scene, turns)
    return scene


def table(settings, clock, history, later) -> SceneManager:
    return _table(settings, clock, history).manager


def table_mid_game(settings, clock, history, later) -> SceneManager:
    return _table(settings, clock, history, turns=6).manager


def table_coach(settings, clock, history, later) -> SceneManager:
    settings.coach = True
    with remembered(coach_overlay, "advise_view"):
        scene = _table(settings, clock, history, turns=2)
        clock.until(scene, lambda: not scene.coach.thinking)
    return scene.manager


def table_coach_large(settings, clock, history, later) -> SceneManager:
    settings.card_face = "large"  # its big indices leave the coach's badges least room
    return table_coach(settings, clock, history, later)


def _played_out(scene: PlayScene, clock, key_code: int = pygame.K_1) -> SceneManager:
    """``scene``'s game played to its end with one key, at rest, its skill score in."""
    SceneManager(scene)
    with remembered(scoring, "_score", _game_key):
        while not scene.game.over:
            clock.rest(scene)
            clock.key(scene, key_code)
        clock.rest(scene)
        clock.until(scene, lambda: not scene.scorer.working)  # the skill score's line is in
    return scene.manager


def table_end(settings, clock, history, later) -> SceneManager:
    return _played_out(PlayScene(settings, (1280, 720), seed=wordiest_ending(), history=history),
                       clock)


def table_end_daily(settings, clock, history, later) -> SceneManager:
    """Today's deal over, for the record: the score's line, the streak and Copy result."""
    return _played_out(PlayScene(settings, (1280, 720), history=history, daily=True), clock,
                       pygame.K_2)


def table_daily(settings, clock, history, later) -> SceneManager:
    """Today's deal under way: the line over the middle row that says so."""
    scene = PlayScene(settings, (1280, 720), history=history, daily=True)
    SceneManager(scene)
    clock.play_turns(scene, 1)
    return scene.manager


def table_end_noted(settings, clock, history, later) -> SceneManager:
    """Today's deal over and its result copied: the note keeps clear of the banner."""
    manager = table_end_daily(settings, clock, history, later)
    manager.stack[-1].toast(_("Result copied: paste it anywhere"))
    return manager


#: A run seed whose game 1, the person always discarding card 1, ends with Player 2's
#: straight flush (10-J-Q of spades): its run is shown beside the hand.
STRAIGHT_FLUSH_SEED = 27


def table_straight_flush(settings, clock, history, later) -> SceneManager:
    return _played_out(PlayScene(settings, (1280, 720), seed=STRAIGHT_FLUSH_SEED,
                                 history=history), clock)


def table_toast(settings, clock, history, later) -> SceneManager:
    scene = _table(settings, clock, history, turns=1)
    clock.key(scene, pygame.K_o)  # "Open hands on from the next game" on the status line
    return scene.manager


def table_help(settings, clock, history, later) -> SceneManager:
    scene = _table(settings, clock, history)
    clock.key(scene, pygame.K_h)
    return scene.manager


def how_to_play(page: int) -> Builder:
    """How to play over the table, at ``page`` (0 to 3)."""
    def build(settings, clock, history, later) -> SceneManager:
        scene = _table(settings, clock, history)
        scene.open_how_to_play()
        scene.manager.stack[-1].page = page
        return scene.manager
    return build


def _over_table(*keys: int, turns: int = 1) -> Builder:
    """The table with the keys pressed in turn (Esc opens the menu, then its items)."""
    def build(settings, clock, history, later) -> SceneManager:
        scene = _table(settings, clock, history, turns=turns)
        scene.friend_options = FriendOptions(name=FRIEND_NAME, browser=NoLan())
        for code in keys:
            clock.key(scene, code)
        return scene.manager
    return build


class NoLan:
    """A LAN browser that finds no table (the tour looks at screens, not at the network)."""

    found: list = []


def _opened(opener: Callable[[PlayScene], None]) -> Builder:
    """The table with what ``opener(table)`` puts over it."""
    def build(settings, clock, history, later) -> SceneManager:
        scene = _table(settings, clock, history, turns=1)
        scene.friend_options = FriendOptions(name=FRIEND_NAME, browser=NoLan())
        opener(scene)
        return scene.manager
    return build


def friends_table(settings, clock, history, later) -> SceneManager:
    """Hosting a friend's game: the table waits for the friend, the join code on it."""
    scene = _table(settings, clock, history)
    scene.friend_options = FriendOptions(name=FRIEND_NAME, browser=NoLan())
    open_host(scene)
    scene.manager.stack[-1].items[4].activate()  # Open the table (a server in this window)
    friend = scene.manager.stack[-1]
    assert isinstance(friend, FriendScene)
    later.append(friend.quit)
    clock.until(friend, lambda: friend.table.code)
    return scene.manager


def friends_game_over(settings, clock, history, later) -> SceneManager:
    """The end of a game at a friend's table, the window as Player 2 against a host with a
    long name: the result, the deal verified, your skill score, Rematch."""
    thread, url = start_server(seed=18)  # (the window wins: netplay.dealt_seed)
    later.append(thread.stop)
    host = Player(url, HOST_NAME, host_place())
    later.append(host.close)
    host.until_type("seated")
    scene = _table(settings, clock, history)
    friend = join_table(clock, scene, url, host.table.code)
    host.until_type("ask")
    with remembered(scoring, "_score", _game_key):
        play_to_the_end(clock, scene, friend, host, pygame.K_3)  # (the window wins)
        clock.until(friend, lambda: not friend.scorer.working)
    return scene.manager


def notice_screen(settings, clock, history, later) -> SceneManager:
    """Player 2's strategy failed: the notice over the table."""
    scene = _table(settings, clock, history)
    failure = SeatFailure(2, "mine.py:choose", FAILURE_REASON, "heuristic")
    scene.manager.push(failure_notice(failure, FALLBACK_OPPONENT, scene.layout.size))
    return scene.manager


def statistics_empty(settings, clock, history, later) -> SceneManager:
    return SceneManager(StatsScene(history, (1280, 720)))


def statistics(settings, clock, history, later) -> SceneManager:
    games = real_games(30, seed=4) + real_games(12, seed=5, p2="random")
    games = [replace(game, coach=True) if i % 4 == 0 else game for i, game in enumerate(games)]
    games[-1] = replace(games[-1], quit=True, result=None, winner=2)
    history.add(*games, *made_up_games(40, seed=6, opponents=("heuristic", "expert")))
    return SceneManager(StatsScene(history, (1280, 720)))


@lru_cache(maxsize=None)
def scored_games() -> tuple[GameRecord, ...]:
    """The games of the scored statistics with skill scores of the form the screen's scoring
    of its backlog stores, their numbers made up from a fixed seed (the coach would take
    seconds over them; the screen shows them, whatever they are)."""
    rng = random.Random(31)
    games = [*real_games(25, seed=4), *real_games(6, seed=5, p2="random")]
    return tuple(game.with_skill(made_up_skill(game, rng)) for game in games)


def statistics_scored(settings, clock, history, later) -> SceneManager:
    """The statistics once the older games are scored: the accuracy beside the win rate."""
    history.add(*scored_games())
    scene = StatsScene(history, (1280, 720))
    assert scene.backlog is None
    return SceneManager(scene)


def statistics_daily(settings, clock, history, later) -> SceneManager:
    """The daily deal's games (K): the streaks with the numbers, once the screen's backlog
    has scored its games."""
    from datetime import date, timedelta

    from tcf_gui.play.daily import daily_seed
    from tcf_gui.history.kinds import DAILY

    start = date(2026, 3, 1)
    games = [replace(game, kind=DAILY, seed=daily_seed(start + timedelta(days=i)),
                     accuracy=80.0 + i, given_up=0.01)
             for i, game in enumerate(made_up_games(12, seed=7, opponents=("heuristic",)))]
    history.add(*games, *scored_games()[:3])  # real_games(3, seed=4), scored
    with remembered(history_skill, "score_record", _record_key):
        scene = StatsScene(history, (1280, 720))
        manager = SceneManager(scene)
        clock.key(scene, pygame.K_k)
        clock.until(scene, lambda: scene.backlog is None, limit_s=60)
    return manager


def review(settings, clock, history, later) -> SceneManager:
    scene = _table(settings, clock, history, turns=30)
    with remembered(review_scene, "_review_turn"):
        review = ReviewScene(settings, scene.layout.size, scene.game, scene.opponent)
        scene.manager.push(review)
        clock.until(review, lambda: not review.working)
    review.show_turn(2)
    return scene.manager


def replay(settings, clock, history, later) -> SceneManager:
    [record] = real_games(1, seed=9)
    history.add(record)
    scene = ReplayScene(settings, (1280, 720), history.games()[-1])
    SceneManager(scene)
    clock.wait(scene, 3000)
    clock.settle(scene)
    return scene.manager


def spectator(settings, clock, history, later) -> SceneManager:
    scene = SpectatorScene(settings, (1280, 720), seed=3)
    SceneManager(scene)
    clock.wait(scene, 5000)
    scene.paused = True
    clock.settle(scene)
    return scene.manager


SCREENS: dict[str, Builder] = {
    "table": table,
    "table, mid-game": table_mid_game,
    "table, coach": table_coach,
    "table, coach, large index": table_coach_large,
    "table, end": table_end,
    "table, end of today's deal": table_end_daily,
    "table, end, a note": table_end_noted,
    "table, today's deal": table_daily,
    "table, a note": table_toast,
    "table, straight flush": table_straight_flush,
    "table, help": table_help,
    "menu": _over_table(pygame.K_ESCAPE),
    "options": _over_table(pygame.K_ESCAPE, *[pygame.K_DOWN] * 6, pygame.K_RETURN),
    "cards and table": _over_table(pygame.K_ESCAPE, *[pygame.K_DOWN] * 6, pygame.K_RETURN,
                                   pygame.K_UP, pygame.K_UP, pygame.K_RETURN),
    "opponent": _over_table(pygame.K_ESCAPE, *[pygame.K_DOWN] * 5, pygame.K_RETURN),
    "play deal number": _over_table(pygame.K_ESCAPE, *[pygame.K_DOWN] * 3, pygame.K_RETURN,
                                    pygame.K_4, pygame.K_2),
    "new game?": _over_table(pygame.K_n),
    "notice": notice_screen,
    "welcome": _opened(lambda table: table.manager.push(welcome(table.layout.size))),
    "play a friend": _opened(lambda table: table.menus.open_friends()),
    "host a table": _opened(open_host),
    "join a table": _opened(open_join),
    "a friend's table": friends_table,
    "a friend's game over": friends_game_over,
    "statistics, empty": statistics_empty,
    "statistics": statistics,
    "statistics, scored": statistics_scored,
    "statistics, daily deal": statistics_daily,
    "review": review,
    "replay": replay,
    "spectator": spectator,
    **{f"how to play, page {page + 1}": how_to_play(page) for page in range(4)},
}


@contextmanager
def shown(screen: str, settings: Settings, clock, history: History) -> Iterator[SceneManager]:
    """The screen ``screen`` built, and what its builder left to undo undone afterwards."""
    later: list[Callable[[], None]] = []
    try:
        yield SCREENS[screen](settings, clock, history, later)
    finally:
        for undo in later:
            undo()


@lru_cache(maxsize=None)
def _felt(size: tuple[int, int], table: str) -> pygame.Surface:
    return felt.felt_surface(size, table)


def felt_once(size: tuple[int, int], table: str = "green") -> pygame.Surface:
    """``felt.felt_surface(size, table)``, drawn once a process (the tour draws every screen
    at the same few sizes, and the 4K felt takes 0.1 s): a copy, as the screens draw on it."""
    return _felt(tuple(size), table).copy()


def drawn(manager: SceneManager, size: tuple[int, int]) -> text_boxes.TextRecord:
    """Every box of text ``manager`` draws at ``size`` (on the same felt: :func:`felt_once`)."""
    surface = pygame.Surface(size)
    resize = pygame.event.Event(pygame.VIDEORESIZE, size=size, w=size[0], h=size[1])
    with pytest.MonkeyPatch.context() as patch:
        for module in (render, card_chooser, stats_scene):
            patch.setattr(module, "felt_surface", felt_once)
        for scene in manager.stack:
            scene.handle(resize)
        with text_boxes.recording() as record:
            manager.draw(surface)
    return record


def text_problems(manager: SceneManager, size: tuple[int, int]) -> list[str]:
    """Draw ``manager`` at ``size`` and check its text (tcf_gui.gui.text_boxes.problems)."""
    return text_boxes.problems(drawn(manager, size))
