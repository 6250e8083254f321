"""`tcf-gui join ADDRESS CODE` seats the window at the friend's table, also on a first start,
when the Welcome comes before the table (it raised AttributeError there: the friend's table
was pushed on a table that was on no stack yet)."""
from __future__ import annotations

import pygame
import pytest

from tcf_gui import cli
from tcf_gui.config.saved import CONFIG_DIR_ENV
from tcf_gui.config.settings import Settings, save_settings
from tcf_gui.gui import app
from tcf_gui.gui.first_run import Welcome
from tcf_gui.gui.friend_scene import FriendScene

from at_a_friends_table import hear
from netplay import Player, host_place, start_server

SEED = 18  # game 1 is not over at the deal (as in test_friend_window)


@pytest.mark.parametrize("welcomed", [False, True])
def test_join_opens_the_friends_table_with_or_without_the_welcome(welcomed, tmp_path,
                                                                  monkeypatch, display, clock):
    monkeypatch.setenv(CONFIG_DIR_ENV, str(tmp_path))
    save_settings(Settings(welcomed=welcomed, sound=False))
    thread, url = start_server(seed=SEED)
    seen = []

    def fake_run_app(make_scene, title="", on_first_frame=None, size=(1280, 720)):
        manager = make_scene(size).manager
        if not welcomed:
            assert isinstance(manager.stack[-1], Welcome)
            manager.stack[-1].handle(pygame.event.Event(
                pygame.KEYDOWN, key=pygame.K_RETURN, mod=0, unicode="\r", scancode=0))
        friend = manager.stack[-1]
        seen.append(friend)
        if isinstance(friend, FriendScene):  # seated: the first deal comes, then it leaves
            hear(clock, manager.stack[0], friend, lambda: friend.table.number == 1)
            friend.quit()
        return manager

    try:
        ann = Player(url, "Ann", host_place())
        ann.until_type("seated")
        monkeypatch.setattr(app, "run_app", fake_run_app)
        assert cli.main(["join", url.removeprefix("ws://"), ann.table.code, "--name", "Bob",
                         "--mute"]) == 0
        assert len(seen) == 1 and isinstance(seen[0], FriendScene)
        ann.close()
    finally:
        thread.stop()
