"""``tcf-gui demo``: the lab's demonstrations, printed in the lab's format."""
from __future__ import annotations

import re
import subprocess
import sys
from pathlib import Path

import pytest

from tcf_gui.cli import main
from tcf_gui.engine.cards import Card, Rank, Suit, make_deck

LAB_ORDER = [
    "make-deck", "establish-shuffled-deck", "deal-hands", "randomly-discard-cards",
    "replace-cards", "players-each-take-a-turn", "flush-p", "high-card", "straight-p",
    "analyze-hand", "analyze-game", "report-the-result", "hand-rep", "play-game",
    "compute-statistics", "randomly-heuristically-discard-cards",
]
REPO = Path(__file__).resolve().parents[2]

# -- reading the lab's notation back, independently of the code under test ---------------------
_PAIR = re.compile(r"\((\w+) \. (\w+)\)|NIL")
_RANKS = {str(n): Rank(n) for n in range(2, 11)} | {
    "JACK": Rank.JACK, "QUEEN": Rank.QUEEN, "KING": Rank.KING, "ACE": Rank.ACE}
_LETTER = {"10": "X", "JACK": "J", "QUEEN": "Q", "KING": "K", "ACE": "A"}


def cards_of(text: str) -> list[Card | None]:
    """The cards of a lab list such as ((10 . CLUB) NIL (ACE . SPADE)); None for NIL."""
    return [None if m.group(0) == "NIL" else Card(_RANKS[m.group(1)], Suit[m.group(2)])
            for m in _PAIR.finditer(text)]


def hand_after(line: str, name: str) -> list[Card | None]:
    prefix = f"--- *{name}* = "
    assert line.startswith(prefix), line
    return cards_of(line[len(prefix):])


def demo_output(capsys, *args: str) -> list[str]:
    assert main(["demo", *args]) == 0
    return capsys.readouterr().out.splitlines()


def blocks(lines: list[str], header: str) -> list[list[str]]:
    """The runs of a demo: each starts at its header line."""
    starts = [i for i, line in enumerate(lines) if line == header]
    assert starts and starts[0] == 0, lines[:3]
    return [lines[a:b] for a, b in zip(starts, starts[1:] + [len(lines)])]


# -- the lab's fixed data: its transcripts, line for line --------------------------------------
LAB_TEXT = {
    "flush-p": """\
>>> Testing: flush-p
((2 . CLUB) (ACE . CLUB) (10 . CLUB)) is a flush
((JACK . DIAMOND) (9 . DIAMOND) (5 . DIAMOND)) is a flush
((JACK . HEART) (10 . HEART) (9 . HEART)) is a flush
((2 . SPADE) (3 . SPADE) (ACE . SPADE)) is a flush
((10 . SPADE) (5 . DIAMOND) (ACE . SPADE)) is not a flush
((8 . CLUB) (9 . DIAMOND) (10 . HEART)) is not a flush""",
    "high-card": """\
>>> Testing: high-card
(QUEEN . SPADE) is the high card of
  ((10 . HEART) (5 . CLUB) (QUEEN . SPADE) (7 . HEART))
(ACE . CLUB) is the high card of
  ((2 . DIAMOND) (2 . CLUB) (10 . HEART) (4 . DIAMOND) (ACE . CLUB))
(ACE . DIAMOND) is the high card of
  ((ACE . DIAMOND) (ACE . CLUB) (5 . SPADE))""",
    "straight-p": """\
>>> Testing: straight-p
((5 . SPADE) (3 . DIAMOND) (4 . SPADE) (6 . CLUB)) is a straight
((5 . SPADE) (7 . DIAMOND) (4 . SPADE) (8 . CLUB)) is not a straight
((KING . HEART) (QUEEN . DIAMOND) (ACE . SPADE) (10 . CLUB) (JACK . DIAMOND)) is a straight
((ACE . CLUB) (2 . DIAMOND) (3 . SPADE)) is not a straight""",
    "analyze-hand": """\
>>> Testing: analyze-hand
((5 . SPADE) (3 . DIAMOND) (4 . SPADE)) is a BUST
((5 . CLUB) (9 . CLUB) (4 . CLUB)) is a (9 HIGH CLUB FLUSH)
((QUEEN . HEART) (ACE . HEART) (KING . HEART)) is a (ACE HIGH STRAIGHT HEART FLUSH)""",
    "analyze-game": """\
>>> Testing: analyze-game
Game 1 ...
*hand1* = ((2 . DIAMOND) (4 . DIAMOND) (JACK . HEART))
*hand2* = ((10 . SPADE) (KING . HEART) (QUEEN . HEART))
*game-state* = (BUST BUST)
Game 2 ...
*hand1* = ((10 . DIAMOND) (JACK . DIAMOND) (2 . DIAMOND))
*hand2* = ((3 . SPADE) (5 . SPADE) (4 . SPADE))
*game-state* = ((JACK HIGH DIAMOND FLUSH) (5 HIGH STRAIGHT SPADE FLUSH))""",
}


@pytest.mark.parametrize("name", sorted(LAB_TEXT))
def test_fixed_data_demos_print_the_labs_transcript(capsys, name):
    assert demo_output(capsys, name) == LAB_TEXT[name].splitlines()


def test_make_deck_prints_the_52_cards_in_the_labs_order(capsys):
    lines = demo_output(capsys, "make-deck")
    assert lines[0] == ">>> Testing: make-deck"
    assert lines[1].startswith("--- deck = ((2 . CLUB) (3 . CLUB) (4 . CLUB)")
    deck = cards_of(lines[1])
    assert deck[12] == Card(Rank.ACE, Suit.CLUB) and deck[13] == Card(Rank.TWO, Suit.DIAMOND)
    assert deck[-1] == Card(Rank.ACE, Suit.SPADE) and len(set(deck)) == 52
    assert lines[2:] == ["--- number of cards in deck = 52"]


def test_shuffle_deck_prints_a_seeded_shuffle_of_all_52_cards(capsys):
    lines = demo_output(capsys, "establish-shuffled-deck", "--seed", "4")
    assert lines[0] == ">>> Testing: shuffle-deck"  # the lab's own header for this demo
    assert lines[1].startswith("--- *deck* ... ((")
    deck = cards_of(lines[1])
    assert sorted(deck) == sorted(make_deck()) and deck != make_deck()
    assert lines[2:] == ["--- number of cards in *deck* = 52"]
    other = demo_output(capsys, "establish-shuffled-deck", "--seed", "5")
    assert cards_of(other[1]) != deck


def test_deal_hands_runs_twice_with_three_and_three_cards_and_46_left(capsys):
    runs = blocks(demo_output(capsys, "deal-hands"), ">>> Testing: deal-hands")
    assert len(runs) == 2
    for run in runs:
        assert len(run) == 4
        hand1, hand2 = hand_after(run[1], "hand1"), hand_after(run[2], "hand2")
        assert len(hand1) == len(hand2) == 3 and len(set(hand1 + hand2)) == 6
        assert None not in hand1 + hand2
        assert run[3] == "--- number of cards in *deck* = 46"
    assert runs[0][1:3] != runs[1][1:3]


def check_one_void_each(before: list, after: list) -> int:
    """The hand after a discard: one slot became NIL, the others kept their cards."""
    assert len(after) == 3 and after.count(None) == 1
    slot = after.index(None)
    assert [c for i, c in enumerate(before) if i != slot] == [c for c in after if c is not None]
    return slot


@pytest.mark.parametrize("name, runs", [
    ("randomly-discard-cards", 5),
    ("randomly-heuristically-discard-cards", 5),
])
def test_discard_demos_leave_one_void_per_hand(capsys, name, runs):
    found = blocks(demo_output(capsys, name, "--seed", "2"), f">>> Testing: {name}")
    assert len(found) == runs
    for run in found:
        assert len(run) == 5
        for before, after, who in ((run[1], run[3], "hand1"), (run[2], run[4], "hand2")):
            check_one_void_each(hand_after(before, who), hand_after(after, who))
        assert "NIL" in run[3] and "NIL" in run[4]


def test_replace_cards_fills_each_void_with_a_new_card(capsys):
    runs = blocks(demo_output(capsys, "replace-cards"), ">>> Testing: replace-cards")
    assert len(runs) == 4
    for run in runs:
        assert len(run) == 7
        dealt = hand_after(run[1], "hand1") + hand_after(run[2], "hand2")
        for offset, who in ((0, "hand1"), (1, "hand2")):
            before, voided, filled = (hand_after(run[1 + offset + k], who) for k in (0, 2, 4))
            slot = check_one_void_each(before, voided)
            assert filled[:slot] + filled[slot + 1:] == voided[:slot] + voided[slot + 1:]
            assert filled[slot] is not None and filled[slot] not in dealt


def check_turns(lines: list[str]) -> int:
    """The deal and then up to four turns, each changing one card in each hand; the number of
    turns shown."""
    assert lines[:2] == [">>> Testing: players-each-take-a-turn", "--- The hands ..."]
    turns = [i for i, line in enumerate(lines) if line == "--- Each player takes a turn ..."]
    hands = [(hand_after(lines[i], "hand1"), hand_after(lines[i + 1], "hand2"))
             for i in [2] + [t + 1 for t in turns]]
    for (old1, old2), (new1, new2) in zip(hands, hands[1:]):
        assert sum(a != b for a, b in zip(old1, new1)) == 1
        assert sum(a != b for a, b in zip(old2, new2)) == 1
    rest = lines[4 + 3 * len(turns):]
    if len(turns) < 4:  # the game ended: the demo says so and reports the result
        assert rest[0].startswith("--- The game is over: *game-state* = (")
        assert rest[-1].startswith("--> Player ") and len(rest) in (2, 3)
    else:
        assert rest == []
    return len(turns)


def test_players_each_take_a_turn_shows_the_deal_and_four_turns(capsys):
    shown = [check_turns(demo_output(capsys, "players-each-take-a-turn", "--seed", str(seed)))
             for seed in range(12)]
    # a random game often ends within four turns; the demo then says so and stops
    assert 4 in shown and min(shown) < 4


# The lab's own list of example game states (Part 5), one for each case of the cond.
LAB_GAME_STATES = [
    "(BUST BUST)",
    "((10 HIGH CLUB FLUSH) BUST)",
    "(BUST (QUEEN HIGH STRAIGHT HEART FLUSH))",
    "((6 HIGH STRAIGHT CLUB FLUSH) (ACE HIGH SPADE FLUSH))",
    "((KING HIGH CLUB FLUSH) (9 HIGH STRAIGHT DIAMOND FLUSH))",
    "((10 HIGH STRAIGHT SPADE FLUSH) (10 HIGH STRAIGHT HEART FLUSH))",
    "((QUEEN HIGH CLUB FLUSH) (QUEEN HIGH DIAMOND FLUSH))",
]
# Who wins each case, by RULES.md: 0 is the draw of the dead deck.
CASE_WINNERS = [0, 1, 2, 1, 2, 1, 2]


def test_report_the_result_covers_all_seven_cases(capsys):
    lines = demo_output(capsys, "report-the-result")
    assert lines[0] == ">>> Testing: report-the-result"
    starts = [i for i, line in enumerate(lines) if line.startswith("--- Case ")]
    cases = [lines[a:b] for a, b in zip(starts, starts[1:] + [len(lines)])]
    assert [c[0].split(":")[0] for c in cases] == [f"--- Case {k}" for k in range(1, 8)]
    for case, state, winner in zip(cases, LAB_GAME_STATES, CASE_WINNERS):
        assert case[1].startswith("*hand1* = ") and case[2].startswith("*hand2* = ")
        assert case[3] == f"*game-state* = {state}"
        report = case[4:]
        if winner == 0:
            assert report == ["--> The game is a draw. The deck is dead."]
            continue
        analyses = re.findall(r"BUST|\([^()]*\)", state[1:-1])
        both_flush = "BUST" not in analyses
        assert report[:-1] == (["!!! Both players found their way to a flush"] if both_flush else [])
        assert report[-1] == f"--> Player {winner} wins with {analyses[winner - 1]}"


def test_hand_rep_maps_six_random_hands_to_the_fixed_width_form(capsys):
    lines = demo_output(capsys, "hand-rep", "--seed", "9")
    assert lines[0] == ">>> Testing: hand-rep" and len(lines) == 7
    for line in lines[1:]:
        internal, external = line.split(" --> ")
        cards = re.findall(r"\((\w+) \. (\w+)\)", internal)
        assert len(cards) == 3
        expected = " ".join(f"({_LETTER.get(r, r)} . {s[0]})" for r, s in cards)
        assert external == f"({expected})"


TABLE_LINE = re.compile(r"^(\(\(. \. .\) \(. \. .\) \(. \. .\)\))    (\(\(. \. .\) \(. \. .\) \(. \. .\)\))$")


def test_play_game_plays_six_whole_games_in_the_labs_format(capsys):
    games = blocks(demo_output(capsys, "play-game", "--seed", "3"), ">>> Testing: play-game")
    assert len(games) == 6
    for game in games:
        body = game[1:]
        table = [TABLE_LINE.match(line) for line in body if TABLE_LINE.match(line)]
        report = body[len(table):]
        assert 1 <= len(table) <= 24  # the deal, then at most 23 turns
        assert report[-1].startswith("--> ") and len(report) in (1, 2)
        for old, new in zip(table, table[1:]):  # one card changes in each hand per turn
            for side in (1, 2):
                assert sum(a != b for a, b in zip(old.group(side).split(") ("),
                                                  new.group(side).split(") ("))) == 1
        if report[-1] == "--> The game is a draw. The deck is dead.":
            assert len(table) == 24


def counters_of(block: list[str]) -> dict[str, int]:
    return {m.group(1): int(m.group(2))
            for m in map(re.compile(r"^\*(\w+)-count\* = (\d+)$").match, block) if m}


def test_compute_statistics_for_10_100_and_1000_games(capsys):
    lines = demo_output(capsys, "compute-statistics")
    assert lines[0] == ">>> Testing: compute-statistics"
    assert any("turns actually taken" in line for line in lines)
    runs = _runs_of(lines)
    assert [games for _, games, _ in runs] == [10, 100, 1000] * 2
    assert [p2 for p2, _, _ in runs] == ["random"] * 3 + ["heuristic"] * 3
    for _, games, counts in runs:
        assert list(counts) == ["game", "turn", "win1", "win2", "draw", "f1f2"]
        assert counts["game"] == games
        assert counts["win1"] + counts["win2"] + counts["draw"] == games
        assert counts["f1f2"] <= counts["win1"] + counts["win2"]
        assert counts["turn"] <= 23 * games
    # the heuristic wins about 80% against random: 1000 games leave no doubt who is ahead
    heuristic_1000 = runs[-1][2]
    assert heuristic_1000["win2"] > 2 * heuristic_1000["win1"]


def _runs_of(lines: list[str]) -> list[tuple[str, int, dict[str, int]]]:
    runs, p2 = [], ""
    for i, line in enumerate(lines):
        if m := re.match(r"^--- Player 1 random, Player 2 (\w+)", line):
            p2 = m.group(1)
        if m := re.match(r"^--- \( compute-statistics (\d+) \)$", line):
            runs.append((p2, int(m.group(1)), counters_of(lines[i + 1:i + 7])))
    return runs


# -- the command itself -------------------------------------------------------------------------
def test_demo_alone_runs_all_demos_in_the_labs_order(capsys):
    everything = demo_output(capsys)
    assert demo_output(capsys, "all") == everything
    headers = [line for line in everything if line.startswith(">>> Testing: ")]
    expected = [("shuffle-deck" if name == "establish-shuffled-deck" else name) for name in LAB_ORDER]
    assert list(dict.fromkeys(headers)) == [f">>> Testing: {name}" for name in expected]


def test_a_seed_reproduces_the_transcript_and_each_demo_prints_the_same_alone(capsys):
    first = demo_output(capsys, "--seed", "11")
    assert demo_output(capsys, "--seed", "11") == first
    assert demo_output(capsys, "--seed", "12") != first
    alone = demo_output(capsys, "play-game", "--seed", "11")
    start = first.index(alone[0])
    assert first[start:start + len(alone)] == alone


def test_list_names_every_demo_in_order(capsys):
    lines = demo_output(capsys, "--list")
    assert [line.split()[0] for line in lines] == LAB_ORDER


def test_unknown_demo_is_an_argparse_error_listing_the_names(capsys):
    with pytest.raises(SystemExit) as exit_info:
        main(["demo", "flush"])
    assert exit_info.value.code == 2
    err = capsys.readouterr().err
    assert "no demonstration 'flush'" in err and "flush-p" in err and "Traceback" not in err


def test_python_dash_m_runs_a_demo():
    result = subprocess.run([sys.executable, "-m", "tcf_gui", "demo", "flush-p"], cwd=REPO,
                            capture_output=True, text=True, timeout=60)
    assert result.returncode == 0, result.stderr
    assert result.stdout.splitlines() == LAB_TEXT["flush-p"].splitlines()
