"""``tcf-gui coach`` and ``tcf-gui review``: text, JSON and one-line errors."""
from __future__ import annotations

import json
import re

import pytest

from tcf_gui.cli import main
from tcf_gui.engine.game import Game
from tcf_gui.engine.match import Match
from tcf_gui.engine.cards import parse_cards
from tcf_gui.words.notation import cards_text


def run(capsys, *argv: str) -> tuple[int, str, str]:
    code = main(list(argv))
    captured = capsys.readouterr()
    assert "Traceback" not in captured.err
    return code, captured.out, captured.err


def test_coach_prints_each_discard_and_marks_the_best(capsys):
    code, out, _ = run(capsys, "coach", "QH AH 3C")
    assert code == 0
    lines = [line for line in out.splitlines() if line.split()[:1] in (["1"], ["2"], ["3"])]
    assert [line.split()[1] for line in lines] == ["Q♥", "A♥", "3♣"]  # as players write them
    assert "<- best" in lines[2] and "best" not in lines[0] + lines[1]


def test_coach_takes_cards_as_it_prints_them(capsys):
    assert run(capsys, "coach", "Q♥ A♥ 3♣", "--discards", "2♥ 5♦") == run(
        capsys, "coach", "QH AH 3C", "--discards", "2H 5D")


def test_coach_json_has_three_choices_with_slots_1_to_3(capsys):
    code, out, _ = run(capsys, "coach", "QH AH 3C", "--discards", "2H 5D", "--json")
    answer = json.loads(out)
    assert code == 0 and answer["best"] == 3 and answer["turn"] == 2
    assert [c["slot"] for c in answer["choices"]] == [1, 2, 3]
    assert [c["card"] for c in answer["choices"]] == ["QH", "AH", "3C"]
    for choice in answer["choices"]:
        assert choice["win"] + choice["draw"] + choice["loss"] == pytest.approx(1, abs=1e-5)


def test_coach_with_open_hands_counts_the_opponents_hand(capsys):
    code, out, _ = run(capsys, "coach", "QH AH 3C", "--open", "KH 9H 4S", "--json")
    shown = json.loads(out)
    hidden = json.loads(run(capsys, "coach", "QH AH 3C", "--json")[1])
    assert code == 0 and shown["opponent_hand"] == ["KH", "9H", "4S"]
    assert hidden["opponent_hand"] is None
    # the opponent visibly keeps hearts: keeping our hearts is worth less than it seemed
    assert shown["choices"][2]["win"] < hidden["choices"][2]["win"]
    assert "holding K♥ 9♥ 4♠ (open hands)" in run(capsys, "coach", "QH AH 3C", "--open",
                                                   "KH 9H 4S")[1]


@pytest.mark.parametrize("argv, message", [
    (["coach", "QH AH AH"], "duplicate card: AH"),
    (["coach", "QH AH 3C", "--discards", "AH"], "AH cannot be both in the hand and discarded"),
    (["coach", "QH AH 3C", "--discards", "2C 4C 5C", "--turn", "2"], "more than the 2"),
    (["coach", "QH AH ZZ"], "not a card"),
    (["coach", "QH AH 3H"], "a flush already"),
    (["coach", "QH AH 3C", "--opponent", "lazy"], "cannot model"),
    (["coach", "QH AH 3C", "--turn", "x"], "not a whole number"),
    (["coach", "QH AH 3C", "--open", "QH 9H 4S"], "QH cannot be in the opponent's hand"),
    (["coach", "QH AH 3C", "--open", "2S 9S 4S"], "the opponent's hand is a flush already"),
    (["review", "--seed", "10", "--moves", "1,4"], "slot 1, 2 or 3"),
])
def test_impossible_positions_and_bad_input_exit_2_with_one_line(capsys, argv, message):
    try:
        code = main(argv)
    except SystemExit as stop:
        code = stop.code
    captured = capsys.readouterr()
    assert code == 2 and message in captured.err
    assert "Traceback" not in captured.err and captured.out == ""


def window_moves(seed: int) -> list[int]:
    """The slots a random player discarded in game ``seed`` against the heuristic."""
    return [slot1 for slot1, _ in Match("random", "heuristic", seed).play_next().moves]


SEED = next(s for s in range(100) if len(window_moves(s)) >= 3)


def test_review_shows_every_turn_and_a_summary(capsys):
    moves = window_moves(SEED)
    code, out, _ = run(capsys, "review", "--seed", str(SEED), "--moves",
                       ",".join(str(m + 1) for m in moves))
    assert code == 0
    rows = [line for line in out.splitlines() if line[:4].strip().isdigit()]
    assert len(rows) == len(moves)
    assert all(re.search(r"%  .*[-+\u2212]?\d+$", row) for row in rows)  # accuracy; luck last
    lines = out.splitlines()
    assert lines[-5].startswith("Best moves: ") and lines[-4].startswith("Accuracy ")
    assert lines[-3].startswith("Luck: the cards favoured")
    assert "had luck been even" in lines[-2] and lines[-1].startswith("Errors: ")
    first_hand = Game.replay(SEED, [])
    assert cards_text(first_hand.hand1) in rows[0]  # as players write the cards


def test_without_the_suit_symbols_the_cards_read_as_the_command_line_takes_them():
    from tcf_gui.commands.coach import advice_lines
    from tcf_gui.engine.coach import Position, advise

    advice = advise(Position.from_cards(parse_cards("QH AH XC"), [], None, None), "heuristic")
    lines = advice_lines(advice, symbols=False)
    assert lines[0].startswith("Your hand: QH AH 10C ")
    assert not any(ord(char) > 127 for line in lines for char in line)


def test_review_json_has_each_moves_accuracy_and_the_games(capsys):
    from tcf_gui.engine.skill import move_accuracy

    moves = window_moves(SEED)
    answer = json.loads(run(capsys, "review", "--seed", str(SEED), "--moves",
                            ",".join(str(m + 1) for m in moves), "--json")[1])
    accuracies = [turn["accuracy"] for turn in answer["turns"]]
    assert all(0 <= a <= 100 for a in accuracies)
    assert accuracies == [pytest.approx(move_accuracy(t["given_up"]), abs=1e-3)
                          for t in answer["turns"]]
    assert answer["accuracy"] == pytest.approx(sum(accuracies) / len(accuracies), abs=1e-3)
    assert answer["given_up"] == pytest.approx(sum(t["given_up"] for t in answer["turns"]),
                                               abs=1e-5)
    assert (answer["model"], answer["stand_in"]) == ("heuristic", False)


@pytest.mark.parametrize("seed", [SEED, SEED + 1, SEED + 2])
def test_review_json_splits_the_result_into_start_luck_and_skill(capsys, seed):
    moves = window_moves(seed)
    answer = json.loads(run(capsys, "review", "--seed", str(seed), "--moves",
                            ",".join(str(m + 1) for m in moves), "--json")[1])
    assert answer["over"] and answer["result"] in (0.0, 0.5, 1.0)
    assert answer["result"] == {1: 1.0, 2: 0.0, 0: 0.5}[answer["winner"]]
    assert abs(answer["start"] + answer["luck"] + answer["skill"] - answer["result"]) < 1e-6
    assert 0.3 < answer["start"] < 0.7
    turns = answer["turns"]
    assert answer["luck"] == pytest.approx(answer["deal_luck"] + sum(t["luck"] for t in turns),
                                           abs=1e-5)
    assert answer["skill"] == pytest.approx(sum(t["skill1"] + t["skill2"] for t in turns),
                                            abs=1e-5)
    assert all(t["label"] in (None, "doubtful", "bad", "very_bad") for t in turns)
    assert sum(answer["errors"].values()) == sum(t["label"] is not None for t in turns)


def test_review_of_an_opponent_the_coach_cannot_model_says_normal_stood_in(capsys):
    moves = [slot1 for slot1, _ in Match("random", "lazy", SEED).play_next().moves]
    argv = ["review", "--seed", str(SEED), "--moves", ",".join(str(m + 1) for m in moves),
            "--opponent", "lazy"]
    code, out, _ = run(capsys, *argv)
    assert code == 0 and "(scored against the Normal model)" in out.splitlines()[0]
    answer = json.loads(run(capsys, *argv, "--json")[1])
    assert (answer["opponent"], answer["model"], answer["stand_in"]) == ("lazy", "heuristic", True)


def test_review_json_matches_the_moves(capsys):
    moves = window_moves(SEED)
    code, out, _ = run(capsys, "review", "--seed", str(SEED), "--moves",
                       ",".join(str(m + 1) for m in moves), "--json")
    answer = json.loads(out)
    assert code == 0 and answer["over"]
    assert [t["slot"] for t in answer["turns"]] == [m + 1 for m in moves]
    for turn in answer["turns"]:
        assert turn["given_up"] == pytest.approx(max(0, turn["best_win"] - turn["win"]), abs=1e-5)


def test_review_refuses_more_moves_than_the_game_has(capsys):
    moves = window_moves(SEED)
    code, out, err = run(capsys, "review", "--seed", str(SEED), "--moves",
                         ",".join(["1"] * (len(moves) + 30)))
    assert code == 2 and out == ""
    assert "the game is over after" in err and len(err.strip().splitlines()) == 1


def test_review_against_a_strategy_file_that_fails_says_so_in_one_line(capsys, tmp_path):
    # the replay plays the opponent's file: it failing was a traceback (StrategyError)
    mine = tmp_path / "broken.py"
    mine.write_text("def choose(view):\n    raise ValueError('no idea')\n")
    code, out, err = run(capsys, "review", "--seed", str(SEED), "--moves", "1",
                         "--opponent", str(mine))
    assert code == 2 and out == ""
    assert err.strip().splitlines() == [
        f"tcf-gui review: error: strategy {mine} raised ValueError: no idea"]


def test_review_replays_the_game_play_text_deals_from_a_fresh_runs_seed(capsys):
    # play --text prints a fresh run's seed (2**63 or more), whose game 1 is dealt from a hash
    # of it; review dealt Game(seed) itself: another deal, reviewed as if it were the one played
    seed = 2**64 - 1
    game = Match("lazy", "heuristic", seed).play_next()
    dealt = Match("lazy", "heuristic", seed).new_game()
    dealt.deal()
    assert game.turns > 0
    code, out, _ = run(capsys, "review", "--seed", str(seed), "--moves",
                       ",".join("1" * game.turns), "--json")
    answer = json.loads(out)
    assert code == 0 and answer["turns"][0]["hand"] == [c.code for c in dealt.hand1]
    assert answer["over"] and answer["winner"] == game.outcome.winner


def test_review_of_a_game_that_ended_at_the_deal_says_so(capsys):
    # it said "the game is over after 0 turns, but 1 moves were given"
    seed = next(s for s in range(1000) if _ends_at_the_deal(s))
    code, out, err = run(capsys, "review", "--seed", str(seed), "--moves", "1")
    assert code == 2 and out == ""
    assert err.strip().splitlines() == [
        "tcf-gui review: error: the game ended at the deal, before the first turn: there is "
        "no move to review"]


def _ends_at_the_deal(seed: int) -> bool:
    game = Match("lazy", "heuristic", seed).new_game()
    game.deal()
    return game.over
