"""Every command in the code blocks of README.md and of the user guide (docs/*.md) is checked,
so that none fails for a newcomer.

How each is checked (the table RULES below, first match; a ``tcf-gui`` command that matches
none is run as written):

- run: run as written in a new process (``tcf-gui`` is ``python -m tcf_gui`` of this tree, and
  so is the app's ``tcf-gui/tcf-gui``, built from the same package),
  in a temporary folder holding the files the examples name (``path/to/mine.py``,
  ``tests/strategies/peers.py``), with a history of a few games; it must exit 0 (or the
  status the rule says) within a time bound, with no traceback.
- window: the same, under SDL's dummy video driver; the window closes itself after its first
  frame (TCF_GUI_FIRST_FRAME_EXIT), or at its own end (``--spectate --games N``).
- fewer games: run with a smaller ``-n`` (the README's figure would take minutes).
- arguments: parsed by the real parser only, never run: it would reach a machine that is not
  there (a Dask scheduler at a private address) or start a cluster.
- help: ``--help`` runs instead (a benchmark or a build takes minutes).
- elsewhere: installs and the test command, which ``.ci/run`` and ``tools/check_app.sh`` run
  from a clean clone in a new virtual environment.
"""
from __future__ import annotations

import os
import random
import re
import shlex
import shutil
import subprocess
import sys
from dataclasses import dataclass
from pathlib import Path

import pytest

from tcf_gui.cli import build_parser

ROOT = Path(__file__).resolve().parents[1]
#: The documents whose commands are checked: the front page, then the user guide.
DOCUMENTS = [ROOT / "README.md", *sorted((ROOT / "docs").glob("*.md"))]
#: The first words that make a line of a code block a command.
COMMAND_WORDS = {"tcf-gui", "tcf-gui/tcf-gui", "python", "python3", "pip", "pipx", "dask",
                 "tar", "tools/check_app.sh", "sudo"}
SECONDS = 90


@dataclass(frozen=True)
class Rule:
    pattern: str
    how: str
    status: int = 0
    games: int | None = None
    stdin: str = ""


RULES = (
    Rule(r"--scheduler tcp://", "arguments"),       # a private address: never contacted
    Rule(r"--scheduler local", "arguments"),        # a Dask cluster: tests/engine/test_cluster.py
    Rule(r"^dask ", "help"),
    Rule(r"^(python3? -m venv|python -m pip|pip |pipx |sudo |tar )", "elsewhere"),
    Rule(r"^tools/check_app\.sh", "elsewhere"),    # it is the check of the build itself
    Rule(r"^python (benchmarks|tools)/build_app", "help"),
    Rule(r"^python benchmarks/", "help"),
    Rule(r"^python tools/make_(assets|courts|card_sheet)\.py", "run"),  # (into a temporary --out)
    Rule(r" -n 1000000 --same-decks", "fewer games", games=20000),
    Rule(r" -n (1000000|200000|100000)\b(?!0)", "fewer games", games=20000),
    Rule(r"history --reset$", "run", status=1),     # asks; no answer (end of input) is a no
    Rule(r"^tcf-gui strategy-template \S", "arguments"),  # it writes into the shared folder
    Rule(r"^tcf-gui (join|server)\b", "arguments"),  # a friend's machine; a server runs on
    Rule(r"^tcf-gui verify ", "arguments"),          # a transcript kept by a game played
    Rule(r"--(join|host) \S", "arguments"),          # a friend's machine or a server elsewhere
    Rule(r"^tcf-gui( -|$)", "window"),
    Rule(r"^tcf-gui history --replay", "window"),
    Rule(r"^tcf-gui ", "run"),
)


def readme_commands() -> list[str]:
    """Every command line in the DOCUMENTS' code blocks, without its trailing comment."""
    commands = []
    for document in DOCUMENTS:
        inside = False
        for line in document.read_text(encoding="utf-8").splitlines():
            if line.startswith("```"):
                inside = not inside
                continue
            if inside and line.split(" ", 1)[0] in COMMAND_WORDS:
                commands.append(re.sub(r"\s+#\s.*$", "", line).strip())
    return commands


def rule_for(command: str) -> Rule:
    command = re.sub(r"^tcf-gui/tcf-gui\b", "tcf-gui", command)  # the app: the same commands
    for rule in RULES:
        if re.search(rule.pattern, command):
            return rule
    raise AssertionError(f"no rule says how to check this documented command: {command}")


COMMANDS = readme_commands()


def test_the_readme_has_commands_and_each_has_a_rule():
    assert len(COMMANDS) > 40
    for command in COMMANDS:
        rule_for(command)


@pytest.fixture(scope="module")
def workdir(tmp_path_factory) -> Path:
    """A folder with the files the documented commands name, and a history of 50 games
    (each test gets a copy of it: some commands reset it), the 44 older ones with a skill
    score (made up: history_helpers.made_up_skill), so that ``history --score`` has the 6
    newest to work out, as after a few games played by an older version (the coach takes
    about 0.25 s a game)."""
    folder = tmp_path_factory.mktemp("readme")
    (folder / "path" / "to").mkdir(parents=True)
    (folder / "path" / "to" / "mine.py").write_text(
        "def choose(view):\n    return min(range(3), key=lambda slot: view.hand[slot])\n")
    shutil.copy(ROOT / "assets" / "example_strategy.py", folder / "my_strategy.py")
    (folder / "tests" / "strategies").mkdir(parents=True)
    shutil.copy(ROOT / "tests" / "strategies" / "peers.py", folder / "tests" / "strategies")
    sys.path.insert(0, str(ROOT / "tests"))
    from history_helpers import made_up_skill, real_games  # noqa: E402

    from tcf_gui.history import History

    history = History(folder / "history.sqlite3")
    games, rng = real_games(50, seed=5), random.Random(50)
    history.add(*(game.with_skill(made_up_skill(game, rng)) for game in games[:44]), *games[44:])
    history.close()
    return folder


def _argv(command: str) -> list[str]:
    words = shlex.split(command)
    if words[0] in ("tcf-gui", "tcf-gui/tcf-gui"):
        return [sys.executable, "-m", "tcf_gui", *words[1:]]
    if words[0] in ("python", "python3"):  # a script of this tree (tools/, benchmarks/)
        script = ROOT / words[1]
        return [sys.executable, str(script) if script.is_file() else words[1], *words[2:]]
    return words


@pytest.mark.parametrize("command", COMMANDS)
def test_readme_command(command, workdir, tmp_path, monkeypatch):
    rule = rule_for(command)
    if rule.how == "elsewhere":
        pytest.skip("an install or the test command: .ci/run and tools/check_app.sh run it")
    if rule.how == "arguments":
        monkeypatch.chdir(workdir)  # the strategy files it names are checked
        args = build_parser().parse_args(shlex.split(command)[1:])
        assert args.command is not None
        return
    argv = _argv(command)
    if rule.how == "help":
        if shutil.which(argv[0]) is None:
            pytest.skip(f"{argv[0]} is not installed")
        argv = argv[:2] + ["--help"]  # dask scheduler, python benchmarks/x.py: their --help
    elif rule.how == "fewer games":
        argv = [str(rule.games) if previous == "-n" else word
                for previous, word in zip(["", *argv], argv)]
    if re.search(r"tools/make_\w+\.py", command):
        argv += ["--out", str(tmp_path / "assets")]
    (tmp_path / "data").mkdir()
    shutil.copy(workdir / "history.sqlite3", tmp_path / "data")
    env = os.environ | {
        "PYTHONPATH": str(ROOT), "SDL_VIDEODRIVER": "dummy", "SDL_AUDIODRIVER": "dummy",
        "TCF_GUI_FIRST_FRAME_EXIT": "1", "TCF_GUI_DATA_DIR": str(tmp_path / "data"),
        "XDG_DATA_HOME": str(tmp_path / "share"),
    }
    done = subprocess.run(argv, cwd=workdir, env=env, input=rule.stdin, capture_output=True,
                          text=True, timeout=SECONDS)
    output = done.stdout + done.stderr
    assert done.returncode == rule.status, f"{shlex.join(argv)} exited {done.returncode}:\n{output[-3000:]}"
    assert "Traceback" not in output, output[-3000:]
