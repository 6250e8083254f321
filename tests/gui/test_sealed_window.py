"""The window at a sealed table (tcf_gui.net.sealed): it joins one hosted from a terminal's
client, plays it to the end and checks the deal as any friend's table."""
from __future__ import annotations

import pygame
import pytest

from tcf_gui.gui import palette
from tcf_gui.gui.play_scene import PlayScene
from tcf_gui.gui.scene_manager import SceneManager
from tcf_gui.gui.friend_menu import FriendOptions, open_host
from tcf_gui.gui.friend_scene import FriendScene
from tcf_gui.history.kinds import FRIEND, pool_kinds
from tcf_gui.net.protocol import SEALED_PROTOCOL
from tcf_gui.net.sealed.client import SealedFriendTable

from at_a_friends_table import hear, join_table
from netplay import Player, host_place, start_server

SIZE = (1280, 720)
SEEDS = {1: "1" * 64, 2: "2" * 64}  # four turns when both discard slot 1 (test_sealed_table)


@pytest.fixture(autouse=True)
def known_seat_seeds(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr("tcf_gui.net.sealed.client.draw_seat_seed", lambda seat: SEEDS[seat])


def at_anns_table(settings, history, clock, url: str,
                  ann: Player) -> tuple[PlayScene, FriendScene]:
    """The window (Bob) at the sealed table Ann hosts, its first move asked."""
    ann.until_type("seated")
    scene = PlayScene(settings, SIZE, seed=3, history=history)
    SceneManager(scene)
    scene.friend_options = FriendOptions(name="Bob")
    return scene, join_table(clock, scene, url, ann.table.code)


def play_out(clock, scene: PlayScene, friend_scene: FriendScene, other: Player) -> None:
    """Both discard their first card, each turn once asked, until the game is over."""
    for _turn in range(23):
        if friend_scene.table.ending is not None:
            return
        other.until_type("ask")
        other.move(0)
        clock.key(scene, pygame.K_1)
        hear(clock, scene, friend_scene,
             lambda: friend_scene.awaiting_choice or friend_scene.table.ending)


def test_the_window_joins_a_sealed_table_and_plays_it_to_a_verified_end(settings, history,
                                                                         clock):
    thread, url = start_server()
    ann = Player(url, "Ann", {**host_place(), "sealed": True}, protocol=SEALED_PROTOCOL)
    try:
        scene, friend_scene = at_anns_table(settings, history, clock, url, ann)
        assert isinstance(friend_scene.table, SealedFriendTable)
        play_out(clock, scene, friend_scene, ann)
        ending = friend_scene.table.ending
        assert ending is not None and ending.verdict.verified and ending.game.turns == 4
        assert friend_scene.banner().notes[0] == ("deal verified", palette.WIN)
        games = history.games(pool_kinds("friends"))
        assert [(game.kind, game.p2, game.turns) for game in games] == [(FRIEND, "Ann", 4)]
    finally:
        ann.close()
        thread.stop()


def test_the_window_hosts_a_sealed_table_from_the_menu(settings, history, clock):
    thread, url = start_server()
    bob = None
    try:
        scene = PlayScene(settings, SIZE, seed=3, history=history)
        SceneManager(scene)
        scene.friend_options = FriendOptions(server=url.removeprefix("ws://"), name="Ann",
                                             spectators=True)
        open_host(scene)
        menu = scene.manager.stack[-1]
        sealed = next(item for item in menu.items if item.label == "Sealed deck")
        assert sealed.value() == "no" and menu.items[2].value() == "allowed"
        sealed.step(1)
        assert sealed.value() == "yes" and menu.items[2].value() == "no"
        assert menu.items[menu.selected].label == "Open the table"
        menu.items[menu.selected].activate()
        friend_scene = scene.manager.stack[-1]
        assert isinstance(friend_scene, FriendScene)
        hear(clock, scene, friend_scene, lambda: friend_scene.table.code)
        assert isinstance(friend_scene.table, SealedFriendTable)
        bob = Player(url, "Bob", {"type": "join", "code": friend_scene.table.code},
                     protocol=SEALED_PROTOCOL)
        hear(clock, scene, friend_scene, lambda: friend_scene.awaiting_choice)
        play_out(clock, scene, friend_scene, bob)
        assert friend_scene.table.ending.verdict.verified
        assert friend_scene.banner().notes[0] == ("deal verified", palette.WIN)
        games = history.games(pool_kinds("friends"))
        assert [(game.p2, game.turns, game.seed) for game in games] == [("Bob", 4, None)]
    finally:
        if bob is not None:
            bob.close()
        thread.stop()


def test_leaving_a_sealed_table_from_the_window_shows_the_seed_and_the_host_wins_verified(
        settings, history, clock):
    thread, url = start_server()
    ann = Player(url, "Ann", {**host_place(), "sealed": True}, protocol=SEALED_PROTOCOL)
    try:
        _scene, friend_scene = at_anns_table(settings, history, clock, url, ann)
        friend_scene.quit()
        ann.until(lambda m: m["type"] == "sealed_over")
        ending = ann.table.ending
        assert ending is not None and ending.verdict.verified and ending.abandoned_by == 2
        games = history.games(pool_kinds("friends"))
        assert [(game.p2, game.quit, game.winner) for game in games] == [("Ann", True, 2)]
    finally:
        ann.close()
        thread.stop()
