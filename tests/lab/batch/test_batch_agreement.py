"""The batch engine and the one-game engine agree: game for game on the same decks, and
each batch strategy makes its one-game form's choice in every situation tested."""
from __future__ import annotations

import zlib
from dataclasses import replace

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from batch_helpers import DETERMINISTIC, batch_view, one_game, random_decks, situations

from tcf_gui.engine.cards import CARDS
from tcf_gui.engine.strategies.registry import StrategyError, make_strategy, strategy_info
from tcf_gui.engine.view import View
from tcf_gui.lab.batch import (
    BatchHeuristic,
    GivenDecks,
    PythonPlayer,
    ShuffledDecks,
    batch_form,
    exact_one_game_spec,
    make_player,
    play_batch,
)
from tcf_gui.engine.strategies import registry

SEED = np.random.SeedSequence(7)
PAIRS = [(a, b) for a in DETERMINISTIC for b in ("lazy:slot=1", "heuristic", "expert")]
PAIRS += [(b, a) for a, b in PAIRS]


def play_both(p1: str, p2: str, decks: np.ndarray, open_hands: bool):
    batch = play_batch(make_player(p1, SEED), make_player(p2, SEED), GivenDecks(decks),
                       len(decks), open_hands=open_hands)
    games = [one_game(row, open_hands).play_out(make_strategy(exact_one_game_spec(p1)),
                                                make_strategy(exact_one_game_spec(p2)))
             for row in decks]
    return batch, games


@pytest.mark.parametrize("open_hands", [False, True], ids=["closed", "open"])
@pytest.mark.parametrize("p1,p2", PAIRS)
def test_same_decks_same_games(p1, p2, open_hands):
    decks = random_decks(120, seed=zlib.crc32(f"{p1} {p2} {open_hands}".encode()))
    batch, games = play_both(p1, p2, decks, open_hands)
    assert batch.turns.tolist() == [game.turns for game in games]
    assert batch.cases.tolist() == [int(game.outcome.case) for game in games]


def test_dead_decks_agree_too():
    """Lazy against lazy on the same slot plays the deck through: draws and full length."""
    decks = random_decks(300, seed=3)
    batch, games = play_both("lazy:slot=2", "lazy:slot=2", decks, False)
    assert batch.turns.tolist() == [game.turns for game in games]
    assert batch.cases.tolist() == [int(game.outcome.case) for game in games]
    assert 1 in batch.cases.tolist() and 23 in batch.turns.tolist()


@pytest.mark.parametrize("open_hands", [False, True], ids=["closed", "open"])
@pytest.mark.parametrize("turn", [2, 5])
def test_games_go_on_from_a_later_turn_as_they_did(turn, open_hands):
    """from_turn: a deck laid out as the hands, the discards so far and the rest goes on
    from that position as the one-game engine's game went on from it."""
    p1, p2 = make_strategy("expert:search=off"), make_strategy("heuristic")
    rows, games = [], []
    for row in random_decks(200, seed=turn):
        game = one_game(row, open_hands)
        game.deal()
        while not game.over and game.turns < turn - 1:
            game.play_turn(p1(game.view(1)), p2(game.view(2)))
        if game.over:
            continue
        dealt = [card for pair in zip(game.hand1, game.hand2) for card in pair]
        rows.append([c.index for c in (*dealt, *(c for _, c in game.discards), *game.deck)])
        games.append(game.play_out(p1, p2))
    batch = play_batch(make_player("expert:search=off", SEED), make_player("heuristic", SEED),
                       GivenDecks(np.array(rows)), len(rows), open_hands=open_hands,
                       from_turn=turn)
    assert len(rows) > 25  # games that reached the turn
    assert batch.turns.tolist() == [game.turns for game in games]
    assert batch.cases.tolist() == [int(game.outcome.case) for game in games]


@pytest.mark.parametrize("open_hands", [False, True], ids=["closed", "open"])
@pytest.mark.parametrize("spec", DETERMINISTIC)
def test_batch_strategy_chooses_as_one_game_form(spec, open_hands):
    one_game_form = make_strategy(exact_one_game_spec(spec))
    batch_form = make_player(spec, SEED)
    checked = 0
    for views in situations(150, seed=11, open_hands=open_hands):
        expected = [one_game_form(view) for view in views]
        assert batch_form.choose(batch_view(views)).tolist() == expected
        checked += len(views)
    assert checked > 1000


def dead_suit_views(count: int, seed: int) -> list[View]:
    """Situations rich in dead suits: a hand holding a suited pair and many discards."""
    rng = np.random.default_rng(seed)
    views = []
    while len(views) < count:
        order = [CARDS[i] for i in rng.permutation(52)]
        hand = tuple(order[:3])
        if len({c.suit for c in hand}) != 2:
            continue
        discards = tuple(order[3:3 + int(rng.integers(20, 47))])
        views.append(View(1, hand, discards, discards[1::2], 5, 20, None))
    return views


@pytest.mark.parametrize("spec", DETERMINISTIC)
def test_strategies_agree_where_suits_are_dead(spec):
    views = dead_suit_views(3000, seed=5)
    expected = [make_strategy(exact_one_game_spec(spec))(view) for view in views]
    rows = batch_view(views, with_history=False)
    assert make_player(spec, SEED).choose(rows).tolist() == expected
    dead = sum(1 for v in views if min(v.live_counts().values()) == 0)
    assert dead > 300  # suits with no unseen card left are really met


@st.composite
def random_views(draw: st.DrawFn) -> list[View]:
    """A few Views of one player, turn and cards left (as one BatchView holds): any three
    cards, any earlier discards, the opponent's hand open or not."""
    turn = draw(st.integers(1, 21))
    player = draw(st.sampled_from([1, 2]))
    open_hand = draw(st.booleans())
    views = []
    for _ in range(draw(st.integers(1, 4))):
        order = [CARDS[i] for i in draw(st.permutations(range(52)))]
        discards = tuple(order[6:6 + 2 * (turn - 1)])
        views.append(View(player, tuple(order[:3]), discards, discards[2 - player::2],
                          46 - 2 * (turn - 1), turn, tuple(order[3:6]) if open_hand else None))
    return views


@settings(max_examples=150, deadline=None, derandomize=True)
@given(views=random_views())
def test_every_batch_form_chooses_as_its_one_game_form_on_any_view(views):
    rows = batch_view(views)
    for spec in DETERMINISTIC:
        expected = [make_strategy(exact_one_game_spec(spec))(view) for view in views]
        assert make_player(spec, SEED).choose(rows).tolist() == expected, spec


def test_a_batch_form_refuses_a_parameter_it_does_not_implement(monkeypatch):
    """A switch the one-game form has and the batch form does not: the spec falls back to
    the exact one-game form on the hybrid path, and the games still agree."""
    info = strategy_info("heuristic")
    widened = replace(info, params={**info.params, "newrule": True})
    monkeypatch.setitem(registry._REGISTRY, "heuristic", widened)
    assert batch_form("heuristic") is None
    assert isinstance(make_player("heuristic", SEED), PythonPlayer)
    assert batch_form("expert") is not None


def test_hybrid_heuristic_plays_the_batch_heuristics_games():
    decks = random_decks(500, seed=9)
    for open_hands in (False, True):
        results = [
            play_batch(p1, make_player("random", SEED), GivenDecks(decks), len(decks),
                       open_hands=open_hands)
            for p1 in (BatchHeuristic(), PythonPlayer(make_strategy("heuristic"), "heuristic"))
        ]
        assert results[0].turns.tolist() == results[1].turns.tolist()
        assert results[0].cases.tolist() == results[1].cases.tolist()


@pytest.mark.parametrize("open_hands", [False, True], ids=["closed", "open"])
def test_hybrid_views_are_the_one_game_views(open_hands):
    decks = random_decks(200, seed=4)
    seen_batch, seen_game = [], []

    def recorder(log):
        def choose(view: View) -> int:
            log.append(view)
            return (view.turn + view.player) % 3

        return choose

    play_batch(PythonPlayer(recorder(seen_batch), "rec"), PythonPlayer(recorder(seen_batch), "rec"),
               GivenDecks(decks), len(decks), open_hands=open_hands)
    for row in decks:
        one_game(row, open_hands).play_out(recorder(seen_game), recorder(seen_game))
    assert sorted(map(repr, seen_batch)) == sorted(map(repr, seen_game))


def test_shuffled_decks_are_permutations_with_uniform_cards():
    stats = pytest.importorskip("scipy.stats")
    games = 20000
    decks = ShuffledDecks(games, np.random.default_rng(1))
    base = np.arange(games) * 52
    drawn = np.stack([decks.draw(base, depth) for depth in range(52)], axis=1)
    assert (np.sort(drawn, axis=1) == np.arange(52)).all()
    limit = stats.chi2.ppf(1 - 1e-4, df=51)  # each of 4 positions: false alarm 1 in 10^4
    for depth in (0, 5, 6, 30):
        counts = np.bincount(drawn[:, depth], minlength=52)
        expected = games / 52
        assert ((counts - expected) ** 2 / expected).sum() < limit


def test_given_decks_must_be_permutations():
    decks = random_decks(2, seed=0)
    decks[1, 0] = decks[1, 1]
    with pytest.raises(ValueError, match="exactly once"):
        GivenDecks(decks)


@pytest.mark.parametrize("answer", [3, -1, 1.0, "0", None, [0]])
def test_hybrid_refuses_an_answer_that_is_not_a_slot(answer):
    player = PythonPlayer(lambda view: answer, "odd")
    with pytest.raises(StrategyError, match=r"odd as Player 1 returned .* 0 for card 1, 1 for card 2"):
        play_batch(player, make_player("lazy", SEED), GivenDecks(random_decks(5, 0)), 5)
