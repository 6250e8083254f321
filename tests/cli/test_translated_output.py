"""The command line speaks the chosen language: under the pseudo-locale (every message
bracketed and accented, tools/translations.py) no line a person reads keeps a run of plain
English words, and machine-readable output (--json, --csv) is the same in every language.

The pseudo-locale is made afresh from the source, so a string that skips the text seam shows
up here as plain English."""
from __future__ import annotations

import io
import re
import sys
from pathlib import Path

import pytest
from history_helpers import made_up_games, real_games

from tcf_gui import i18n
from tcf_gui.cli import COMMANDS, main
from tcf_gui.engine.match import Match
from tcf_gui.history import WATCHED

sys.path.insert(0, str(Path(__file__).parents[1] / "gui"))
from dev_tools import load_tool, message_template  # noqa: E402

#: Two or more plain English words in a row (the pseudo-locale leaves none in a message):
#: words in capitals (metavars such as SPEC, FILE) and what is glued to a flag, a path, a
#: spec or a file name (--seed, tcf-gui, mine.py:choose) are data, not prose.
ENGLISH = re.compile(r"(?<![-\w./:=@'])(?:[a-z][A-Za-z]+|[A-Z][a-z]+)"
                     r"(?: (?:[a-z][A-Za-z]+|[A-Z][a-z]+))+(?![-\w./:=@])")


@pytest.fixture(scope="module")
def pseudo_folder(tmp_path_factory) -> Path:
    folder = tmp_path_factory.mktemp("locale")
    load_tool("translations").write_pseudo(folder, message_template())
    return folder


@pytest.fixture
def pseudo(pseudo_folder, monkeypatch):
    """The pseudo-locale xx among the languages; ``--lang xx`` chooses it."""
    monkeypatch.setattr(i18n, "LOCALE_DIR", pseudo_folder)


def english(text: str) -> list[str]:
    """The runs of plain English words in ``text``."""
    return ENGLISH.findall(text)


def run(capsys, *argv: str, lang: str = "xx") -> tuple[int, str, str]:
    try:
        code = main(["--lang", lang, *argv])
    except SystemExit as stop:
        code = int(stop.code or 0)
    out, err = capsys.readouterr()
    return code, out, err


def test_the_check_finds_english_and_passes_data():
    assert english("[Ţĥéé ĝåɱé] heuristic --seed 7 --p1 SPEC mine.py:choose") == []
    assert english("[Ţĥéé ĝåɱé] the game window") == ["the game window"]
    assert english("Player 1 wins the game, {name}") == ["wins the game"]


@pytest.mark.parametrize("command", ["", *sorted(COMMANDS)])
def test_every_commands_help_is_translated(pseudo, capsys, command):
    """``tcf-gui --help`` (the window's options too) and every command's."""
    code, out, err = run(capsys, *filter(None, [command]), "--help")
    assert code == 0 and out.startswith("[")  # argparse's own "usage:" too
    assert english(out) == [], out


@pytest.mark.parametrize("argv", [
    ["stats", "-n", "x"],
    ["stats", "--p1", "nosuch"],
    ["review", "--seed", "10", "--moves", "4"],
    ["coach", "QH QH 2C"],
    ["coach", "QH AH 2H"],
    ["tournament", "random"],
    ["demo", "nosuch"],
    ["history", "--yes"],
    ["nosuch"],
])
def test_a_bad_argument_is_one_translated_line(pseudo, capsys, argv):
    code, out, err = run(capsys, *argv)
    assert code == 2 and out == ""
    message = err.splitlines()[-1]
    assert "[" in message and english(message) == [], err


def test_review_and_coach_text_are_translated(pseudo, capsys):
    seed = 10
    moves = [slot1 for slot1, _slot2 in Match("random", "heuristic", seed).play_next().moves]
    code, out, err = run(capsys, "review", "--seed", str(seed), "--moves",
                         ",".join(str(move + 1) for move in moves))
    assert code == 0 and len(out.splitlines()) > len(moves) + 4
    assert english(out) == [], out
    code, out, err = run(capsys, "coach", "QH AH 3C", "--discards", "2H 7S")
    assert code == 0 and english(out) == [], out


def test_the_terminal_game_is_translated_but_the_labs_listing_is_not(pseudo, capsys,
                                                                     monkeypatch):
    monkeypatch.setattr("sys.stdin", io.StringIO("x\n" + "1\n" * 23))
    code, out, err = run(capsys, "play", "--text", "--seed", "12")
    lab = [line for line in out.splitlines() if line.startswith(("((", "-->", "!!!"))]
    prose = [line for line in out.splitlines() if line not in lab]
    assert code == 0 and lab and lab[-1].startswith("--> ")  # the lab's own words
    assert english("\n".join(prose)) == [], out


def test_history_text_is_translated(pseudo, capsys, history):
    history.add(*real_games(12, seed=2), *made_up_games(3, kind=WATCHED))
    code, out, err = run(capsys, "history", "--games", "5")
    assert code == 0 and len(out.splitlines()) >= 10
    assert english(out) == [], out


def test_the_lab_commands_text_is_translated(pseudo, capsys):
    for argv in (["stats", "-n", "200", "--seed", "3", "--workers", "1"],
                 ["duel", "heuristic", "random", "-n", "200", "--seed", "3", "--workers", "1"],
                 ["tournament", "random", "lazy", "heuristic", "-n", "100", "--seed", "3",
                  "--workers", "1"]):
        code, out, err = run(capsys, *argv)
        prose = [line for line in out.splitlines() if not line.startswith("*")]  # the lab's
        assert code == 0 and english("\n".join(prose)) == [], out


@pytest.mark.parametrize("argv", [
    ["stats", "-n", "300", "--seed", "5", "--workers", "1", "--json"],
    ["duel", "heuristic", "lazy", "-n", "200", "--seed", "5", "--workers", "1", "--json"],
    ["review", "--seed", "10", "--moves", "1,1", "--json"],
    ["coach", "QH AH 3C", "--json"],
    ["history", "--json", "--games", "4"],
    ["history", "--csv", "-"],
])
def test_machine_readable_output_is_the_same_in_every_language(pseudo, capsys, history, argv):
    history.add(*real_games(6, seed=4))
    english_run = run(capsys, *argv, lang="en")
    pseudo_run = run(capsys, *argv, lang="xx")
    assert english_run[0] == 0 and english_run[1]
    assert pseudo_run[:2] == english_run[:2]


def test_numbers_in_prose_are_written_as_the_language_writes_them(capsys):
    """German writes a decimal comma: the duel's z and the doctor's seconds too."""
    code, out, _ = run(capsys, "duel", "heuristic", "random", "-n", "200", "--seed", "3",
                       "--workers", "1", lang="de")
    assert code == 0 and re.search(r"z = \d+,\d\d\b", out), out
    assert not re.search(r"z = \d+\.\d", out)
