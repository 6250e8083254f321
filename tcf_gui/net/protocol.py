"""The table protocol: small JSON objects over a WebSocket, versioned and validated.

Every message is one JSON object with a ``type``. The client's first message is ``hello``
with the protocol version; a different version is refused with the reason ``version``.
Everything a client sends is checked here, field by field (type, range, length), and
anything else (bad JSON, an unknown type, a missing or extra field, a string too long) is
a ProtocolError that closes that connection with its reason. Messages are for machines:
reasons are fixed words a client turns into its own language, never prose to show.

A client sends (after ``hello``): ``host``, ``join``, ``watch`` or ``resume`` to take a
place, then ``move``, ``rematch`` and ``leave``. The server sends ``welcome``, ``seated``,
``friend``, ``deal``, ``ask``, ``waiting``, ``turn``, ``over``, ``rematch`` and, before it
closes a connection, ``refused`` with a reason. Cards travel as their two-character codes
(``QH``, ``XS``, tcf_gui.engine.cards.Card.code).
"""
from __future__ import annotations

import json
from typing import Any, Callable

from tcf_gui.args import MAX_NAME
from tcf_gui.engine.cards import Card, make_deck, parse_card
from tcf_gui.engine.game import HAND_SIZE, MAX_TURNS
from tcf_gui.engine.seeds import GAME_SEEDS
from tcf_gui.net.codes import normal

PROTOCOL = 1
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


class ProtocolError(Exception):
    """A message that breaks the protocol, or a place refused; ``reason`` is one of the
    reasons above."""

    def __init__(self, reason: str, detail: str = "") -> None:
        super().__init__(detail or reason)
        self.reason = reason
        self.detail = detail


Check = Callable[[Any], bool]


def _int(low: int, high: int) -> Check:
    return lambda value: type(value) is int and low <= value <= high


def _str(most: int) -> Check:
    return lambda value: isinstance(value, str) and 0 < len(value) <= most


def _name(value: Any) -> bool:
    return (isinstance(value, str) and 0 < len(value.strip()) and len(value) <= MAX_NAME
            and value.isprintable())


def _bool(value: Any) -> bool:
    return type(value) is bool


#: What a client may send: each type's fields and their checks (all required).
CLIENT_MESSAGES: dict[str, dict[str, Check]] = {
    "hello": {"protocol": _int(0, 1 << 30), "name": _name, "client": _str(64)},
    "host": {"timer": lambda value: value in TIMER_CHOICES and type(value) is int,
             "spectators": _bool, "open": _bool},
    "join": {"code": _str(40)},
    "watch": {"code": _str(40)},
    "resume": {"token": _str(64)},
    "move": {"game": _int(1, 1 << 30), "turn": _int(1, 23), "slot": _int(0, 2)},
    "rematch": {},
    "leave": {},
}


def _none_or(check: Check) -> Check:
    return lambda value: value is None or check(value)


def _list(item: Check, least: int, most: int) -> Check:
    return lambda value: (isinstance(value, list) and least <= len(value) <= most
                          and all(item(each) for each in value))


def _seconds(value: Any) -> bool:
    return type(value) in (int, float) and 0 <= value <= 3600  # NaN and infinity fail


def _hex(length: int) -> Check:
    return lambda value: (isinstance(value, str) and len(value) == length
                          and all(char in "0123456789abcdef" for char in value))


def _code(value: Any) -> bool:
    """A join code as a server shows it (``7KQ-M4X-PDR``; printed: no control characters)."""
    return isinstance(value, str) and normal(value) == value


def _cards(count: int) -> Check:
    return _list(_str(2), count, count)  # which cards: read_cards, where they are read


_GAME = _int(1, 1 << 30)
_TURN = _int(1, MAX_TURNS)
_SLOTS = _list(_int(0, HAND_SIZE - 1), 2, 2)
_ASK = {"turn": _TURN, "seconds": _none_or(_seconds)}

#: What a server may send: each type's fields and their checks. The client checks every
#: message against them (check_from_server) before it believes a word of it.
SERVER_MESSAGES: dict[str, dict[str, Check]] = {
    "welcome": {"protocol": _int(0, 1 << 30), "server": _str(64)},
    "seated": {"code": _code, "seat": _int(0, 2), "token": _none_or(_str(64)),
               "timer": _int(0, 3600), "spectators": _bool, "open": _bool,
               "names": _list(_none_or(_name), 2, 2)},
    "friend": {"name": _name, "present": _bool, "left": _bool},
    "deal": {"game": _GAME, "commitment": _hex(64), "hand": _none_or(_cards(HAND_SIZE)),
             "opponent_hand": _none_or(_cards(HAND_SIZE)), "cards_left": _int(0, 52)},
    "ask": {"game": _int(0, 1 << 30), **_ASK},
    "waiting": {"game": _GAME, "turn": _TURN, "you": _bool, "friend": _bool},
    "turn": {"game": _GAME, "turn": _TURN, "slots": _SLOTS, "discards": _cards(2),
             "draws": _list(_none_or(_str(2)), 2, 2), "cards_left": _int(0, 52),
             "timed_out": _list(_bool, 2, 2)},
    "over": {"game": _GAME, "result": _none_or(_int(1, 7)), "winner": _int(0, 2),
             "abandoned_by": _int(0, 2), "turns": _int(0, MAX_TURNS),
             "moves": _list(_SLOTS, 0, MAX_TURNS), "hands": _list(_cards(HAND_SIZE), 2, 2),
             "deck": _cards(52), "salt": _str(128), "seed": _none_or(_int(0, GAME_SEEDS - 1))},
    "rematch": {"game": _GAME, "by": _int(1, 2)},
    "refused": {"reason": _str(64)},
}
#: Fields a server's message may hold besides: the question that comes with a turn.
SERVER_OPTIONAL: dict[str, dict[str, Check]] = {
    "turn": {"ask": lambda value: isinstance(value, dict) and _bad_field(value, _ASK) is None},
}


def _bad_field(message: dict[str, Any], fields: dict[str, Check]) -> str | None:
    """The first of ``fields`` that ``message`` lacks or holds a bad value in, else None."""
    return next((field for field, check in fields.items()
                 if field not in message or not check(message[field])), None)


def check_from_server(message: dict[str, Any]) -> str | None:
    """None for a message a server may send; else the field that is missing or bad (a type
    no server sends is passed over: None). Fields no check names are ignored."""
    kind = message.get("type")
    if not isinstance(kind, str) or kind not in SERVER_MESSAGES:
        return None
    optional = {field: check for field, check in SERVER_OPTIONAL.get(kind, {}).items()
                if field in message}
    return _bad_field(message, {**SERVER_MESSAGES[kind], **optional})


def parse(data: str | bytes) -> dict[str, Any]:
    """One message from a client, checked; ProtocolError if it is not one."""
    if isinstance(data, bytes):
        raise ProtocolError(BAD_MESSAGE, "binary frame")
    if len(data) > MAX_MESSAGE_BYTES:
        raise ProtocolError(TOO_LARGE, f"{len(data)} characters")
    try:
        message = json.loads(data)
    except (ValueError, RecursionError):
        raise ProtocolError(BAD_MESSAGE, "not JSON") from None
    if not isinstance(message, dict):
        raise ProtocolError(BAD_MESSAGE, "not a JSON object")
    kind = message.get("type")
    fields = CLIENT_MESSAGES.get(kind) if isinstance(kind, str) else None
    if fields is None:
        raise ProtocolError(BAD_MESSAGE, f"unknown type {str(kind)[:20]!r}")
    if set(message) != {"type", *fields}:
        raise ProtocolError(BAD_MESSAGE, f"{kind}: fields {sorted(message)[:8]}")
    bad = _bad_field(message, fields)
    if bad is not None:
        raise ProtocolError(BAD_MESSAGE, f"{kind}: bad {bad}")
    return message


def dump(message: dict[str, Any]) -> str:
    """A message as sent: compact JSON."""
    return json.dumps(message, separators=(",", ":"), ensure_ascii=False)


_CODES = {card: card.code for card in make_deck()}


def card_codes(cards: Any) -> list[str]:
    """Cards as they travel: their codes (looked up: a server sends many)."""
    return [_CODES[card] for card in cards]


def read_cards(codes: Any, count: int | None = None) -> list[Card]:
    """Cards from a server's list of codes; ValueError for anything else."""
    if not isinstance(codes, list) or (count is not None and len(codes) != count):
        raise ValueError(f"not a list of {count or 'some'} cards")
    cards = [parse_card(code) if isinstance(code, str) and len(code) == 2 else None
             for code in codes]
    if any(card is None for card in cards):
        raise ValueError("not a card code")
    return cards  # type: ignore[return-value]
