"""The table protocol's messages: one typed definition per kind, and the one place each is
read and made.

Each kind is a TypedDict (a message is a plain dict, the JSON object as it travels): its
fields in the order they travel, each Annotated with the check its value must pass
(tcf_gui.net.checks). The server reads what a client sends with ``parse``, which refuses
anything that is not one of the client's kinds, field by field; a client reads what a
server sends with ``read_from_server``. Both check against the tables read off these
definitions (CLIENT_MESSAGES, SERVER_MESSAGES). A client's messages are made by the
functions at the end (``hello``, ``move``, …); each of the server's is made in one place
too (``welcome`` and ``refused`` here, the table's in tcf_gui.net.table).
"""
import json
from typing import Annotated, Any, Literal, TypedDict, Union, cast, get_args, get_type_hints

from tcf_gui.engine.game import HAND_SIZE, MAX_TURNS
from tcf_gui.engine.seeds import GAME_SEEDS
from tcf_gui.net import checks
from tcf_gui.net.checks import Check
from tcf_gui.net.proof import NONCE_HEX, SECRET_HEX
from tcf_gui.net.protocol import (BAD_MESSAGE, MAX_MESSAGE_BYTES, PROTOCOL, TIMER_CHOICES,
                                  TOO_LARGE, ProtocolError)
from tcf_gui.net.sealed.group import POINT_BYTES, SCALAR_BYTES
from tcf_gui.net.sealed.keys import DECK_SIZE

_GAME = checks.between(1, 1 << 30)
_TURN = checks.between(1, MAX_TURNS)
_SLOT = checks.between(0, HAND_SIZE - 1)
_SLOTS = checks.list_of(_SLOT, 2, 2)
_SECONDS = checks.none_or(checks.seconds)
_HAND = checks.cards(HAND_SIZE)
_CODE = checks.text(40)
_TOKEN = checks.token
#: A turn, or 0 for the deal (the players' seeds are committed to as turn 0).
_PHASE = checks.between(0, MAX_TURNS)
_DIGEST = checks.hexadecimal(64)
_SECRET = checks.hexadecimal(SECRET_HEX)
_NONCE = checks.hexadecimal(NONCE_HEX)
#: The sealed deck (tcf_gui.net.sealed): a pass of 52 points (base 64), a key for a position.
_POINTS = checks.base64_of(DECK_SIZE * POINT_BYTES)
_KEY = checks.pair(checks.between(0, DECK_SIZE - 1), checks.hexadecimal(2 * SCALAR_BYTES))


# -- what a client sends -----------------------------------------------------------------------
class Hello(TypedDict):
    """The first message: the protocol spoken, the person's name, the program."""

    type: Literal["hello"]
    protocol: Annotated[int, checks.between(0, 1 << 30)]
    name: Annotated[str, checks.name]
    client: Annotated[str, checks.text(64)]


class _Host(TypedDict):
    type: Literal["host"]
    timer: Annotated[int, checks.one_of(TIMER_CHOICES)]
    spectators: Annotated[bool, checks.flag]
    open: Annotated[bool, checks.flag]


class Host(_Host, total=False):
    """Open a table: the turn timer (seconds, 0: none), spectators allowed, hands open; and
    (protocol 3) whether its deck is sealed (tcf_gui.net.sealed.table)."""

    sealed: Annotated[bool, checks.flag]


class _ByCode(TypedDict):
    code: Annotated[str, _CODE]


class Join(_ByCode):
    """Sit down in seat 2 at the table the join code names."""

    type: Literal["join"]


class Watch(_ByCode):
    """Watch the table the join code names (when its host allows spectators)."""

    type: Literal["watch"]


class Resume(TypedDict):
    """Take one's seat again after a lost connection, with the token ``seated`` gave."""

    type: Literal["resume"]
    token: Annotated[str, _TOKEN]


class Commit(TypedDict):
    """A player's commitment (tcf_gui.net.proof) to its seed for game ``game`` (turn 0) or
    to its discard for turn ``turn``: it stops the player's timer."""

    type: Literal["commit"]
    game: Annotated[int, _GAME]
    turn: Annotated[int, _PHASE]
    commitment: Annotated[str, _DIGEST]


class Seed(TypedDict):
    """A player's seed for game ``game``, opened once the other's commitment is in."""

    type: Literal["seed"]
    game: Annotated[int, _GAME]
    seed: Annotated[str, _SECRET]


class Move(TypedDict):
    """The card to discard (``slot``) for turn ``turn`` of game ``game``, with the nonce
    that opens the player's commitment: sent once the other's commitment is in."""

    type: Literal["move"]
    game: Annotated[int, _GAME]
    turn: Annotated[int, _TURN]
    slot: Annotated[int, _SLOT]
    nonce: Annotated[str, _NONCE]


class Rematch(TypedDict):
    type: Literal["rematch"]


# A sealed table's messages (protocol 3, tcf_gui.net.sealed.table): each player's part of the
# sealed deck, which the server relays to both players (with ``by``, the sender's seat) and
# never opens. A key is [position, key in hex].
class SealedPass(TypedDict):
    """Pass ``step`` (1 to 3) of the deal: 52 points, base 64 of their bytes."""

    type: Literal["sealed_pass"]
    game: Annotated[int, _GAME]
    step: Annotated[int, checks.between(1, 3)]
    points: Annotated[str, _POINTS]


class SealedKeys(TypedDict):
    """This player's keys for the other's three dealt cards."""

    type: Literal["sealed_keys"]
    game: Annotated[int, _GAME]
    keys: Annotated[list[list[Any]], checks.list_of(_KEY, 3, 3)]


class SealedCommit(TypedDict):
    """The commitment to this player's discard in ``turn`` (tcf_gui.net.proof)."""

    type: Literal["sealed_commit"]
    game: Annotated[int, _GAME]
    turn: Annotated[int, _TURN]
    commitment: Annotated[str, _DIGEST]


class SealedMove(TypedDict):
    """The discard committed to, opened once both commitments are in: the slot and nonce,
    this player's key for its discard and its key for the card the other draws."""

    type: Literal["sealed_move"]
    game: Annotated[int, _GAME]
    turn: Annotated[int, _TURN]
    slot: Annotated[int, _SLOT]
    nonce: Annotated[str, _NONCE]
    keys: Annotated[list[list[Any]], checks.list_of(_KEY, 2, 2)]


class SealedShown(TypedDict):
    """After the deal (turn 0) or a turn: no keys, or this player's keys for its three
    cards, a flush shown."""

    type: Literal["sealed_shown"]
    game: Annotated[int, _GAME]
    turn: Annotated[int, _PHASE]
    keys: Annotated[list[list[Any]], checks.list_of(_KEY, 0, HAND_SIZE)]


class SealedSeed(TypedDict):
    """The seed of this player's seat, revealed once the game is over (the other checks the
    whole deal with it: tcf_gui.net.sealed.audit)."""

    type: Literal["sealed_seed"]
    game: Annotated[int, _GAME]
    seed: Annotated[str, _SECRET]


SealedPart = Union[SealedPass, SealedKeys, SealedCommit, SealedMove, SealedShown, SealedSeed]


class Leave(TypedDict):
    type: Literal["leave"]


ClientMessage = Union[Hello, Host, Join, Watch, Resume, Commit, Seed, Move, Rematch, Leave,
                      SealedPass, SealedKeys, SealedCommit, SealedMove, SealedShown, SealedSeed]
#: The messages that take a place at a table.
Place = Union[Host, Join, Watch, Resume]


# -- what a server sends -----------------------------------------------------------------------
class Welcome(TypedDict):
    type: Literal["welcome"]
    protocol: Annotated[int, checks.between(0, 1 << 30)]
    server: Annotated[str, checks.text(64)]


class _Seated(TypedDict):
    type: Literal["seated"]
    code: Annotated[str, checks.join_code]
    seat: Annotated[int, checks.between(0, 2)]
    token: Annotated[str | None, checks.none_or(_TOKEN)]
    timer: Annotated[int, checks.between(0, 3600)]
    spectators: Annotated[bool, checks.flag]
    open: Annotated[bool, checks.flag]
    names: Annotated[list[str | None], checks.list_of(checks.none_or(checks.name), 2, 2)]


class Seated(_Seated, total=False):
    """A place taken: seat 1 or 2 (0: a spectator, with no token) and the table's terms;
    ``sealed`` (to a protocol 3 client) whether the table's deck is sealed."""

    sealed: Annotated[bool, checks.flag]


class Friend(TypedDict):
    """The other player: their name, whether connected, whether they left."""

    type: Literal["friend"]
    name: Annotated[str, checks.name]
    present: Annotated[bool, checks.flag]
    left: Annotated[bool, checks.flag]


class Shuffle(TypedDict):
    """A game to deal: the server's commitment to its secret; each player answers with the
    commitment to its seed (``commit``, turn 0)."""

    type: Literal["shuffle"]
    game: Annotated[int, _GAME]
    commitment: Annotated[str, _DIGEST]


class Committed(TypedDict):
    """Both commitments of a turn (0: the seeds) are in: the other player's (None when
    their timer played for them). Each player now opens its own."""

    type: Literal["committed"]
    game: Annotated[int, _GAME]
    turn: Annotated[int, _PHASE]
    commitment: Annotated[str | None, checks.none_or(_DIGEST)]


class Deal(TypedDict):
    """A game dealt: the server's commitment (as in ``shuffle``), the hands this client
    may see."""

    type: Literal["deal"]
    game: Annotated[int, _GAME]
    commitment: Annotated[str, _DIGEST]
    hand: Annotated[list[str] | None, checks.none_or(_HAND)]
    opponent_hand: Annotated[list[str] | None, checks.none_or(_HAND)]
    cards_left: Annotated[int, checks.between(0, 52)]


class Question(TypedDict):
    """The turn a seat is asked for, and the seconds its timer leaves (None: no timer)."""

    turn: Annotated[int, _TURN]
    seconds: Annotated[float | None, _SECONDS]


class Ask(TypedDict):
    """A Question on its own (the first turn, a player back after a drop)."""

    type: Literal["ask"]
    game: Annotated[int, checks.between(0, 1 << 30)]
    turn: Annotated[int, _TURN]
    seconds: Annotated[float | None, _SECONDS]


class Waiting(TypedDict):
    """Who has chosen this turn (sent to the player still choosing)."""

    type: Literal["waiting"]
    game: Annotated[int, _GAME]
    turn: Annotated[int, _TURN]
    you: Annotated[bool, checks.flag]
    friend: Annotated[bool, checks.flag]


class _Turn(TypedDict):
    type: Literal["turn"]
    game: Annotated[int, _GAME]
    turn: Annotated[int, _TURN]
    slots: Annotated[list[int], _SLOTS]
    discards: Annotated[list[str], checks.cards(2)]
    draws: Annotated[list[str | None], checks.list_of(checks.none_or(checks.text(2)), 2, 2)]
    cards_left: Annotated[int, checks.between(0, 52)]
    timed_out: Annotated[list[bool], checks.list_of(checks.flag, 2, 2)]
    nonces: Annotated[list[str | None], checks.list_of(checks.none_or(_NONCE), 2, 2)]


def _is_question(value: Any) -> bool:
    return isinstance(value, dict) and bad_field(value, _QUESTION) is None


class Turn(_Turn, total=False):
    """A turn played: both discards, the draws this client may see; with the next Question
    for this seat when there is one (one message where two would do)."""

    ask: Annotated[Question, _is_question]


class Over(TypedDict):
    """A game ended (or abandoned): the result and everything to check it by."""

    type: Literal["over"]
    game: Annotated[int, _GAME]
    result: Annotated[int | None, checks.none_or(checks.between(1, 7))]
    winner: Annotated[int, checks.between(0, 2)]
    abandoned_by: Annotated[int, checks.between(0, 2)]
    turns: Annotated[int, checks.between(0, MAX_TURNS)]
    moves: Annotated[list[list[int]], checks.list_of(_SLOTS, 0, MAX_TURNS)]
    hands: Annotated[list[list[str]], checks.list_of(_HAND, 2, 2)]
    deck: Annotated[list[str], checks.cards(52)]
    secret: Annotated[str, _SECRET]
    seeds: Annotated[list[str], checks.list_of(_SECRET, 2, 2)]
    seed: Annotated[int, checks.between(0, GAME_SEEDS - 1)]


class RematchAsked(TypedDict):
    """The other player (seat ``by``) asks for another game after game ``game``."""

    type: Literal["rematch"]
    game: Annotated[int, _GAME]
    by: Annotated[int, checks.between(1, 2)]


_BY = checks.between(1, 2)


class SealedPassBy(SealedPass):
    by: Annotated[int, _BY]


class SealedKeysBy(SealedKeys):
    by: Annotated[int, _BY]


class SealedCommitBy(SealedCommit):
    by: Annotated[int, _BY]


class SealedMoveBy(SealedMove):
    by: Annotated[int, _BY]


class SealedShownBy(SealedShown):
    by: Annotated[int, _BY]


class SealedSeedBy(SealedSeed):
    by: Annotated[int, _BY]


SealedRelayed = Union[SealedPassBy, SealedKeysBy, SealedCommitBy, SealedMoveBy, SealedShownBy,
                      SealedSeedBy]


class SealedGame(TypedDict):
    """A sealed table deals game ``game``: player 1 starts the passes."""

    type: Literal["sealed_game"]
    game: Annotated[int, _GAME]


class SealedTimeout(TypedDict):
    """``player``'s time ran out in ``turn``: its own client plays its lowest card."""

    type: Literal["sealed_timeout"]
    game: Annotated[int, _GAME]
    turn: Annotated[int, _TURN]
    player: Annotated[int, _BY]


class SealedOver(TypedDict):
    """A sealed game ended: both seeds relayed (``abandoned_by`` 0), or a player left."""

    type: Literal["sealed_over"]
    game: Annotated[int, _GAME]
    abandoned_by: Annotated[int, checks.between(0, 2)]


class Refused(TypedDict):
    """Sent before the server closes a connection: why (protocol's reasons)."""

    type: Literal["refused"]
    reason: Annotated[str, checks.text(64)]


ServerMessage = Union[Welcome, Seated, Friend, Shuffle, Committed, Deal, Ask, Waiting, Turn, Over, RematchAsked,
                      Refused, SealedPassBy, SealedKeysBy, SealedCommitBy, SealedMoveBy,
                      SealedShownBy, SealedSeedBy, SealedGame, SealedTimeout, SealedOver]


# -- the checks, read off the definitions --------------------------------------------------------
Fields = dict[str, Check]
#: A JSON object as it came from the other side, not yet checked (on a client's inbox, also
#: the client's own notes about its link).
Received = dict[str, Any]


def _fields(kind: type, required: bool = True) -> Fields:
    """The checks of a kind's fields (its required or its optional ones), in order."""
    hints = get_type_hints(kind, include_extras=True)
    keys = kind.__required_keys__ if required else kind.__optional_keys__  # type: ignore[attr-defined]
    return {field: hint.__metadata__[0] for field, hint in hints.items()
            if field != "type" and field in keys}


def _table(*kinds: type, required: bool = True) -> dict[str, Fields]:
    """Each kind's fields by its ``type``."""
    return {get_args(get_type_hints(kind)["type"])[0]: _fields(kind, required) for kind in kinds}


_QUESTION = _fields(Question)
#: What a client may send: each type's fields and their checks.
CLIENT_MESSAGES = _table(*get_args(ClientMessage))
#: Fields a client's message may hold besides (a sealed table asked by ``host``).
CLIENT_OPTIONAL = {kind: fields for kind, fields in
                   _table(*get_args(ClientMessage), required=False).items() if fields}
#: The kinds of a sealed table's messages (tcf_gui.net.sealed.table relays them).
SEALED_KINDS = frozenset(_table(*get_args(SealedPart)))
#: The kinds of message that ask for a place (a client's second message).
PLACE_KINDS = frozenset(_table(*get_args(Place)))
#: What a server may send: each type's fields and their checks.
SERVER_MESSAGES = _table(*get_args(ServerMessage))
#: Fields a server's message may hold besides (the question that comes with a turn).
SERVER_OPTIONAL = {kind: fields for kind, fields in
                   _table(*get_args(ServerMessage), required=False).items() if fields}


def bad_field(message: Received, fields: Fields) -> str | None:
    """The first of ``fields`` that ``message`` lacks or holds a bad value in, else None."""
    return next((field for field, check in fields.items()
                 if field not in message or not check(message[field])), None)


# -- reading -------------------------------------------------------------------------------------
def parse(data: str | bytes) -> ClientMessage:
    """One message from a client, checked; ProtocolError if it is not one (anything but
    one of the client's kinds with exactly its fields, each passing its check)."""
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
    optional = {field: check for field, check in CLIENT_OPTIONAL.get(str(kind), {}).items()
                if field in message}
    if set(message) != {"type", *fields, *optional}:
        raise ProtocolError(BAD_MESSAGE, f"{kind}: fields {sorted(message)[:8]}")
    bad = bad_field(message, {**fields, **optional})
    if bad is not None:
        raise ProtocolError(BAD_MESSAGE, f"{kind}: bad {bad}")
    return cast(ClientMessage, message)  # (checked above, field by field)


def check_from_server(message: Received) -> str | None:
    """None for a message a server may send; else the field that is missing or bad (a type
    no server sends is passed over: None). Fields no check names are ignored."""
    kind = message.get("type")
    if not isinstance(kind, str) or kind not in SERVER_MESSAGES:
        return None
    optional = {field: check for field, check in SERVER_OPTIONAL.get(kind, {}).items()
                if field in message}
    return bad_field(message, {**SERVER_MESSAGES[kind], **optional})


def read_from_server(message: Received) -> ServerMessage | None:
    """A server's message as its kind, once checked: None for a type no server sends;
    ValueError (naming the field) for one that breaks its kind's checks."""
    bad = check_from_server(message)
    if bad is not None:
        raise ValueError(bad)
    if message.get("type") not in SERVER_MESSAGES:
        return None
    return cast(ServerMessage, message)  # (checked above, field by field)


# -- making --------------------------------------------------------------------------------------
def hello(protocol: int, name: str, client: str) -> Hello:
    """The client's first message; ``protocol``: the version it speaks (PROTOCOL)."""
    return {"type": "hello", "protocol": protocol, "name": name, "client": client}


def host(timer: int, spectators: bool, open_hands: bool, sealed: bool = False) -> Host:
    """Open a table; ``sealed`` (protocol 3 only): a sealed table."""
    message: Host = {"type": "host", "timer": timer, "spectators": spectators,
                     "open": open_hands}
    if sealed:
        message["sealed"] = True
    return message


def join(code: str) -> Join:
    return {"type": "join", "code": code}


def watch(code: str) -> Watch:
    return {"type": "watch", "code": code}


def resume(token: str) -> Resume:
    return {"type": "resume", "token": token}


def commit(game: int, turn: int, committed: str) -> Commit:
    return {"type": "commit", "game": game, "turn": turn, "commitment": committed}


def seed(game: int, value: str) -> Seed:
    return {"type": "seed", "game": game, "seed": value}


def move(game: int, turn: int, slot: int, nonce: str) -> Move:
    return {"type": "move", "game": game, "turn": turn, "slot": slot, "nonce": nonce}


def rematch() -> Rematch:
    return {"type": "rematch"}


def leave() -> Leave:
    return {"type": "leave"}


def welcome(server: str) -> Welcome:
    return {"type": "welcome", "protocol": PROTOCOL, "server": server}


def refused(reason: str) -> Refused:
    return {"type": "refused", "reason": reason}
