"""Play a friend in the window, headless with posted events: the menu's Host and Join
dialogs, a game against a friend at another client on the loopback, the end screen's
check of the deal, the history of friend games kept apart, a server that goes away."""
from __future__ import annotations

import threading

import pygame
import pytest

from tcf_gui.gui.friend_menu import FormScene, FriendOptions, start_friend_table
from tcf_gui.cli import main
from tcf_gui.engine.coach.scoring import score_game
from tcf_gui.gui import palette, text_boxes
from tcf_gui.gui.friend_scene import FriendScene
from tcf_gui.gui.launch import Session, join_if_asked, save_session, start_friends
from tcf_gui.gui.menu import MenuScene
from tcf_gui.gui.play_scene import PlayScene
from tcf_gui.gui.review_scene import ReviewScene
from tcf_gui.gui.scene_manager import SceneManager
from tcf_gui.history.kinds import FRIEND, pool_kinds
from tcf_gui.words.notation import card_text
from tcf_gui.gui.end_panel import banner_line

from at_a_friends_table import hear, join_table, play_to_the_end
from netplay import Player, host_place, start_server

SIZE = (1280, 720)
SEED = 18  # game 1 lasts a few turns when both keep discarding slot 0 and 2 (netplay.dealt_seed)


@pytest.fixture
def server():
    thread, url = start_server(seed=SEED)
    yield thread, url
    thread.stop()


def top(scene):
    return scene.manager.stack[-1]


def menu_item(menu: MenuScene, label: str) -> int:
    return next(index for index, item in enumerate(menu.items) if item.label == label)


def choose(clock, scene, label: str) -> None:
    """Select the item ``label`` of the menu on top (arrow keys) and press Enter."""
    menu = top(scene)
    assert isinstance(menu, MenuScene), menu
    target = menu_item(menu, label)
    while menu.selected != target:
        clock.key(scene, pygame.K_DOWN)
    clock.key(scene, pygame.K_RETURN)


def type_text(clock, scene, text: str) -> None:
    clock.post(scene, pygame.event.Event(pygame.TEXTINPUT, text=text))


def window(settings, history, server_url: str | None = None) -> PlayScene:
    scene = PlayScene(settings, SIZE, seed=3, history=history)
    SceneManager(scene)
    scene.friend_options = FriendOptions(server=server_url, name="Ann")
    return scene


def at_anns_table(settings, history, clock, url: str) -> tuple[Player, PlayScene, FriendScene]:
    """Ann hosts a table; the window joins it; both are asked their first move."""
    ann = Player(url, "Ann", host_place())
    ann.until_type("seated")
    scene = window(settings, history)
    friend_scene = join_table(clock, scene, url, ann.table.code)
    ann.until_type("ask")
    return ann, scene, friend_scene


def test_host_from_the_menu_play_a_friend_and_keep_the_game(settings, history, clock, server):
    thread, url = server
    scene = window(settings, history, url.removeprefix("ws://"))
    clock.key(scene, pygame.K_ESCAPE)
    choose(clock, scene, "Play a friend")
    assert top(scene).title_text == "Play a friend"
    choose(clock, scene, "Host a table")
    host_menu = top(scene)
    assert host_menu.title_text == "Host a table"
    choose(clock, scene, "Open the table")
    friend_scene = top(scene)
    assert isinstance(friend_scene, FriendScene)
    hear(clock, scene, friend_scene, lambda: friend_scene.table.code)
    banner = friend_scene.banner()
    assert banner is not None and friend_scene.table.code in banner.title
    bob = Player(url, "Bob", {"type": "join", "code": friend_scene.table.code})
    hear(clock, scene, friend_scene, lambda: friend_scene.awaiting_choice)
    bob.until_type("ask")
    assert friend_scene.awaiting_choice and "Your turn" in friend_scene.hint()
    bob.move(2)  # Bob chooses first this turn: the window says so
    hear(clock, scene, friend_scene, lambda: friend_scene.table.chosen["friend"])
    assert friend_scene.hint().startswith("Waiting for you: your friend has chosen")
    clock.key(scene, pygame.K_1)
    hear(clock, scene, friend_scene,
         lambda: friend_scene.awaiting_choice or friend_scene.table.ending)
    bob.until_type("turn", "over")
    play_to_the_end(clock, scene, friend_scene, bob)
    banner = friend_scene.banner()  # the why line, and the check of the deal as a badge
    assert banner.subtitle == friend_scene.explanation().reason
    assert banner.notes[0] == ("deal verified", palette.WIN)
    games = history.games(pool_kinds("friends"))
    assert len(games) == 1 and games[0].kind == FRIEND and games[0].p2 == "Bob"
    assert games[0].replay().events == friend_scene.game.events
    assert not history.games(pool_kinds("computer"))
    # the rematch button deals game 2 once the friend asks too
    clock.key(scene, pygame.K_n)
    bob.client.send({"type": "rematch"})
    hear(clock, scene, friend_scene, lambda: friend_scene.table.number == 2)
    assert friend_scene.table.number == 2
    # leaving game 2 (the window closed, say) is a loss here and a win for Bob
    friend_scene.quit()
    assert bob.until(lambda m: m["type"] == "over" and m["game"] == 2)["abandoned_by"] == 1
    games = history.games(pool_kinds("friends"))
    assert len(games) == 2 and games[1].quit and games[1].winner == 2 and games[1].p2 == "Bob"
    bob.close()



def test_tcf_gui_join_opens_the_window_at_the_friends_table(settings, history, clock, monkeypatch):
    """The command's arguments reach the window (its loop stands aside here), which sits
    down at the table straight away, under the name given."""
    thread, url = start_server(seed=SEED)  # (a game that is not over at the deal)
    try:
        ann = Player(url, "Ann", host_place())
        ann.until_type("seated")
        opened = []
        monkeypatch.setattr("tcf_gui.gui.launch.run_window", lambda args: opened.append(args) or 0)
        assert main(["join", url.removeprefix("ws://"), ann.table.code.lower(),
                     "--name", "Bob"]) == 0
        table = PlayScene(settings, SIZE, seed=3, history=history)
        SceneManager(table)
        start_friends(opened[0], table)
        join_if_asked(opened[0], table)
        friend = top(table)
        assert isinstance(friend, FriendScene)
        hear(clock, table, friend, lambda: friend.table.number == 1)
        assert friend.table.seat == 2 and friend.table.friend_name == "Ann"
        seated = ann.until(lambda m: m["type"] == "friend" and m["present"])
        assert seated["name"] == "Bob"
        friend.quit()  # the window closes: the game just dealt counts as lost, and Ann is told
        over = ann.until_type("over")
        assert over["abandoned_by"] == 2
    finally:
        thread.stop()


def test_join_from_the_menu_types_the_address_and_the_code(settings, history, clock, server):
    thread, url = server
    ann = Player(url, "Ann", host_place())
    ann.until_type("seated")
    scene = window(settings, history)
    clock.key(scene, pygame.K_ESCAPE)
    choose(clock, scene, "Play a friend")
    choose(clock, scene, "Join a table")
    form = top(scene)
    assert isinstance(form, FormScene) and form.title_text == "Join a table"
    type_text(clock, scene, url.removeprefix("ws://"))
    clock.key(scene, pygame.K_RETURN)  # on to the code
    type_text(clock, scene, "not-a-code")
    clock.key(scene, pygame.K_RETURN)
    clock.key(scene, pygame.K_RETURN)  # Ann's name is there: submit
    assert top(scene) is form and "nine letters" in form.message
    for _ in range(len("not-a-code")):
        clock.key(scene, pygame.K_BACKSPACE)
    type_text(clock, scene, ann.table.code.lower().replace("-", ""))
    clock.key(scene, pygame.K_RETURN)
    friend_scene = top(scene)
    assert isinstance(friend_scene, FriendScene)
    hear(clock, scene, friend_scene, lambda: friend_scene.awaiting_choice)
    assert friend_scene.table.seat == 2 and friend_scene.table.friend_name == "Ann"
    assert friend_scene.seats()[1].name == "You" and friend_scene.seats()[2].name == "Ann"
    # the joiner's own hand is at the bottom of the picture, the host's face down on top
    assert [card for card in friend_scene.state.hands[1]] == friend_scene.table.hand
    assert friend_scene.state.face_up == {1: True, 2: False}
    # played to the end: the joiner's history keeps it too, against Ann, from this side
    ann.until_type("ask")
    while friend_scene.table.ending is None:
        ann.move(0)
        clock.key(scene, pygame.K_3)
        hear(clock, scene, friend_scene,
             lambda: friend_scene.awaiting_choice or friend_scene.table.ending)
        ann.until_type("turn", "over")
    [game] = history.games(pool_kinds("friends"))
    assert game.p2 == "Ann" and game.seed is None and game.turns == len(ann.table.moves)
    assert game.moves == tuple((b, a) for a, b in ann.table.moves)
    ann.close()


def test_a_friend_who_leaves_mid_game_shows_their_hand_and_counts_as_a_win(settings, history,
                                                                           clock, server):
    thread, url = server
    ann, scene, friend_scene = at_anns_table(settings, history, clock, url)
    ann.client.send({"type": "leave"})
    hear(clock, scene, friend_scene, lambda: friend_scene.table.ending)
    assert friend_scene.banner().title == "Ann left the table: the game counts as a win for you"
    assert friend_scene.state.face_up == {1: True, 2: True}
    assert friend_scene.state.hands[2] == friend_scene.table.ending.game.hand1  # Ann's, on top
    [game] = history.games(pool_kinds("friends"))
    assert game.winner == 1 and game.p2 == "Ann"
    clock.key(scene, pygame.K_n)  # no rematch with someone who left: nothing is asked
    assert "Rematch" not in friend_scene.status.note[0]
    clock.key(scene, pygame.K_ESCAPE)
    assert "Rematch" not in [item.label for item in top(scene).items]
    clock.key(scene, pygame.K_ESCAPE)
    # the result screen had no button and no way back; now Back (Enter) leaves the table
    assert friend_scene.banner().button == "Back  (Enter)"
    clock.key(scene, pygame.K_RETURN)
    assert top(scene) is scene
    ann.close()


def test_a_wrong_code_and_a_server_gone_are_one_line_each(settings, history, clock):
    thread, url = start_server(seed=SEED)
    ann = Player(url, "Ann", host_place())
    ann.until_type("seated")
    scene = window(settings, history)
    start_friend_table(scene, url, {"type": "join", "code": "000-000-000"})
    wrong = top(scene)
    hear(clock, scene, wrong, lambda: wrong.problem)
    assert wrong.banner().title == "Could not join the table"  # (was: "?" for both names)
    assert wrong.banner().subtitle.startswith("No table on 127.0.0.1")
    assert "?" not in [label.name for label in wrong.seats().values()]
    clock.key(scene, pygame.K_RETURN)
    assert top(scene) is scene
    friend_scene = join_table(clock, scene, url, ann.table.code)
    friend_scene.link.client.reconnect_s = 0.3
    before = history.unfinished_count()
    thread.kill()
    hear(clock, scene, friend_scene, lambda: friend_scene.problem)
    line = friend_scene.banner().subtitle
    assert "went away" in line and "\n" not in line
    assert history.unfinished_count() == before + 1
    resumed = history.resume_unfinished()  # a friend's game never comes back as the computer's
    assert resumed is None or resumed.kind != FRIEND


def test_without_the_net_extra_play_a_friend_says_how_to_install_it(settings, history, clock,
                                                                     monkeypatch):
    monkeypatch.setattr("tcf_gui.gui.friend_menu.net_available", lambda: False)
    scene = window(settings, history)
    clock.key(scene, pygame.K_ESCAPE)
    choose(clock, scene, "Play a friend")
    told = top(scene)
    assert told.title_text == "Play a friend"
    assert "websockets" in told.lines[0] and 'pip install ".[net]"' in told.lines[0]


def test_tables_heard_on_the_network_are_offered_and_fill_in_the_address(settings, history,
                                                                          clock):
    from tcf_gui.net.discovery import Found

    class Heard:
        found: list[Found] = []

    scene = window(settings, history)
    scene.friend_options.browser = Heard()
    clock.key(scene, pygame.K_ESCAPE)
    choose(clock, scene, "Play a friend")
    menu = top(scene)
    key = menu.frame_key
    Heard.found = [Found("Ann on kitchen", "10.0.0.5:8765")]  # heard while it is open
    assert menu.frame_key != key  # the loop draws it again
    clock.step(scene)
    choose(clock, scene, "Join Ann on kitchen (10.0.0.5:8765)")
    form = top(scene)
    assert isinstance(form, FormScene) and form.fields[0].value == "10.0.0.5:8765"
    assert form.fields[2].value == "Ann"
    type_text(clock, scene, "7kq-m4x-pdr")  # the code is what is left to type: it goes there
    assert [field.value for field in form.fields] == ["10.0.0.5:8765", "7KQ-M4X-PDR", "Ann"]


def test_the_server_command_without_the_extra_prints_the_hint(capsys, monkeypatch):
    from tcf_gui.cli import main

    monkeypatch.setattr("tcf_gui.net.net_available", lambda: False)
    assert main(["server", "--port", "9"]) == 1
    err = capsys.readouterr().err
    assert err.startswith("tcf-gui server: Playing a friend needs the websockets package")


def test_a_spectator_sees_both_hands_face_down_until_the_end(settings, history, clock):
    thread, url = start_server(seed=SEED)
    try:
        ann = Player(url, "Ann", host_place(spectators=True))
        ann.until_type("seated")
        scene = window(settings, history)
        start_friend_table(scene, url, {"type": "watch", "code": ann.table.code})
        watcher = top(scene)
        bob = Player(url, "Bob", {"type": "join", "code": ann.table.code})
        bob.until_type("ask")
        ann.until_type("ask")
        hear(clock, scene, watcher, lambda: watcher.table.number == 1)
        assert watcher.table.seat == 0 and watcher.state.face_up == {1: False, 2: False}
        assert watcher.seats()[1].name == "Ann" and watcher.seats()[2].name == "Bob"
        assert not watcher.awaiting_choice
        clock.key(scene, pygame.K_1)  # a spectator's keys play nothing
        assert not watcher.table.chosen["you"]
        while watcher.table.ending is None:
            ann.move(0)
            bob.move(2)
            for player in (ann, bob):
                player.until_type("turn", "over")
            hear(clock, scene, watcher, lambda: len(watcher.table.moves) == len(ann.table.moves)
                 and (ann.table.ending is None or watcher.table.ending is not None))
            if watcher.table.ending is None:  # the hands face down are no cards seen
                shown = watcher.counts()
                assert sum(shown.unseen_by_suit().values()) == 52 - len(shown.discards)
                hands = [line for line, _ in watcher.log_lines() if "out" not in line]
                assert hands and all(line.endswith("hidden") for line in hands), hands
                assert watcher.status_text()[0].startswith(
                    f"Turn {len(watcher.table.moves) + 1}  ·  {shown.deck_count} cards left  ·  ")
        assert watcher.table.ending.verdict.verified
        assert not history.games(pool_kinds("friends"))  # a game watched is nobody's game here
        winner = watcher.table.ending.winner  # the score is the players', not the watcher's
        counts = {1: "Ann won 1, Bob won 0, drawn 0", 2: "Ann won 0, Bob won 1, drawn 0",
                  0: "Ann won 0, Bob won 0, drawn 1"}
        assert watcher.status_text()[1].startswith(counts[winner] + "   ·   Esc menu")
        assert watcher.menus.main().lines == (f"Ann against Bob   ·   {counts[winner]}",)
    finally:
        thread.stop()


def test_a_server_gone_after_the_game_leaves_its_result_on_the_banner(settings, history, clock):
    """The end screen keeps the game's result and the check of the deal; the line about the
    server comes under them, and the one button (Back) sits in the banner's middle."""
    thread, url = start_server(seed=SEED)
    ann, scene, friend_scene = at_anns_table(settings, history, clock, url)
    play_to_the_end(clock, scene, friend_scene, ann)
    result = friend_scene.banner()
    assert result.button == "Rematch  (N)" and result.notes[0][0] == "deal verified"
    friend_scene.link.client.reconnect_s = 0.3
    unfinished = history.unfinished_count()
    thread.kill()
    hear(clock, scene, friend_scene, lambda: friend_scene.problem)
    clock.step(scene)
    banner = friend_scene.banner()
    assert (banner.title, banner.subtitle) == (result.title, result.subtitle)
    assert banner.button == "Back  (Enter)" and "went away" in banner.notes[0][0]
    assert banner.notes[0][0] == f"The server at {url.removeprefix('ws://')} went away"  # no more
    friend_scene.draw(pygame.Surface(SIZE))
    layout = friend_scene.layout
    assert layout.button.centerx == layout.banner.centerx
    assert len(history.games(pool_kinds("friends"))) == 1 and history.unfinished_count() == unfinished
    clock.key(scene, pygame.K_RETURN)
    assert top(scene) is scene


def test_a_friend_whose_connection_drops_is_said_away_then_back(settings, history, clock, server):
    thread, url = server
    ann, scene, friend_scene = at_anns_table(settings, history, clock, url)
    ann.client.drop()  # Ann's client reconnects by itself
    hear(clock, scene, friend_scene, lambda: not friend_scene.table.friend_present)
    assert friend_scene.hint() == "Ann lost the connection: their seat is held for a minute"
    hear(clock, scene, friend_scene, lambda: friend_scene.table.friend_present)
    assert friend_scene.status.note[0] == "Ann is back at the table"
    assert friend_scene.hint().startswith("Your turn")
    ann.close()


def test_the_close_button_in_a_game_asks_first_and_leaves_on_yes(settings, history, clock,
                                                                 server):
    """The window's close button mid-game asks as Leave the table does: no keeps the game
    (pressed again while it asks, it waits); yes closes the window, and the game is a loss
    here and a win there. The menu's Resume first must not take the table below with it."""
    thread, url = server
    ann, scene, friend_scene = at_anns_table(settings, history, clock, url)
    clock.key(scene, pygame.K_ESCAPE)
    choose(clock, scene, "Resume")
    assert scene.manager.stack == [scene, friend_scene] and not scene.done
    close = pygame.event.Event(pygame.WINDOWCLOSE)
    clock.post(scene, close)
    question = top(scene)
    assert isinstance(question, MenuScene) and question.title_text == "Leave the table?"
    clock.post(scene, close)  # pressed again: the same question, asked once
    assert top(scene) is question and scene.manager.stack.count(question) == 1
    choose(clock, scene, "Back to the game")
    assert scene.manager.stack == [scene, friend_scene] and friend_scene.table.in_game
    clock.post(scene, close)
    choose(clock, scene, "Leave (a loss)")
    clock.post(scene, *pygame.event.get(pygame.QUIT))  # what the loop reads next
    assert scene.manager.done
    [game] = history.games(pool_kinds("friends"))
    assert game.winner == 2 and game.p2 == "Ann" and game.quit  # from this side: Ann won
    assert ann.until_type("over")["abandoned_by"] == 2
    ann.close()


@pytest.mark.parametrize("size", [(800, 520), SIZE])
def test_a_spectator_of_players_with_long_names_still_sees_the_keys(size, settings, history,
                                                                      clock):
    """Two names of 24 characters: the status bar cuts them, not the keys."""
    long1, long2 = "Bartholomew Fitzwilliams", "Maximiliana Wolkenstein!"
    thread, url = start_server(seed=SEED)
    try:
        ann = Player(url, long1, host_place(spectators=True))
        ann.until_type("seated")
        scene = window(settings, history)
        start_friend_table(scene, url, {"type": "watch", "code": ann.table.code})
        watcher = top(scene)
        bob = Player(url, long2, {"type": "join", "code": ann.table.code})
        bob.until_type("ask")
        hear(clock, scene, watcher, lambda: watcher.table.number == 1)
        watcher.manager.size = size
        with text_boxes.recording() as record:
            watcher.manager.draw(pygame.Surface(size))
        status = [box.text for box in record.boxes if box.container == "status bar"]
        assert status[-1].startswith("Barthol… won 0, Maximil… won 0, drawn 0")
        assert status[-1].endswith("Esc menu   H help   L log"), status
        assert watcher.seats()[1].name == long1  # the seat keeps the whole name
    finally:
        thread.stop()


def test_your_skill_score_at_a_friends_table_fills_in_and_is_kept(settings, history, clock,
                                                                   server, gate):
    """The window joined as Player 2: its own moves are scored against the Normal model
    (a person is not modelled), under the end banner once worked out, and with the game in
    the history, whose record keeps no seed to score it from later."""
    thread, url = server
    ann, scene, friend_scene = at_anns_table(settings, history, clock, url)
    play_to_the_end(clock, scene, friend_scene, ann, pygame.K_3)
    assert friend_scene.banner().notes[-1:] == (("Accuracy: the coach is grading your moves…",
                                            palette.TEXT_DIM),)
    gate.set()
    clock.until(friend_scene, lambda: not friend_scene.scorer.working)
    expected = score_game(friend_scene.table.ending.game, None, seat=2)
    assert expected.stand_in and len(expected.decisions) == len(friend_scene.table.moves)
    assert expected.luck is not None and expected.seat == 2  # the deal revealed: its luck
    assert friend_scene.banner().notes[-1:] == ((banner_line(expected), palette.TEXT),)
    [kept] = history.games(pool_kinds("friends"))
    assert kept.seed is None and kept.skill.as_json() == expected.as_json()
    ann.close()


def test_a_score_still_coming_when_you_leave_is_kept(settings, history, clock, server, gate):
    """You leave the table before the coach is done: the window's table below takes the
    score when it comes and keeps it with the game (one you joined: no later chance)."""
    thread, url = server
    ann, scene, friend_scene = at_anns_table(settings, history, clock, url)
    play_to_the_end(clock, scene, friend_scene, ann, pygame.K_3)
    assert friend_scene.scorer.working
    friend_scene.quit()
    clock.step(scene)
    assert top(scene) is scene
    gate.set()
    clock.until(scene, lambda: not scene.scorer.working)
    [kept] = history.games(pool_kinds("friends"))
    expected = score_game(friend_scene.table.ending.game, None, seat=2)
    assert kept.seed is None and kept.skill.as_json() == expected.as_json()
    ann.close()


def test_a_score_still_coming_when_the_window_closes_is_kept(settings, history, clock, server,
                                                             gate):
    """The window is closed right at the end of a game you joined: it waits (bounded) for
    the coach once the window is gone and keeps the score with the game."""
    thread, url = server
    ann, scene, friend_scene = at_anns_table(settings, history, clock, url)
    play_to_the_end(clock, scene, friend_scene, ann, pygame.K_3)
    assert friend_scene.scorer.working
    clock.step(scene, [pygame.event.Event(pygame.QUIT)])
    assert scene.manager.done
    threading.Timer(0.2, gate.set).start()  # the coach answers after the window closed
    save_session(Session(settings, settings, None, [], history), scene)  # type: ignore[arg-type]
    [kept] = history.games(pool_kinds("friends"))
    expected = score_game(friend_scene.table.ending.game, None, seat=2)
    assert kept.seed is None and kept.skill is not None
    assert kept.skill.as_json() == expected.as_json()
    ann.close()


def test_r_at_the_end_reviews_your_moves_from_your_seat(settings, history, clock, server):
    """The window joined as Player 2: the review lists its own moves, graded against the
    Normal model, with its own hand at the bottom of the table."""
    thread, url = server
    ann, scene, friend_scene = at_anns_table(settings, history, clock, url)
    play_to_the_end(clock, scene, friend_scene, ann, pygame.K_2)  # (Ann: slot 3)
    clock.key(scene, pygame.K_r)
    review = top(scene)
    assert isinstance(review, ReviewScene) and review.seat == 2 and review.stand_in
    game = friend_scene.table.ending.game
    clock.until(review, lambda: not review.working and review.luck.done)
    assert review.skill().as_json() == score_game(game, None, seat=2).as_json()
    assert [turn.slot for turn in review.turns] == [move[1] for move in game.moves]
    assert review.state.hands[1] == tuple(game.hand_history()[0][1])  # yours, at the bottom
    assert review.seats()[2].name == "Ann"
    for index, turn in enumerate(review.turns):  # each row names the card you discarded
        assert f"−{card_text(turn.card)}  best" in review.turn_list.row_text(index)[0]
    clock.key(scene, pygame.K_END)
    assert review.state.hands[1] == tuple(game.hand2)
    clock.key(scene, pygame.K_ESCAPE)
    assert top(scene) is friend_scene
    clock.key(scene, pygame.K_ESCAPE)  # the menu offers it too
    choose(clock, scene, "Review")
    assert isinstance(top(scene), ReviewScene) and top(scene).seat == 2
    ann.close()


def test_the_close_button_closes_at_once_where_nothing_is_lost(settings, history, clock):
    scene = window(settings, history)
    clock.post(scene, pygame.event.Event(pygame.WINDOWCLOSE))
    assert scene.manager.done


def test_the_end_told_again_after_a_reconnect_counts_once(settings, history, clock, server):
    """A connection lost on the end screen comes back, and the server tells the game again,
    its end included: the table's score and the history count the game once."""
    thread, url = server
    ann, scene, friend_scene = at_anns_table(settings, history, clock, url)
    play_to_the_end(clock, scene, friend_scene, ann, pygame.K_3)  # (the window wins)
    score = list(friend_scene.score)
    assert friend_scene.table.ending.winner == friend_scene.table.seat and score == [1, 0, 0]
    taken: list[str] = []
    take = friend_scene.take
    friend_scene.take = lambda message: (taken.append(message["type"]), take(message))
    friend_scene.link.client.drop()
    hear(clock, scene, friend_scene, lambda: "over" in taken)
    assert friend_scene.score == score and not friend_scene.problem
    assert len(history.games(pool_kinds("friends"))) == 1
    ann.close()


def test_a_reconnect_mid_game_keeps_the_table_as_it_was(settings, history, clock, server):
    """The server tells the game so far again after a reconnect: the deal told again left
    the window's table empty (every card gone) until then; now the table stays as it was
    and the game goes on from it."""
    thread, url = server
    ann, scene, friend_scene = at_anns_table(settings, history, clock, url)
    clock.key(scene, pygame.K_1)
    ann.move(2)
    hear(clock, scene, friend_scene, lambda: friend_scene.awaiting_choice or friend_scene.table.ending)
    assert friend_scene.table.ending is None
    hands = {seat: list(cards) for seat, cards in friend_scene.state.hands.items()}
    taken: list[str] = []
    take = friend_scene.take
    friend_scene.take = lambda message: (taken.append(message["type"]), take(message))
    friend_scene.link.client.drop()
    hear(clock, scene, friend_scene, lambda: "deal" in taken and "turn" in taken
         and friend_scene.awaiting_choice)
    assert {seat: list(cards) for seat, cards in friend_scene.state.hands.items()} == hands
    assert list(friend_scene.state.hands[1]) == friend_scene.table.hand
    clock.key(scene, pygame.K_2)  # and the game goes on
    ann.until(lambda message: message["type"] == "waiting" and message["turn"] == 2
              and message["friend"])
    assert ann.table.turn == 2
    ann.move(0)
    hear(clock, scene, friend_scene, lambda: len(friend_scene.table.moves) == 2
         or friend_scene.table.ending)
    ann.close()


def test_your_name_is_your_real_name_and_is_remembered(settings, history, clock, monkeypatch):
    """The name defaulted to the login name capitalised ("Root") and was forgotten at the
    next start."""
    import pwd
    from types import SimpleNamespace

    from tcf_gui.config.settings import Settings, load_settings, save_option
    from tcf_gui.gui.friend_menu import friend_options, remember_name
    from tcf_gui.net.start import default_name

    for gecos, login, wanted in (("Ann Smith,,,", "ann", "Ann Smith"), ("root", "root", "Player"),
                                 ("", "bob", "Player"), ("bob", "bob", "Player")):
        monkeypatch.setattr(pwd, "getpwuid", lambda uid: SimpleNamespace(pw_gecos=gecos))
        monkeypatch.setattr("getpass.getuser", lambda: login)
        assert default_name() == wanted
    saved = Settings()
    scene = PlayScene(settings, SIZE, seed=3, history=history)
    SceneManager(scene)
    scene.keep = lambda name, value: save_option(saved, name, value)
    start_friends(SimpleNamespace(server=None, name=None, join=None), scene)
    assert friend_options(scene).name == "Player"
    remember_name(scene, "  Cy\x1b[2J  ")
    assert load_settings()[0].friend_name == "Cy[2J"
    again = PlayScene(settings, SIZE, seed=3, history=history)
    start_friends(SimpleNamespace(server=None, name=None, join=None), again,
                  load_settings()[0].friend_name)
    assert friend_options(again).name == "Cy[2J"


def test_the_card_you_chose_stays_up_and_a_second_key_is_answered(settings, history, clock,
                                                                  server):
    """The card chosen was not marked, and a second key was ignored without a word."""
    thread, url = server
    ann, scene, friend_scene = at_anns_table(settings, history, clock, url)
    chosen = friend_scene.table.hand[0]
    clock.key(scene, pygame.K_1)
    assert friend_scene.hover_slot() == 0  # it stands up until the turn is played
    clock.key(scene, pygame.K_2)
    assert friend_scene.status.note[0] == (
        f"You chose {card_text(chosen)} this turn: a card sent cannot be changed")
    ann.move(0)  # the window opens its move once Ann's commitment is in
    hear(clock, scene, friend_scene, lambda: len(friend_scene.table.moves) == 1
         or friend_scene.table.ending)
    turn = ann.until_type("turn")
    assert turn["slots"][1] == 0  # the first choice stands
    ann.close()
