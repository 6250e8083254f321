"""The statistics screen: empty, one game, 10,000 games; its numbers are the CLI's; keys,
scrolling, replay and a reset that asks first and keeps a copy."""
from __future__ import annotations

import json

import pygame
import pytest
from history_helpers import made_up_games, real_games
from screen_tour import LANGUAGES

from tcf_gui.cli import main
from tcf_gui.history import WATCHED, History
from tcf_gui.gui.charts import bar_columns
from tcf_gui.gui.scene_manager import SceneManager
from tcf_gui.gui.stats.data import CHART_GAMES, ROLLING
from tcf_gui.gui.stats.scene import StatsScene

SIZES = [(1280, 720), (1920, 1080), (800, 520)]


def key(code: int) -> pygame.event.Event:
    return pygame.event.Event(pygame.KEYDOWN, key=code, mod=0, unicode="", scancode=0)


def click(pos: tuple[int, int]) -> pygame.event.Event:
    return pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=1)


def shown(scene: StatsScene, display) -> None:
    """Draw at each size and check the screen is not blank."""
    for size in SIZES:
        surface = pygame.Surface(size)
        scene.draw(surface)
        colours = {tuple(surface.get_at((x, y))) for x in range(0, size[0], 37)
                   for y in range(0, size[1], 29)}
        assert len(colours) > 10


def test_with_no_games_it_says_so(history, display):
    scene = StatsScene(history, (1280, 720))
    manager = SceneManager(scene)
    assert [level.label for level in scene.data.levels] == ["All opponents"]
    shown(scene, display)
    manager.update(0, [key(pygame.K_DELETE), key(pygame.K_RETURN)])  # nothing to reset, replay
    assert manager.stack == [scene] and scene.recent == []


def test_with_one_game(history, display):
    [game] = real_games(1, seed=2)
    history.add(game)
    scene = StatsScene(history, (1280, 720))
    assert [level.opponent for level in scene.data.levels] == ["heuristic"]
    assert scene.level.games == 1 and scene.data.rolling == [float(game.winner == 1)]
    assert scene.data.chart_title.startswith("Win rate and accuracy over your 1 game ")
    shown(scene, display)


def test_the_chart_title_counts_the_games_it_covers(history):
    history.add(*real_games(2, seed=4))
    scene = StatsScene(history, (1280, 720))
    assert scene.data.chart_title.startswith("Win rate and accuracy over your 2 games ")  # not "last 3"


def test_the_chart_has_a_point_a_game_at_every_number_of_games(history):
    """Not one dot at the 20th game: a point for every game up to CHART_GAMES, each the mean
    of the ROLLING games up to it."""
    history.add(*made_up_games(ROLLING + 5, seed=6))
    scene = StatsScene(history, (1280, 720))
    every = scene.data.games
    for n in range(1, len(every) + 1):
        scene.data.games = every[:n]
        scene.data.summarize(0)
        rolling = scene.data.rolling
        assert len(rolling) == len(scene.data.accuracy) == n
        assert rolling[-1] == sum(g.winner == 1 for g in every[max(0, n - ROLLING):n]) / min(n, ROLLING)
        assert f" {n} game" in scene.data.chart_title


def test_with_ten_thousand_games(history, display):
    history.add(*made_up_games(10_000, seed=3))
    scene = StatsScene(history, (1280, 720))
    assert scene.level.games == 10_000 and len(scene.data.levels) == 3
    assert len(scene.data.rolling) == CHART_GAMES
    own = scene.recent[::-1]
    assert scene.data.rolling[-1] == sum(g.winner == 1 for g in own[-ROLLING:]) / ROLLING
    assert f"last {CHART_GAMES + ROLLING - 1} games" in scene.data.chart_title
    shown(scene, display)
    scene.handle(key(pygame.K_END))
    recent = scene.recent_games
    assert recent.selected == 9_999 and recent.scroll == 10_000 - scene.layout.rows
    shown(scene, display)


def test_the_screen_shows_the_numbers_of_history_json(history, capsys):
    history.add(*real_games(30, seed=4), *real_games(12, seed=5, p2="random"),
                *made_up_games(3, kind=WATCHED))
    scene = StatsScene(history, (1280, 720))
    assert main(["history", "--json"]) == 0
    record = json.loads(capsys.readouterr().out)
    assert [level.as_dict() for level in scene.data.levels] == [record["overall"], *record["levels"]]
    assert scene.data.pools[WATCHED] == record["kept_apart"][WATCHED] == 3
    assert "Watched 3" in scene.pool_note()


def test_left_and_right_choose_the_opponent(history):
    history.add(*real_games(2, seed=3, p2="lazy"), *real_games(5, seed=4),
                *real_games(3, seed=5, p2="random"))
    scene = StatsScene(history, (1280, 720))
    # the menu's levels in their order (Easy, Normal, ...), then the others
    assert [level.opponent for level in scene.data.levels] == [None, "random", "heuristic", "lazy"]
    scene.handle(key(pygame.K_RIGHT))
    assert scene.level.opponent == "random" and len(scene.recent) == 3
    scene.handle(key(pygame.K_LEFT))
    scene.handle(key(pygame.K_LEFT))
    assert scene.level.opponent == "lazy"
    scene.handle(key(pygame.K_RIGHT))
    assert scene.level.opponent is None
    tab = scene.header.tab_rects()[2]
    scene.handle(click(tab.center))
    assert scene.level.opponent == "heuristic"


def test_enter_and_a_click_replay_the_chosen_game(history):
    history.add(*real_games(40, seed=6))
    chosen = []
    scene = StatsScene(history, (1280, 720), on_replay=chosen.append)
    scene.handle(key(pygame.K_DOWN))
    scene.handle(key(pygame.K_DOWN))
    scene.handle(key(pygame.K_RETURN))
    assert chosen[-1].id == 38  # newest first: 40, 39, 38
    layout = scene.layout
    scene.handle(click((layout.recent.centerx, layout.list_top + layout.row_h * 4 + 2)))
    assert chosen[-1].id == 36
    scene.handle(pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=-2, flipped=False))
    assert scene.recent_games.scroll == 6


def test_reset_asks_first_and_keeps_a_copy(history, display):
    history.add(*made_up_games(25))
    scene = StatsScene(history, (1280, 720))
    manager = SceneManager(scene)
    manager.update(0, [key(pygame.K_DELETE)])
    assert len(manager.stack) == 2 and manager.stack[-1].title_text == "Reset statistics?"
    manager.draw(display)
    manager.update(0, [key(pygame.K_RETURN)])  # the first answer is the safe one
    assert manager.stack == [scene] and history.count() == 25
    click = pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=scene.layout.reset.center, button=1)
    manager.update(0, [click, key(pygame.K_DOWN), key(pygame.K_RETURN)])
    assert manager.stack == [scene]
    assert history.count() == 0 and scene.level.games == 0
    copies = [p for p in history.path.parent.iterdir() if p.name.startswith("history-")]
    assert len(copies) == 1 and History(copies[0]).count() == 25
    assert "kept in" in scene._toast[0]


def test_escape_and_back_close_it(history):
    scene = StatsScene(history, (1280, 720))
    scene.update(0, [pygame.event.Event(pygame.KEYDOWN, key=pygame.K_ESCAPE, mod=0, unicode="",
                                        scancode=0)])
    assert scene.done
    scene = StatsScene(history, (1280, 720))
    scene.handle(click(scene.layout.back.center))
    assert scene.done


def test_an_unreadable_history_is_shown_not_raised(tmp_path, display):
    (tmp_path / "file").write_text("x")
    scene = StatsScene(History(tmp_path / "file" / "h.sqlite3"), (1280, 720))
    assert scene.data.error is not None and "cannot" in scene.data.error
    shown(scene, display)


def test_the_felt_is_the_tables_colour(history, display):
    """The statistics lie on the felt the player chose in Options → Cards and table."""
    corners = {}
    for table in ("green", "blue"):
        surface = pygame.Surface((800, 600))
        StatsScene(history, (800, 600), table=table).draw(surface)
        corners[table] = tuple(surface.get_at((5, 595)))[:3]
    assert corners["green"] != corners["blue"]
    assert corners["blue"][2] > corners["blue"][1]  # blue felt: more blue than green


def test_games_against_friends_are_a_view_of_their_own_with_a_tab_per_friend(history, display):
    from tcf_gui.history.kinds import FRIEND

    history.add(*real_games(4, seed=4), *made_up_games(5, seed=6, opponents=("Bob", "Cy"),
                                                       kind=FRIEND))
    scene = StatsScene(history, (1280, 720))
    assert scene.pool == "computer" and scene.level.games == 4
    assert "Friends 5" in scene.pool_note()
    scene.handle(key(pygame.K_k))
    assert scene.pool == "friends" and scene.level.games == 5
    assert {level.label for level in scene.data.levels[1:]} == {"Bob", "Cy"}
    shown(scene, display)


def test_a_game_edited_beyond_reading_is_left_out_and_said(history, display):
    history.add(*real_games(3, seed=2))
    history._connect().execute("UPDATE games SET turns = 'x' WHERE id = 2")
    scene = StatsScene(history, (1280, 720))
    assert scene.level.games == 2
    assert scene.data.error == history.unreadable_notice and "cannot be read" in scene.data.error
    shown(scene, display)


def test_every_recent_game_with_the_coach_says_so_or_none_does(history):
    """The coach's mark was kept or left off row by row: at 800x520 'Expert · coach' fitted
    the opponent column and 'Normal · coach' did not, so a game against Normal with the coach
    on read as one without it (and its row was drawn smaller than the others)."""
    import dataclasses

    from tcf_gui.gui import text_boxes

    games = [*real_games(2, seed=4), *real_games(2, seed=5, p2="expert")]
    history.add(*(dataclasses.replace(game, coach=True) for game in games))
    scene = StatsScene(history, (1280, 720))
    for size in SIZES:
        scene.handle(pygame.event.Event(pygame.VIDEORESIZE, size=size, w=size[0], h=size[1]))
        with text_boxes.recording() as record:
            scene.draw(pygame.Surface(size))
        opponents = [box for box in record.boxes if box.text.startswith(("Normal", "Expert"))
                     and box.container == "recent games column"]
        assert len(opponents) == 4, size
        assert len({"coach" in box.text for box in opponents}) == 1, (size, opponents)
        assert len({box.px for box in opponents}) == 1, (size, opponents)


@pytest.mark.parametrize("language", ["en", *(code for code in LANGUAGES if code != "xx")])
def test_the_bars_of_how_the_games_ended_show_in_every_language(language, speak, history):
    """At 800x600 the longest bar keeps a good part of its panel, however long the words of
    the language (they once left German and Polish no room for a bar at all). The shipped
    languages: the pseudo-locale's words, each 40% longer, leave the bars less."""
    if language != "en":
        speak(language)
    history.add(*made_up_games(30, seed=8))
    scene = StatsScene(history, (800, 600))
    endings, rect = scene.endings, scene.layout.cases
    body = endings.body(rect)
    label_w, longest = bar_columns(body, scene.page.text, scene.layout.px - 2, endings.rows())
    assert longest >= body.width // 5, (label_w, longest, body.width)
