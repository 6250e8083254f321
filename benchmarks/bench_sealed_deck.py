"""The cost of the sealed deck (tcf_gui.net.sealed) to a client.

    python benchmarks/bench_sealed_deck.py [--games 40] [--repeat 5]

Plays ``--games`` sealed games in this process (tcf_gui.net.sealed.local.SealedGame: two
seats that know only what they were sent; each discards its first card, so games run
long) and counts, for each player's client: the CPU time of its seat's own work per deal
(its passes, checking the other's, opening its three cards: the time spent in its
SealedSeat and reading the points and keys it was sent), per turn (opening the other's
discard and its own new card, giving its keys) and for the end check (redoing the three
passes from both seeds and checking every key and card); and the bytes it sends and
receives per deal, per turn and at the end, as JSON on the wire (protocol.dump). These
are the sealed deck's own messages, on top of protocol 2's (bench_fair_deal.py). Each run
is repeated ``--repeat`` times; the figures are the minimum and the median of the runs.
"""
from __future__ import annotations

import argparse
import statistics
import time
from typing import Any, Callable

from tcf_gui.net.proof import new_secret
from tcf_gui.net.sealed.audit import check_sealed_deal
from tcf_gui.net.sealed.local import SealedGame, Side

PLAYERS = (1, 2)


class Clock:
    """CPU seconds spent in each seat's methods, by player."""

    def __init__(self) -> None:
        self.spent = {player: 0.0 for player in PLAYERS}

    def watch(self, side: Side, player: int) -> None:
        for name in ("first_pass", "second_pass", "third_pass", "take_sealed", "deal_keys",
                     "draw_key", "own_key", "open"):
            setattr(side.seat, name, self.timed(getattr(side.seat, name), player))
        side.open_keys = self.timed(side.open_keys, player)  # type: ignore[method-assign]

    def timed(self, method: Callable[..., Any], player: int) -> Callable[..., Any]:
        def run(*args: Any) -> Any:
            start = time.process_time()
            try:
                return method(*args)
            finally:
                self.spent[player] += time.process_time() - start
        return run


def wire(side: Side, since: int) -> int:
    return sum(len(text.encode()) for text in side.got[since:])


def run(games: int) -> dict[str, float]:
    """Per player: ms of CPU and bytes in and out per deal, per turn and for the end."""
    totals: dict[str, float] = {}
    deals = turns = 0

    def add(key: str, value: float) -> None:
        totals[key] = totals.get(key, 0.0) + value

    def phase(game: SealedGame, clock: Clock, name: str, step: Callable[[], None]) -> None:
        got = [len(side.got) for side in game.sides]
        step()
        for player, side in zip(PLAYERS, game.sides):
            add(f"p{player} {name} CPU ms", clock.spent[player] * 1e3)
            add(f"p{player} {name} bytes in", wire(side, got[player - 1]))
            add(f"p{player} {name} bytes out", wire(game.sides[2 - player], got[2 - player]))
            clock.spent[player] = 0.0

    for number in range(1, games + 1):
        game = SealedGame(number, (new_secret(), new_secret()), (lambda hand: 0,) * 2)
        clock = Clock()
        for player, side in zip(PLAYERS, game.sides):
            clock.watch(side, player)
        phase(game, clock, "deal", game.deal)
        deals += 1
        while not game.over:
            phase(game, clock, "turn", game.turn)
            turns += 1
        for player, side in zip(PLAYERS, game.sides):
            start = time.process_time()
            check_sealed_deal(number, game.seeds, side.passes, side.seat.received,
                              side.seat.opened, player)
            add(f"p{player} end check CPU ms", (time.process_time() - start) * 1e3)
        got = [len(side.got) for side in game.sides]
        game.reveal()
        for player, side in zip(PLAYERS, game.sides):
            add(f"p{player} end bytes in", wire(side, got[player - 1]))
            add(f"p{player} end bytes out", wire(game.sides[2 - player], got[2 - player]))
    return {key: value / (turns if " turn " in key else deals) for key, value in totals.items()}


def report(measure: Callable[[int], dict[str, float]], description: str) -> None:
    """Read --games and --repeat, take ``measure`` of that many games that many times and
    print each figure's minimum and median over the runs (bench_sealed_table.py too)."""
    parser = argparse.ArgumentParser(description=description.split("\n\n")[0])
    parser.add_argument("--games", type=int, default=40)
    parser.add_argument("--repeat", type=int, default=5)
    args = parser.parse_args()
    runs = [measure(args.games) for _ in range(args.repeat)]
    print(f"{args.games} games a run, {args.repeat} runs; min / median:")
    for key in sorted(runs[0]):
        values = [result[key] for result in runs]
        print(f"  {key:>22}: {min(values):9.2f} / {statistics.median(values):9.2f}")


def main() -> None:
    report(run, __doc__ or "")


if __name__ == "__main__":
    main()
