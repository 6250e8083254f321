"""The end check of a sealed deal: with both seeds revealed, redo the three passes, check
every point and key one side was sent, and read the deck (top card first)."""
from __future__ import annotations

from typing import Mapping, Sequence

from tcf_gui.engine.cards import Card, make_deck
from tcf_gui.i18n import _
from tcf_gui.net.sealed.group import SealedError
from tcf_gui.net.sealed.seat import SealedSeat


def check_sealed_deal(game: int, seeds: Sequence[str], passes: Sequence[Sequence[bytes]],
                      received: Mapping[int, bytes], opened: Mapping[int, Card],
                      player: int) -> list[Card]:
    """The deck that ``seeds`` (player 1's, player 2's) give, when they give the three
    ``passes`` seen at the table, the keys ``player``'s seat ``received`` (by position)
    and the cards it ``opened``; else SealedError saying what does not match."""
    first, second = SealedSeat(1, seeds[0], game), SealedSeat(2, seeds[1], game)
    redone = [first.first_pass()]
    redone.append(second.second_pass(redone[0]))
    redone.append(first.third_pass(redone[1]))
    if [list(p) for p in passes] != redone:
        raise SealedError(_("the seeds revealed do not give the sealed deck dealt"))
    other = (first, second)[2 - player]
    if any(other.keys.position_keys[p] != key for p, key in received.items()):
        raise SealedError(_("a key given during the game is not the one the seed gives"))
    cards = make_deck()
    deck = [cards[first.keys.order[k]] for k in second.keys.order]
    if any(deck[p] != card for p, card in opened.items()):
        raise SealedError(_("a card opened during the game is not the one the seeds give"))
    return deck
