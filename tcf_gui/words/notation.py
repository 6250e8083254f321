"""Cards as players read them: 10♠, K♥, a hand as "K♣ J♣ 6♠".

This is the notation of everything a player reads (the window, and the terminal's own
prose). The lab's syntax, ``(K . C)`` and ``(KING HIGH CLUB FLUSH)``, stays in the lab's
transcripts (``tcf-gui demo``, the play-game listing) and, by choice, in the window's turn log
and analysis rows (the "Lab notation" option). A terminal that cannot print the suit symbols
gets the letters the command line reads back: ``10S``, ``KH``.
"""
from __future__ import annotations

from typing import Iterable, TextIO

from tcf_gui.engine.cards import Card, Rank, Suit
from tcf_gui.i18n import pgettext

#: The suit symbols, the same in every language.
SUIT_SYMBOLS = {Suit.CLUB: "♣", Suit.DIAMOND: "♦", Suit.HEART: "♥", Suit.SPADE: "♠"}


# The court cards' and the ace's letters follow each language's own packs of French-suited
# cards, as the catalogs translate them: German B D K A (Bube, Dame, König, Ass), Polish
# W D K A (walet, dama, król, as), French V D R A (valet, dame, roi; the ace A, as French
# bridge and poker packs print it: Paris-pattern packs print 1, which would read as the
# lowest card in a game where the ace is high), Spanish and Brazilian Portuguese J Q K A
# (Spanish names the jack "jota" after its letter; Brazilian packs print J Q K A for valete,
# dama, rei, ás). Source for K and R: Polish Wikipedia, "Król (karta)", section "Oznaczanie
# króli" (K in Polish, English, German, Swedish and Russian packs, R in French ones); the
# others by the same convention of each language's packs.
def rank_symbol(rank: Rank) -> str:
    """The rank as printed in a card's corner: 2 .. 10, J, Q, K, A (translated letters)."""
    if rank <= Rank.TEN:
        return str(rank.value)
    if rank is Rank.JACK:
        # TRANSLATORS: the Jack's letter in a card's corner (German B for Bube, French V).
        return pgettext("card rank", "J")
    if rank is Rank.QUEEN:
        # TRANSLATORS: the Queen's letter in a card's corner (German D for Dame).
        return pgettext("card rank", "Q")
    if rank is Rank.KING:
        # TRANSLATORS: the King's letter in a card's corner (French R for Roi).
        return pgettext("card rank", "K")
    # TRANSLATORS: the Ace's letter in a card's corner (German A for Ass).
    return pgettext("card rank", "A")


def card_text(card: Card | None, *, symbols: bool = True) -> str:
    """'10♠' and 'B♥' in German (or, without symbols, '10S' and 'JH' in every language: the
    letters the command line reads back); a void reads '—'."""
    if card is None:
        return "—"
    if not symbols:
        rank = str(card.rank.value) if card.rank <= Rank.TEN else card.rank.letter
        return rank + card.suit.letter
    return rank_symbol(card.rank) + SUIT_SYMBOLS[card.suit]


def cards_text(cards: Iterable[Card | None], *, symbols: bool = True) -> str:
    """A hand or a list of cards: 'K♣ J♣ 6♠'."""
    return " ".join(card_text(card, symbols=symbols) for card in cards)


def prints_symbols(stream: TextIO) -> bool:
    """True when ``stream`` can print the suit symbols (a UTF-8 terminal, not cp1252 or ASCII)."""
    encoding = getattr(stream, "encoding", None) or "ascii"
    try:
        "".join(SUIT_SYMBOLS.values()).encode(encoding)
    except (UnicodeEncodeError, LookupError):
        return False
    return True
