"""The shuffle is uniform, the deal alternates, and a seed always replays the same games."""
from __future__ import annotations

import random

import numpy as np
import pytest
from scipy.stats import chi2

from tcf_gui.engine.cards import CARDS, make_deck
from tcf_gui.engine.game import Game, shuffled_deck
from tcf_gui.engine.match import Match, player_rngs
from tcf_gui.engine.strategies.registry import make_strategy
from tcf_gui.lab.runner import run_statistics

SHUFFLES = 5200  # 100 expected counts in each of the 52 x 52 (card, position) cells


def position_counts(shuffle, seed: int) -> np.ndarray:
    """counts[card index, position] over SHUFFLES shuffles drawn from one seeded generator."""
    rng = random.Random(seed)
    counts = np.zeros((52, 52))
    positions = np.arange(52)
    for _ in range(SHUFFLES):
        counts[[card.index for card in shuffle(rng)], positions] += 1
    return counts


def permutation_chi_square(counts: np.ndarray) -> tuple[float, float]:
    """The chi-square statistic of a (card, position) table of uniform permutations, scaled
    to its distribution, and the 99.9% critical value of that distribution.

    Each shuffle adds a permutation matrix P, whose cells are 1 with probability 1/n. Its
    rows and columns each sum to 1, and for a uniform permutation
        Cov(vec P) = 1/(n-1) * (I - J/n) (x) (I - J/n),
    that is 1/(n-1) times the projection onto a subspace of dimension (n-1)^2. For N
    shuffles the centred table S = counts - N/n has covariance N/(n-1) times that projection,
    so by the central limit theorem |S|^2 / (N/(n-1)) is chi-square with (n-1)^2 degrees of
    freedom. Pearson's statistic X^2 = |S|^2 / (N/n) is therefore n/(n-1) times a chi-square
    variable: X^2 * (n-1)/n ~ chi2((n-1)^2) = chi2(2601), mean 2601, sd 72. The bound is its
    99.9% quantile (about 2830), so a uniform shuffle fails this test once in a thousand seeds.
    """
    n = counts.shape[0]
    expected = counts.sum() / (n * n)
    pearson = float(((counts - expected) ** 2 / expected).sum())
    return pearson * (n - 1) / n, float(chi2.ppf(0.999, (n - 1) ** 2))


def test_the_shuffle_is_uniform():
    statistic, bound = permutation_chi_square(position_counts(shuffled_deck, seed=2026))
    assert statistic < bound


def naive_shuffle(rng: random.Random) -> list:
    """The classic wrong shuffle (swap each place with any place): not every order is
    equally likely. It is here to show that the test above can fail."""
    deck = make_deck()
    for i in range(len(deck)):
        j = rng.randrange(len(deck))
        deck[i], deck[j] = deck[j], deck[i]
    return deck


def test_the_uniformity_test_catches_a_biased_shuffle():
    statistic, bound = permutation_chi_square(position_counts(naive_shuffle, seed=2026))
    assert statistic > bound


def test_the_deal_alternates_from_the_top():
    game = Game(deck=CARDS)
    game.deal()
    assert game.hand1 == CARDS[0:6:2]  # deck positions 0, 2, 4
    assert game.hand2 == CARDS[1:6:2]  # deck positions 1, 3, 5
    assert game.deck == CARDS[6:]
    game.play_turn(2, 0)
    assert game.hand1 == (CARDS[0], CARDS[2], CARDS[6])  # hand 1's void filled first
    assert game.hand2 == (CARDS[7], CARDS[3], CARDS[5])


@pytest.mark.parametrize("seed", [0, 1, 7, 2**32 - 1, 2**70])
def test_a_seeded_game_deals_its_seeded_shuffle(seed):
    deck = shuffled_deck(random.Random(seed))
    assert sorted(deck) == list(CARDS)
    game = Game(seed)
    assert game.deck == tuple(deck)
    game.deal()
    assert (game.hand1, game.hand2) == (tuple(deck[0:6:2]), tuple(deck[1:6:2]))


def test_different_seeds_deal_different_decks():
    decks = {Game(seed).deck for seed in range(50)}
    assert len(decks) == 50


# -- determinism (RLCard's test: disturb the global generators between steps) --------------------

def disturb(step: int) -> None:
    """Reseed and draw from the global generators, as other code in the process might."""
    random.seed(step)
    np.random.seed(step)
    random.random()
    np.random.random(3)


def play(seed: int, p1_spec: str, p2_spec: str, disturbed: bool) -> Game:
    rng1, rng2 = player_rngs(seed)
    p1, p2 = make_strategy(p1_spec, rng1), make_strategy(p2_spec, rng2)
    game = Game(seed, open_hands=seed % 2 == 1)
    if disturbed:
        disturb(seed)
    game.deal()
    step = 0
    while not game.over:
        step += 1
        if disturbed:
            disturb(step)
        slot1 = p1(game.view(1))
        if disturbed:
            disturb(step + 1000)
        slot2 = p2(game.view(2))
        if disturbed:
            disturb(step * 7919)
        game.play_turn(slot1, slot2)
    return game


@pytest.mark.parametrize("seed", range(12))
@pytest.mark.parametrize("specs", [("random", "random"), ("random", "heuristic"),
                                   ("heuristic:high=off", "lazy:slot=1")])
def test_same_seed_same_game_whatever_the_global_generators_do(seed, specs):
    quiet = play(seed, *specs, disturbed=False)
    noisy = play(seed, *specs, disturbed=True)
    assert noisy.events == quiet.events
    assert noisy.moves == quiet.moves
    assert Game.replay(seed, quiet.moves, open_hands=quiet.open_hands).events == quiet.events


def test_the_engine_leaves_the_global_generators_alone():
    random.seed(99)
    np.random.seed(99)
    before = random.getstate(), np.random.get_state()[1].copy()
    run_statistics("random", "heuristic", 50, seed=3)
    Game(4).play_out(make_strategy("random"), make_strategy("heuristic"))
    assert random.getstate() == before[0]
    assert (np.random.get_state()[1] == before[1]).all()


def test_a_match_replays_the_same_games():
    def games(disturbed: bool) -> list:
        match = Match("random", "heuristic", seed=11)
        result = []
        for i in range(30):
            if disturbed:
                disturb(i)
            result.append(match.play_next().events)
        return result

    assert games(disturbed=True) == games(disturbed=False)


def test_every_game_of_a_match_replays_from_its_own_seed():
    match = Match("lazy:slot=2", "lazy", seed=5)
    for _ in range(10):
        game = match.play_next()
        assert Game.replay(game.seed, game.moves).events == game.events


def test_run_statistics_same_seed_same_counters():
    first = run_statistics("random", "heuristic", 300, seed=42)
    disturb(1)
    again = run_statistics("random", "heuristic", 300, seed=42)
    assert again == first
    assert run_statistics("random", "heuristic", 300, seed=43) != first


def test_an_unseeded_game_gets_a_seed_that_replays_it():
    game = Game().play_out(make_strategy("random", random.Random(2)), make_strategy("heuristic"))
    assert isinstance(game.seed, int)
    assert Game.replay(game.seed, game.moves).events == game.events
