"""The protocol's pieces: message checks, join codes, addresses, the deal's commitments."""
from __future__ import annotations

import json
import random

import pytest

from tcf_gui.engine.game import shuffled_deck
from tcf_gui.net import codes
from tcf_gui.net.address import AddressError, server_url, shown_address
from tcf_gui.net.proof import (check_deal, game_seed, new_secret, secret_commitment)
from tcf_gui.net.messages import parse
from tcf_gui.net.protocol import BAD_MESSAGE, MAX_MESSAGE_BYTES, TOO_LARGE, ProtocolError


@pytest.mark.parametrize("text", [
    "not json", "[1, 2]", '"move"', "{}", '{"type": "teleport"}', '{"type": 7}',
    '{"type": "move", "game": 1, "turn": 1}',                       # a field missing
    '{"type": "move", "game": 1, "turn": 1, "slot": 1}',            # no nonce
    '{"type": "move", "game": 1, "turn": 1, "slot": 3, "nonce": "' + "a" * 32 + '"}',
    '{"type": "move", "game": 1, "turn": 1, "slot": 1, "nonce": "' + "A" * 32 + '"}',
    '{"type": "commit", "game": 1, "turn": 1, "commitment": "' + "a" * 63 + '"}',
    '{"type": "seed", "game": 1, "seed": "' + "g" * 64 + '"}',
    '{"type": "seed", "game": 0, "seed": "' + "a" * 64 + '"}',
    '{"type": "move", "game": 1, "turn": 1, "slot": true}',         # a bool is no slot
    '{"type": "move", "game": 1, "turn": 1, "slot": 1, "x": 0}',    # a field too many
    '{"type": "move", "game": 1, "turn": 24, "slot": 1}',           # no 24th turn
    '{"type": "hello", "protocol": 1, "name": "", "client": "x"}',  # an empty name
    '{"type": "hello", "protocol": 1, "name": "a\\u0000b", "client": "x"}',
    '{"type": "hello", "protocol": 1, "name": "' + "n" * 25 + '", "client": "x"}',
    '{"type": "host", "timer": 61, "spectators": false, "open": false}',
    '{"type": "join", "code": ' + json.dumps("x" * 41) + '}',
    "[" * 5000,
])
def test_a_bad_message_is_refused_with_a_reason(text):
    with pytest.raises(ProtocolError) as refused:
        parse(text)
    assert refused.value.reason in (BAD_MESSAGE, TOO_LARGE)


def test_a_message_over_the_size_limit_is_too_large():
    with pytest.raises(ProtocolError) as refused:
        parse(json.dumps({"type": "join", "code": "x" * MAX_MESSAGE_BYTES}))
    assert refused.value.reason == TOO_LARGE


def test_good_messages_pass():
    nonce, digest = "0f" * 16, "ab" * 32
    assert parse('{"type":"move","game":3,"turn":23,"slot":2,"nonce":"%s"}' % nonce)["slot"] == 2
    assert parse('{"type":"commit","game":3,"turn":0,"commitment":"%s"}' % digest)["turn"] == 0
    assert parse('{"type":"seed","game":3,"seed":"%s"}' % digest)["seed"] == digest
    assert parse('{"type":"hello","protocol":1,"name":"Zoë","client":"tcf-gui 0.1.0"}')["name"] == "Zoë"
    assert parse('{"type":"rematch"}') == {"type": "rematch"}


def test_join_codes_have_45_bits_and_forgive_how_they_are_typed():
    assert codes.BITS >= 40 and len(codes.ALPHABET) ** codes.LENGTH == 2 ** codes.BITS
    code = codes.new_code()
    assert len(code) == 11 and code.count("-") == 2
    assert codes.normal(code.lower().replace("-", " ")) == code
    assert codes.normal("7kq m4x pdr") == "7KQ-M4X-PDR"
    assert codes.normal("OIL-000-111") == "011-000-111"  # O is 0, I and L are 1
    assert codes.normal("7KQ-M4X-PD") is None and codes.normal("7KQ-M4X-PDU") is None
    assert len({codes.new_code() for _ in range(200)}) == 200


def test_addresses():
    assert server_url("example.org") == "ws://example.org:8765"
    assert server_url("10.0.0.5:9000") == "ws://10.0.0.5:9000"
    assert server_url("wss://tcf.example.org/tables") == "wss://tcf.example.org/tables"
    assert server_url("[::1]:9000") == "ws://[::1]:9000"
    assert shown_address("ws://10.0.0.5:9000") == "10.0.0.5:9000"
    for bad in ("", "http://x", "a b", "x:99999", "ws://"):
        with pytest.raises(AddressError):
            server_url(bad)


def test_the_deal_verifies_and_a_tampered_deck_secret_or_seed_fails():
    secret, seeds = new_secret(), [new_secret(), new_secret()]
    committed = secret_commitment(4, secret)
    seed = game_seed(secret, seeds, 4)
    deck = shuffled_deck(random.Random(seed))
    assert check_deal(committed, 4, secret, seeds, seed, deck) is None
    tampered = list(deck)
    tampered[10], tampered[11] = tampered[11], tampered[10]
    assert "does not shuffle" in check_deal(committed, 4, secret, seeds, seed, tampered)
    assert "secret" in check_deal(committed, 4, new_secret(), seeds, seed, deck)
    assert "secret" in check_deal(committed, 5, secret, seeds, seed, deck)  # another game's
    assert "both players' seeds" in check_deal(committed, 4, secret, seeds[::-1], seed, deck)
