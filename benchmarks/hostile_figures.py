"""What the seed-finding attacks of the hostile suite (tests/hostile) win, at each isolation
level this machine offers: each attack and its honest twin play the same games as Player 2
against heuristic, on the one-game engine, and the paired difference is tested. The test's
own checks are run too: the attack in this process with a generator drawn from the seed (as
an earlier engine gave it), and, at the limits level, a run seeded with a small --seed whose
history chains (and whose command line can be read: the command-line rows). The figures
docs/benchmarks.md gives come from here.

Run: python benchmarks/hostile_figures.py [--games N]
"""
from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path[:0] = [str(ROOT), str(ROOT / "tests" / "hostile")]

from hostile_helpers import paired_gain, wins_as_player_2  # noqa: E402

from tcf_gui.engine.game import GAME_SEEDS  # noqa: E402
from tcf_gui.engine.strategies import registry  # noqa: E402
from tcf_gui.engine.strategies.sandbox import LEVEL_ENV, stop_all  # noqa: E402
from tcf_gui.engine.strategies.sandbox.levels import available  # noqa: E402
from tcf_gui.history import History  # noqa: E402
from tcf_gui.play import TableSession  # noqa: E402

STRATEGIES = ROOT / "tests" / "hostile" / "strategies"
GIVEN, FRESH = 7, GAME_SEEDS + 86_421_357


def copy(folder: Path, name: str, **values: object) -> Path:
    text = (STRATEGIES / name).read_text()
    for key, value in values.items():
        text = text.replace(f"@{key}@", str(value))
    path = folder / f"{len(list(folder.iterdir()))}-{name}"
    path.write_text(text)
    return path


def window_wins(spec: str, seed: int, history_path: Path, games: int) -> list[int]:
    history = History(history_path)
    session = TableSession("random", spec, seed=seed, history=history)
    wins = []
    for _ in range(games):
        session.deal()
        while session.in_progress:
            if not session.poll():
                time.sleep(0.0005)
        wins.append(int(session.game.outcome.case.winner == 2))
    session.close()
    history.close()
    return wins


def stats_wins(spec: str, games: int, level: str) -> int:
    """Player 2's wins in ``tcf-gui stats --engine single --seed 7`` against heuristic."""
    done = subprocess.run(
        [sys.executable, "-m", "tcf_gui", "stats", "--engine", "single", "-n", str(games),
         "--seed", str(GIVEN), "--p1", "heuristic", "--p2", spec, "--json"],
        capture_output=True, text=True, cwd=ROOT, check=True,
        env={**os.environ, "PYTHONPATH": str(ROOT), LEVEL_ENV: level})
    return int(json.loads(done.stdout)["win2"])


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--games", type=int, default=400, help="games per figure (default 400)")
    games = parser.parse_args().games
    with tempfile.TemporaryDirectory() as name:
        folder = Path(name)
        honest = str(copy(folder, "honest.py"))
        rows = []
        for level in available():
            os.environ[LEVEL_ENV] = level
            seer = copy(folder, "seer.py", HISTORY=folder / f"{level}.sqlite3")
            for seed in (GIVEN, FRESH):
                gain = paired_gain(wins_as_player_2(f"{seer}:from_generator", seed, games),
                                   wins_as_player_2(honest, seed, games))
                rows.append((level, f"generator, seed {seed}", gain))
            gain = paired_gain(window_wins(f"{seer}:from_history", FRESH,
                                           folder / f"{level}.sqlite3", games // 4),
                               window_wins(honest, FRESH, folder / f"{level}-twin.sqlite3",
                                           games // 4))
            rows.append((level, "history, the window, a fresh seed", gain))
            attack, twin = (stats_wins(spec, games, level) for spec in (f"{seer}:from_proc", honest))
            rows.append((level, f"command line, stats --seed {GIVEN}",
                         f"attack {100 * attack / games:.1f}% against its twin "
                         f"{100 * twin / games:.1f}% over {games} games"))
            stop_all()
        os.environ[LEVEL_ENV] = "limits"
        seer = copy(folder, "seer.py", HISTORY=folder / "control.sqlite3")
        gain = paired_gain(window_wins(f"{seer}:from_history", GIVEN, folder / "control.sqlite3",
                                       games // 4),
                           window_wins(honest, GIVEN, folder / "control-twin.sqlite3", games // 4))
        rows.append(("limits (check)", f"history, the window, --seed {GIVEN}", gain))
        registry._files_here = True  # in this process: the generator as an earlier engine gave it
        gain = paired_gain(wins_as_player_2(f"{seer}:from_generator", GIVEN, games),
                           wins_as_player_2(honest, GIVEN, games))
        rows.append(("in-process (check)", f"generator, seed {GIVEN}", gain))
        for level, attack, gain in rows:
            print(f"{level:<20} {attack:<36} {gain}")


if __name__ == "__main__":
    main()
