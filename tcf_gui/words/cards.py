"""Ranks, suits, cards and hands by name: 'Ace', 'hearts', 'Queen of hearts',
'Ace-high straight flush in hearts'. The corner letters (10♠, K♥) are tcf_gui.words.notation's."""
from __future__ import annotations

from tcf_gui.engine.analysis import Analysis
from tcf_gui.engine.cards import Card, Rank, Suit
from tcf_gui.i18n import _, pgettext


def _rank_words() -> dict[Rank, tuple[str, str]]:
    """Each rank's name and the name of all its cards, in the language in force."""
    # TRANSLATORS: a card's rank (context "rank"), as it stands alone, before "-high" ("Ace-
    # high flush") and in a card's name ("Queen of hearts"); and all the cards of a rank
    # (context "ranks"), as in "aces rank above kings". As your card games name them.
    return {
        Rank.TWO: (pgettext("rank", "Two"), pgettext("ranks", "twos")),
        Rank.THREE: (pgettext("rank", "Three"), pgettext("ranks", "threes")),
        Rank.FOUR: (pgettext("rank", "Four"), pgettext("ranks", "fours")),
        Rank.FIVE: (pgettext("rank", "Five"), pgettext("ranks", "fives")),
        Rank.SIX: (pgettext("rank", "Six"), pgettext("ranks", "sixes")),
        Rank.SEVEN: (pgettext("rank", "Seven"), pgettext("ranks", "sevens")),
        Rank.EIGHT: (pgettext("rank", "Eight"), pgettext("ranks", "eights")),
        Rank.NINE: (pgettext("rank", "Nine"), pgettext("ranks", "nines")),
        Rank.TEN: (pgettext("rank", "Ten"), pgettext("ranks", "tens")),
        Rank.JACK: (pgettext("rank", "Jack"), pgettext("ranks", "jacks")),
        Rank.QUEEN: (pgettext("rank", "Queen"), pgettext("ranks", "queens")),
        Rank.KING: (pgettext("rank", "King"), pgettext("ranks", "kings")),
        Rank.ACE: (pgettext("rank", "Ace"), pgettext("ranks", "aces")),
    }


def rank_name(rank: Rank) -> str:
    """'Two' .. 'Ten', 'Jack', 'Queen', 'King', 'Ace'."""
    return _rank_words()[rank][0]


def ranks_name(rank: Rank) -> str:
    """Every card of a rank: 'aces', 'sixes' (in 'aces rank above kings')."""
    return _rank_words()[rank][1]


def suit_name(suit: Suit) -> str:
    """A suit, as 'in hearts' and 'all three cards hearts' say it."""
    # TRANSLATORS: a suit, as in "flush in hearts", "all three cards are hearts" and
    # "spades rank above diamonds"; your language's card-game name for it.
    return {
        Suit.CLUB: pgettext("suit", "clubs"), Suit.DIAMOND: pgettext("suit", "diamonds"),
        Suit.HEART: pgettext("suit", "hearts"), Suit.SPADE: pgettext("suit", "spades"),
    }[suit]


def card_name(card: Card) -> str:
    """'Queen of hearts', 'Ten of diamonds'."""
    # TRANSLATORS: one card by name; {rank} is a rank's name ("Queen").
    named = {
        Suit.CLUB: pgettext("card", "{rank} of clubs"),
        Suit.DIAMOND: pgettext("card", "{rank} of diamonds"),
        Suit.HEART: pgettext("card", "{rank} of hearts"),
        Suit.SPADE: pgettext("card", "{rank} of spades"),
    }[card.suit]
    return named.format(rank=rank_name(card.rank))


def hand_name(analysis: Analysis) -> str:
    """'Ace-high straight flush in hearts', 'Nine-high flush in clubs', 'Bust (no flush)'."""
    if not analysis.flush or analysis.high is None:
        # TRANSLATORS: a hand that is no flush.
        return _("Bust (no flush)")
    high = analysis.high
    if analysis.straight:
        # TRANSLATORS: a straight flush named by its highest card's rank and its suit.
        text = _("{rank}-high straight flush in {suit}")
    else:
        # TRANSLATORS: a flush named by its highest card's rank and its suit.
        text = _("{rank}-high flush in {suit}")
    return text.format(rank=rank_name(high.rank), suit=suit_name(high.suit))


#: The ranks whose English name takes "an": an Ace, an Eight.
_AN = frozenset({Rank.ACE, Rank.EIGHT})


def a_hand(analysis: Analysis) -> str:
    """A flush as 'wins with ...' names it: 'an Ace-high flush in hearts'."""
    assert analysis.high is not None
    high = analysis.high
    an = high.rank in _AN
    if analysis.straight and an:
        # TRANSLATORS: a flush after "wins with" ("You win with {hand}"). English says "an"
        # before Ace and Eight, "a" before the other ranks: where your language does not
        # change with the rank, translate the "a" and the "an" messages alike.
        text = _("an {rank}-high straight flush in {suit}")
    elif analysis.straight:
        # TRANSLATORS: as "an {rank}-high straight flush in {suit}", for the other ranks.
        text = _("a {rank}-high straight flush in {suit}")
    elif an:
        # TRANSLATORS: a flush after "wins with"; "an" before Ace and Eight (see above).
        text = _("an {rank}-high flush in {suit}")
    else:
        # TRANSLATORS: a flush after "wins with"; "a" before the other ranks (see above).
        text = _("a {rank}-high flush in {suit}")
    return text.format(rank=rank_name(high.rank), suit=suit_name(high.suit))
