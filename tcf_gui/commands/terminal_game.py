"""A game against the computer in the terminal (``tcf-gui play --text``): the prompt, the
table shown before each turn, each turn's summary and the end.

The person sits in a PersonSeat of a TableSession: each turn they are shown Player 1's View
(the opponent's hand only with ``--open``) and the slot they type is their answer. Player 2
is the heuristic, seated with the run's Player 2 random generator, and sees only its own
View.
"""
from __future__ import annotations

from typing import Sequence, TextIO

from tcf_gui.levels import DEFAULT_OPPONENT
from tcf_gui.args import cut_text
from tcf_gui.console.table import table_lines
from tcf_gui.engine.events import Discarded, Drew, Event
from tcf_gui.engine.game import Game
from tcf_gui.engine.view import View
from tcf_gui.i18n import N_, _, ngettext
from tcf_gui.lab.transcripts import play_game_lines
from tcf_gui.play import PersonSeat, TableSession
from tcf_gui.words.cards import hand_name
from tcf_gui.words.notation import card_text, cards_text, prints_symbols
from tcf_gui.words.results import explain

# TRANSLATORS: the prompt of the terminal game; "q" is the key that quits, as typed.
PROMPT = N_("Discard 1, 2 or 3 (q quits): ")
OPPONENT = DEFAULT_OPPONENT


class QuitGame(Exception):
    """The player stopped the game: q or end of input (code 0), Ctrl-C (code 130)."""

    def __init__(self, code: int = 0) -> None:
        super().__init__(code)
        self.code = code


def ask_discard(stdin: TextIO, stdout: TextIO) -> int:
    """Ask until the answer is 1, 2 or 3 and return the slot (0, 1 or 2).

    Raises QuitGame on q, on the end of the input and on Ctrl-C.
    """
    while True:
        stdout.write(_(PROMPT))
        stdout.flush()
        try:
            line = stdin.readline()
        except KeyboardInterrupt:
            stdout.write("\n")
            raise QuitGame(130) from None
        if not line:
            stdout.write("\n")
            raise QuitGame(0)
        answer = line.strip().lower()
        if answer in ("q", "quit"):
            raise QuitGame(0)
        if answer in ("1", "2", "3"):
            return int(answer) - 1
        stdout.write(_("Not a choice: {answer!r}. Type 1, 2 or 3 for the card to discard, or q "
                       "to quit.").format(answer=cut_text(answer)) + "\n")


def view_lines(view: View, symbols: bool = True) -> list[str]:
    """What Player 1 is shown before a turn: the turn, the deck, the discards, both hands."""
    theirs = set(view.opponent_discards)
    return table_lines(turn=view.turn, cards_left=view.cards_left, you=_("You (Player 1)"),
                       other=_("Player 2"), other_title=_("Player 2 ({name})").format(name=OPPONENT),
                       hand=view.hand, other_hand=view.opponent_hand,
                       discards=[card for card in view.discards if card not in theirs],
                       other_discards=view.opponent_discards, symbols=symbols)


def turn_summary(events: Sequence[Event], open_hands: bool, symbols: bool = True) -> str:
    """What each player discarded and drew in one turn (Player 2's draw shows only when
    hands are open: a hidden hand stays hidden)."""
    discarded = {e.player: card_text(e.card, symbols=symbols) for e in events if isinstance(e, Discarded)}
    drew = {e.player: card_text(e.card, symbols=symbols) for e in events if isinstance(e, Drew)}
    return _("You discarded {mine} and drew {drawn}; Player 2 discarded {theirs} and drew "
             "{their_draw}.").format(mine=discarded[1], drawn=drew[1], theirs=discarded[2],
                                     their_draw=drew[2] if open_hands else _("a card"))


def replay_hint(seed: int, open_hands: bool) -> str:
    """'Seed 17: replay this deal with  tcf-gui play --text --seed 17'."""
    command = f"tcf-gui play --text --seed {seed}" + (" --open" if open_hands else "")
    return _("Seed {seed}: replay this deal with  {command}").format(seed=seed, command=command)


def end_lines(game: Game, seed: int, open_hands: bool, symbols: bool = True) -> list[str]:
    """The whole game as the lab's play-game prints it (its syntax, its report), then both
    hands and the result in players' words, and the seed to replay."""
    outcome = game.outcome
    assert outcome is not None
    words = explain(outcome, game.turns, you=1)
    return [
        "",
        ngettext("=== Game over after {n} turn. The game as the lab's play-game prints it:",
                 "=== Game over after {n} turns. The game as the lab's play-game prints it:",
                 game.turns).format(n=game.turns),
        *play_game_lines(game),
        "",
        _("Your hand:       {hand}  -- {what}").format(
            hand=cards_text(game.hand1, symbols=symbols), what=hand_name(outcome.analysis1)),
        _("Player 2's hand: {hand}  -- {what}").format(
            hand=cards_text(game.hand2, symbols=symbols), what=hand_name(outcome.analysis2)),
        words.title,
        words.reason,
        replay_hint(seed, open_hands),
    ]


def play_turns(session: TableSession, person: PersonSeat, stdin: TextIO, stdout: TextIO,
               symbols: bool) -> None:
    """The game on the session's table, turn by turn, to its end; QuitGame if the person
    stops."""
    assert session.game is not None
    while session.in_progress:
        session.poll()  # both seats are asked
        assert person.view is not None
        stdout.write("\n".join(view_lines(person.view, symbols)) + "\n")
        person.give(ask_discard(stdin, stdout))
        stdout.write(turn_summary(session.poll(), session.game.open_hands, symbols) + "\n")


def play_text(seed: int, open_hands: bool, stdin: TextIO, stdout: TextIO) -> int:
    """Play one game on the given streams; the exit code (0, or 130 after Ctrl-C).

    A thin adapter over a TableSession: the person's seat gets each line typed. Cards read
    10♠ and K♥, or 10S and KH on a terminal that cannot print the suits."""
    symbols = prints_symbols(stdout)
    person = PersonSeat()
    session = TableSession(person, OPPONENT, seed=seed, open_hands=open_hands)
    stdout.write(_(
        "Three Card Flush: you are Player 1, the {opponent} player is Player 2. Seed {seed}.\n"
        "Each turn both of you discard one card at once; then your void is filled from the\n"
        "deck, then Player 2's. The first flush wins; an empty deck with no flush is a draw.\n"
    ).format(opponent=OPPONENT, seed=seed))
    session.deal()
    game = session.game
    assert game is not None
    try:
        play_turns(session, person, stdin, stdout, symbols)
    except QuitGame as stop:
        stdout.write(_("You quit on turn {turn}.").format(turn=game.turns + 1) + " "
                     + replay_hint(seed, open_hands) + "\n")
        return stop.code
    stdout.write("\n".join(end_lines(game, seed, open_hands, symbols)) + "\n")
    return 0
