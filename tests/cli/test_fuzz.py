"""Fuzzing the command line: odd argument lists, run in this process, end with an exit code
and at most a few lines on stderr, never a traceback and never a hang."""
from __future__ import annotations

import io
import sys

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from tcf_gui import cli

SMALL = ["0", "1", "3", "-1", "x", "", "1e3", "0x10", "٣", "nan", "inf", "-0"]
BIG = ["99999999999999999999999", "1" * 5000, "-" + "9" * 40]
TEXT = ["", " ", "=", "-", "--", "a,b", "((", "))", "\x00", "é—", "a" * 300 + ".png"]


@pytest.fixture(scope="module")
def files(tmp_path_factory):
    folder = tmp_path_factory.mktemp("fuzz")
    good = folder / "good.py"
    good.write_text("def choose(view):\n    return view.turn % 3\n")
    raises = folder / "raises.py"
    raises.write_text("def choose(view):\n    raise ValueError('no')\n")
    bad_import = folder / "bad_import.py"
    bad_import.write_text("raise KeyboardInterrupt\n")
    return {"good": str(good), "raises": str(raises), "bad_import": str(bad_import),
            "plot": str(folder / "run.png"), "csv": str(folder / "games.csv"), "folder": str(folder)}


def specs(files) -> st.SearchStrategy[str]:
    return st.sampled_from([
        "random", "heuristic", "lazy", "expert", "lazy:slot=3", "lazy:slot=x", "heuristic:nope=1",
        "majority:", "majority:random", "mix:p=2,random,lazy", "mix:p=nan,random,lazy",
        "majority:(random,lazy", "(" * 40 + "random" + ")" * 40, "nosuch", "x.py", "x.py:f:g",
        files["good"], f"{files['good']}:nothere", f"{files['good']}:1x", files["raises"],
        files["bad_import"], f"majority:{files['good']},random,lazy", files["folder"] + ".py",
        *TEXT,
    ])


def arguments(files) -> st.SearchStrategy[list[str]]:
    """A command and a jumble of its flags with odd values (every run stays small)."""
    spec = specs(files)
    value = st.sampled_from(SMALL + BIG + TEXT) | spec
    lab = st.sampled_from(["--seed", "--workers", "--engine", "--time-limit", "--plot",
                           "--json", "--open", "--watch", "--p1", "--p2", "-h", "--scheduler",
                           "local:100000", "tls://127.0.0.1:1", "--tls-ca", "--tls-cert",
                           "--tls-key", files["good"], files["folder"]])
    lab_tokens = st.lists(lab | value | st.just(files["plot"]) | st.just("single"), max_size=6)
    small_games = st.sampled_from(["1", "2", "5"])

    def run(command: str, extra: list[str], games: str) -> list[str]:
        return [command, *extra, "-n", games]

    stats = st.builds(run, st.just("stats"), lab_tokens, small_games)
    duel = st.builds(lambda a, b, extra, n: ["duel", a, b, *extra, "-n", n],
                     spec, spec, lab_tokens, small_games)
    tournament = st.builds(lambda names, extra, n: ["tournament", *names, *extra, "-n", n],
                           st.lists(spec, max_size=4), lab_tokens, small_games)
    demo = st.builds(lambda names, extra: ["demo", *names, *extra],
                     st.lists(st.sampled_from(["all", "nosuch", "play-game", "--list"]), max_size=2),
                     st.lists(st.sampled_from(["--seed", *SMALL, *BIG]), max_size=3))
    play = st.builds(lambda extra: ["play", *extra],
                     st.lists(st.sampled_from(["--text", "--seed", "--open", *SMALL, *BIG]),
                              max_size=4))
    history = st.builds(lambda extra: ["history", *extra],
                        st.lists(st.sampled_from(["--json", "--games", "--csv", files["csv"],
                                                  "-", *SMALL, *BIG]), max_size=4))
    window_first = st.builds(lambda flags, command: [*flags, *command],
                             st.lists(st.sampled_from(["--seed", "5", "--spectate", "--mute",
                                                       "--speed", "warp"]), min_size=1, max_size=3),
                             stats)
    return st.one_of(stats, duel, tournament, demo, play, history, window_first)


@settings(max_examples=120, deadline=None, derandomize=True,
          suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow])
@given(data=st.data())
def test_no_argument_list_gives_a_traceback(files, data, capsys, monkeypatch):
    argv = data.draw(arguments(files))
    monkeypatch.chdir(files["folder"])  # whatever a command writes lands there
    monkeypatch.setattr(sys, "stdin", io.StringIO("1\nq\n"))
    # `play` without --text opens the window: it closes after its first frame (a window
    # left open waits for events inside SDL, where no test timeout reaches it)
    monkeypatch.setenv("TCF_GUI_FIRST_FRAME_EXIT", "1")
    try:
        code = cli.main(argv)
    except SystemExit as stop:  # argparse: --help, or a refused argument
        code = stop.code
    out, err = capsys.readouterr()
    assert code in (0, 1, 2), (argv, code, err[-500:])
    assert "Traceback" not in err and "Traceback" not in out, argv
    if code != 0:
        assert err.strip(), argv
