"""The rule of the lab's public solutions, as a strategy file: keep a suited pair, else
discard the lowest card (in the linear order: rank first, then suit).

Play it with ``tcf-gui duel tests/strategies/peers.py heuristic``. Its choices equal those
of ``heuristic:counting=off`` (a test checks this), which has a batch form and so plays
the long duels of benchmarks/bench_strength.py much faster.
"""


def choose(view):
    hand = view.hand
    suits = [card.suit for card in hand]
    for slot, suit in enumerate(suits):
        if suits.count(suit) == 1 and len(set(suits)) == 2:
            return slot  # the odd card beside a suited pair
    return hand.index(min(hand))
