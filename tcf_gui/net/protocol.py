"""The table protocol: small JSON objects over a WebSocket, versioned and validated.

Every message is one JSON object with a ``type`` (its kinds, their fields and checks:
tcf_gui.net.messages). The client's first message is ``hello`` with the protocol version; a
different version is refused with the reason ``version``. Everything a client sends is
checked, field by field (type, range, length), and anything else (bad JSON, an unknown
type, a missing or extra field, a string too long) is a ProtocolError that closes that
connection with its reason. Messages are for machines: reasons are fixed words a client
turns into its own language, never prose to show.

A client sends (after ``hello``): ``host``, ``join``, ``watch`` or ``resume`` to take a
place, then ``commit``, ``seed``, ``move``, ``rematch`` and ``leave``. The server sends
``welcome``, ``seated``, ``friend``, ``shuffle``, ``committed``, ``deal``, ``ask``,
``waiting``, ``turn``, ``over``, ``rematch`` and, before it closes a connection, ``refused``
with a reason. Version 2 brought the fair deal and the committed moves (tcf_gui.net.proof);
version 3 the sealed table (its ``sealed_*`` messages: tcf_gui.net.messages and
tcf_gui.net.sealed.table). Cards travel as their two-character codes
(``QH``, ``XS``, tcf_gui.engine.cards.Card.code).
"""
from __future__ import annotations

import json
from typing import Any, Mapping

from tcf_gui.engine.cards import Card, make_deck

PROTOCOL = 2
#: The version a client speaks when it can also sit at a sealed table (tcf_gui.net.sealed:
#: the server relays the players' sealed deck and never holds a card); it plays protocol 2
#: tables as well. A protocol 2 client is refused (``version``) at a sealed table.
SEALED_PROTOCOL = 3
#: The largest message either side accepts, in bytes (the biggest, ``over``, is under 1 KiB).
MAX_MESSAGE_BYTES = 4096
#: The turn timer the host may set, in seconds (0: no timer).
TIMER_CHOICES = (0, 15, 30, 60, 90, 120, 300)
DEFAULT_TIMER_S = 60

# The reasons a server gives when it refuses or closes (``refused``), fixed words.
VERSION, BAD_MESSAGE, TOO_LARGE, RATE, WRONG_CODE, SLOW_DOWN, BLOCKED = (
    "version", "bad-message", "too-large", "rate-limit", "wrong-code", "slow-down", "blocked")
FULL, TOKEN, SERVER_FULL, TIMEOUT, SHUTDOWN = (
    "table-full", "bad-token", "server-full", "timeout", "shutdown")
# (a resume took this connection's seat; the table closed unplayed; join codes refused a while)
DISPLACED, IDLE, TRY_LATER = "displaced", "idle", "try-later"


class ProtocolError(Exception):
    """A message that breaks the protocol, or a place refused; ``reason`` is one of the
    reasons above."""

    def __init__(self, reason: str, detail: str = "") -> None:
        super().__init__(detail or reason)
        self.reason = reason
        self.detail = detail


#: (json.dumps with any option makes an encoder each call: a server sends thousands a second)
_ENCODER = json.JSONEncoder(separators=(",", ":"), ensure_ascii=False)


def dump(message: Mapping[str, object]) -> str:
    """A message as sent: compact JSON."""
    return _ENCODER.encode(message)


_CODES = {card: card.code for card in make_deck()}
_CARDS = {code: card for card, code in _CODES.items()}


def card_codes(cards: Any) -> list[str]:
    """Cards as they travel: their codes (looked up: a server sends many)."""
    return [_CODES[card] for card in cards]


def read_cards(codes: Any, count: int | None = None) -> list[Card]:
    """Cards from a server's list of codes, exactly as ``card_codes`` writes them (looked
    up: a client reads many); ValueError for anything else."""
    if not isinstance(codes, list) or (count is not None and len(codes) != count):
        raise ValueError(f"not a list of {count or 'some'} cards")
    cards = [_CARDS.get(code) if isinstance(code, str) else None for code in codes]
    if any(card is None for card in cards):
        raise ValueError("not a card code")
    return cards  # type: ignore[return-value]
