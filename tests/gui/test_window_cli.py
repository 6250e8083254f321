"""The window's flags: bad values exit 2; a spectator run prints the engine's counters; Escape quits."""
from __future__ import annotations

from typing import Callable

import pygame
import pytest

from tcf_gui import cli
from tcf_gui.lab.runner import run_statistics
from tcf_gui.gui import app
from tcf_gui.gui.scene_manager import SceneManager
from tcf_gui.gui.play_scene import PlayScene
from tcf_gui.config.saved import CONFIG_DIR_ENV
from tcf_gui.history import open_history
from tcf_gui.history.record import Record
from tcf_gui.config.settings import Settings, load_settings, save_settings


@pytest.mark.parametrize("argv", [
    ["--speed", "warp"],
    ["--seed", "-3"],
    ["--seed", "ten"],
    ["--spectate", "--games", "0"],
    ["--spectate", "--p1", "nosuchplayer"],
    ["--p2", "heuristic:nosuchparam=1"],
    ["--games", "3"],
    ["--p1", "random"],
])
def test_bad_window_flags_exit_2(argv, capsys):
    with pytest.raises(SystemExit) as stop:
        cli.main(argv)
    assert stop.value.code == 2
    assert "error" in capsys.readouterr().err


@pytest.fixture
def quiet_home(tmp_path, monkeypatch):
    """Settings go to a temporary home, never the user's; its welcome was dismissed, so the
    window opens straight on the table."""
    monkeypatch.setenv(CONFIG_DIR_ENV, str(tmp_path))
    save_settings(Settings(welcomed=True))
    return tmp_path


def test_spectate_with_games_prints_the_engines_counters(quiet_home, capsys):
    code = cli.main(["--spectate", "--p1", "random", "--p2", "heuristic", "--games", "4",
                     "--seed", "12", "--speed", "instant", "--mute"])
    assert code == 0
    out = capsys.readouterr().out.splitlines()
    assert out[-6:] == run_statistics("random", "heuristic", 4, 12).lab_lines()


def post_keys(*keys: int) -> Callable[[], None]:
    def post() -> None:
        for key in keys:
            pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=key, mod=0, unicode="", scancode=0))
    return post


def test_escape_then_q_ends_the_real_loop(settings):
    tables = []

    def make_scene(size):
        tables.append(PlayScene(settings, size, seed=4))
        return SceneManager(tables[0])

    manager = app.run_app(make_scene, on_first_frame=post_keys(pygame.K_ESCAPE, pygame.K_q))
    assert manager.done and tables[0].done


def test_the_window_flags_reach_the_scene(quiet_home, monkeypatch):
    seen = {}

    def fake_run_app(make_scene, title="", on_first_frame=None, size=(1280, 720)):
        scene = make_scene((1280, 720)).stack[0]
        seen["scene"] = scene
        scene.done = True
        return scene

    monkeypatch.setattr(app, "run_app", fake_run_app)
    assert cli.main(["--seed", "77", "--open", "--four-colour", "--speed", "slow", "--mute"]) == 0
    scene = seen["scene"]
    assert scene.session.run_seed == 77 and scene.game.seed == 77 and scene.game.open_hands
    assert scene.settings.four_colour and scene.settings.speed == "slow" and not scene.settings.sound


def test_keys_are_saved_and_flags_are_not(quiet_home, monkeypatch):
    def fake_run_app(make_scene, title="", on_first_frame=None, size=(1280, 720)):
        scene = make_scene((1280, 720)).stack[0]
        scene.key(pygame.K_l)  # the person shows the log
        scene.done = True
        return scene

    monkeypatch.setattr(app, "run_app", fake_run_app)
    assert cli.main(["--four-colour", "--speed", "fast", "--mute"]) == 0
    saved, warning = load_settings(quiet_home / "settings.json")
    assert warning is None
    assert saved.show_log and not saved.four_colour and saved.speed == "normal" and saved.sound


class CountingScene:
    """A scene that animates for a few updates, then asks to quit once it is still."""

    title = "counting"

    def __init__(self, size) -> None:
        self.done = False
        self.updates = 0
        self.draws: list[int] = []

    @property
    def animating(self) -> bool:
        return self.updates < 4

    def update(self, now, events) -> None:
        self.updates += 1
        if self.updates == 6:
            self.done = True
        elif self.updates == 4:
            pygame.event.post(pygame.event.Event(pygame.USEREVENT))

    def draw(self, surface) -> None:
        self.draws.append(self.updates)


def test_the_loop_draws_the_frame_that_ends_an_animation_then_waits():
    scene = app.run_app(CountingScene)
    # Frames while animating (1-3), the update that ended it (4), the one with an event (5);
    # update 6 (after an idle wait with no event) draws nothing.
    assert scene.draws == [1, 2, 3, 4, 5]


def play_out(scene, slot: int) -> None:
    """The person discards ``slot`` every turn until the session's game ends (not shown)."""
    while scene.session.in_progress:
        scene.session.poll()
        scene.person.give(slot)
        scene.session.poll()


def _session_playing(games: int, played: list):
    """A fake run_app: the person plays ``games`` games to their end, then closes the window.
    Each game played is appended to ``played``."""
    def fake_run_app(make_scene, title="", on_first_frame=None, size=(1280, 720)):
        scene = make_scene((1280, 720)).stack[0]
        for i in range(games):
            if i:
                scene.new_game()
            play_out(scene, 0)
            played.append(scene.game)
        scene.done = True
        return scene
    return fake_run_app


def test_the_history_adds_up_across_sessions(quiet_home, monkeypatch, capsys):
    from tcf_gui.play import session

    played: list = []
    fresh = iter([5, 7])  # the run seeds each session draws
    monkeypatch.setattr(session, "new_seed", lambda: next(fresh))
    monkeypatch.setattr(app, "run_app", _session_playing(3, played))
    assert cli.main(["--mute"]) == 0
    monkeypatch.setattr(app, "run_app", _session_playing(2, played))
    assert cli.main(["--mute"]) == 0
    history = open_history()
    games = history.games()
    assert [(g.seed, g.moves) for g in games] == [(g.seed, tuple(g.moves)) for g in played]
    assert all(g.kind == "ordinary" and g.p1 == "you" and not g.quit for g in games)
    wins, losses, draws = history.totals()
    assert (wins, losses, draws) == tuple(sum(g.outcome.winner == w for g in played) for w in (1, 2, 0))
    assert f"all time: {Record(wins, losses, draws)}" in capsys.readouterr().out.splitlines()[-1]


def test_an_old_record_is_imported_and_a_damaged_one_kept(quiet_home, monkeypatch, capsys):
    (quiet_home / "record.json").write_text("not json at all")
    monkeypatch.setattr(app, "run_app", _session_playing(1, []))
    assert cli.main(["--seed", "5", "--mute"]) == 0
    err = capsys.readouterr().err
    [kept] = quiet_home.glob("record.json.imported.*.bad")
    assert str(kept) in err and "Traceback" not in err
    assert kept.read_text() == "not json at all"
    assert open_history().count(("seeded",)) == 1


def _session(*keys: int):
    """A fake run_app: the person presses ``keys`` (menu keys included), then closes the window."""
    def fake_run_app(make_scene, title="", on_first_frame=None, size=(1280, 720)):
        manager = make_scene(size)
        for key in keys:
            event = pygame.event.Event(pygame.KEYDOWN, key=key, mod=0, unicode="", scancode=0)
            manager.update(0, [event])
        manager.update(0, [pygame.event.Event(pygame.QUIT)])
        return manager
    return fake_run_app


def test_options_changed_in_the_menu_are_saved_and_flags_are_not(quiet_home, monkeypatch,
                                                                 open_seed):
    # Enter closes the first start's welcome; Esc, Options (7th item), Sound (2nd) toggled
    # off with Enter. A deal that does not end at once (a first deal that is a win is
    # celebrated, and the celebration takes the Esc).
    keys = [pygame.K_RETURN, pygame.K_ESCAPE] + [pygame.K_DOWN] * 6 + [pygame.K_RETURN, pygame.K_DOWN, pygame.K_RETURN]
    monkeypatch.setattr(app, "run_app", _session(*keys))
    assert cli.main(["--four-colour", "--speed", "slow", "--open", "--seed", str(open_seed)]) == 0
    saved, warning = load_settings(quiet_home / "settings.json")
    assert warning is None
    assert not saved.sound  # changed in the menu: kept
    assert not saved.four_colour and saved.speed == "normal" and not saved.open_hands  # flags: not


def test_the_spectators_speed_is_never_saved(quiet_home, monkeypatch):
    monkeypatch.setattr(app, "run_app", _session(pygame.K_MINUS, pygame.K_f))
    assert cli.main(["--spectate", "--speed", "instant", "--mute"]) == 0
    saved, _ = load_settings(quiet_home / "settings.json")
    assert saved.speed == "normal" and saved.four_colour and saved.sound


def test_a_damaged_settings_file_is_reported_in_the_window(quiet_home, monkeypatch, capsys):
    (quiet_home / "settings.json").write_text("{broken")
    seen = {}

    def fake_run_app(make_scene, title="", on_first_frame=None, size=(1280, 720)):
        manager = make_scene(size)
        seen["stack"] = list(manager.stack)
        return manager

    monkeypatch.setattr(app, "run_app", fake_run_app)
    assert cli.main(["--mute"]) == 0
    notice = seen["stack"][-1]
    [kept] = quiet_home.glob("settings.json.*.bad")
    assert kept.name in " ".join(notice.lines)
    assert str(kept) in capsys.readouterr().err


def test_ctrl_c_in_the_terminal_saves_the_game_and_the_settings(quiet_home, monkeypatch, capsys):
    played = []

    def interrupted(make_scene, title="", on_first_frame=None, size=(1280, 720)):
        table = make_scene(size).stack[0]
        table.key(pygame.K_l)
        play_out(table, 2)  # decided in the session, its end not shown yet
        played.append(table.game)
        raise KeyboardInterrupt

    monkeypatch.setattr(app, "run_app", interrupted)
    assert cli.main(["--mute"]) == 130
    [game] = open_history().games()
    assert (game.seed, game.result, game.quit) == (played[0].seed, int(played[0].outcome.case), False)
    assert load_settings(quiet_home / "settings.json")[0].show_log
    assert "Traceback" not in capsys.readouterr().err


def test_the_window_opens_at_its_remembered_size_and_remembers_a_new_one(quiet_home, monkeypatch):
    (quiet_home / "settings.json").write_text('{"window_size": [1000, 700], "welcomed": true}')
    seen = {}

    def fake_run_app(make_scene, title="", on_first_frame=None, size=(1280, 720)):
        seen["size"] = size
        manager = make_scene(size)
        manager.update(0, [pygame.event.Event(pygame.VIDEORESIZE, size=(1100, 650), w=1100, h=650)])
        return manager

    monkeypatch.setattr(app, "run_app", fake_run_app)
    assert cli.main(["--mute"]) == 0
    assert seen["size"] == (1000, 700)
    assert load_settings(quiet_home / "settings.json")[0].window_size == [1100, 650]


def test_a_game_left_mid_way_comes_back_at_the_next_start(quiet_home, monkeypatch, capsys,
                                                          long_seed):
    from tcf_gui.play import session

    monkeypatch.setattr(session, "new_seed", lambda: long_seed)  # a fresh run, known here
    seen = []

    def ctrl_c_after_a_turn(make_scene, title="", on_first_frame=None, size=(1280, 720)):
        table = make_scene(size).stack[0]
        table.session.poll()
        table.person.give(2)
        table.session.poll()
        seen.append((table.game.seed, list(table.game.moves), table.game.hand1))
        raise KeyboardInterrupt

    def look(make_scene, title="", on_first_frame=None, size=(1280, 720)):
        manager = make_scene(size)
        table = manager.stack[0]
        seen.append((table.game.seed, list(table.game.moves), table.game.hand1))
        seen.append((table.state.turns_shown, table.state.hands[1], table.status.note[0]))
        return manager

    monkeypatch.setattr(app, "run_app", ctrl_c_after_a_turn)
    assert cli.main(["--mute"]) == 130
    monkeypatch.setattr(app, "run_app", look)
    capsys.readouterr()
    assert cli.main(["--mute", "--p2", "random", "--open"]) == 0  # options for the next game
    left, back, (shown_turns, shown_hand, toast) = seen
    assert back == left and shown_turns == 1 and tuple(shown_hand) == left[2]
    assert toast == ("Your game is back where you left it: turn 2, against Normal; "
                     "--p2 --open apply from the next game")
    history = open_history()
    assert history.count() == 0 and history.unfinished_count() == 1  # not counted: not over
    err = capsys.readouterr().err
    assert err.splitlines() == [f"tcf-gui: {toast}"] and "Traceback" not in err
    history.close()


def test_the_spectator_draws_a_fresh_seed_and_prints_it(quiet_home, capsys):
    assert cli.main(["--spectate", "--games", "2", "--speed", "instant", "--mute"]) == 0
    out = capsys.readouterr().out.splitlines()
    seed = int(out[0].split()[2].rstrip(":"))
    assert out[0] == (f"Run seed {seed}: tcf-gui --spectate --seed {seed} shows these games "
                      "again")
    assert out[-7].endswith(f"seed {seed}")
    assert out[-6:] == run_statistics("random", "heuristic", 2, seed).lab_lines()
    assert open_history().count(("watched",)) == 0  # watched games are not kept by default


def test_an_unattended_spectator_ends_on_a_failing_strategy_with_one_line(quiet_home, tmp_path,
                                                                          capsys):
    mine = tmp_path / "mine.py"
    mine.write_text("def choose(view):\n    return 0 if view.cards_left > 40 else 7\n")
    code = cli.main(["--spectate", "--p2", f"{mine}:choose", "--games", "50", "--seed", "3",
                     "--speed", "instant", "--mute"])
    captured = capsys.readouterr()
    assert code == 2
    *before, line = captured.err.strip().splitlines()
    assert "returned 7" in line and "Traceback" not in captured.err
    assert all("strategy files run at" in said for said in before)  # the sandbox's level
    assert "*game-count*" not in captured.out


def test_an_unattended_spectator_ends_on_a_damaged_settings_file(quiet_home, monkeypatch, capsys):
    (quiet_home / "settings.json").write_text("{broken")
    monkeypatch.setattr(app, "run_app", lambda *args, **kwargs: pytest.fail("the window opened"))
    assert cli.main(["--spectate", "--games", "3", "--mute"]) == 1
    [line] = capsys.readouterr().err.strip().splitlines()
    assert line.startswith("tcf-gui:") and "settings" in line


def test_an_option_is_saved_the_moment_it_changes(quiet_home, monkeypatch, capsys):
    """S (sound off) and Options → Lab notation are on disk before the window closes; a
    flag (--speed) never is; a disk that refuses says so once, and the game goes on."""
    on_disk = []

    def fake_run_app(make_scene, title="", on_first_frame=None, size=(1280, 720)):
        manager = make_scene(size)
        table = manager.stack[0]
        manager.stack[1:] = []  # the first start's welcome
        key = pygame.event.Event(pygame.KEYDOWN, key=pygame.K_s, mod=0, unicode="", scancode=0)
        manager.update(0, [key])
        on_disk.append(load_settings(quiet_home / "settings.json")[0])
        table.menus.open_options()
        options = manager.stack[-1]
        options.selected = [item.label for item in options.items].index("Lab notation")
        options.key(pygame.K_RIGHT)
        on_disk.append(load_settings(quiet_home / "settings.json")[0])
        monkeypatch.setattr("tcf_gui.config.settings.save_settings", lambda settings: "the disk is full")
        manager.stack[1:] = []
        manager.update(0, [key])
        assert table.settings.sound and table.status.note[0] == "the disk is full"
        raise KeyboardInterrupt  # no orderly way out: what was saved stays saved

    monkeypatch.setattr(app, "run_app", fake_run_app)
    assert cli.main(["--speed", "fast"]) == 130
    assert not on_disk[0].sound and on_disk[0].speed == "normal"
    assert on_disk[1].lab_notation and not on_disk[1].sound
    assert "tcf-gui: the disk is full" in capsys.readouterr().err


def test_daily_opens_on_todays_deal_and_prints_its_seed(quiet_home, monkeypatch, capsys):
    from tcf_gui.play.daily import daily_seed, today

    tables = []

    def fake_run_app(make_scene, title="", on_first_frame=None, size=(1280, 720)):
        manager = make_scene(size)
        tables.append(manager.stack[0])
        manager.update(0, [pygame.event.Event(pygame.QUIT)])
        return manager

    monkeypatch.setattr(app, "run_app", fake_run_app)
    assert cli.main(["--daily", "--mute"]) == 0
    assert f"seed {daily_seed(today())}" in capsys.readouterr().out
    assert tables[0].game.seed == daily_seed(today())


@pytest.mark.parametrize("flag", [["--seed", "5"], ["--open"], ["--spectate"], ["--p2", "random"]])
def test_daily_goes_without_a_seed_open_hands_or_another_opponent(flag, capsys):
    with pytest.raises(SystemExit) as stop:
        cli.main(["--daily", *flag])
    assert stop.value.code == 2 and "--daily" in capsys.readouterr().err

