"""What a sealed table (tcf_gui.net.sealed.table and .client) costs each player's client on the
wire, and each client's CPU for a whole game.

    python benchmarks/bench_sealed_table.py [--games 40] [--repeat 5]

Plays ``--games`` sealed games in this process with no sockets: a SealedNetTable and both
players' SealedFriendTables, every message read as the server reads a client's
(messages.parse) and as a client reads the server's (JSON), both players discarding their
first card (so games run long). Counts, per client, the bytes it sends and receives as JSON
(protocol.dump) for a deal (from ``sealed_game`` to the first question), a turn and the end
(the seeds and ``sealed_over``), and the CPU seconds its SealedFriendTable spends in a game
(taking messages, making its own). The server relays each player's message to both players,
so each client also receives its own back. Each run is repeated ``--repeat`` times; the
figures are the minimum and the median of the runs.
"""
from __future__ import annotations

import json
import time
from typing import Any, cast

from tcf_gui.net.messages import SealedPart, parse
from tcf_gui.net.protocol import dump
from tcf_gui.net.sealed.client import SealedFriendTable
from tcf_gui.net.sealed.table import SealedNetTable

from bench_sealed_deck import report

PLAYERS = (1, 2)
PHASES = ("deal", "turn", "end")


class Run:
    """One run: the bytes each client sent and received per phase, its CPU per game."""

    def __init__(self) -> None:
        self.sent = {(p, phase): 0 for p in PLAYERS for phase in PHASES}
        self.got = {(p, phase): 0 for p in PLAYERS for phase in PHASES}
        self.cpu = {p: 0.0 for p in PLAYERS}
        self.turns = 0
        self.games = 0


class Peer:
    def __init__(self, game: "Game", player: int) -> None:
        self.game, self.player = game, player

    def send(self, message: Any) -> None:
        self.game.inbox.append((self.player, dump(message)))


class Game:
    def __init__(self, run: Run) -> None:
        self.run = run
        self.inbox: list[tuple[int, str]] = []
        self.tables = {p: SealedFriendTable() for p in PLAYERS}
        self.peers = {p: Peer(self, p) for p in PLAYERS}
        self.server = SealedNetTable("7KQ-M4X-PDR", "Ann", self.peers[1])
        self.server.join("Bob", self.peers[2])

    def phase(self) -> str:
        table = self.tables[1]
        if table.ending is not None or len(table.shown) == 2 and (
                any(table.shown.values()) or table.turn > 23):
            return "end"
        return "turn" if table.asked_turn else "deal"

    def flow(self) -> None:
        while True:
            self.answer()
            if not self.inbox:
                return
            player, text = self.inbox.pop(0)
            self.run.got[player, self.phase()] += len(text.encode())
            start = time.process_time()
            self.tables[player].take(json.loads(text))
            self.run.cpu[player] += time.process_time() - start

    def answer(self) -> None:
        for player, table in self.tables.items():
            start = time.process_time()
            out = table.outgoing()
            self.run.cpu[player] += time.process_time() - start
            for message in out:
                text = dump(message)
                self.run.sent[player, self.phase()] += len(text.encode())
                self.server.relay(self.peers[player], cast(SealedPart, parse(text)))

    def play(self) -> None:
        self.flow()
        while self.tables[1].ending is None:
            for player in PLAYERS:
                start = time.process_time()
                self.tables[player].moved(0)
                self.run.cpu[player] += time.process_time() - start
            self.flow()
        assert all(t.ending is not None and t.ending.verdict.verified
                   for t in self.tables.values())
        self.run.turns += len(self.tables[1].moves)
        self.run.games += 1


def one_run(games: int) -> dict[str, float]:
    run = Run()
    for _ in range(games):
        Game(run).play()
    figures = {}
    for player in PLAYERS:
        for phase, per in (("deal", run.games), ("turn", run.turns), ("end", run.games)):
            label = {"deal": "a deal", "turn": "a turn", "end": "the end"}[phase]
            figures[f"P{player} sends, {label} (bytes)"] = run.sent[player, phase] / per
            figures[f"P{player} receives, {label} (bytes)"] = run.got[player, phase] / per
        figures[f"P{player} CPU a game (ms)"] = 1000 * run.cpu[player] / run.games
    figures["turns a game"] = run.turns / run.games
    return figures


def main() -> None:
    report(one_run, __doc__ or "")


if __name__ == "__main__":
    main()
