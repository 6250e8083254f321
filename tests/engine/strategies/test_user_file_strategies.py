"""A user's own strategy from a Python file: it plays, and every way it can fail is a
one-line StrategyError naming the file, the function and the problem."""
from __future__ import annotations

import random

import pytest

from tcf_gui import i18n
from tcf_gui.engine.game import Game
from tcf_gui.engine.match import Match
from tcf_gui.engine.strategies.registry import StrategyError, make_strategy, parse_spec
from tcf_gui.engine.strategies.errors import RAISED, own_start
from tcf_gui.engine.strategies.user_file import NO_FUNCTION

MINE = '''
import sys
print("imported", __name__, file=sys.stderr)

def choose(view):
    return 2

def keep_pairs(view):
    suits = [card.suit for card in view.hand]
    for slot in range(3):
        if suits.count(suits[slot]) == 1:
            return slot
    return 0

def dice(view, rng):
    return rng.randrange(3)

def bad(view):
    return 3

def text(view):
    return "1"

def yes(view):
    return True

def boom(view):
    return {}["missing"]

def leave(view):
    import sys
    sys.exit("bye")
'''


@pytest.fixture
def mine(tmp_path):
    path = tmp_path / "mine.py"
    path.write_text(MINE)
    return path


def play(spec: str, seed: int = 3) -> Game:
    return Match("heuristic", spec, seed).play_next()


def test_a_file_strategy_plays(mine):
    assert play(f"{mine}:choose").moves == play("lazy:slot=2").moves
    assert play(f"{mine}").moves == play("lazy:slot=2").moves  # choose is the default


def test_a_file_strategy_can_be_a_combinator_member(mine):
    spec = f"majority:({mine}:choose),({mine}:choose),random"
    assert play(spec).moves == play("lazy:slot=2").moves


def test_a_function_that_asks_for_a_generator_gets_a_seeded_one(mine):
    game = Game(1)
    game.deal()
    def decisions(seed: int) -> list[int]:
        strategy = make_strategy(f"{mine}:dice", random.Random(seed))
        return [strategy(game.view(1)) for _ in range(40)]
    assert decisions(5) == decisions(5) != decisions(6)


def test_the_file_is_imported_once(mine, capfd):
    for _ in range(3):
        parse_spec(f"{mine}:keep_pairs")
        make_strategy(f"{mine}:choose")
    assert capfd.readouterr().err.count("] imported ") == 1


def error_of(spec: str, seed: int = 3) -> str:
    with pytest.raises(StrategyError) as error:
        play(spec, seed)
    message = str(error.value)
    assert "\n" not in message
    return message


def test_a_missing_file(tmp_path):
    assert error_of(f"{tmp_path}/nothere.py:choose") == \
        f"strategy file '{tmp_path}/nothere.py' does not exist"


def test_a_missing_function_lists_the_functions(mine):
    message = error_of(f"{mine}:chose")
    assert f"strategy file '{mine}' has no function 'chose'; functions in it: choose, " \
        "keep_pairs, dice, bad, text, yes, boom, leave" == message


def test_a_syntax_error(tmp_path):
    path = tmp_path / "broken.py"
    path.write_text("def choose(view:\n    return 0\n")
    message = error_of(f"{path}:choose")
    assert message.startswith(f"strategy file '{path}' does not import: SyntaxError")
    assert "line 1" in message


def test_an_error_while_importing(tmp_path):
    path = tmp_path / "fails.py"
    path.write_text("x = 1\nraise RuntimeError('not today')\n")
    assert error_of(str(path)) == \
        f"strategy file '{path}' does not import: RuntimeError: not today (line 2)"


@pytest.mark.parametrize("function, shown", [("bad", "3"), ("text", "'1'"), ("yes", "True")])
def test_a_bad_slot_names_file_function_and_value(mine, function, shown):
    message = error_of(f"{mine}:{function}")
    assert message.startswith(f"strategy {mine}:{function} as Player 2 returned {shown} on turn ")
    assert message.endswith("0 for card 1, 1 for card 2, 2 for card 3")


def test_an_exception_in_the_function_is_one_line(mine):
    assert error_of(f"{mine}:boom") == f"strategy {mine}:boom raised KeyError: 'missing'"


def test_sys_exit_in_the_function_is_one_line(mine):
    # SystemExit is no Exception: uncaught, it ended a pool worker and the run waited forever.
    assert error_of(f"{mine}:leave") == f"strategy {mine}:leave raised SystemExit: bye"


@pytest.fixture
def german():
    i18n.use_language("de")


def test_the_sandbox_speaks_the_engines_language_and_names_the_strategy_once(mine, german):
    # The lines come from the sandbox process; the engine shows its own lines as they are
    # (recognised by their German start), and anything else after "Strategie SPEC:".
    assert error_of(f"{mine}:boom") == f"Strategie {mine}:boom löste KeyError: 'missing' aus"
    message = error_of(f"{mine}:bad")
    assert message.startswith(f"Strategie {mine}:bad als Spieler 2 gab in Zug ")
    assert message.endswith("in view.hand zurück: 0 für Karte 1, 1 für Karte 2, 2 für Karte 3")
    assert error_of(f"{mine}:chose").startswith(
        f"Strategiedatei '{mine}' hat keine Funktion 'chose'")
    for spec in (f"{mine}:boom", f"{mine}:bad", f"{mine}:chose"):
        assert error_of(spec).count(str(mine)) == 1


def test_a_line_that_does_not_start_as_its_own_is_put_under_the_strategys_name(
        tmp_path, german):
    path = tmp_path / "liar.py"
    lie = "Strategie random löste KeyError aus"
    path.write_text("from tcf_gui.engine.strategies import StrategyError\n"
                    f"def choose(view):\n    raise StrategyError({lie!r})\n")
    assert error_of(f"{path}:choose") == f"Strategie {path}:choose: {lie}"


def test_own_start_is_the_template_up_to_the_first_other_field(german):
    assert own_start(RAISED, label="a.py:f") == "Strategie a.py:f löste "
    assert own_start(NO_FUNCTION, path="a.py") == "Strategiedatei 'a.py' hat keine Funktion "
    assert own_start("{error} in strategy {label}", label="a.py:f") is None
