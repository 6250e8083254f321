"""The coach's parts: positions, the pair race, the tie-break, the odds and the review."""
from __future__ import annotations

import random
from itertools import combinations, permutations

import pytest

from tcf_gui.engine.analysis import is_flush
from tcf_gui.engine.cards import parse_cards
from tcf_gui.engine.game import Game
from tcf_gui.engine.match import Match
from tcf_gui.engine.coach import (
    CoachError, Position, PositionError, advise, review_events, review_game,
)
from tcf_gui.engine.coach.race import race_apart, race_same
from tcf_gui.engine.coach.tiebreak import TieBreak, flush_strength


def position(hand: str, discards: str = "", turn: int | None = None) -> Position:
    return Position.from_cards(parse_cards(hand), parse_cards(discards) if discards else [], turn)


@pytest.mark.parametrize("hand, discards, turn, message", [
    ("QH AH", "", None, "a hand is 3 cards"),
    ("QH AH 3C", "3C", None, "3C cannot be both in the hand and discarded"),
    ("QH AH 3C", "2C 4C 5C", 2, "3 discards are more than the 2"),
    ("QH AH 3C", "", 24, "the turn is 1 to 23"),
    ("QH AH 3C", "", 0, "the turn is 1 to 23"),
    ("QH AH 3H", "", None, "a flush already"),
])
def test_impossible_positions_are_refused_with_a_reason(hand, discards, turn, message):
    with pytest.raises(PositionError, match=message):
        position(hand, discards, turn)


@pytest.mark.parametrize("other, message", [
    ("QH 2S 4S", "QH cannot be in the opponent's hand"),
    ("2C 2S 4S", "2C cannot be in the opponent's hand"),
    ("2S 4S", "the opponent's hand is 3 cards"),
    ("2S 4S 9S", "the opponent's hand is a flush already"),
])
def test_an_impossible_open_opponent_hand_is_refused(other, message):
    with pytest.raises(PositionError, match=message):
        Position.from_cards(parse_cards("QH AH 3C"), parse_cards("2C 2D"), None,
                            parse_cards(other))


def test_the_turn_defaults_to_the_one_the_discards_lead_to():
    assert position("QH AH 3C").turn == 1
    assert position("QH AH 3C", "2C 2D").turn == 2
    assert position("QH AH 3C", "2C 2D 2S").turn == 3  # a turn's second discard is unknown
    assert position("QH AH 3C", "2C 2D", 5).missing_discards == 6


def outcomes_by_dealing(deck: list[str], pair1: str, pair2: str) -> tuple[float, ...]:
    """(P1 first, same turn, P2 first, dead deck) over every order of ``deck``: Player 1
    draws first each turn and completes on a card of suit pair1, Player 2 on pair2."""
    counts = [0, 0, 0, 0]
    orders = set(permutations(deck))
    for order in orders:
        for turn in range(0, len(order), 2):
            done1, done2 = order[turn] == pair1, order[turn + 1] == pair2
            if done1 or done2:
                counts[1 if done1 and done2 else 0 if done1 else 2] += 1
                break
        else:
            counts[3] += 1
    return tuple(c / len(orders) for c in counts)


@pytest.mark.parametrize("deck", [
    ["h", "h", "s", "x", "x", "x"], ["h", "s", "s", "x"], ["h", "s", "x", "x", "x", "x"],
    ["x", "x", "x", "x"], ["h", "h", "s", "s", "x", "x", "x", "x"],
])
def test_the_race_of_two_pairs_matches_every_order_of_a_small_deck(deck):
    expected = outcomes_by_dealing(deck, "h", "s")
    assert race_apart(deck.count("h"), deck.count("s"), len(deck)) == pytest.approx(expected)


@pytest.mark.parametrize("deck", [["h", "h", "x", "x"], ["h", "x", "x", "x", "x", "x"],
                                  ["h", "h", "h", "x", "x", "x"]])
def test_the_race_of_two_pairs_in_one_suit_matches_every_order(deck):
    expected = outcomes_by_dealing(deck, "h", "h")
    assert race_same(deck.count("h"), len(deck)) == pytest.approx(expected)


def test_the_tie_break_follows_the_result_rules_over_every_case():
    cards = parse_cards("2H 5H 9H QH KH 3S 4S 8S AS")
    pools = [[], [], [c.index for c in cards if c.suit == 2], [c.index for c in cards if c.suit == 3]]
    known = tuple(c.index for c in parse_cards("JH XH"))
    wins = total = 0
    for mine in pools[2]:
        for theirs in combinations(pools[3], 3):
            total += 1
            wins += flush_strength(known + (mine,)) > flush_strength(theirs)
    assert TieBreak(pools).p1_wins(known, 2, 3) == pytest.approx(wins / total)
    # one suit for both: Player 2's cards are never Player 1's
    wins = total = 0
    for mine in pools[2]:
        for theirs in combinations([c for c in pools[2] if c != mine], 3):
            total += 1
            wins += flush_strength(known + (mine,)) > flush_strength(theirs)
    assert TieBreak(pools).p1_wins(known, 2, 2) == pytest.approx(wins / total)


def test_with_open_hands_the_opponents_flush_keeps_the_cards_it_shows():
    cards = parse_cards("2H 5H 9H QH KH 3S 8S AS")
    pools = [[], [], [c.index for c in cards if c.suit == 2], [c.index for c in cards if c.suit == 3]]
    shown = [(), (), (), tuple(c.index for c in parse_cards("JS 4S"))]
    known = tuple(c.index for c in parse_cards("JH XH"))
    wins = total = 0
    for mine in pools[2]:
        for third in pools[3]:
            total += 1
            wins += flush_strength(known + (mine,)) > flush_strength(shown[3] + (third,))
    assert TieBreak(pools, shown).p1_wins(known, 2, 3) == pytest.approx(wins / total)
    assert TieBreak(pools).p1_wins(known, 2, 3) != pytest.approx(wins / total)


def test_open_hands_count_the_opponents_hand_out_of_the_deck():
    game = Game(7, open_hands=True)
    game.deal()
    seen = Position.from_view(game.view(1))
    assert seen.opponent_hand == game.hand2
    assert set(seen.unseen()) == set(game.deck)  # only the deck is unseen
    hidden = Position(seen.hand, seen.discards, seen.turn)
    assert [c.win for c in advise(seen).choices] != [c.win for c in advise(hidden).choices]


def test_a_straight_flush_beats_a_higher_plain_flush():
    straight = [c.index for c in parse_cards("4C 5C 6C")]
    plain = [c.index for c in parse_cards("2S 9S AS")]
    assert flush_strength(straight) > flush_strength(plain)


def test_the_chance_of_a_flush_on_the_next_draw_is_exact():
    pos = position("QH AH 3C", "2H 5C")
    unseen = pos.unseen()
    hidden = [h for h in combinations(unseen, 3) if not is_flush(h)]
    hearts = sum(c.suit == 2 for c in unseen)
    expected = sum((hearts - sum(c.suit == 2 for c in h)) / pos.cards_left for h in hidden)
    advice = advise(pos)
    assert advice.choices[2].odds.flush_next == pytest.approx(expected / len(hidden))
    assert advice.choices[0].odds.flush_next == 0


def test_discards_not_named_are_unknown_cards_not_an_average_deck():
    # tcf-gui coach --turn T without the discards: each one left out is any unseen card, so
    # the next draw is a heart with the hearts' share of the unseen cards. (The deck was
    # once the unseen cards' average make-up rounded: at turn 23 with open hands, two cards
    # and no heart, so discarding 3C could never win, and the coach said a sure draw.)
    hand, theirs = parse_cards("QH AH 3C"), parse_cards("2S 3S 4D")
    last = advise(Position.from_cards(hand, [], 23, theirs)).choices[2]
    assert last.odds.flush_next == pytest.approx(11 / 46)
    # Player 1 completes with 11 hearts of 46; Player 2 (2S 3S kept) then with 11 spades of
    # 45, and wins the double flush with 4S (a straight) or AS, unless Player 1 drew KH
    assert last.win == pytest.approx((11 * 34 + 1 * 11 + 10 * 9) / (46 * 45))
    pos = position("QH AH 3C", "", 12)
    hidden = [h for h in combinations(pos.unseen(), 3) if not is_flush(h)]
    hearts = sum(c.suit == 2 for c in pos.unseen())
    expected = sum(hearts - sum(c.suit == 2 for c in h) for h in hidden) / len(hidden) / 46
    assert advise(pos).choices[2].odds.flush_next == pytest.approx(expected)


def test_odds_are_chances_that_add_up_and_keeping_a_pair_is_best():
    advice = advise(position("QH AH 3C"))
    for choice in advice.choices:
        assert choice.win + choice.draw + choice.loss == pytest.approx(1)
        assert 0 <= choice.odds.estimated <= 1
    assert advice.best.card.code == "3C"
    assert advice.choices[2].win > advice.choices[0].win + 0.15
    assert advice.given_up(2) == 0 and advice.given_up(0) > 0.15


def test_a_higher_pair_wins_more_ties():
    low, high = advise(position("2H 3H 9C")), advise(position("KH AH 9C"))
    assert high.choices[2].win > low.choices[2].win


def test_the_coach_refuses_an_opponent_it_cannot_model():
    with pytest.raises(CoachError, match="cannot model"):
        advise(position("QH AH 3C"), "lazy")


def coached_game(seed: int) -> Game:
    """A game in which Player 1 always makes the coach's best discard."""
    match = Match("random", "heuristic", seed)
    game = match.new_game()
    game.deal()
    while not game.over:
        best = advise(Position.from_view(game.view(1))).best.slot
        game.play_turn(best, match.p2(game.view(2)))
    return game


def test_a_game_played_by_the_coach_reviews_as_all_best():
    game = next(g for g in map(coached_game, range(100)) if g.turns >= 3)
    review = review_game(game)
    assert [t.turn for t in review.turns] == list(range(1, game.turns + 1))
    assert all(t.was_best and t.given_up == 0 for t in review.turns)
    assert review.outcome == game.outcome


def test_the_review_shows_each_turn_the_person_saw_and_what_was_given_up():
    game = Game(10)
    game.deal()
    rng = random.Random(1)
    while not game.over:
        game.play_turn(rng.randrange(3), 0)
    review = review_events(game.events)
    replay = Game(10)
    replay.deal()
    for turn, (slot1, slot2) in zip(review.turns, game.moves):
        assert turn.hand == replay.view(1).hand and turn.slot == slot1
        assert turn.advice.position.discards == replay.view(1).discards
        assert turn.given_up == pytest.approx(turn.advice.best.win - turn.win)
        replay.play_turn(slot1, slot2)


@pytest.mark.parametrize("open_hands", [False, True])
@pytest.mark.parametrize("seat", [1, 2])
def test_the_review_of_either_seat_shows_each_turn_what_that_player_saw(seat, open_hands):
    """Player 2's turns too (a friend's game the person joined): the position is the
    player's own view before the turn, its discard not seen by the other yet."""
    game = next(g for g in (Match("random", "heuristic", seed, open_hands=open_hands).play_next()
                            for seed in range(50)) if g.turns >= 4)
    review = review_game(game, seat=seat)
    replay = Game(game.seed, open_hands=open_hands)
    replay.deal()
    assert len(review.turns) == game.turns
    for turn, move in zip(review.turns, game.moves):
        assert turn.advice.position == Position.from_view(replay.view(seat))
        assert turn.slot == move[seat - 1]
        replay.play_turn(*move)


def test_the_review_of_an_open_game_shows_the_coach_the_opponents_hand():
    game = next(g for g in (Match("random", "heuristic", seed, open_hands=True).play_next()
                            for seed in range(50)) if g.turns >= 2)
    review = review_game(game)
    hands = game.hand_history()
    assert [t.advice.position.opponent_hand for t in review.turns] == [h2 for _, h2 in hands[:-1]]


@pytest.mark.parametrize("spec", ["random", "heuristic", "expert", "heuristic:counting=off",
                                  "heuristic:pair=off", "heuristic:high=off"])
def test_canonical_live_counts_lead_to_the_same_choices(spec):
    """The quick estimate merges states whose canonical live counts are equal."""
    import numpy as np

    from tcf_gui.engine.coach.policies import suit_policy
    from tcf_gui.engine.coach.tail import PATTERNS

    policy = suit_policy(spec)
    rng = np.random.default_rng(3)
    hands = np.repeat(np.arange(len(PATTERNS)), 50)
    live = rng.integers(0, 13, (len(hands), 4))
    canonical = policy.canonical_live(live)
    assert np.array_equal(policy.discard(PATTERNS, hands, canonical),
                          policy.discard(PATTERNS, hands, live))
    # few distinct rows, the point of it: each of the three gaps between the four counts is
    # cut to at most 1 for a rule that only compares counts, to 2 for the expert's
    assert canonical.max() <= (6 if spec == "expert" else 3)
