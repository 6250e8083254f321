"""The shown table as a pure function of the engine's events (no pygame needed to check it)."""
from __future__ import annotations

import random

from tcf_gui.engine.cards import Suit
from tcf_gui.engine.events import Dealt
from tcf_gui.engine.game import play_game
from tcf_gui.gui.table_state import TableState, replay


def random_player(seed: int):
    rng = random.Random(seed)
    return lambda view: rng.randrange(3)


def test_replaying_a_games_events_shows_its_end():
    for seed in range(30):
        game = play_game(random_player(seed), random_player(seed + 100), seed)
        state = replay(game.events)
        assert state.hands == {1: game.hand1, 2: game.hand2}
        assert state.discards == tuple(card for _, card in game.discards)
        assert state.deck_count == game.cards_left and state.turns_shown == game.turns
        assert state.dealt and state.outcome == game.outcome and state.face_up[2]


def test_apply_never_changes_the_state_it_is_given():
    game = play_game(random_player(1), random_player(2), 5)
    before = TableState()
    after = before.apply(game.events[0])
    assert before == TableState() and after != before


def test_unseen_cards_per_suit_count_only_what_the_person_may_see():
    game = next(g for g in (play_game(random_player(s), random_player(s + 1), s) for s in range(100))
                if g.turns >= 2)
    events = [e for e in game.events if isinstance(e, Dealt) or getattr(e, "turn", 0) == 1]
    hidden = replay(events)  # after turn 1, Player 2's hand face down
    seen = list(hidden.discards) + list(hidden.hands[1])
    unseen = hidden.unseen_by_suit()
    for suit in Suit:
        assert unseen[suit] == 13 - sum(card.suit == suit for card in seen)
    assert sum(unseen.values()) == 52 - 3 - 2
    open_table = replay(events, TableState(face_up={1: True, 2: True}))
    assert sum(open_table.unseen_by_suit().values()) == 52 - 3 - 2 - 3
    watched = replay(events, TableState(face_up={1: False, 2: False}))  # a friend's game watched
    assert sum(watched.unseen_by_suit().values()) == 52 - 2  # the discards alone


def test_a_spectator_of_a_friends_game_counts_the_discards_alone():
    """The hands a spectator sees face down hold stand-ins (the 2 of clubs); they are no
    cards seen: with twelve clubs discarded one club is still to come, not minus two."""
    from tcf_gui.engine.cards import Card, Rank
    from tcf_gui.net.mirror import HIDDEN

    clubs = tuple(Card(rank, Suit.CLUB) for rank in Rank if rank is not Rank.KING)
    state = TableState(hands={1: (HIDDEN,) * 3, 2: (HIDDEN,) * 3},
                       face_up={1: False, 2: False}, discards=clubs)
    assert state.unseen_by_suit() == {Suit.CLUB: 1, Suit.DIAMOND: 13, Suit.HEART: 13, Suit.SPADE: 13}
