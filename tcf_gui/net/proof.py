"""The verifiable deal: a commitment to the deck at the deal, checked at the end.

At the deal the server sends ``commitment(deck, salt)``: SHA-256 over the deck's order and
a random salt (so that the hash cannot be matched against decks tried one by one). At the
end it reveals the deck, the salt and the game's seed; ``check_deal`` confirms that the
deck hashes to the commitment and is the one the seed shuffles, and a client then replays
its game from that deck (tcf_gui.net.mirror) to see that every card it was shown came
from it. A server that changed a card mid-game cannot also keep the commitment.
"""
from __future__ import annotations

import hashlib
import hmac
import random
import secrets
from typing import Sequence

from tcf_gui.engine.cards import Card
from tcf_gui.engine.game import shuffled_deck
from tcf_gui.i18n import _

SALT_BYTES = 16
_DOMAIN = b"tcf-gui deal v1\n"


def new_salt() -> str:
    """A fresh salt, as hex."""
    return secrets.token_hex(SALT_BYTES)


def deck_text(deck: Sequence[Card]) -> str:
    """The deck's order as the commitment hashes it: card codes, top first, one space apart."""
    return " ".join(card.code for card in deck)


def commitment(deck: Sequence[Card], salt: str) -> str:
    """SHA-256 (hex) over the deck's order and the salt."""
    return hashlib.sha256(_DOMAIN + deck_text(deck).encode() + b"\n" + salt.encode()).hexdigest()


def check_deal(committed: str, deck: Sequence[Card], salt: str, seed: int | None) -> str | None:
    """None when ``deck`` and ``salt`` give ``committed`` and ``seed`` shuffles ``deck``;
    else what is wrong, in one line."""
    if not hmac.compare_digest(commitment(deck, salt), committed):
        return _("the deck revealed is not the deck committed at the deal")
    if seed is not None and list(shuffled_deck(random.Random(seed))) != list(deck):
        return _("the seed revealed does not shuffle the deck revealed")
    return None
