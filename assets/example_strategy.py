"""An example strategy for Three Card Flush: copy it, change it, and play it.

    tcf-gui strategy-template my_strategy.py     (writes this file)
    tcf-gui duel my_strategy.py heuristic        (how it does against Normal)
    tcf-gui --p2 my_strategy.py                  (play against it in the window)

The game calls ``choose(view)`` once a turn. ``view`` holds what a player at the table may
know, and nothing more (docs/strategies.md lists every field):

    view.player             1 or 2: your seat
    view.hand               your three cards, a tuple; view.hand[0] is the table's card 1
    view.discards           every card discarded so far, by both players, oldest first
    view.opponent_discards  the cards the opponent discarded, oldest first
    view.cards_left         how many cards are still in the deck
    view.turn               the turn about to be played, from 1
    view.opponent_hand      the opponent's three cards when hands are open, else None
    view.unseen()           the cards you have not seen (in the deck or a hidden hand)
    view.live_counts()      for each suit, how many of its cards you have not seen

A card has a ``rank`` (2 to 14: 11 is the Jack, 12 the Queen, 13 the King, 14 the Ace) and
a ``suit`` (0 clubs, 1 diamonds, 2 hearts, 3 spades; ``card.suit.name`` is "HEART"). Cards
compare by rank first, then suit, as the rules break ties.

``choose`` returns the INDEX in ``view.hand`` of the card to discard: 0 for the table's
card 1, 1 for card 2, 2 for card 3. Anything else (3, True, "1", an exception, more than
the time limit) stops the game with one line saying what went wrong.

This one keeps the suit it holds most of, counting how many of that suit may still come,
and gives up the card that helps least. It uses only Python itself: no import is needed.
"""


def choose(view):
    live = view.live_counts()  # how many cards of each suit may still be drawn

    def worth(slot):
        """How much the card at ``slot`` is worth keeping: higher is better."""
        card = view.hand[slot]
        same_suit = sum(1 for other in view.hand if other.suit == card.suit)
        # Two or three of a suit in hand count most; then how many more of it may come;
        # the rank only breaks ties (a high card wins when both hands are flushes).
        score = 100 * same_suit + 3 * live[card.suit] + card.rank / 10
        # The opponent threw this suit away lately? Then it is not collecting it: good.
        if card.suit in [thrown.suit for thrown in view.opponent_discards[-2:]]:
            score += 5
        # With open hands, a suit the opponent is collecting is a race we may lose.
        if view.opponent_hand is not None:
            score -= 4 * sum(1 for theirs in view.opponent_hand if theirs.suit == card.suit)
        return score

    # Discard the card worth least: its index in view.hand (0, 1 or 2).
    return min(range(3), key=worth)
