"""The table server under load: connections, games a second, turn latency, memory per table.

    python benchmarks/bench_server.py [--tables 500] [--seconds 60] [--think-ms 500]
                                      [--bad 20] [--strangers] [--repeat 3] [--bot-processes 2]
                                      [--warm-up 5] [--full-clients] [--share-cores]

Starts ``tcf-gui server`` in a process of its own on the loopback, then opens two bot
clients per table, in ``--bot-processes`` processes of bots (one asyncio loop each, the
tables shared out between them), each table hosted by one bot and joined by the other, and
plays games, a rematch after each: ``--warm-up`` seconds before measuring (the seating's
garbage collected, the bad clients and strangers under way), then ``--seconds`` measured. A
bot answers each question after a think time drawn uniformly from 0.5 to 1.5 times
``--think-ms`` (a seeded generator), discarding a random slot. ``--bad`` more clients
misbehave the whole time (bad JSON, unknown types, floods, oversized messages, wrong codes),
each reconnecting when the server closes it: the good tables' figures are measured with them
there.

``--strangers`` adds the attacks of hostile strangers as background load, each from
addresses of its own on the loopback (127.0.x.y: all of them this machine on Linux): table
hogging (32 addresses open hosts until refused, and hold them), unfinished handshakes (8
addresses each hold 200 sockets that never finish their request), code guessing (join codes
from 250 rotating addresses) and a resume flood (a player resuming their own seat without
end, FLOODING connections at once). Each retries as soon as it is refused or cut. They run
in a process of their own (this script with --attack URL), so that the latency measured is
not this process's own loop slowed by them; the server then runs with its public limits (no
--per-address given). The honest bots always come from 40 addresses (127.0.3.1-40), as a
public server's players would. The attacks' own counts are printed at the end of each run.

The server has a core of its own: it runs on the first CPU this process may use, the bots
and the strangers on the others (``--share-cores``: every process wherever the system puts
it). A public server runs on a machine of its own and its players elsewhere; here the
clients and the attackers must run beside it, and on its core their CPU was part of every
turn's latency (the server is one asyncio loop in one thread: its work runs on one core at
a time). So the clients must leave their own core room: each bot does its duties as a
player and no more (``Duties``: it commits to its seed and its discards and opens them once
the other's commitment is in, with the clients' own code, tcf_gui.net.pledges), not the
checks a client makes for its own player; ``--full-clients`` makes each bot a real client's
table (tcf_gui.net.mirror.FriendTable), which checks everything as the window does. A bot's
connection is websockets' sans-I/O client on an asyncio protocol (``Bot``). Turn
latency: from the moment the second of a turn's two commitments is sent to the moment that
client receives the turn played (two round trips: the commitments, then the openings): the
server's whole round trip, the bots' own event loops included, so an upper bound on the
server's share. The bots' processes hold a thousand clients' tables: what they made while
the tables were seated is frozen and their garbage collector is off while they measure (a
bot process lives a minute; its passes were part of every latency and not the server's),
and each measures its own loop's stalls (how late a 5 ms sleep wakes up), printed as "bots'
stall": a turn's latency holds them too. The bots' CPU is that of all their processes
together (percent of one core). Memory: the server's resident set (/proc) before any client and
with every table playing, divided by the tables. Each run is repeated ``--repeat`` times;
the figures are the minimum and the median of the runs. Run it when the machine is quiet,
under ``nice`` (nothing else should take the server's core or the clients').

The garbage collector's passes are timed in the server (a ``gc`` callback, thread CPU
time, so that a pass is not made longer by another process on the core):
"server gc max ms" is the longest pass in the server while the load was measured, "server
gc ≥10 ms" how many took 10 ms or more, both without the whole passes (everything unfrozen
and collected, tcf_gui.net.collector), which are counted apart ("server whole passes") with
the longest of them (the bots' collector is off while they measure). A turn in flight
during a pass waits for it.
"""
from __future__ import annotations

import argparse
import asyncio
import gc
import json
import os
import random
import resource
import signal
import socket
import statistics
import subprocess
import sys
import tempfile
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from websockets.asyncio.client import connect
from websockets.client import ClientProtocol
from websockets.frames import Frame, Opcode
from websockets.http11 import Response
from websockets.protocol import State
from websockets.uri import parse_uri
from websockets.exceptions import ConnectionClosed, InvalidHandshake

from tcf_gui.net.mirror import FriendTable
from tcf_gui.net.pledges import Pledges
from tcf_gui.net.protocol import PROTOCOL

ROOT = Path(__file__).resolve().parents[1]
#: Tables seated at once while the load builds up.
SEAT_BATCH = 50
#: How often a bot process's loop checks it is not stalled (seconds).
STALL_PROBE_S = 0.005
#: Unfinished handshakes each of the slowloris addresses holds open (--strangers).
HELD = 200
#: Resumes of one seat the flood keeps going at once, from its one address (--strangers).
FLOODING = 16
#: Seconds of play before measuring: the seating's garbage collected by the server, the bad
#: clients and the strangers under way, the games no longer all on their first turn.
WARM_UP_S = 5.0


@dataclass
class Figures:
    connections: int = 0
    games: int = 0
    turns: int = 0
    latencies: list[float] = field(default_factory=list)
    bad_closed: int = 0
    errors: int = 0
    refusals: list[str] = field(default_factory=list)
    attacks: dict[str, int] = field(default_factory=dict)
    """What the strangers did and got: counts by kind."""

    def count(self, what: str) -> None:
        self.attacks[what] = self.attacks.get(what, 0) + 1


#: The server as this benchmark runs it: tcf-gui's own entry point, with the collector's
#: passes timed (a ``gc`` callback: when each ended, its generation, its thread CPU seconds)
#: and written to the file named by TCF_BENCH_GC as the process ends (perf_counter is the
#: same clock in every process of this machine); a pass
#: right after gc.unfreeze is one of the collector's whole passes.
TIMED_SERVER = """
import atexit, gc, json, os, sys, time
passes, started, unfrozen = [], [0.0, False], [False]
def unfreeze(unfreeze=gc.unfreeze):
    unfrozen[0] = True  # (the collector's whole passes come right after)
    unfreeze()
gc.unfreeze = unfreeze
def timed(phase, info):
    if phase == "start":
        started[:] = [time.thread_time(), unfrozen[0]]
        unfrozen[0] = False
    else:
        passes.append((time.perf_counter(), info["generation"], time.thread_time() - started[0],
                       started[1]))
gc.callbacks.append(timed)
atexit.register(lambda: open(os.environ["TCF_BENCH_GC"], "w").write(json.dumps(passes)))
from tcf_gui.cli import main
sys.argv = ["tcf-gui", *sys.argv[1:]]
sys.exit(main())
"""


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


def rss_kib(pid: int) -> int:
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1])
    return 0


def cpu_seconds(pid: int) -> float:
    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


class Table:
    """Two bots' shared notes: when each sent its move of the turn."""

    def __init__(self) -> None:
        self.sent: dict[tuple[int, int], list[float]] = {}


class Duties:
    """What the protocol asks of a player, and no more: its commitments and their openings,
    made by the clients' own code (tcf_gui.net.pledges). None of the checks a client makes
    for its own player (--full-clients makes them: FriendTable)."""

    def __init__(self) -> None:
        self.pledges = Pledges()
        self.number = self.turn = 0
        self.chosen = {"you": False}

    def take(self, message: dict) -> None:
        kind, pledges = message["type"], self.pledges
        if kind == "shuffle" and message["game"] > pledges.game:
            self.pledges = Pledges(message["game"], message["commitment"],
                                   outbox=pledges.outbox)
            self.pledges.start()
        elif kind == "committed" and message["game"] == pledges.game:
            pledges.committed(message["turn"], message["commitment"])
        elif kind == "deal":
            self.number = message["game"]
        ask = message if kind == "ask" else message.get("ask") if kind == "turn" else None
        if ask is not None:
            self.turn, self.chosen["you"] = ask["turn"], False

    def outgoing(self) -> list:
        return self.pledges.outgoing()

    def moved(self, slot: int) -> None:
        self.pledges.choose(self.turn, slot)
        self.chosen["you"] = True


class Bot(asyncio.Protocol):
    """One player's connection: websockets' sans-I/O client on an asyncio protocol, with no
    task or future a message (a thousand clients share one core: they must cost as little
    as a client can). Its table is ``Duties``, or a real client's (FriendTable) with
    ``full``."""

    def __init__(self, url: str, name: str, place: dict, table: Table, figures: Figures,
                 rng: random.Random, think_s: float, stop: asyncio.Event,
                 full: bool, code_future: asyncio.Future | None = None) -> None:
        self.ws = ClientProtocol(parse_uri(url), max_size=4096)
        self.name, self.place, self.table, self.figures = name, place, table, figures
        self.rng, self.think_s, self.stop, self.code_future = rng, think_s, stop, code_future
        self.mirror: FriendTable | Duties = FriendTable() if full else Duties()
        self.transport: asyncio.Transport | None = None
        self.loop = asyncio.get_running_loop()
        self.done: asyncio.Future = self.loop.create_future()
        """Set once the connection is lost."""
        self.move_at: asyncio.TimerHandle | None = None

    def connection_made(self, transport: asyncio.BaseTransport) -> None:
        assert isinstance(transport, asyncio.Transport)
        self.transport = transport
        self.ws.send_request(self.ws.connect())
        self.flush()

    def data_received(self, data: bytes) -> None:
        self.ws.receive_data(data)
        for event in self.ws.events_received():
            if isinstance(event, Response):
                self.figures.connections += 1
                self.send({"type": "hello", "protocol": PROTOCOL, "name": self.name,
                           "client": "bench"})
                self.send(self.place)
            elif isinstance(event, Frame) and event.opcode is Opcode.TEXT:
                self.take(json.loads(event.data))
        self.flush()

    def connection_lost(self, exc: Exception | None) -> None:
        self.ws.receive_eof()
        if self.move_at is not None:
            self.move_at.cancel()
        if not self.done.done():
            self.done.set_result(None)

    def send(self, message: dict) -> None:
        if self.ws.state is State.OPEN:
            self.ws.send_text(json.dumps(message).encode())

    def flush(self) -> None:
        assert self.transport is not None
        for data in self.ws.data_to_send():
            if data:
                self.transport.write(data)
            elif self.transport.can_write_eof():
                self.transport.write_eof()

    def close(self) -> None:
        if self.ws.state is State.OPEN:
            self.ws.send_close()
            self.flush()
        if self.transport is not None:
            self.transport.close()

    def take(self, message: dict) -> None:
        kind = message["type"]
        try:
            self.mirror.take(message)
        except ValueError:  # (ServerError, or a commitment changed)
            self.figures.errors += 1
            self.close()
            return
        self.send_outgoing()
        if kind == "seated" and self.code_future is not None and not self.code_future.done():
            self.code_future.set_result(message["code"])
        elif kind == "ask":
            self.think(message["game"], message["turn"])
        elif kind == "turn":
            key = (message["game"], message["turn"])
            sent = self.table.sent.pop(key, None)
            if sent and len(sent) == 2:
                self.figures.latencies.append(time.perf_counter() - max(sent))
                self.figures.turns += 1
            elif sent:
                self.table.sent[key] = sent
            ask = message.get("ask")  # the next question comes with the turn played
            if ask is not None:
                self.think(message["game"], ask["turn"])
        elif kind == "over":
            if self.name.startswith("host"):
                self.figures.games += 1
            if not self.stop.is_set():
                self.send({"type": "rematch"})
        elif kind == "refused":
            self.figures.errors += 1
            self.figures.refusals.append(message.get("reason", "?"))
            if self.code_future is not None and not self.code_future.done():
                self.code_future.set_exception(RuntimeError(message.get("reason")))
            self.close()

    def send_outgoing(self) -> None:
        for out in self.mirror.outgoing():
            self.send(out)

    def think(self, game: int, turn: int) -> None:
        if not self.stop.is_set():
            self.move_at = self.loop.call_later(self.rng.uniform(0.5, 1.5) * self.think_s,
                                                self.move, game, turn)

    def move(self, game: int, turn: int) -> None:
        self.move_at = None
        mirror = self.mirror
        if (mirror.number, mirror.turn) != (game, turn) or mirror.chosen["you"]:
            return
        self.table.sent.setdefault((game, turn), []).append(time.perf_counter())
        mirror.moved(self.rng.randrange(3))
        self.send_outgoing()
        if self.transport is not None and not self.transport.is_closing():
            self.flush()


async def open_bot(url: str, source: str, *args: Any) -> Bot:
    """A Bot connected to ``url`` from ``source`` (its handshake under way)."""
    host, port = url.removeprefix("ws://").rsplit(":", 1)
    _, bot = await asyncio.get_running_loop().create_connection(
        lambda: Bot(url, *args), host, int(port), local_addr=(source, 0))
    return bot


async def bad_client(url: str, number: int, figures: Figures, stop: asyncio.Event) -> None:
    """Misbehaves in turn, for as long as the run lasts."""
    junk = [
        lambda: "{not json",
        lambda: json.dumps({"type": "make-me-win"}),
        lambda: json.dumps({"type": "join", "code": "x" * 9000}),
        lambda: json.dumps({"type": "join", "code": "000-000-000"}),
        lambda: json.dumps({"type": "rematch"}),  # sent 200 times: a flood
    ]
    kind = number
    while not stop.is_set():
        kind += 1
        try:
            async with connect(url, compression=None, open_timeout=30, proxy=None,
                               max_size=None) as ws:
                await ws.send(json.dumps({"type": "hello", "protocol": PROTOCOL, "name": "bad",
                                          "client": "bench"}))
                what = junk[kind % len(junk)]
                for _ in range(200 if kind % len(junk) == 4 else 1):
                    await ws.send(what())
                async for _ in ws:
                    pass
        except (ConnectionClosed, OSError, InvalidHandshake, asyncio.TimeoutError):
            pass
        figures.bad_closed += 1
        await asyncio.sleep(0.05)


def hello(name: str) -> str:
    return json.dumps({"type": "hello", "protocol": PROTOCOL, "name": name, "client": "bench"})


async def hogger(url: str, source: str, figures: Figures, stop: asyncio.Event) -> None:
    """Opens idle tables from ``source`` until refused, holds them, and tries again."""
    held = []
    try:
        while not stop.is_set():
            try:
                ws = await connect(url, compression=None, proxy=None, open_timeout=30,
                                   ping_interval=None, local_addr=(source, 0))
                await ws.send(hello("hog"))
                await ws.send(json.dumps({"type": "host", "timer": 0, "spectators": False,
                                          "open": False}))
                await ws.recv()
                answer = json.loads(await ws.recv())
            except (ConnectionClosed, OSError, InvalidHandshake, asyncio.TimeoutError):
                figures.count("hog cut")
                await asyncio.sleep(0.5)
                continue
            figures.count(f"hog {answer.get('reason', answer['type'])}")
            if answer["type"] == "seated":
                held.append(ws)
            else:
                await ws.close()
                await asyncio.sleep(1.0)
    finally:
        for ws in held:
            await ws.close()


async def slowloris(host: str, port: int, source: str, figures: Figures,
                    stop: asyncio.Event) -> None:
    """Holds HELD sockets open from ``source``, each sending half a request and waiting; one
    the server closes is opened again (a second later when it was cut at once: churning
    gains such an attacker nothing but the server's CPU, a flood of another kind)."""
    async def one() -> None:
        wait = 1.0
        while not stop.is_set():
            try:
                reader, writer = await asyncio.open_connection(host, port,
                                                               local_addr=(source, 0))
            except OSError:
                figures.count("handshake refused")
                await asyncio.sleep(1.0)
                continue
            writer.write(b"GET / HTTP/1.1\r\nHost: x\r\n")
            started = time.perf_counter()
            try:
                await reader.read()  # until the server closes it
            except OSError:
                pass
            writer.close()
            if time.perf_counter() - started >= 1:
                figures.count("handshake cut after 1 s or more")
                wait = 1.0
            else:
                figures.count("handshake cut at once")
                await asyncio.sleep(wait)
                wait = min(16.0, 2 * wait)

    await asyncio.gather(*(one() for _ in range(HELD)))


async def guesser(url: str, number: int, figures: Figures, stop: asyncio.Event) -> None:
    """Join codes guessed from rotating addresses, one after the other."""
    rng = random.Random(number)
    while not stop.is_set():
        source = f"127.0.6.{rng.randrange(1, 251)}"
        code = "".join(rng.choice("0123456789ABCDEFGHJKMNPQRSTVWXYZ") for _ in range(9))
        try:
            async with connect(url, compression=None, proxy=None, open_timeout=30,
                               local_addr=(source, 0)) as ws:
                await ws.send(hello("guess"))
                await ws.send(json.dumps({"type": "join", "code": code}))
                async for raw in ws:
                    message = json.loads(raw)
                    if message["type"] != "welcome":
                        figures.count(f"guess {message.get('reason', message['type'])}")
        except (ConnectionClosed, OSError, InvalidHandshake, asyncio.TimeoutError):
            pass


async def resume_flood(url: str, figures: Figures, stop: asyncio.Event) -> None:
    """A hostile pair at one table; the joiner then resumes its own seat without end."""
    source = {"local_addr": ("127.0.7.1", 0)}
    async with connect(url, compression=None, proxy=None, ping_interval=None, **source) as host:
        await host.send(hello("flood"))
        await host.send(json.dumps({"type": "host", "timer": 0, "spectators": False,
                                    "open": False}))
        await host.recv()
        code = json.loads(await host.recv())["code"]
        async with connect(url, compression=None, proxy=None, ping_interval=None,
                           **source) as friend:
            await friend.send(hello("flood"))
            await friend.send(json.dumps({"type": "join", "code": code}))
            await friend.recv()
            token = json.loads(await friend.recv())["token"]

            async def resume() -> None:
                while not stop.is_set():
                    try:
                        async with connect(url, compression=None, proxy=None, **source) as ws:
                            await ws.send(hello("flood"))
                            await ws.send(json.dumps({"type": "resume", "token": token}))
                            await ws.recv()
                            answer = json.loads(await ws.recv())
                            figures.count(f"resume {answer.get('reason', answer['type'])}")
                    except (ConnectionClosed, OSError, InvalidHandshake, asyncio.TimeoutError):
                        figures.count("resume cut")

            await asyncio.gather(*(resume() for _ in range(FLOODING)))


async def attack(url: str) -> None:
    """The strangers' attacks until this process is told to end (SIGTERM); then their
    counts, one line on stdout."""
    figures, stop = Figures(), asyncio.Event()
    loop = asyncio.get_running_loop()
    loop.add_signal_handler(signal.SIGTERM, stop.set)
    tasks = strangers(url, figures, stop)
    await stop.wait()
    for task in tasks:
        task.cancel()
    await asyncio.gather(*tasks, return_exceptions=True)
    print(", ".join(f"{what} {n}" for what, n in sorted(figures.attacks.items())), flush=True)


def strangers(url: str, figures: Figures, stop: asyncio.Event) -> list[asyncio.Task]:
    host, port = url.removeprefix("ws://").rsplit(":", 1)
    return ([asyncio.create_task(hogger(url, f"127.0.4.{n}", figures, stop))
             for n in range(1, 33) for _ in range(2)]
            + [asyncio.create_task(slowloris(host, int(port), f"127.0.5.{n}", figures, stop))
               for n in range(1, 9)]
            + [asyncio.create_task(guesser(url, n, figures, stop)) for n in range(20)]
            + [asyncio.create_task(resume_flood(url, figures, stop))])


async def stall_probe(stalls: list[float]) -> None:
    """How late this process's loop wakes from STALL_PROBE_S sleeps, for as long as it runs."""
    while True:
        asleep = time.perf_counter()
        await asyncio.sleep(STALL_PROBE_S)
        stalls.append(time.perf_counter() - asleep - STALL_PROBE_S)


async def run_bots(url: str, numbers: range, seconds: float, think_s: float, bad: int,
                   seed: int, full: bool) -> dict:
    """A bot process: seat the tables ``numbers``, say "seated" on stdout, wait for "go" on
    stdin, then play and measure for ``seconds``; what it measured, as a dict."""
    figures = Figures()
    stop = asyncio.Event()
    bots: list[Bot] = []

    async def seat(number: int) -> None:
        table = Table()
        code: asyncio.Future = asyncio.get_running_loop().create_future()
        source = f"127.0.3.{number % 40 + 1}"
        bots.append(await open_bot(url, source, f"host{number}", {
            "type": "host", "timer": 60, "spectators": False, "open": False}, table, figures,
            random.Random(seed * 100003 + 2 * number), think_s, stop, full, code))
        joined = await asyncio.wait_for(code, 60)
        bots.append(await open_bot(url, source, f"join{number}", {"type": "join", "code": joined},
                                   table, figures, random.Random(seed * 100003 + 2 * number + 1),
                                   think_s, stop, full))

    for first in range(numbers.start, numbers.stop, SEAT_BATCH):
        await asyncio.gather(*(seat(number)
                               for number in range(first, min(numbers.stop, first + SEAT_BATCH))))
    bad_tasks = [asyncio.create_task(bad_client(url, n, figures, stop)) for n in range(bad)]
    # a bot process lives a minute: what it made so far is frozen and its collector is off
    # while it measures (its passes would be part of every latency, and not the server's)
    gc.collect()
    gc.freeze()
    gc.disable()
    print("seated", flush=True)
    await asyncio.get_running_loop().run_in_executor(None, sys.stdin.readline)
    stalls: list[float] = []
    probe = asyncio.create_task(stall_probe(stalls))
    figures.latencies.clear()
    figures.games = figures.turns = figures.bad_closed = 0
    start, own_start = time.perf_counter(), time.process_time()
    await asyncio.sleep(seconds)
    result = dict(elapsed=time.perf_counter() - start, bots_cpu=time.process_time() - own_start,
                  latencies=list(figures.latencies), games=figures.games, turns=figures.turns,
                  connections=figures.connections, errors=figures.errors,
                  refusals=figures.refusals, bad_closed=figures.bad_closed, stalls=list(stalls))
    stop.set()
    for one in bots:
        one.close()
    for task in [*bad_tasks, probe]:
        task.cancel()
    await asyncio.gather(*bad_tasks, probe, return_exceptions=True)
    await asyncio.wait([one.done for one in bots], timeout=10)
    return result


def cores(share: bool) -> tuple[set[int], set[int]] | None:
    """The CPUs for the server and for its clients (the bots and the strangers): the first
    CPU this process may use for the server alone, the others for the clients; None when
    they share every core (asked, or a system with one CPU or no affinity calls)."""
    if share or not hasattr(os, "sched_getaffinity"):
        return None
    allowed = sorted(os.sched_getaffinity(0))
    return ({allowed[0]}, set(allowed[1:])) if len(allowed) > 1 else None


def on(cpus: set[int] | None) -> Any:
    """A preexec_fn that keeps a process on ``cpus`` (None: wherever the system puts it)."""
    return None if cpus is None else lambda: os.sched_setaffinity(0, cpus)


def percentile(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(q * len(ordered)))] if ordered else float("nan")


def run_load(args: argparse.Namespace, url: str, seed: int, server_pid: int,
             attacker_pid: int | None = None) -> dict:
    """The bot processes, each with its share of the tables (the first one with the bad
    clients); the server's CPU and memory over the same seconds; their figures together."""
    share = -(-args.tables // args.bot_processes)
    bots = [subprocess.Popen(
        [sys.executable, __file__, "--bots", url, "--first", str(first),
         "--tables", str(min(args.tables, first + share) - first), "--seconds", str(args.seconds),
         "--think-ms", str(args.think_ms), "--bad", str(args.bad if first == 0 else 0),
         "--seed", str(seed), *(["--full-clients"] if args.full_clients else [])],
        stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True, preexec_fn=on(args.clients_on))
        for first in range(0, args.tables, share)]
    try:
        for process in bots:
            assert process.stdout is not None
            if process.stdout.readline().strip() != "seated":
                raise RuntimeError("a bot process did not seat its tables")
        print(f"  {args.tables} tables seated", flush=True)
        time.sleep(args.warm_up)
        cpu_start, start = cpu_seconds(server_pid), time.perf_counter()
        attack_start = cpu_seconds(attacker_pid) if attacker_pid else 0.0
        for process in bots:
            assert process.stdin is not None
            process.stdin.write("go\n")
            process.stdin.flush()
        time.sleep(args.seconds)
        cpu, elapsed = cpu_seconds(server_pid) - cpu_start, time.perf_counter() - start
        attack_cpu = cpu_seconds(attacker_pid) - attack_start if attacker_pid else 0.0
        rss_loaded = rss_kib(server_pid)
        results = [json.loads(process.communicate(timeout=120)[0].splitlines()[-1])
                   for process in bots]
    finally:
        for process in bots:
            if process.poll() is None:
                process.kill()
                process.wait()
    together: dict = dict(elapsed=elapsed, server_cpu=cpu, attack_cpu=attack_cpu,
                          rss_loaded=rss_loaded,
                          start=start, end=start + elapsed)
    for key in ("bots_cpu", "games", "turns", "connections", "errors", "bad_closed"):
        together[key] = sum(result[key] for result in results)
    for key in ("latencies", "refusals", "stalls"):
        together[key] = [value for result in results for value in result[key]]
    together["bots_elapsed"] = max(result["elapsed"] for result in results)
    return together


def one_run(args: argparse.Namespace, seed: int) -> dict:
    port = free_port()
    attacker: subprocess.Popen | None = None
    limit = 2 * args.tables + args.bad + 64
    profile = ["-m", "cProfile", "-o", args.profile] if args.profile else []
    limits = [] if args.strangers else [  # (strangers: the public server's own limits)
        "--max-tables", str(args.tables + 10), "--max-connections", str(limit),
        "--per-address", str(limit)]
    gc_file = Path(tempfile.mkstemp(prefix="bench-server-gc-", suffix=".json")[1])
    run = [*profile, "-m", "tcf_gui"] if profile else ["-c", TIMED_SERVER]
    server = subprocess.Popen(
        [sys.executable, *run, "server", "--host", "127.0.0.1", "--port", str(port),
         "--quiet", "--no-lan", *limits],
        cwd=ROOT, env={**os.environ, "PYTHONPATH": str(ROOT), "TCF_BENCH_GC": str(gc_file)},
        stdout=subprocess.PIPE, text=True, preexec_fn=on(args.server_on))
    try:
        assert server.stdout is not None
        server.stdout.readline()  # "listening on ..."
        rss_idle = rss_kib(server.pid)
        url = f"ws://127.0.0.1:{port}"
        if args.strangers:
            attacker = subprocess.Popen([sys.executable, __file__, "--attack", url],
                                        stdout=subprocess.PIPE, text=True,
                                        preexec_fn=on(args.clients_on))
        result = run_load(args, url, seed, server.pid,
                          attacker.pid if attacker is not None else None)
        if attacker is not None:
            attacker.terminate()
            result["attacks"] = attacker.communicate(timeout=60)[0].strip()
    finally:
        if attacker is not None and attacker.poll() is None:
            attacker.kill()
            attacker.wait()
        server.terminate()
        try:
            server.wait(20)
        except subprocess.TimeoutExpired:
            server.kill()
            server.wait()
    result["rss_idle"] = rss_idle
    try:
        passes = json.loads(gc_file.read_text() or "[]")
    finally:
        gc_file.unlink()
    during = [(cpu, whole) for when, _, cpu, whole in passes
              if result["start"] <= when <= result["end"]]
    result["server_gc"] = [cpu for cpu, whole in during if not whole]
    result["server_whole"] = [cpu for cpu, whole in during if whole]
    return result


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--tables", type=int, default=500)
    parser.add_argument("--seconds", type=float, default=60.0)
    parser.add_argument("--think-ms", type=float, default=500.0)
    parser.add_argument("--warm-up", type=float, default=WARM_UP_S,
                        help="seconds of play before measuring (default %(default)s)")
    parser.add_argument("--bad", type=int, default=20)
    parser.add_argument("--strangers", action="store_true",
                        help="the hostile strangers' attacks as background load")
    parser.add_argument("--repeat", type=int, default=3)
    parser.add_argument("--bot-processes", type=int, default=2,
                        help="processes the bots are shared out between")
    parser.add_argument("--share-cores", action="store_true",
                        help="the server, bots and strangers share every core (default: the "
                             "server has one core, the others the rest)")
    parser.add_argument("--full-clients", action="store_true",
                        help="each bot checks everything a client checks (FriendTable)")
    parser.add_argument("--attack", metavar="URL", help=argparse.SUPPRESS)
    parser.add_argument("--bots", metavar="URL", help=argparse.SUPPRESS)
    parser.add_argument("--first", type=int, default=0, help=argparse.SUPPRESS)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--profile", metavar="FILE", help="profile the server into FILE (cProfile)")
    args = parser.parse_args()
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    resource.setrlimit(resource.RLIMIT_NOFILE, (min(hard, max(soft, 8192)), hard))
    if args.attack:
        asyncio.run(attack(args.attack))
        return
    if args.bots:
        print(json.dumps(asyncio.run(run_bots(
            args.bots, range(args.first, args.first + args.tables), args.seconds,
            args.think_ms / 1000, args.bad, args.seed, args.full_clients))), flush=True)
        return
    placed = cores(args.share_cores)
    args.server_on, args.clients_on = placed or (None, None)
    where = ("every process on every core" if placed is None else
             f"the server on CPU {min(placed[0])}, the bots and strangers on CPU "
             + ", ".join(map(str, sorted(placed[1]))))
    print(f"{args.tables} tables ({2 * args.tables} player connections) and {args.bad} bad "
          f"clients, {args.seconds:g} s each run, think {args.think_ms:g} ms ±50%, "
          f"{args.repeat} runs, {os.cpu_count()} cores, the bots in {args.bot_processes} "
          f"processes ({'full clients' if args.full_clients else 'their duties only'}), "
          f"{where}; load average before: {os.getloadavg()[0]:.2f}")
    runs = []
    for number in range(args.repeat):
        load = os.getloadavg()[0]
        result = one_run(args, args.seed + number)
        lat, stalls = result["latencies"], result["stalls"]
        row = {
            "connections": result["connections"],
            "games/s": result["games"] / result["elapsed"],
            "turns/s": result["turns"] / result["elapsed"],
            "p50 ms": 1000 * percentile(lat, 0.50),
            "p99 ms": 1000 * percentile(lat, 0.99),
            "max ms": 1000 * max(lat) if lat else float("nan"),
            "server gc max ms": 1000 * max(result["server_gc"], default=0.0),
            "server gc ≥10 ms": sum(1 for cpu in result["server_gc"] if cpu >= 0.01),
            "server whole passes": len(result["server_whole"]),
            "server whole max ms": 1000 * max(result["server_whole"], default=0.0),
            "bots' stall p99 ms": 1000 * percentile(stalls, 0.99),
            "bots' stall max ms": 1000 * max(stalls) if stalls else float("nan"),
            "server CPU %": 100 * result["server_cpu"] / result["elapsed"],
            "bots CPU %": 100 * result["bots_cpu"] / result["bots_elapsed"],
            "strangers CPU %": 100 * result["attack_cpu"] / result["elapsed"],
            "RSS MiB": result["rss_loaded"] / 1024,
            "KiB/table": (result["rss_loaded"] - result["rss_idle"]) / args.tables,
            "bad closed": result["bad_closed"],
            "refused good": result["errors"],
            "load before": load,
        }
        if result["refusals"]:
            print(f"  refusals: {sorted(set(result['refusals']))}")
        if result.get("attacks"):
            print(f"  strangers: {result['attacks']}")
        runs.append(row)
        print(f"run {number + 1}: " + ", ".join(f"{key} {value:.1f}" if isinstance(value, float)
                                                else f"{key} {value}" for key, value in row.items()),
              flush=True)
    print("min / median over the runs:")
    for key in runs[0]:
        values = [run[key] for run in runs]
        print(f"  {key:>14}: {min(values):10.1f} / {statistics.median(values):10.1f}")


if __name__ == "__main__":
    main()
