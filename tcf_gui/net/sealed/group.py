"""The group arithmetic of the sealed deck: libsodium's ed25519 core through PyNaCl.

Points are 32-byte encodings of elements of the prime-order subgroup (order ``L``); scalars
are 32-byte little-endian integers reduced mod ``L``. Every point a peer sends goes through
``check_point`` (on the curve, in the main subgroup, not of small order, canonical) before
it is used; every scalar through ``check_scalar`` (canonical, nonzero).
"""
from __future__ import annotations

import hashlib

from nacl import bindings
from nacl.exceptions import RuntimeError as NaclError

from tcf_gui.engine.cards import Card, make_deck
from tcf_gui.i18n import _

POINT_BYTES = bindings.crypto_core_ed25519_BYTES
SCALAR_BYTES = bindings.crypto_core_ed25519_SCALARBYTES
_CARD_DOMAIN = b"tcf-gui sealed deck v1 card\n"


class SealedError(ValueError):
    """What a peer sent is not a point, a key or a card of the sealed deck."""


def card_point(card: Card) -> bytes:
    """The public point of ``card``: libsodium's hash to the group (Elligator 2, the
    cofactor cleared) of a SHA-512 digest of the card's code."""
    digest = hashlib.sha512(_CARD_DOMAIN + card.code.encode()).digest()
    return bindings.crypto_core_ed25519_from_uniform(digest[:POINT_BYTES])


#: The 52 cards by their points, and the points in make-deck order.
DECK_POINTS: tuple[bytes, ...] = tuple(card_point(card) for card in make_deck())
CARD_OF_POINT: dict[bytes, Card] = dict(zip(DECK_POINTS, make_deck()))


def scalar(material: bytes) -> bytes:
    """A scalar from 64 bytes of key material (reduced mod L); ValueError when it is zero
    (one chance in about 2**252: the caller derives another)."""
    value = bindings.crypto_core_ed25519_scalar_reduce(material)
    if value == bytes(SCALAR_BYTES):
        raise ValueError("zero scalar")
    return value


def check_scalar(value: object) -> bytes:
    """``value`` when it is a canonical nonzero scalar, else SealedError."""
    if (not isinstance(value, bytes) or len(value) != SCALAR_BYTES or value == bytes(SCALAR_BYTES)
            or bindings.crypto_core_ed25519_scalar_reduce(value + bytes(SCALAR_BYTES)) != value):
        raise SealedError(_("a key of the sealed deck is not a valid key"))
    return value


def check_point(value: object) -> bytes:
    """``value`` when it encodes a point of the prime-order subgroup, else SealedError."""
    if (not isinstance(value, bytes) or len(value) != POINT_BYTES
            or not bindings.crypto_core_ed25519_is_valid_point(value)):
        raise SealedError(_("a card of the sealed deck is not a valid point"))
    return value


def times(key: bytes, point: bytes) -> bytes:
    """``key * point``: encrypts with ``key`` (or decrypts, with ``invert(key)``)."""
    try:
        return bindings.crypto_scalarmult_ed25519_noclamp(key, point)
    except NaclError as error:  # the identity: a zero key or a point of small order
        raise SealedError(_("a card of the sealed deck is not a valid point")) from error


def multiply(first: bytes, second: bytes) -> bytes:
    """The product of two scalars mod L."""
    return bindings.crypto_core_ed25519_scalar_mul(first, second)


def invert(key: bytes) -> bytes:
    """``key``'s inverse mod L (``key`` nonzero)."""
    return bindings.crypto_core_ed25519_scalar_invert(key)
