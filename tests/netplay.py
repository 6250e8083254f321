"""Helpers for the loopback tests: a server on a thread and players who wait on their inbox
(never on the clock)."""
from __future__ import annotations

import copy
import queue
import random
import threading
from typing import Any, Callable

import pytest

from tcf_gui.engine.game import Game
from tcf_gui.net.client import TableClient
from tcf_gui.net.limits import Limits
from tcf_gui.net.mirror import FriendTable, ServerError
from tcf_gui.net.proof import game_seed, seeded_secret
from tcf_gui.net.sealed.client import table_for
from tcf_gui.net.server import ServerThread

#: The seed every player draws for each deal in the tests of tests/net and tests/gui
#: (known_player_seeds).
PLAYER_SEED = "5" * 64
#: The longest wait for one message: generous for a loaded 2-core machine (a wait ends as
#: soon as the message comes, so it costs nothing when all is well).
WAIT_S = 30.0


@pytest.fixture(autouse=True)
def known_player_seeds(monkeypatch: pytest.MonkeyPatch) -> None:
    """Every friend's table in this process draws PLAYER_SEED for each deal, so that a
    server given a seed deals games known beforehand (the tests of the fair deal draw their
    own). Autouse where a conftest imports it."""
    monkeypatch.setattr("tcf_gui.net.mirror.new_secret", lambda: PLAYER_SEED)


class Player:
    """A TableClient and what it knows; ``until`` reads messages until one matches.

    A thread of its own takes each message as it comes, as the window and the terminal do
    each frame: the table believes it (a ServerError is raised again by ``until``), and the
    commitments and openings it makes go out at once, so that a test that waits on another
    player never waits on this one's part of a round."""

    def __init__(self, url: str, name: str, place: dict[str, Any],
                 client: TableClient | None = None, **options: Any) -> None:
        """A player who connects as asked, or who plays through ``client`` (one made by
        tcf_gui.net.start.open_link, say)."""
        self.client = client or TableClient(url, name, place, **options)
        self.table = FriendTable(kept=self.client.kept)
        self.got: list[dict[str, Any]] = []
        self.heard: queue.Queue[dict[str, Any] | ServerError] = queue.Queue()
        self.lock = threading.Lock()
        self._stop = threading.Event()
        threading.Thread(target=self._listen, daemon=True, name="test player").start()

    def _listen(self) -> None:
        while not self._stop.is_set():
            try:
                message = self.client.inbox.get(timeout=0.05)
            except queue.Empty:
                continue
            with self.lock:
                try:
                    if message["type"] != "link":
                        self.table = table_for(message, self.table)  # (a sealed table)
                        self.table.take(message)
                    self.send_outgoing()
                except ServerError as error:
                    self.heard.put(error)
                    continue
            self.heard.put(message)

    def until(self, wanted: Callable[[dict[str, Any]], bool]) -> dict[str, Any]:
        while True:
            try:
                message = self.heard.get(timeout=WAIT_S)
            except queue.Empty:
                raise AssertionError(f"nothing more came; last: {self.got[-3:]}") from None
            if isinstance(message, ServerError):
                raise message
            self.got.append(message)
            if wanted(message):
                return message

    def until_type(self, *kinds: str) -> dict[str, Any]:
        return self.until(lambda message: message["type"] in kinds)

    def move(self, slot: int) -> None:
        """Choose ``slot``: its commitment goes now, its opening once the friend's is in."""
        with self.lock:
            self.table.moved(slot)
            self.send_outgoing()

    def send_outgoing(self) -> None:
        for message in self.table.outgoing():
            self.client.send(message)

    def close(self) -> None:
        self.client.close()
        self._stop.set()


def dealt_seed(table_seed: int, game: int = 1) -> int:
    """The seed of game ``game`` at a table seeded with ``table_seed`` whose players draw
    PLAYER_SEED (the tests' own: conftest)."""
    return game_seed(seeded_secret(table_seed, game), [PLAYER_SEED, PLAYER_SEED], game)


def seed_lasting(turns: int, slots: tuple[int, int] = (0, 2)) -> int:
    """A table seed whose first game lasts at least ``turns`` turns played with ``slots``."""
    return next(seed for seed in range(1000)
                if not Game.replay(dealt_seed(seed), []).over
                and game_length(dealt_seed(seed), slots) >= turns)


def game_length(seed: int, slots: tuple[int, int]) -> int:
    """The turns the game dealt from ``seed`` lasts with both players discarding ``slots``."""
    game = Game(seed)
    game.deal()
    while not game.over:
        game.play_turn(*slots)
    return game.turns


def dispatch(table: Any, peer: Any, message: dict[str, Any]) -> None:
    """What the server does with a player's commitment or opening (TableServer._dispatch)."""
    assert message["type"] in ("commit", "seed", "move"), message
    table.play(peer, message)


def host_place(timer: int = 0, spectators: bool = False) -> dict[str, Any]:
    return {"type": "host", "timer": timer, "spectators": spectators, "open": False}


def start_server(**limits: Any) -> tuple[ServerThread, str]:
    """A server on the loopback with these Limits; refusals for cause are told at once
    unless ``refusal_hold_s`` is given (test_strangers checks the hold)."""
    seed = limits.pop("seed", None)
    limits.setdefault("refusal_hold_s", 0.0)
    server = ServerThread(limits=Limits(**limits), seed=seed)
    return server, f"ws://127.0.0.1:{server.start()}"


def sit_two(url: str, timer: int = 0, **options: Any) -> tuple[Player, Player]:
    """A host and a friend at a new table, the first game dealt and asked."""
    host = Player(url, "Ann", host_place(timer), **options)
    host.until_type("seated")
    friend = Player(url, "Bob", {"type": "join", "code": host.table.code}, **options)
    friend.until_type("ask")
    host.until_type("ask")
    return host, friend


def play_turn(host: Player, friend: Player, slots: tuple[int, int] = (0, 2)) -> None:
    """Both move; both see the turn, with the next question in it, or then the end."""
    turn = host.table.turn
    host.move(slots[0])
    friend.move(slots[1])
    for player in (host, friend):
        message = player.until(lambda m: (m["type"] == "turn" and m["turn"] == turn)
                               or m["type"] == "over")
        if message["type"] == "turn" and "ask" not in message:
            player.until_type("over")


def play_out(host: Player, friend: Player, slots: tuple[int, int] = (0, 2)) -> None:
    while host.table.ending is None:
        play_turn(host, friend, slots)


#: Values a lying server might put anywhere.
NASTY = [None, True, -1, 0, 3, 7, 1 << 40, 10 ** 400, 1e400, -1e400, float("nan"), 2.5, "",
         "x" * 3000, "\x00\u202e", "QH", "XX", [], [None], ["QH"] * 3, [[[]]], {}, {"turn": 1},
         [0, 0, 0], ["AS", "AS", "AS"]]


def honest_streams() -> list[list[dict[str, Any]]]:
    """What an honest server told the host and the friend over two games and a rematch
    (with PLAYER_SEED drawn: a module's fixture comes before known_player_seeds)."""
    server, url = start_server(seed=19, burst=1000)  # two games of 4 and 6 turns, played fast
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr("tcf_gui.net.mirror.new_secret", lambda: PLAYER_SEED)
        return _played(server, url)


def _played(server: ServerThread, url: str) -> list[list[dict[str, Any]]]:
    try:
        host, friend = sit_two(url)
        play_out(host, friend)
        for player in (host, friend):
            player.client.send({"type": "rematch"})
        for player in (host, friend):
            player.until(lambda m: m["type"] == "deal" and m["game"] == 2)
        play_out(host, friend, (1, 0))
        streams = [[m for m in player.got if m["type"] != "link"] for player in (host, friend)]
        host.close()
        friend.close()
        return streams
    finally:
        server.stop()


def mutated(stream: list[dict[str, Any]], rng: random.Random) -> list[dict[str, Any]]:
    """The stream up to some message, with one to three lies in it: a value (or one inside a
    list) made nasty, a field dropped, a type changed, a message told twice or out of turn."""
    stream = copy.deepcopy(stream[: rng.randrange(1, len(stream) + 1)])
    for _ in range(rng.choice([1, 1, 2, 3])):
        at = rng.randrange(len(stream))
        message = stream[at]
        field = rng.choice(sorted(message))
        how = rng.random()
        if how < 0.1 and field != "type":
            del message[field]
        elif how < 0.2:
            message["type"] = rng.choice(["seated", "friend", "deal", "ask", "waiting", "turn",
                                          "over", "rematch", "refused", "welcome"])
        elif how < 0.3:
            stream.insert(rng.randrange(len(stream) + 1), copy.deepcopy(message))
        elif how < 0.4:
            other = rng.randrange(len(stream))
            stream[at], stream[other] = stream[other], stream[at]
        elif how < 0.6 and isinstance(message[field], list) and message[field]:
            message[field][rng.randrange(len(message[field]))] = rng.choice(NASTY)
        else:
            message[field] = rng.choice(NASTY)
    return stream


class Unplugged:
    """A client that is never connected: the test tells the terminal every message, and
    reads what it would have sent."""

    finished = False
    kept = None

    def __init__(self) -> None:
        self.sent: list[dict[str, Any]] = []
        self.inbox: queue.Queue[dict[str, Any]] = queue.Queue()  # what the keyboard types goes here

    def send(self, message: dict[str, Any]) -> None:
        self.sent.append(message)

    def close(self) -> None:
        self.finished = True
