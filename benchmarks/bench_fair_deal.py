"""The cost of the fair deal and the committed moves (protocol 2) to a client.

    python benchmarks/bench_fair_deal.py [--games 200] [--repeat 5]

Plays ``--games`` games on one table in this process (tcf_gui.net.table.NetTable, two
clients' tables, tcf_gui.net.mirror.FriendTable, with no sockets) and counts, for the
friend's client: the bytes it sends and receives for a deal (shuffle to first question) and
for a turn (its commitment to the turn played), as JSON on the wire (protocol.dump); and the
CPU time its own part of the rounds takes (drawing a seed, committing, opening, checking the
other's opening: tcf_gui.net.pledges), per deal and per turn. Each run is repeated
``--repeat`` times; the figures are the minimum and the median of the runs.
"""
from __future__ import annotations

import argparse
import statistics
import time
from typing import Any

from tcf_gui.net.mirror import FriendTable
from tcf_gui.net.pledges import Pledges
from tcf_gui.net.protocol import dump
from tcf_gui.net.table import NetTable

DEAL_KINDS = ("shuffle", "committed", "deal", "ask")


class Client:
    """A client's table, what it was sent and what it sent."""

    def __init__(self) -> None:
        self.table = FriendTable()
        self.got: list[dict[str, Any]] = []
        self.out: list[dict[str, Any]] = []
        self.sent: list[dict[str, Any]] = []

    def send(self, message: Any) -> None:
        self.got.append(message)
        self.table.take(message)
        self.out += self.table.outgoing()


def deliver(table: NetTable, *clients: Client) -> None:
    for client in clients:
        client.out += client.table.outgoing()
    while any(client.out for client in clients):
        for client in clients:
            while client.out:
                message = client.out.pop(0)
                client.sent.append(message)
                table.play(client, message)


def wire(messages: list[dict[str, Any]]) -> int:
    return sum(len(dump(message).encode()) for message in messages)


def bytes_run(games: int) -> dict[str, float]:
    """Bytes per deal and per turn, the friend's side, over ``games`` games."""
    host, friend = Client(), Client()
    table = NetTable("7KQ-M4X-PDR", "Ann", host, timer_s=0, seed=1)
    table.join("Bob", friend)
    deal_in = deal_out = turn_in = turn_out = deals = turns = 0
    for number in range(games):
        got, sent = len(friend.got), len(friend.sent)
        deliver(table, host, friend)
        deal_in += wire([m for m in friend.got[got:] if m["type"] in DEAL_KINDS])
        deal_out += wire(friend.sent[sent:])
        deals += 1
        while friend.table.ending is None:
            got, sent = len(friend.got), len(friend.sent)
            host.table.moved(0)
            friend.table.moved(2)
            deliver(table, host, friend)
            turn_in += wire([m for m in friend.got[got:] if m["type"] != "over"])
            turn_out += wire(friend.sent[sent:])
            turns += 1
        table.rematch(host)
        table.rematch(friend)
    return {"deal bytes in": deal_in / deals, "deal bytes out": deal_out / deals,
            "turn bytes in": turn_in / turns, "turn bytes out": turn_out / turns}


def cpu_run(rounds: int) -> dict[str, float]:
    """Microseconds of a client's own work: a deal's seed (draw, commit, open, check the
    other's at the end) and a turn's move (commit, open, check the other's opening)."""
    theirs = Pledges(1, "0" * 64)
    theirs.start()
    their_seed = theirs.outgoing()[0]["commitment"]
    start = time.process_time()
    for _ in range(rounds):
        mine = Pledges(1, "0" * 64)
        mine.start()
        mine.committed(0, their_seed)
        mine.check_seed(theirs.seed)
        mine.outgoing()
    deal = (time.process_time() - start) / rounds * 1e6
    other = Pledges(1, "0" * 64)
    other.choose(1, 2)
    other_commitment = other.outgoing()[0]["commitment"]
    start = time.process_time()
    for _ in range(rounds):
        mine = Pledges(1, "0" * 64)
        mine.choose(1, 0)
        mine.committed(1, other_commitment)
        mine.check_move(2, 1, 2, other.nonce, False)
        mine.outgoing()
    turn = (time.process_time() - start) / rounds * 1e6
    return {"deal client CPU us": deal, "turn client CPU us": turn}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", type=int, default=200)
    parser.add_argument("--repeat", type=int, default=5)
    args = parser.parse_args()
    runs = [{**bytes_run(args.games), **cpu_run(20_000)} for _ in range(args.repeat)]
    print(f"{args.games} games a run, {args.repeat} runs; min / median:")
    for key in runs[0]:
        values = [run[key] for run in runs]
        print(f"  {key:>20}: {min(values):9.1f} / {statistics.median(values):9.1f}")


if __name__ == "__main__":
    main()
