"""The window at a lying server's table: whatever a message holds, the table ends with one
line or goes on, and the window draws on."""
from __future__ import annotations

import copy
import random
from typing import Any

import pygame
import pytest

from tcf_gui.gui.friend_scene import MAX_PENDING, FriendScene
from tcf_gui.history import History
from tcf_gui.history.kinds import pool_kinds
from tcf_gui.net.start import Link

from netplay import honest_streams, mutated

SIZE = (1280, 720)


@pytest.fixture(scope="module")
def streams() -> list[list[dict[str, Any]]]:
    return honest_streams()


class FakeClient:
    def __init__(self, messages: list[dict[str, Any]]) -> None:
        self.inbox = list(messages)
        self.sent: list[dict[str, Any]] = []
        self.place = {"type": "join", "code": "7KQ-M4X-PDR"}  # (as a TableClient keeps it)
        self.kept = None

    def messages(self) -> list[dict[str, Any]]:
        out, self.inbox = self.inbox, []
        return out

    def send(self, message: dict[str, Any]) -> None:
        self.sent.append(message)

    def close(self) -> None:
        pass


@pytest.mark.parametrize("seed", range(3))
def test_the_window_at_a_lying_servers_table_draws_on(streams, settings, clock, seed):
    rng = random.Random(seed)
    surface = pygame.Surface(SIZE)
    for _ in range(40):
        stream = mutated(rng.choice(streams), rng)
        scene = FriendScene(settings, SIZE, Link(FakeClient(stream), "127.0.0.1:1"))  # type: ignore[arg-type]
        for frame in range(400):
            clock.step(scene, ms=50)
            if frame % 20 == 0:
                scene.manager.draw(surface)
                scene.hint(), scene.status_text(), scene.banner(), scene.log_lines()
            if scene.problem or (not scene._pending and not scene.timeline.busy):
                break
        scene.manager.draw(surface)


def test_a_server_that_floods_the_window_ends_the_table(streams, settings, clock):
    """More messages waiting than any game needs end the table in one line; what comes after
    is dropped, so the backlog stays bounded."""
    client = FakeClient(streams[0][:2] + [{"type": "welcome", "protocol": 1, "server": "x"}] * (MAX_PENDING + 1))
    scene = FriendScene(settings, SIZE, Link(client, "127.0.0.1:1"))  # type: ignore[arg-type]
    clock.step(scene)
    assert scene.problem == "The server sent more messages than a game needs; the table is closed"
    client.inbox = [streams[0][2]] * 50
    clock.step(scene)
    assert scene._pending == [] and client.inbox == [] and scene.table.number == 0


def test_after_a_lie_the_table_believes_nothing_more(streams, settings, clock):
    lie = dict(streams[0][1], seat=7)
    client = FakeClient([streams[0][0], lie, *streams[0][1:]])
    scene = FriendScene(settings, SIZE, Link(client, "127.0.0.1:1"))  # type: ignore[arg-type]
    clock.step(scene)
    assert scene.problem == "the server sent a seated message that cannot be (seat)"
    clock.step(scene)
    assert scene.table.seat == 0 and scene.table.number == 0 and scene._pending == []


def first_game_with_another_winner(stream: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """The first game as told, its end claiming the other result (what the replay of the
    deck revealed contradicts)."""
    end = next(at for at, m in enumerate(stream) if m["type"] == "over")
    told = copy.deepcopy(stream[:end + 1])
    told[-1]["winner"] = (told[-1]["winner"] + 1) % 3
    return told


def test_a_deal_not_verified_ends_the_table_and_is_never_counted(streams, settings, clock,
                                                                  tmp_path, capsys):
    """A winner the window's own replay contradicted was shown and saved as the server said
    (3 won games saved as losses), and a rematch offered on that table. It now ends the
    table with one line, counts nothing and keeps the game as not verified."""
    history = History(tmp_path / "history.sqlite")
    client = FakeClient(first_game_with_another_winner(streams[0]))
    scene = FriendScene(settings, SIZE, Link(client, "127.0.0.1:1"), history=history)  # type: ignore[arg-type]
    for _ in range(400):
        clock.step(scene, ms=50)
        if scene.problem:
            break
    assert scene.problem.startswith("DEAL NOT VERIFIED: the result announced")
    assert capsys.readouterr().err == f"tcf-gui: {scene.problem}\n"
    assert scene.score == [0, 0, 0] and not scene.rematch_possible
    banner = scene.banner()  # no result, no skill score: the table closed, and why
    assert (banner.title, banner.subtitle, banner.notes) == (
        "The table is closed", scene.problem, ())
    assert history.games(pool_kinds("friends")) == [] and history.unfinished_count() == 1
    scene.manager.draw(pygame.Surface(SIZE))
