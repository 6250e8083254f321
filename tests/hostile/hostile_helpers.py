"""What the hostile tests share: how much an attack gains over its honest twin (both play the
same games: the same seed, the same opponent; the difference of their wins is tested game
by game, paired), and what a hostile strategy told on stderr."""
from __future__ import annotations

import math
import re
from pathlib import Path
from dataclasses import dataclass

from tcf_gui.engine.match import Match

#: An attack gains something when its z is above this (one-sided, 0.1%): a test that fails
#: by chance once in a thousand runs at most, for an attack that gains nothing.
SIGNIFICANT_Z = 3.09


@dataclass(frozen=True)
class Gain:
    games: int
    attack_wins: int
    twin_wins: int
    z: float

    @property
    def significant(self) -> bool:
        return self.z > SIGNIFICANT_Z

    def __str__(self) -> str:
        return (f"attack {100 * self.attack_wins / self.games:.1f}% against its twin "
                f"{100 * self.twin_wins / self.games:.1f}% over {self.games} games, z = {self.z:.2f}")


def paired_gain(attack: list[int], twin: list[int]) -> Gain:
    """The gain of ``attack`` over ``twin`` (1 for a game won, else 0, game by game)."""
    n = len(attack)
    differences = [a - t for a, t in zip(attack, twin)]
    mean = sum(differences) / n
    variance = sum((d - mean) ** 2 for d in differences) / max(1, n - 1)
    if variance == 0:
        z = 0.0 if mean == 0 else math.copysign(math.inf, mean)
    else:
        z = mean / math.sqrt(variance / n)
    return Gain(n, sum(attack), sum(twin), z)


def wins_as_player_2(p2, seed: int, games: int, p1: str = "heuristic") -> list[int]:
    """1 for each game of ``Match(p1, p2, seed)`` that Player 2 won, else 0."""
    match = Match(p1, p2, seed)
    return [int(match.play_next().outcome.case.winner == 2) for _ in range(games)]


def told(err: str, tag: str) -> list[str]:
    """The lines a hostile strategy told on stderr under ``tag``, without the tag: as the
    engine shows a sandbox's lines, each marked with the strategy's name ("[spec] TAG ..."),
    or as one played in-process prints them."""
    shown = (re.fullmatch(r"(?:\[[^\]]*\] )?(.*)", line) for line in err.splitlines())
    return [match[1][len(tag) + 1:] for match in shown
            if match and match[1].startswith(f"{tag} ")]


def descendants(pid: int) -> list[int]:
    """``pid``'s children, their children and so on (Linux /proc)."""
    found, todo = [], [pid]
    while todo:
        parent = todo.pop()
        try:
            children = Path(f"/proc/{parent}/task/{parent}/children").read_text().split()
        except OSError:
            continue
        found += map(int, children)
        todo += map(int, children)
    return found


def alive(pid: int) -> bool:
    """Whether ``pid`` runs (a zombie waiting for its parent counts as ended)."""
    try:
        state = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()[0]
    except (OSError, IndexError):
        return False
    return state != "Z"
