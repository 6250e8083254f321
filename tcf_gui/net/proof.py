"""The fair deal and the committed moves: commitments made before, opened after.

The deal. The server draws a secret and sends its commitment (``secret_commitment``,
SHA-256) before anything else. Each player's client then commits to a fresh random seed of
its own (``commitment``); once the server holds both commitments it tells each player the
other's, and only then does each client open its seed. The game's seed is HMAC-SHA-256 of
both seeds under the server's secret (``game_seed``). Whoever steers must fix their part
before they learn the others': the server its secret before any seed, each player its seed
before it has seen the other's. A server that is also one player's (the host's) program
still fixed its secret and its player's seed before the friend's seed was opened.

A move. A player commits to its discard (``commitment`` over the game, the turn, the slot
and a 128-bit random nonce), and opens it (the slot and the nonce) only once the server
says the other's commitment is in: nothing of a discard leaves a client before both are
fixed, and the other side checks the opening against the commitment it was told.

At the end the server reveals its secret and both seeds (``check_deal``): each client checks
the commitments, that its own seed was used, and that the deck is the one the seeds give.
"""
from __future__ import annotations

import hashlib
import hmac
import random
import secrets
from typing import Sequence

from tcf_gui.engine.cards import Card
from tcf_gui.engine.game import shuffled_deck
from tcf_gui.engine.seeds import GAME_SEEDS
from tcf_gui.i18n import _

#: Lengths in hex characters: a secret or a seed (256 bits), a move's nonce (128 bits).
SECRET_HEX, NONCE_HEX = 64, 32
_DOMAIN = b"tcf-gui fair deal v2\n"
#: What a seed's commitment names in place of a slot.
SEED = "seed"


def new_secret() -> str:
    """A fresh secret or seed, as hex."""
    return secrets.token_hex(SECRET_HEX // 2)


def new_nonce() -> str:
    return secrets.token_hex(NONCE_HEX // 2)


def seeded_secret(seed: int, game: int) -> str:
    """A server's secret for game ``game`` of a run seeded with ``seed`` (tests: the same
    server gives the same secrets; the deck still depends on both players' seeds)."""
    return hashlib.sha256(f"tcf-gui seeded secret {seed} {game}".encode()).hexdigest()


def secret_commitment(game: int, secret: str) -> str:
    """The server's commitment to its secret for game ``game`` (SHA-256, hex)."""
    return hashlib.sha256(_DOMAIN + f"server {game} {secret}".encode()).hexdigest()


def commitment(game: int, turn: int, value: str, nonce: str) -> str:
    """A player's commitment (SHA-256, hex): to its seed (``turn`` 0, ``value`` SEED, the
    seed as ``nonce``) or to its discard (``value`` the slot, a fresh nonce)."""
    return hashlib.sha256(_DOMAIN + f"player {game} {turn} {value} {nonce}".encode()).hexdigest()


def opens(committed: str, game: int, turn: int, value: str, nonce: str) -> bool:
    return hmac.compare_digest(commitment(game, turn, value, nonce), committed)


def game_seed(secret: str, seeds: Sequence[str], game: int) -> int:
    """The game's seed from the server's secret and both players' seeds."""
    text = f"{game} {seeds[0]} {seeds[1]}".encode()
    digest = hmac.new(secret.encode(), text, hashlib.sha256).digest()
    return int.from_bytes(digest[:8], "big") % GAME_SEEDS


def check_deal(committed: str, game: int, secret: str, seeds: Sequence[str], seed: int,
               deck: Sequence[Card]) -> str | None:
    """None when ``secret`` opens the server's commitment and with ``seeds`` gives
    ``seed``, which shuffles ``deck``; else what is wrong, in one line."""
    if not hmac.compare_digest(secret_commitment(game, secret), committed):
        return _("the server's secret revealed is not the one committed at the deal")
    if game_seed(secret, seeds, game) != seed:
        return _("the game's seed is not the one both players' seeds give")
    if list(shuffled_deck(random.Random(seed))) != list(deck):
        return _("the seed revealed does not shuffle the deck revealed")
    return None
