"""``tcf-gui play --text``: a whole game in the terminal against the heuristic."""
from __future__ import annotations

import io

import pytest

from tcf_gui.cli import main
from tcf_gui.commands.terminal_game import PROMPT, QuitGame, ask_discard, play_text
from tcf_gui.engine.events import Discarded, Drew
from tcf_gui.engine.game import Game
from tcf_gui.engine.match import Match
from tcf_gui.words.cards import hand_name
from tcf_gui.words.results import explain
from tcf_gui.words.notation import card_text, cards_text
from tcf_gui.console.table import hand_row
from tcf_gui.lab.transcripts import play_game_lines

HIDDEN = hand_row(None, True)

def play(monkeypatch, capsys, typed: str, *args: str) -> tuple[int, str]:
    """Run ``tcf-gui play --text ARGS`` with ``typed`` as the keyboard; (exit code, output)."""
    monkeypatch.setattr("sys.stdin", io.StringIO(typed))
    code = main(["play", "--text", *args])
    captured = capsys.readouterr()
    assert "Traceback" not in captured.err
    return code, captured.out


def reference_game(seed: int, slot: int, open_hands: bool = False) -> Game:
    """The game a player who always discards ``slot`` plays against the heuristic."""
    match = Match(f"lazy:slot={slot}", "heuristic", seed, open_hands=open_hands)
    return match.play_next()


def seed_where(condition) -> int:
    return next(seed for seed in range(10_000) if condition(seed))


#: A deal whose game lasts a few turns whichever single slot Player 1 keeps discarding.
SEED = seed_where(lambda s: all(reference_game(s, slot).turns >= 4 for slot in range(3)))


def test_ask_discard_takes_1_2_or_3_and_asks_again_after_wrong_input():
    out = io.StringIO()
    assert ask_discard(io.StringIO("x\n7\n\n 3 \n"), out) == 2
    text = out.getvalue()
    assert text.count(PROMPT) == 4 and text.count("Not a choice") == 3


def test_a_long_wrong_answer_is_not_shown_back_whole():
    # a pasted line of 100000 characters was printed back whole in 'Not a choice'
    out = io.StringIO()
    assert ask_discard(io.StringIO("1" * 100_000 + "\n2\n"), out) == 1
    assert len(out.getvalue()) < 300 and "(100000 characters)" in out.getvalue()


@pytest.mark.parametrize("typed", ["q\n", "Q\n", "quit\n", ""])
def test_q_or_the_end_of_input_quits(typed):
    with pytest.raises(QuitGame) as stop:
        ask_discard(io.StringIO(typed), io.StringIO())
    assert stop.value.code == 0


def test_ctrl_c_quits_with_130_and_no_traceback():
    class Interrupting(io.StringIO):
        def readline(self, *args):
            raise KeyboardInterrupt

    out = io.StringIO()
    assert play_text(SEED, False, Interrupting(), out) == 130
    assert "You quit on turn 1" in out.getvalue()


def test_bad_input_then_valid_then_q(monkeypatch, capsys):
    code, out = play(monkeypatch, capsys, "x\n0\n1\nq\n", "--seed", str(SEED))
    assert code == 0
    assert out.count("Not a choice") == 2
    assert out.count("--- Turn 1:") == 1 and "--- Turn 2:" in out
    assert f"You quit on turn 2. Seed {SEED}: replay this deal with" in out
    assert "=== Game over" not in out


def test_q_at_once_quits_cleanly_with_the_seed(monkeypatch, capsys):
    code, out = play(monkeypatch, capsys, "q\n", "--seed", "77")
    assert code == 0
    assert out.rstrip().endswith("tcf-gui play --text --seed 77")


def test_end_of_input_quits_cleanly(monkeypatch, capsys):
    code, out = play(monkeypatch, capsys, "", "--seed", "3")
    assert code == 0 and "You quit on turn 1" in out


def test_each_turn_shows_the_table_with_the_opponent_hidden(monkeypatch, capsys):
    game = reference_game(SEED, 0)
    code, out = play(monkeypatch, capsys, "1\n" * 23, "--seed", str(SEED))
    during, _, after = out.partition("=== Game over")
    first_hands = game.hand_history()[0]
    assert f" {hand_row(first_hands[0], True):<28}{HIDDEN}" in during.splitlines()
    assert " 1    2    3" in during.splitlines()  # the slot to type under each card
    assert hand_row(first_hands[1], True) not in during  # Player 2's hand stays hidden
    assert "--- Turn 1: 46 cards left in the deck" in during
    assert during.count(PROMPT) == game.turns


def test_a_full_game_to_the_end_matches_the_engine(monkeypatch, capsys):
    """Typing 1 every turn is the lazy player: the same game, line for line."""
    game = reference_game(SEED, 0)
    code, out = play(monkeypatch, capsys, "1\n" * 23, "--seed", str(SEED))
    assert code == 0
    end = out[out.index("=== Game over"):].splitlines()
    assert end[0].startswith(f"=== Game over after {game.turns} turn")
    table = play_game_lines(game)  # the lab's listing as the lab prints it, its report too
    assert end[1:1 + len(table)] == table and end[1 + len(table)] == ""
    words = explain(game.outcome, game.turns, you=1)
    assert end[2 + len(table):] == [  # then as players write it
        f"Your hand:       {cards_text(game.hand1)}  -- {hand_name(game.outcome.analysis1)}",
        f"Player 2's hand: {cards_text(game.hand2)}  -- {hand_name(game.outcome.analysis2)}",
        words.title,
        words.reason,
        f"Seed {SEED}: replay this deal with  tcf-gui play --text --seed {SEED}"]


def test_after_each_turn_it_tells_what_was_discarded_and_drawn(monkeypatch, capsys):
    game = reference_game(SEED, 2)
    code, out = play(monkeypatch, capsys, "3\n" * 23, "--seed", str(SEED))
    turn1 = [e for e in game.events if isinstance(e, (Discarded, Drew)) and e.turn == 1]
    mine = [card_text(e.card) for e in turn1 if e.player == 1]
    theirs = [card_text(e.card) for e in turn1 if e.player == 2]
    assert (f"You discarded {mine[0]} and drew {mine[1]}; "
            f"Player 2 discarded {theirs[0]} and drew a card.") in out


def test_open_hands_show_the_opponents_hand_and_draws(monkeypatch, capsys):
    game = reference_game(SEED, 1, open_hands=True)
    code, out = play(monkeypatch, capsys, "2\n" * 23, "--seed", str(SEED), "--open")
    assert code == 0
    hand1, hand2 = game.hand_history()[0]
    assert f" {hand_row(hand1, True):<28}{hand_row(hand2, True)}" in out.partition("=== Game over")[0]
    assert HIDDEN not in out and "drew a card" not in out
    assert out.rstrip().endswith("--open")


def test_a_game_decided_by_the_deal_asks_nothing(monkeypatch, capsys):
    def flush_at_deal(seed: int) -> bool:
        game = Game(seed)
        game.deal()
        return game.over

    seed = seed_where(flush_at_deal)
    code, out = play(monkeypatch, capsys, "", "--seed", str(seed))
    assert code == 0 and PROMPT not in out
    assert "=== Game over after 0 turns" in out


def test_without_a_seed_a_fresh_one_is_printed_to_replay(monkeypatch, capsys):
    code, out = play(monkeypatch, capsys, "q\n")
    assert code == 0 and "replay this deal with  tcf-gui play --text --seed " in out


def test_play_alone_opens_the_window_with_its_deal(monkeypatch):
    opened = []
    monkeypatch.setattr("tcf_gui.gui.launch.run_window", lambda args: opened.append(args) or 0)
    assert main(["play"]) == 0
    assert main(["play", "--seed", "27", "--open"]) == 0
    assert [(args.seed, args.open, args.daily, args.spectate) for args in opened] == [
        (None, False, False, False), (27, True, False, False)]


@pytest.mark.parametrize("extra", [["--host"], ["--spectators"], ["--daily", "--seed", "3"]])
def test_play_without_text_refuses_what_the_window_cannot_do(capsys, monkeypatch, extra):
    monkeypatch.setattr("tcf_gui.gui.launch.run_window", lambda args: pytest.fail("opened"))
    assert main(["play", *extra]) == 2
    assert "tcf-gui play: error: --" in capsys.readouterr().err


@pytest.mark.parametrize("extra", [["--timer", "30"], ["--spectators"],
                                   ["--join", "127.0.0.1:1", "7KQ-M4X-PDR", "--timer", "0"]])
def test_the_hosts_options_without_host_are_refused(monkeypatch, capsys, extra):
    # they were dropped without a word: a game against the computer has no timer
    monkeypatch.setattr("sys.stdin", io.StringIO("q\n"))
    assert main(["play", "--text", *extra]) == 2
    out, err = capsys.readouterr()
    assert out == "" and err == ("tcf-gui play: error: --timer and --spectators set up a table "
                                 "you host: they go with --host\n")


def test_a_terminal_without_the_suit_symbols_reads_letters(monkeypatch, capsys):
    """A cp1252 or ASCII terminal gets 10S and KH, the letters the command line reads back."""
    game = reference_game(SEED, 0)
    typed = io.StringIO("1\n" * 23)
    raw = io.BytesIO()
    out = io.TextIOWrapper(raw, encoding="ascii")
    assert play_text(SEED, False, typed, out) == 0
    out.flush()
    text = raw.getvalue().decode("ascii")
    assert f" {hand_row(game.hand_history()[0][0], False):<28}" in text
    assert cards_text(game.hand1, symbols=False) in text
