"""The coach never shows the odds of another position: every sequence, up to a bounded
length, of the coach's key, the menu, the options' Coach, a turn and the worker answering,
is played on the table, and after each step what is drawn (the coach's line and its badges,
as the text record sees them) is the current position's odds, or nothing.

The odds are made up per position (so those of two positions differ) and the worker answers
only when the sequence says so, so every interleaving is tried, not just those a thread's
timing happens to give. Sequences are played breadth first; one that ends in a state an
earlier one reached goes on as that one does and is not played further (the coach of
before this test fails on C, answer, C, turn, Options → Coach: five steps).
"""
from __future__ import annotations

import itertools
import re
from dataclasses import replace

import pygame
import pytest

from tcf_gui.engine.coach import Position
from tcf_gui.engine.coach.advice import Advice, Choice
from tcf_gui.engine.coach.search import Odds
from tcf_gui.gui import coach_overlay, text_boxes
from tcf_gui.gui.menu import MenuScene
from tcf_gui.gui.notes import note_ms
from tcf_gui.gui.play_scene import PlayScene
from tcf_gui.gui.scene_manager import SceneManager
from tcf_gui.words.notation import card_text

#: Steps: C on the screen on top; Esc; Options → Coach → Right (from the table, the menu or
#: the options); the person discards card 1; the worker answers every question asked so far.
STEPS = ("C", "Esc", "options coach", "turn", "answer")
#: Every sequence of up to this many steps is played (the player's own sequence takes 7:
#: C, answer, turn, answer, C, turn, options coach).
LENGTH = 8
SIZE = (800, 520)
CAPTION = re.compile(r"Coach: discarding (\S+) wins (\d+)% \((\d+)% to complete")


def made_up_advice(view, opponent: str) -> Advice:
    """Odds that tell positions apart: they depend on the turn and on the hand."""
    choices = []
    for slot, card in enumerate(view.hand):
        win = ((view.turn * 37 + slot * 11 + card.index * 3) % 89 + 5) / 100
        choices.append(Choice(slot, card, Odds(win, 0.0, 1 - win, (view.turn * 13 + slot) % 50 / 100)))
    return Advice(Position.from_view(view), opponent, "expert", tuple(choices))


class HeldJob:
    """An OffLoop that answers only when the test lets it (``asked`` lists the jobs)."""

    asked: list["HeldJob"] = []

    def __init__(self, work, what: str) -> None:
        self.work, self.done = work, False
        HeldJob.asked.append(self)

    def result(self):
        assert self.done
        return self.work()


@pytest.fixture
def held(monkeypatch):
    HeldJob.asked = []
    monkeypatch.setattr(coach_overlay, "OffLoop", HeldJob)
    monkeypatch.setattr(coach_overlay, "advise_view", made_up_advice)


def shown_coach(manager: SceneManager) -> tuple[str | None, list[str]]:
    """What the table shows of the coach: its line (if it speaks of a discard) and its badges."""
    with text_boxes.recording() as record:
        manager.draw(pygame.Surface(SIZE))
    line = next((box.text for box in record.boxes if box.text.startswith("Coach: discarding")), None)
    badges = [box.text for box in record.boxes if box.container == "coach badge"]
    return line, badges


def expected(scene: PlayScene) -> tuple[str, list[str]]:
    advice = made_up_advice(scene.game.view(1), scene.opponent)
    best = advice.best
    line = (f"Coach: discarding {card_text(best.card)} wins {100 * best.win:.0f}% "
            f"({100 * best.odds.flush_next:.0f}% to complete a flush on the next draw)")
    return line, [f"{100 * choice.win:.0f}%" for choice in advice.choices]


def frames(clock, manager: SceneManager, count: int = 3) -> None:
    for _ in range(count):
        clock.step(manager.stack[-1], ms=300)


def do(step: str, scene: PlayScene, clock) -> None:
    manager = scene.manager
    if step in ("C", "Esc"):
        clock.key(manager.stack[-1], pygame.K_c if step == "C" else pygame.K_ESCAPE)
    elif step == "options coach":
        if manager.stack[-1] is scene:
            clock.key(scene, pygame.K_ESCAPE)
        top = manager.stack[-1]
        if isinstance(top, MenuScene) and top.title_text == "Menu":
            top.selected = [item.label for item in top.items].index("Options")
            clock.key(top, pygame.K_RETURN)
        top = manager.stack[-1]
        if isinstance(top, MenuScene) and top.title_text == "Options":
            top.selected = [item.label for item in top.items].index("Coach")
            clock.key(top, pygame.K_RIGHT)
    elif step == "turn":
        clock.key(manager.stack[-1], pygame.K_1)
    else:
        for job in HeldJob.asked:
            job.done = True
    frames(clock, manager)


@pytest.fixture(scope="module")
def seed() -> int:
    """A run seed whose game 1 lasts beyond LENGTH turns when the person discards card 1."""
    from table_seeds import first_long_game

    return first_long_game((0,), LENGTH + 1)


def signature(scene: PlayScene) -> tuple:
    """Everything that decides what the table shows next: the coach on or off, the screens
    open, the turn (with the person always discarding card 1, the turn is the position),
    whether the person may discard, and which positions the coach asked about and answered
    (the coach's own state). Two sequences that end in one signature go on alike."""
    coach = scene.coach

    def turn(position) -> int | None:
        return None if position is None else position[0].turn

    job = coach._job
    return (scene.settings.coach, tuple(getattr(s, "title_text", "table") for s in scene.manager.stack),
            scene.game.turns, scene.awaiting_choice, turn(coach._asked), turn(coach._answered),
            coach.advice is not None, None if job is None else job.done)


def play(steps: tuple[str, ...], settings, clock, seed: int, pictures) -> PlayScene:
    """A fresh table after ``steps`` (the pictures drawn once, shared by every run)."""
    HeldJob.asked = []
    scene = PlayScene(replace(settings), SIZE, seed=seed)
    scene.text, scene.renderer = pictures.text, pictures.renderer
    SceneManager(scene)
    frames(clock, scene.manager)
    for step in steps:
        do(step, scene, clock)
    return scene


def check(scene: PlayScene, steps: tuple[str, ...]) -> bool:
    """What the table shows of the coach is the current position's, or nothing (True when
    it showed odds)."""
    line, badges = shown_coach(scene.manager)
    if line is None and not badges:
        return False
    right_line, right_badges = expected(scene)
    where = f"after {' → '.join(steps)}"
    assert scene.settings.coach and scene.awaiting_choice, where
    assert line in (None, right_line), f"{where}: {line!r}, not {right_line!r}"
    assert badges in ([], right_badges), f"{where}: {badges}, not {right_badges}"
    return True


def test_every_sequence_of_coach_menu_options_turns_and_answers(held, settings, clock, seed):
    """Breadth first over every sequence of STEPS up to LENGTH long; a sequence that ends in
    a state (signature) an earlier one reached goes on as that one does, so it is checked
    there and not played again."""
    settings.speed = "instant"
    pictures = PlayScene(settings, SIZE, seed=seed)
    start = play((), settings, clock, seed, pictures)
    seen = {signature(start)}
    frontier, shown = [()], 0
    for _ in range(LENGTH):
        following = []
        for steps in frontier:
            for step in STEPS:
                scene = play(steps + (step,), settings, clock, seed, pictures)
                shown += check(scene, steps + (step,))
                state = signature(scene)
                if state not in seen:
                    seen.add(state)
                    following.append(steps + (step,))
        frontier = following
    assert len(seen) > 100 and shown > 50  # many states, odds on the table often: real work


def test_the_sequence_the_player_met_shows_the_new_odds_or_none(held, settings, clock, seed):
    """C, a turn, C again, a turn, then Esc → Options → Coach → Right: the dimmed table
    shows no odds of the first turn, only "working out"; once the worker has answered and
    the menus are closed, the odds of the new position."""
    settings.speed = "instant"
    scene = PlayScene(settings, SIZE, seed=seed)
    SceneManager(scene)
    frames(clock, scene.manager)
    for step in ("C", "answer", "turn", "C", "turn", "options coach"):
        do(step, scene, clock)
    assert isinstance(scene.manager.stack[-1], MenuScene) and scene.settings.coach
    assert shown_coach(scene.manager) == (None, [])
    assert scene.hint() == "Coach: working out the odds…"  # asked at once, under the menu
    for step in ("answer", "Esc", "Esc"):  # the table takes the answer once it is on top
        do(step, scene, clock)
    assert scene.manager.stack == [scene]
    line, badges = shown_coach(scene.manager)  # the note "Coach on" stands where the line is
    assert badges == expected(scene)[1] and line in (None, expected(scene)[0])
    clock.wait(scene, note_ms(scene.status.note[0]))  # then the line comes back
    assert shown_coach(scene.manager) == expected(scene)
