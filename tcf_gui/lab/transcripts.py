"""The lab's demonstrations (its ``demo--...`` programs), printed in the lab's own format.

Every rule comes from the engine; this module only arranges what the engine did into the
lab's lines (``>>> Testing: flush-p``, ``--- *hand1* = ((10 . CLUB) ...)``, ...). Where the
lab fixes the data of a demo, the demo prints exactly those hands. Where the lab deals at
random, the demo plays seeded games, so the same seed prints the same transcript; each demo
draws its own seed from the run's seed and its name, so it prints the same lines whether it
runs alone or within ``demo all``.
"""
from __future__ import annotations

import random
from dataclasses import dataclass
from typing import Callable, Iterator, Sequence

from tcf_gui.engine.analysis import analyze_hand, high_card, is_flush, is_straight
from tcf_gui.engine.cards import Card, hand_rep, lab_list, make_deck, parse_cards
from tcf_gui.engine.events import Discarded
from tcf_gui.engine.game import Game
from tcf_gui.engine.match import Match
from tcf_gui.engine.outcome import Case, judge
from tcf_gui.lab.runner import run_statistics

Hand = Sequence[Card | None]
DemoLines = Callable[[int], Iterator[str]]
"""A demonstration's body: from the run's seed to its transcript lines."""


@dataclass(frozen=True)
class Demo:
    """One of the lab's demonstrations: its name, what it shows, and its lines for a seed."""

    name: str
    summary: str
    lines: DemoLines


DEMOS: dict[str, Demo] = {}
"""The demonstrations by name, in the lab's order."""


def _demo(name: str, summary: str) -> Callable[[DemoLines], DemoLines]:
    def register(func: DemoLines) -> DemoLines:
        DEMOS[name] = Demo(name, summary, func)
        return func

    return register


def demo_names() -> list[str]:
    """The demonstrations' names in the lab's order."""
    return list(DEMOS)


def run_demo(name: str, seed: int = 0) -> list[str]:
    """The transcript of demonstration ``name`` for the run's ``seed``."""
    return list(DEMOS[name].lines(seed))


# -- the lab's recurring lines ---------------------------------------------------------------
def header(name: str) -> str:
    return f">>> Testing: {name}"


def hand_lines(hand1: Hand, hand2: Hand) -> list[str]:
    """``--- *hand1* = ...`` and ``--- *hand2* = ...``; voids print as NIL."""
    return [f"--- *hand1* = {lab_list(hand1)}", f"--- *hand2* = {lab_list(hand2)}"]


def table_line(rep1: str, rep2: str) -> str:
    """One line of make-moves from both hands' hand-reps: hand 1, four spaces, hand 2."""
    return f"{rep1}    {rep2}"


def make_moves_lines(game: Game) -> list[str]:
    """The lines the lab's make-moves prints: after the deal and after each turn."""
    return [table_line(hand_rep(h1), hand_rep(h2)) for h1, h2 in game.hand_history()]


def play_game_lines(game: Game) -> list[str]:
    """What the lab's play-game prints for a finished game: make-moves' lines, then
    report-the-result's."""
    assert game.outcome is not None
    return make_moves_lines(game) + game.outcome.report_lines()


# -- seeded games ------------------------------------------------------------------------------
def demo_seed(seed: int, name: str) -> int:
    """The seed a demonstration uses within a run seeded with ``seed``."""
    return random.Random(f"{seed}/{name}").getrandbits(32)


def _match(seed: int, name: str, p2: str = "random") -> Match:
    """The lab's players for a demo: Player 1 random, Player 2 random (Parts 2-7) or
    heuristic (Part 8)."""
    return Match("random", p2, demo_seed(seed, name))


def _fresh_deal(match: Match) -> Game:
    """The next dealt game of ``match`` that is not over at once.

    A deal that gives either hand a flush ends the game before anyone discards, and the
    engine then takes no turn; the discard demos are about a turn, so they deal again.
    """
    while True:
        game = match.new_game()
        game.deal()
        if not game.over:
            return game


def _discard(game: Game, match: Match) -> tuple[list[Card | None], list[Card | None]]:
    """Play one turn with the match's players and return both hands as they stood between
    the discard and the draw: the discarded slots (from the Discarded events) are voids."""
    hands: tuple[list[Card | None], list[Card | None]] = (list(game.hand1), list(game.hand2))
    for event in game.play_turn(match.p1(game.view(1)), match.p2(game.view(2))):
        if isinstance(event, Discarded):
            hands[event.player - 1][event.slot] = None
    return hands


# -- Part 1: the deck and the shuffle -----------------------------------------------------------
@_demo("make-deck", "the 52 cards in the lab's order")
def _make_deck(seed: int) -> Iterator[str]:
    deck = make_deck()
    yield header("make-deck")
    yield f"--- deck = {lab_list(deck)}"
    yield f"--- number of cards in deck = {len(deck)}"


@_demo("establish-shuffled-deck", "a seeded shuffle of the whole deck")
def _establish_shuffled_deck(seed: int) -> Iterator[str]:
    deck = Game(demo_seed(seed, "establish-shuffled-deck")).deck
    # The lab's demo names the shuffle it tests: its header says shuffle-deck.
    yield header("shuffle-deck")
    yield f"--- *deck* ... {lab_list(deck)}"
    yield f"--- number of cards in *deck* = {len(deck)}"


# -- Part 2: the hands, the deal and the discard -------------------------------------------------
@_demo("deal-hands", "two deals of 3 + 3 cards, 46 left (run twice)")
def _deal_hands(seed: int) -> Iterator[str]:
    match = _match(seed, "deal-hands")
    for _ in range(2):
        game = match.new_game()
        game.deal()
        yield header("deal-hands")
        yield from hand_lines(game.hand1, game.hand2)
        yield f"--- number of cards in *deck* = {game.cards_left}"


def _discard_runs(seed: int, name: str, p2: str, runs: int, *, replace: bool) -> Iterator[str]:
    """Deal, discard (voids as NIL) and, with ``replace``, fill the voids: ``runs`` times."""
    match = _match(seed, name, p2)
    for _ in range(runs):
        game = _fresh_deal(match)
        yield header(name)
        yield from hand_lines(game.hand1, game.hand2)
        yield from hand_lines(*_discard(game, match))
        if replace:
            yield from hand_lines(game.hand1, game.hand2)


@_demo("randomly-discard-cards", "both players discard at random, voids as NIL (run 5 times)")
def _randomly_discard_cards(seed: int) -> Iterator[str]:
    return _discard_runs(seed, "randomly-discard-cards", "random", 5, replace=False)


# -- Part 3: replacing cards, taking turns ------------------------------------------------------
@_demo("replace-cards", "discard, then fill hand 1's void, then hand 2's (run 4 times)")
def _replace_cards(seed: int) -> Iterator[str]:
    return _discard_runs(seed, "replace-cards", "random", 4, replace=True)


@_demo("players-each-take-a-turn", "a deal and four turns of random play")
def _players_each_take_a_turn(seed: int) -> Iterator[str]:
    match = _match(seed, "players-each-take-a-turn")
    game = _fresh_deal(match)
    yield header("players-each-take-a-turn")
    yield "--- The hands ..."
    yield from hand_lines(game.hand1, game.hand2)
    for _ in range(4):
        if game.outcome is not None and game.outcome.over:
            # The lab's demo plays on regardless; the engine stops a finished game.
            yield f"--- The game is over: *game-state* = {game.outcome.game_state}"
            yield from game.outcome.report_lines()
            return
        _discard(game, match)
        yield "--- Each player takes a turn ..."
        yield from hand_lines(game.hand1, game.hand2)


# -- Part 4: hand analysis (the lab's own hands) ------------------------------------------------
_FLUSH_P_HANDS = ["2C AC XC", "JD 9D 5D", "JH XH 9H", "2S 3S AS", "XS 5D AS", "8C 9D XH"]
_HIGH_CARD_HANDS = ["XH 5C QS 7H", "2D 2C XH 4D AC", "AD AC 5S"]
_STRAIGHT_P_HANDS = ["5S 3D 4S 6C", "5S 7D 4S 8C", "KH QD AS XC JD", "AC 2D 3S"]
_ANALYZE_HAND_HANDS = ["5S 3D 4S", "5C 9C 4C", "QH AH KH"]
_ANALYZE_GAME_HANDS = [("2D 4D JH", "XS KH QH"), ("XD JD 2D", "3S 5S 4S")]


def _predicate_lines(
    name: str, hands: list[str], predicate: Callable[[Sequence[Card]], bool], noun: str
) -> Iterator[str]:
    """A predicate's demo: ``HAND is a flush`` or ``HAND is not a flush`` for each hand."""
    yield header(name)
    for hand in map(parse_cards, hands):
        yield f"{lab_list(hand)} is {'a' if predicate(hand) else 'not a'} {noun}"


@_demo("flush-p", "the lab's six hands: flush or not")
def _flush_p(seed: int) -> Iterator[str]:
    return _predicate_lines("flush-p", _FLUSH_P_HANDS, is_flush, "flush")


@_demo("high-card", "the lab's three hands and their high cards")
def _high_card(seed: int) -> Iterator[str]:
    yield header("high-card")
    for hand in map(parse_cards, _HIGH_CARD_HANDS):
        yield f"{high_card(hand).lab()} is the high card of"
        yield f"  {lab_list(hand)}"


@_demo("straight-p", "the lab's four hands: straight or not (the ace is high only)")
def _straight_p(seed: int) -> Iterator[str]:
    return _predicate_lines("straight-p", _STRAIGHT_P_HANDS, is_straight, "straight")


@_demo("analyze-hand", "the lab's three hands analysed: BUST or (RANK HIGH ... FLUSH)")
def _analyze_hand(seed: int) -> Iterator[str]:
    yield header("analyze-hand")
    for hand in map(parse_cards, _ANALYZE_HAND_HANDS):
        yield f"{lab_list(hand)} is a {analyze_hand(hand)}"


# -- Part 5: game state and end of game reporting -----------------------------------------------
def _state_lines(hand1: Sequence[Card], hand2: Sequence[Card], deck_empty: bool) -> list[str]:
    """``*hand1* = ...``, ``*hand2* = ...`` and the ``*game-state*`` judge gives them."""
    state = judge(hand1, hand2, deck_empty=deck_empty).game_state
    return [f"*hand1* = {lab_list(hand1)}", f"*hand2* = {lab_list(hand2)}",
            f"*game-state* = {state}"]


@_demo("analyze-game", "the lab's two games: *game-state* from both hands")
def _analyze_game(seed: int) -> Iterator[str]:
    yield header("analyze-game")
    for number, (text1, text2) in enumerate(_ANALYZE_GAME_HANDS, start=1):
        yield f"Game {number} ..."
        yield from _state_lines(parse_cards(text1), parse_cards(text2), deck_empty=False)


#: One game state for each case of report-the-result's cond, in its order: the lab's own
#: list of example game states (Part 5), which happens to walk the seven cases in turn.
#: The third item says whether the deck is empty.
REPORT_CASES: list[tuple[str, str, bool]] = [
    ("2D 4D JH", "XS KH QH", True),   # (BUST BUST), dead deck: a draw
    ("XC 4C 7C", "XS KH QH", False),  # ((10 HIGH CLUB FLUSH) BUST)
    ("2D 4D JH", "XH JH QH", False),  # (BUST (QUEEN HIGH STRAIGHT HEART FLUSH))
    ("4C 5C 6C", "AS 9S 2S", False),  # only hand 1 straight
    ("KC 5C 2C", "7D 8D 9D", False),  # only hand 2 straight
    ("8S 9S XS", "8H 9H XH", False),  # both straight, hand 1's high card greater
    ("QC 3C 5C", "QD 4D 9D", False),  # neither straight, hand 2's high card greater
]

#: What each case means, in the transcript's own English (the demo is the lab's format).
CASES = {
    Case.DEAD_DECK: "The deck is dead — a draw",
    Case.P1_FLUSH: "Player 1 found a flush",
    Case.P2_FLUSH: "Player 2 found a flush",
    Case.P1_STRAIGHT: "Both players found their way to a flush — a straight flush beats a flush",
    Case.P2_STRAIGHT: "Both players found their way to a flush — a straight flush beats a flush",
    Case.P1_HIGH_CARD: "Both players found their way to a flush — the higher card wins",
    Case.P2_HIGH_CARD: "Both players found their way to a flush — the higher card wins",
}


@_demo("report-the-result", "one game state for each of the seven cases of the result")
def _report_the_result(seed: int) -> Iterator[str]:
    yield header("report-the-result")
    for text1, text2, deck_empty in REPORT_CASES:
        hand1, hand2 = parse_cards(text1), parse_cards(text2)
        outcome = judge(hand1, hand2, deck_empty=deck_empty)
        assert outcome.case is not None
        deck = "the deck is empty" if deck_empty else "cards left in the deck"
        yield f"--- Case {outcome.case.value}: {CASES[outcome.case]} ({deck})"
        yield from _state_lines(hand1, hand2, deck_empty)
        yield from outcome.report_lines()


# -- Part 6: play game --------------------------------------------------------------------------
@_demo("hand-rep", "three cards off a shuffled deck and their fixed-width form (6 times)")
def _hand_rep(seed: int) -> Iterator[str]:
    match = _match(seed, "hand-rep")
    yield header("hand-rep")  # the lab's demo--hand-rep prints no header; every demo here does
    for _ in range(6):
        internal = match.new_game().deck[:3]
        yield f"{lab_list(internal)} --> {hand_rep(internal)}"


@_demo("play-game", "six whole games, Player 1 random against Player 2 random (Part 6)")
def _play_game(seed: int) -> Iterator[str]:
    match = _match(seed, "play-game")
    for _ in range(6):
        yield header("play-game")
        yield from play_game_lines(match.play_next())


# -- Part 7 and Part 8: statistics, and the heuristic player -------------------------------------
STATISTICS_RUNS = (10, 100, 1000)


@_demo("compute-statistics", "the counters for 10, 100 and 1000 games, random against random "
       "(Part 7) and random against heuristic (Part 8)")
def _compute_statistics(seed: int) -> Iterator[str]:
    run_seed = demo_seed(seed, "compute-statistics")
    yield header("compute-statistics")
    yield ("--- *turn-count* counts turns actually taken "
           "(the lab's make-moves count would be *turn-count* + *game-count*)")
    for part, p2 in ((7, "random"), (8, "heuristic")):
        yield f"--- Player 1 random, Player 2 {p2} (Part {part})"
        for games in STATISTICS_RUNS:
            yield f"--- ( compute-statistics {games} )"
            yield from run_statistics("random", p2, games, run_seed).lab_lines()


@_demo("randomly-heuristically-discard-cards",
       "Player 1 discards at random, Player 2 by the heuristic's rules (run 5 times)")
def _randomly_heuristically_discard_cards(seed: int) -> Iterator[str]:
    # The lab's demo prints ">>> Testing: randomly-discard-cards", a copy of Part 2's header
    # that would make the two demos look alike in ``demo all``; this prints its true name.
    return _discard_runs(seed, "randomly-heuristically-discard-cards", "heuristic", 5,
                         replace=False)
