"""The person's game: Player 1 clicks a card to discard, Player 2 is a computer player.

Games come from a seeded run like a Match: game 1 is dealt from the run's seed, so the
seed on the status line replays that game as game 1 (``tcf-gui --seed S``). Player 2
decides from its View only, at the moment the person chooses, with the run's Player 2 rng.
"""
from __future__ import annotations

from typing import Iterator

import pygame

from ..engine.game import Game, new_seed
from ..engine.match import game_seeds, player_rngs
from ..engine.outcome import Outcome
from ..engine.strategies import make_strategy
from ..record import Record
from . import palette
from .render import Seat
from .scene import ENTER_KEYS, RULES_HELP, Options, Sounds, TableScene

SLOT_KEYS = {pygame.K_1: 0, pygame.K_2: 1, pygame.K_3: 2,
             pygame.K_KP1: 0, pygame.K_KP2: 1, pygame.K_KP3: 2}
RESULT_COLOURS = {0: palette.DRAW, 1: palette.WIN, 2: palette.LOSS}


class PlayScene(TableScene):
    """A person (Player 1) against a computer Player 2, game after game."""

    keys_help = [
        ("click, 1-3", "discard that card of yours (bottom row)"),
        ("click, key", "while cards move: hurry them along"),
        ("N / Enter", "new game, once this one is over"),
        ("L", "show or hide the turn log"),
        ("O", "open hands (both hands face up) from the next game"),
        ("F", "four-colour deck (green clubs, blue diamonds)"),
        ("S", "sound on or off"),
        ("+ / -", "animation speed: slow, normal, fast, instant"),
        ("H, F1", "this help (any key or click closes it)"),
        ("Esc", "quit"),
    ]
    banner_button = "New game  (N)"

    def __init__(self, settings: Options, size: tuple[int, int], *, seed: int | None = None,
                 opponent: str = "heuristic", sounds: Sounds | None = None,
                 record: Record | None = None) -> None:
        super().__init__(settings, size, sounds)
        self.record_before = record if record is not None else Record()
        """The all-time record as it stood when the session began."""
        self.run_seed = new_seed() if seed is None else seed
        self.opponent = opponent
        self.p2 = make_strategy(opponent, player_rngs(self.run_seed)[1])
        self.score = Record()
        self._seeds: Iterator[int] = game_seeds(self.run_seed)
        self.game_number = 0
        self._scored = False
        self.new_game()

    # -- the game --------------------------------------------------------------------------
    def new_game(self) -> None:
        self.game_number += 1
        self._scored = False
        self.show_game(Game(next(self._seeds), open_hands=self.settings.open_hands),
                       open_hands=self.settings.open_hands)

    @property
    def awaiting_choice(self) -> bool:
        """True when the person may discard: dealt, not over, nothing moving."""
        return self.state.dealt and not self.game.over and not self.timeline.busy

    def choose(self, slot: int) -> bool:
        """Player 1 discards ``slot``; Player 2 chooses from its view at the same moment."""
        if not self.awaiting_choice:
            return False
        slot2 = self.p2(self.game.view(2))
        self.animate(self.game.play_turn(slot, slot2))
        return True

    def after_update(self) -> None:
        self._count(self.state.outcome)

    def finish(self) -> None:
        """Count a game that ended in the engine but whose end was not shown yet (quitting)."""
        self._count(self.game.outcome)

    def _count(self, outcome: Outcome | None) -> None:
        """Add a decided game to the session score, once."""
        if outcome is not None and outcome.case is not None and not self._scored:
            self._scored = True
            self.score.add(outcome.case.winner)

    # -- input -----------------------------------------------------------------------------
    def click(self, pos: tuple[int, int]) -> None:
        if self.timeline.busy:
            self.timeline.hurry()
        elif self.state.outcome is not None:
            if self.layout.button.collidepoint(pos):
                self.new_game()
        elif self.awaiting_choice:
            slot = self.layout.hand_slot_at(pos)
            if slot is not None:
                self.choose(slot)

    def scene_key(self, key: int) -> None:
        """1-3 discard, N/Enter deal anew, O toggles open hands; other keys hurry moving cards."""
        if key == pygame.K_o:  # an option, like F or S: it works while cards move too
            self.settings.open_hands = not self.settings.open_hands
            state = "on" if self.settings.open_hands else "off"
            self.toast(f"Open hands {state} from the next game")
        elif self.timeline.busy:
            self.timeline.hurry()
        elif key in SLOT_KEYS:
            self.choose(SLOT_KEYS[key])
        elif key in (pygame.K_n, *ENTER_KEYS):
            if self.state.outcome is not None:
                self.new_game()
            else:
                self.toast("Finish this game first — Esc quits")

    def hover_slot(self) -> int | None:
        if not self.awaiting_choice:
            return None
        return self.layout.hand_slot_at(self.mouse)

    # -- words on the table ----------------------------------------------------------------
    def seats(self) -> dict[int, Seat]:
        hidden = "" if self.state.face_up[2] else ", cards hidden"
        return {1: Seat("You", "Player 1"), 2: Seat("Player 2", f"{self.opponent}{hidden}")}

    def hint(self) -> str:
        if self.awaiting_choice:
            return "Your turn: click a card (or press 1, 2, 3) to discard it"
        return ""

    def result_colour(self, winner: int) -> tuple[int, int, int]:
        return RESULT_COLOURS[winner]

    def status_text(self) -> tuple[str, str]:
        left = (f"{self.turn_text()}  ·  {self.state.deck_count} cards left  ·  "
                f"Game {self.game_number}  ·  seed {self.game.seed}")
        return left, f"You {self.score}   ·   {self.settings.speed}   ·   H help   L log"

    @property
    def record(self) -> Record:
        """The all-time record, this session's games included."""
        total = Record(**vars(self.record_before))
        total += self.score
        return total

    def help_lines(self) -> list[str]:
        return RULES_HELP + [f"Your record: this session {self.score}, all time {self.record}.", ""]
