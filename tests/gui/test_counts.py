"""Every number on the table counts what the table shows, on every frame of the animations:
the deck's label and the status line's "cards left" count the cards lying on the deck (one
on its way to a hand has left it), the discards board counts the cards thrown (the ones on
their way to the pile too), at play and when watching."""
from __future__ import annotations

import re

import pygame
import pytest
from screen_tour import drawn, shown

from tcf_gui.gui import text_boxes
from tcf_gui.gui.layout import DECK, DISCARD
from tcf_gui.gui.play_scene import PlayScene
from tcf_gui.gui.scene_manager import SceneManager
from tcf_gui.gui.spectator import SpectatorScene
from tcf_gui.i18n import _, pgettext

SIZE = (1280, 720)
FRAME_MS = 16


def numbers(scene) -> dict[str, int]:
    """The counts drawn on one frame: the deck's label, the status line's, the board's."""
    with text_boxes.recording() as record:
        scene.manager.draw(pygame.Surface(SIZE))
    first = {}
    for box in record.boxes:
        first.setdefault(box.container, box.text)
    status = next(box.text for box in record.boxes if box.container == "status bar")
    return {"deck": int(first["deck label"]), "board": int(first["discards board"]),
            "status": int(re.search(r"(\d+) cards? left", status).group(1))}


def on_the_table(scene) -> dict[str, int]:
    """What the frame shows: the cards on the deck (less those flying from it) and the cards
    thrown (on the pile, and flying to it)."""
    flights = [frame.flight for frame in scene.timeline.frames(scene.now)]
    deck = scene.state.deck_count - sum(flight.src == DECK for flight in flights)
    thrown = len(scene.state.discards) + sum(flight.dst == DISCARD for flight in flights)
    return {"deck": deck, "board": thrown, "status": deck}


def watch_frames(scene, clock, turns: int, press=None) -> int:
    """Frame by frame through the deal and ``turns`` turns; every frame checked."""
    checked = moving = 0
    start = scene.game.turns
    while scene.game.turns < start + turns and not scene.game.over or scene.timeline.busy:
        if press and not scene.timeline.busy:
            clock.wait(scene, 600)
            press()
        clock.step(scene, ms=FRAME_MS)
        if scene.state.outcome is not None and scene.banner() is not None:
            break  # the banner covers the board
        assert numbers(scene) == on_the_table(scene), f"turn {scene.game.turns}, t={clock.now}"
        checked += 1
        moving += bool(scene.timeline.frames(scene.now))
    return moving


def test_at_play_every_frame_agrees(settings, clock, open_seed):
    scene = PlayScene(settings, SIZE, seed=open_seed)
    SceneManager(scene)
    moving = watch_frames(scene, clock, 4, press=lambda: clock.key(scene, pygame.K_1))
    assert moving > 50  # frames with cards in the air were looked at


@pytest.mark.parametrize("log", [False, True])
def test_when_watching_every_frame_agrees(settings, clock, log):
    settings.show_log = log
    scene = SpectatorScene(settings, SIZE, seed=4)
    SceneManager(scene)
    assert watch_frames(scene, clock, 5) > 50


@pytest.mark.parametrize("language", ["en", "xx", "de", "pl"])
@pytest.mark.parametrize("screen", ["table, mid-game", "review"])
def test_the_board_words_stand_apart_in_every_language(screen, language, speak, settings, clock,
                                                       history):
    """At 800x600 with the log or the review open, "discarded" and "to come" never run
    together, and neither is left out (the count alone beside "to come" read as the cards to
    come): on one line a clear gap apart, or on lines of their own."""
    if language != "en":
        speak(language)
    settings.show_log = True
    with shown(screen, settings, clock, history) as manager:
        record = drawn(manager, (800, 600))
    board = {box.text: pygame.Rect(box.rect) for box in record.boxes
             if box.container == "discards board"}
    discarded = board[pgettext("the count of cards on the table", "discarded")]
    to_come = board[_("to come")]
    apart = discarded.bottom <= to_come.top or to_come.left - discarded.right >= 12
    assert apart, (discarded, to_come)
