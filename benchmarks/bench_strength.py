"""How strong each level is, and the figures the window and docs/benchmarks.md show for it.

    python benchmarks/bench_strength.py                   # 10^6 paired decks per duel (about 20 minutes on 2 cores)
    python benchmarks/bench_strength.py --decks 100000    # rougher, quicker
    python benchmarks/bench_strength.py --write           # also write tcf_gui/levels/measured.py and docs/benchmarks.md's table
    python benchmarks/bench_strength.py --rules           # what each rule of the heuristic is worth
    python benchmarks/bench_strength.py --random-room     # against random: 40 seeds (--runs 400: docs/benchmarks.md's), and the room left

Every duel is played on paired decks (``tcf-gui duel A B --same-decks``: both seatings on
the very same decks, a z-test on the mean score per deck). For each level: against Normal,
Expert against it, and its rate as Player 2 against random over twice as many games. Then
Expert against the peers' rule (tests/strategies/peers.py, played as
``heuristic:counting=off``, which chooses alike in every position: a test checks it) and
against the rules a stronger player might be (strength_candidates.py), and the issue's
targets checked. The lab plays Expert's rule (its batch form); how often the rule chooses
as the window's Expert, which searches, is measured on the positions Expert meets playing
Normal: every decision of ``--games`` games, Expert in either seat, with the time of each
search (each position timed three times, the fastest kept).
"""
from __future__ import annotations

import argparse
import os
import random
import re
import statistics
import sys
import time
from dataclasses import dataclass
from datetime import date
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path[:0] = [str(ROOT), str(ROOT / "benchmarks")]

import numpy as np  # noqa: E402
import strength_candidates  # noqa: E402

from tcf_gui.engine.game import Game  # noqa: E402
from tcf_gui.engine.strategies.registry import make_strategy, strategy_info  # noqa: E402
from tcf_gui.engine.view import View  # noqa: E402
from tcf_gui.lab.batch.chunk import BATCH_CHUNK_GAMES, make_player  # noqa: E402
from tcf_gui.lab.batch.engine import GivenDecks, play_batch  # noqa: E402
from tcf_gui.lab.batch.judging import WINNER  # noqa: E402
from tcf_gui.lab.batch.paired import paired_duel, shuffled_decks  # noqa: E402
from tcf_gui.engine.batch_view import BatchView  # noqa: E402
from tcf_gui.engine.coach import Position, advise  # noqa: E402
from tcf_gui.lab.runner import run_games  # noqa: E402
from tcf_gui.lab.statistics import Z95, PairedDuel, wilson_interval  # noqa: E402
from tcf_gui.levels import LEVELS  # noqa: E402
from tcf_gui.levels.strength import Rate, Strength  # noqa: E402

PEERS = "heuristic:counting=off"
NORMAL, EXPERT = "heuristic", "expert"
#: Expert's rule without reading the opponent (strength_candidates.py).
NO_READING = "candidate:rule=tie-value"
STRENGTH_FILE = ROOT / "tcf_gui" / "levels" / "measured.py"
#: The page whose strength table --write rewrites, between TABLE_START and TABLE_END.
STRENGTH_PAGE = ROOT / "docs" / "benchmarks.md"
TABLE_START = "<!-- strength table: written by benchmarks/bench_strength.py --write -->"
TABLE_END = "<!-- end of the strength table -->"
#: The issue's targets: Expert beats Normal and the peers' rule at p < 0.01, and wins at
#: least this share as Player 2 against random.
P_TARGET, RANDOM_TARGET = 0.01, 0.8015


def p_text(p: float) -> str:
    return "p < 1e-12" if p < 1e-12 else f"p = {p:.2g}"


def duel_text(duel: PairedDuel) -> str:
    se = duel.standard_error
    return (f"{100 * duel.difference:+.3f} points (95% CI {100 * (duel.difference - Z95 * se):+.3f} "
            f"to {100 * (duel.difference + Z95 * se):+.3f}), z = {duel.z:.2f}, {p_text(duel.p_value)}")


def rate_text(rate: Rate) -> str:
    low, high = wilson_interval(rate.wins, rate.games)
    return f"{100 * rate.rate:.2f}% (95% CI {100 * low:.2f}-{100 * high:.2f})"


@dataclass
class Search:
    """The window's Expert against its rule, on the positions it meets playing Normal."""

    agreement: Rate
    nopair: Rate
    """The same, over the positions without a suited pair (the only real choices)."""
    times: list[float]
    """Seconds per decision of the search, each position's fastest of three."""
    given_up: dict[str, float]
    """Win chance given up against the coach's best discard, per game, by Normal's choices
    and by the rule's, in the same positions (the coach's own odds)."""


def expert_positions(games: int, seed: int) -> list[View]:
    """Every decision of ``games`` games of Expert (searching) against Normal, Expert in
    either seat (alternately), the games dealt from ``seed``."""
    rng = random.Random(seed)
    expert, normal = make_strategy(EXPERT), make_strategy(NORMAL)
    views: list[View] = []
    for game_number in range(games):
        game = Game(rng.getrandbits(32))
        game.deal()
        seat = 1 + game_number % 2
        while not game.over:
            views.append(game.view(seat))
            mine, theirs = expert(views[-1]), normal(game.view(3 - seat))
            game.play_turn(*((mine, theirs) if seat == 1 else (theirs, mine)))
    return views


def measure_search(games: int, seed: int) -> Search:
    views = expert_positions(games, seed)
    search, rule, normal = (make_strategy(s) for s in (EXPERT, "expert:search=off", NORMAL))
    alike = alike_nopair = nopair = 0
    times = []
    given_up = {NORMAL: 0.0, "expert:search=off": 0.0}
    for view in views:
        advice = advise(Position.from_view(view), NORMAL)
        given_up[NORMAL] += advice.given_up(normal(view)) / games
        given_up["expert:search=off"] += advice.given_up(rule(view)) / games
        spent = []
        for _ in range(3):
            start = time.perf_counter()
            chosen = search(view)
            spent.append(time.perf_counter() - start)
        times.append(min(spent))
        same = chosen == rule(view)
        alike += same
        if len({card.suit for card in view.hand}) == 3:
            nopair += 1
            alike_nopair += same
    return Search(Rate(alike, len(views)), Rate(alike_nopair, nopair), times, given_up)


def batch_speed() -> None:
    """Games per second of the batch engine on one worker (CPU time: the host is shared)."""
    for p1, p2 in (("random", EXPERT), (NORMAL, EXPERT)):
        cpus = []
        for _ in range(3):
            cpu = time.process_time()
            run_games(p1, p2, 300_000, seed=1, workers=1)
            cpus.append(300_000 / (time.process_time() - cpu))
        print(f"  batch engine, 1 worker, {p1} vs {p2}: games per CPU second min {min(cpus):,.0f}, "
              f"median {statistics.median(cpus):,.0f}", flush=True)


class Lab:
    def __init__(self, decks: int, seed: int, workers: int | None) -> None:
        self.decks, self.seed, self.workers = decks, seed, workers

    def duel(self, a: str, b: str) -> PairedDuel:
        start = time.perf_counter()
        duel = paired_duel(a, b, self.decks, self.seed)
        print(f"  {a} vs {b}, {self.decks:,} paired decks: {a} wins {duel.wins_a:,}, {b} "
              f"{duel.wins_b:,} of {duel.games:,}; difference {duel_text(duel)}  "
              f"[{time.perf_counter() - start:.0f} s]", flush=True)
        return duel

    def random_wins(self, spec: str) -> int:
        """Games ``spec`` wins of 2 x decks as Player 2 against random."""
        return run_games("random", spec, 2 * self.decks, self.seed, workers=self.workers).counters.win2

    def against_random(self, spec: str) -> Rate:
        games = 2 * self.decks
        rate = Rate(self.random_wins(spec), games)
        print(f"  {spec} as Player 2 against random, {games:,} games: {rate_text(rate)}", flush=True)
        return rate


def measure_levels(lab: Lab, search: Search | None) -> dict[str, Strength]:
    measured = {}
    for level in LEVELS:
        print(f"{level.spec}:", flush=True)
        measured[level.spec] = Strength(
            lab.seed, lab.duel(level.spec, NORMAL), lab.duel(EXPERT, level.spec),
            lab.against_random(level.spec),
            search.agreement if search is not None and level.spec == EXPERT else None)
    return measured


def levels_table(measured: dict[str, Strength], decks: int, seed: int) -> str:
    """docs/benchmarks.md's strength table, in markdown."""
    lines = [
        f"| level | plays | against Normal: its share of the games won (difference, 95% CI) "
        f"| as Player 2 against random ({2 * decks:,} games) | Expert's share of the games against it |",
        "|---|---|---|---|---|",
    ]
    for level in LEVELS:
        found = measured[level.spec]
        duel = found.against_normal
        se = duel.standard_error
        versus = (f"{100 * found.win_rate_against_normal:.2f}% ({100 * duel.difference:+.3f} points, "
                  f"{100 * (duel.difference - Z95 * se):+.3f} to {100 * (duel.difference + Z95 * se):+.3f}, "
                  f"{p_text(duel.p_value)})" if se else "50% (the same player)")
        expert = found.expert_against
        lines.append(f"| {level.name} | `{level.spec}` | {versus} | {rate_text(found.against_random)} "
                     f"| {100 * expert.wins_a / expert.games:.2f}% |")
    lines.append("")
    lines.append(f"Paired decks: {decks:,} per duel, each played in both seatings, seed {seed}; "
                 "a share of all games, draws counting as not won, except against Normal "
                 "(of the games either side won).")
    return "\n".join(lines)


def strength_module(measured: dict[str, Strength], decks: int, seed: int) -> str:
    """tcf_gui/levels/measured.py, as --write writes it."""
    body = ",\n".join(f"    {spec!r}: {found!r}" for spec, found in measured.items())
    return (f'"""The levels\' measured strength: written by `python benchmarks/bench_strength.py '
            f'--write` on {date.today().isoformat()}\n({decks:,} paired decks per duel, seed {seed}). '
            'Do not edit: run the benchmark again."""\n'
            "from tcf_gui.lab.statistics import PairedDuel\nfrom tcf_gui.levels.strength import Rate, Strength\n\n"
            f"MEASURED: dict[str, Strength] = {{\n{body},\n}}\n")


def write(measured: dict[str, Strength], decks: int, seed: int) -> None:
    STRENGTH_FILE.write_text(strength_module(measured, decks, seed))
    text = STRENGTH_PAGE.read_text()
    table = f"{TABLE_START}\n{levels_table(measured, decks, seed)}\n{TABLE_END}"
    pattern = re.compile(re.escape(TABLE_START) + ".*?" + re.escape(TABLE_END), re.DOTALL)
    if not pattern.search(text):
        sys.exit(f"{STRENGTH_PAGE.relative_to(ROOT)} has no strength table between {TABLE_START!r} and {TABLE_END!r}")
    STRENGTH_PAGE.write_text(pattern.sub(lambda _: table, text))
    print(f"wrote {STRENGTH_FILE.relative_to(ROOT)} and {STRENGTH_PAGE.relative_to(ROOT)}'s strength table")


def targets(measured: dict[str, Strength], peers: PairedDuel) -> None:
    expert = measured[EXPERT]
    checks = [
        ("Expert beats Normal, p < 0.01", expert.against_normal.difference > 0
         and expert.against_normal.p_value < P_TARGET),
        ("Expert beats the peers' rule, p < 0.01", peers.difference > 0 and peers.p_value < P_TARGET),
        (f"Expert wins at least {100 * RANDOM_TARGET:.2f}% as Player 2 against random",
         expert.against_random.rate >= RANDOM_TARGET),
    ]
    print("Targets:")
    for what, met in checks:
        print(f"  {'met' if met else 'NOT MET'}: {what}")
    rate = expert.against_random
    se = 100 * (rate.rate * (1 - rate.rate) / rate.games) ** 0.5
    print(f"  (the last in this run of {rate.games:,} games, whose standard error is {se:.3f} "
          "points: --random-room --runs 400 measures the rate over 400 such runs)")


class HashChooser:
    """A random player that meets every strategy alike: its slot is a hash of what it sees
    (its hand, the cards discarded, the turn), so two strategies on the same deck meet the
    very same choices for as long as their games stay alike (batch form)."""

    needs_history = False

    def choose(self, view: BatchView) -> np.ndarray:
        hand = view.hands.astype(np.uint64)
        key = _mix(hand[:, 0] * np.uint64(1_000_003) + hand[:, 1] * np.uint64(1009) + hand[:, 2]
                   + np.uint64(view.turn << 40))
        return (_mix(key ^ view.discards) % np.uint64(3)).astype(np.uint8)


def _mix(x: np.ndarray) -> np.ndarray:
    """splitmix64's finaliser: every bit of ``x`` moves every bit of the result."""
    x = (x ^ (x >> np.uint64(30))) * np.uint64(0xBF58476D1CE4E5B9)
    x = (x ^ (x >> np.uint64(27))) * np.uint64(0x94D049BB133111EB)
    return x ^ (x >> np.uint64(31))


def against_the_hash_chooser(specs: list[str], decks: int, seed: int) -> None:
    """Each of ``specs`` as Player 2 against HashChooser on the same decks, and its lead over
    the first (mean and standard error per deck)."""
    won: dict[str, list[np.ndarray]] = {spec: [] for spec in specs}
    for index, start in enumerate(range(0, decks, BATCH_CHUNK_GAMES)):
        size = min(BATCH_CHUNK_GAMES, decks - start)
        deck_seed, player_seed = np.random.SeedSequence([seed, index]).spawn(2)
        rows = shuffled_decks(size, np.random.default_rng(deck_seed))
        for spec in specs:
            cases = play_batch(HashChooser(), make_player(spec, player_seed), GivenDecks(rows), size).cases
            won[spec].append(WINNER[cases] == 2)
    first = np.concatenate(won[specs[0]]).astype(np.int64)
    print(f"  on {decks:,} decks, as Player 2 against a player choosing by a hash of what it sees:")
    for spec in specs:
        mine = np.concatenate(won[spec]).astype(np.int64)
        lead = mine - first
        print(f"    {spec}: {100 * mine.mean():.3f}%, {100 * lead.mean():+.4f} points against "
              f"{specs[0]} (standard error {100 * lead.std() / len(lead) ** 0.5:.4f})", flush=True)


def random_room(lab: Lab, games: int, runs: int, specs: list[str]) -> None:
    """Against random: each of ``specs`` as Player 2 over ``runs`` seeds (seed, seed + 1,
    ...) of 2 x decks games each, with how many of those runs reach the target on their own
    and whether the mean's 95% interval decides the target; then how much win chance is left
    to win there at all: what Normal's choices and Expert's rule's give up per game against
    the coach's best with random as the model, on every decision of Normal as Player 2 in
    ``games`` games against random."""
    seeds = range(lab.seed, lab.seed + runs)
    print(f"As Player 2 against random, {2 * lab.decks:,} games for each of the seeds "
          f"{seeds.start}-{seeds.stop - 1}:", flush=True)
    target = 100 * RANDOM_TARGET
    for spec in specs:
        rates = [100 * Lab(lab.decks, seed, lab.workers).random_wins(spec) / (2 * lab.decks)
                 for seed in seeds]
        mean, se = statistics.mean(rates), statistics.stdev(rates) / len(rates) ** 0.5
        low, high = mean - Z95 * se, mean + Z95 * se
        reached = sum(rate >= target for rate in rates)
        verdict = ("above" if low >= target else "below" if high < target else "not decided:"
                   " the interval holds")
        print(f"  {spec}: mean {mean:.4f}% (standard error {se:.4f}, 95% CI {low:.3f}"
              f"-{high:.3f}: {verdict} {target:.2f}%), min {min(rates):.3f}%, max "
              f"{max(rates):.3f}%; {reached} of {runs} runs at {target:.2f}% or more; seed "
              f"{seeds.start}: {rates[0]:.3f}%", flush=True)
    against_the_hash_chooser(specs, 2 * lab.decks, lab.seed)
    rng = random.Random(lab.seed)
    rival, normal, rule = (make_strategy(spec) for spec in ("random", NORMAL, "expert:search=off"))
    given_up = {NORMAL: 0.0, "expert:search=off": 0.0}
    decisions = 0
    for _ in range(games):
        game = Game(rng.getrandbits(32))
        game.deal()
        while not game.over:
            view = game.view(2)
            if len({card.suit for card in view.hand}) == 3:  # with a pair, all keep it
                advice = advise(Position.from_view(view), "random")
                given_up[NORMAL] += advice.given_up(normal(view)) / games
                given_up["expert:search=off"] += advice.given_up(rule(view)) / games
                decisions += 1
            game.play_turn(rival(game.view(1)), normal(view))
    print(f"  win chance given up per game against the coach's best (random as the model), "
          f"{decisions:,} decisions without a pair in {games:,} games of Normal against random: "
          + ", ".join(f"{spec} {100 * lost:.4f} points" for spec, lost in given_up.items()))


def rules_worth(lab: Lab) -> None:
    print("What each rule of the heuristic is worth (the heuristic against itself with it off):")
    for rule in strategy_info(NORMAL).params:
        lab.duel(NORMAL, f"{NORMAL}:{rule}=off")
        lab.against_random(f"{NORMAL}:{rule}=off")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--decks", type=int, default=1_000_000, help="paired decks per duel")
    parser.add_argument("--seed", type=int, default=2026)
    parser.add_argument("--games", type=int, default=1500,
                        help="games of the searching Expert against Normal for its agreement and time")
    parser.add_argument("--workers", type=int, default=None, help="default: all cores")
    parser.add_argument("--write", action="store_true",
                        help="write tcf_gui/levels/measured.py and docs/benchmarks.md's strength table")
    parser.add_argument("--rules", action="store_true", help="only what each heuristic rule is worth")
    parser.add_argument("--random-room", action="store_true",
                        help="only the rates against random over --runs seeds, and the room the "
                             "coach sees there (--games games)")
    parser.add_argument("--runs", type=int, default=40,
                        help="with --random-room: how many seeds of 2 x decks games (at least 2)")
    parser.add_argument("--specs", default=",".join([NORMAL, EXPERT, NO_READING]),
                        help="with --random-room: the players measured, comma-separated "
                             "(default: %(default)s)")
    args = parser.parse_args()
    load = ", ".join(f"{x:.2f}" for x in os.getloadavg()) if hasattr(os, "getloadavg") else "?"
    print(f"cores: {os.cpu_count()}   load average before: {load}   seed {args.seed}")
    lab = Lab(args.decks, args.seed, args.workers)
    if args.rules:
        rules_worth(lab)
        return
    if args.random_room:
        strength_candidates.install()
        random_room(lab, args.games, max(2, args.runs), args.specs.split(","))
        return
    print(f"The window's Expert (search) against its rule, {args.games:,} games against Normal:",
          flush=True)
    search = measure_search(args.games, args.seed)
    times = [1000 * t for t in search.times]
    print(f"  alike in {search.agreement.wins:,} of {search.agreement.games:,} positions "
          f"({rate_text(search.agreement)}); without a suited pair {search.nopair.wins:,} of "
          f"{search.nopair.games:,} ({rate_text(search.nopair)})")
    print(f"  time per decision of the search: min {min(times):.1f} ms, median "
          f"{statistics.median(times):.1f} ms, max {max(times):.1f} ms")
    print("  win chance given up per game against the coach's best, in the same positions: "
          + ", ".join(f"{spec} {100 * lost:.3f} points" for spec, lost in search.given_up.items()))
    print("The batch form's speed:")
    batch_speed()
    measured = measure_levels(lab, search)
    print("Expert against the peers' rule and the rules a stronger player might be:")
    peers = lab.duel(EXPERT, PEERS)
    for spec in strength_candidates.install():
        lab.duel(EXPERT, spec)
    targets(measured, peers)
    print("\nThe strength table of docs/benchmarks.md:\n")
    print(levels_table(measured, args.decks, args.seed))
    if args.write:
        write(measured, args.decks, args.seed)


if __name__ == "__main__":
    main()
