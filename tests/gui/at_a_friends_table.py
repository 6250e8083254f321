"""A window at a friend's table on the loopback, for the tests and the screen tour: frames
until the server's messages are taken, and a game played to its end."""
from __future__ import annotations

import pygame

from tcf_gui.gui.friend_menu import start_friend_table
from tcf_gui.gui.friend_scene import FriendScene
from tcf_gui.gui.play_scene import PlayScene
from tcf_gui.i18n import _

from netplay import WAIT_S, Player


def hear(clock, scene: PlayScene, friend: FriendScene, done) -> None:
    """Frames until ``done()``, waiting on the connection for each message the server
    sends (never on the clock); then until the table is still."""
    while True:
        while friend.timeline.busy or friend._pending:
            clock.step(scene)
        if done():
            return
        friend._pending.append(friend.link.client.inbox.get(timeout=WAIT_S))
        clock.step(scene)


def join_table(clock, scene: PlayScene, url: str, code: str) -> FriendScene:
    """The window at the table with ``code``, the first question asked."""
    start_friend_table(scene, url, {"type": "join", "code": code})
    friend_scene = scene.manager.stack[-1]
    assert isinstance(friend_scene, FriendScene)
    hear(clock, scene, friend_scene, lambda: friend_scene.awaiting_choice)
    return friend_scene


def play_to_the_end(clock, scene: PlayScene, friend_scene: FriendScene, bob: Player,
                    key: int = pygame.K_1) -> None:
    """Both discard (the window the slot of ``key``, Bob slot 2) until the game is over."""
    while friend_scene.table.ending is None:
        clock.key(scene, key)
        assert friend_scene.hint() == _("Your friend is choosing…")
        bob.move(2)
        hear(clock, scene, friend_scene,
             lambda: friend_scene.awaiting_choice or friend_scene.table.ending)
        bob.until_type("turn", "over")
