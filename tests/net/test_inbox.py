"""A connection's messages on the server, taken as they come (tcf_gui.net.inbox)."""
from __future__ import annotations

import asyncio

import pytest
from websockets.frames import Frame, Opcode

from tcf_gui.net.inbox import EARLY, Inbox
from tcf_gui.net.protocol import ProtocolError


def text(data: str) -> Frame:
    return Frame(Opcode.TEXT, data.encode())


def test_messages_before_the_place_wait_and_go_to_the_table_in_order_once_seated():
    async def run() -> tuple[list, list]:
        inbox = Inbox(lambda: True)
        closed: asyncio.Future[None] = asyncio.get_running_loop().create_future()
        for word in ("hello", "place", "a", "b"):
            inbox.take(text(word))
        first = [await inbox.next(1.0, closed), await inbox.next(1.0, closed)]
        seen: list = []
        inbox.seat(seen.append)
        inbox.take(text("c"))
        return first, seen

    first, seen = asyncio.run(run())
    assert first == ["hello", "place"] and seen == ["a", "b", "c"]


def test_too_many_early_messages_or_none_in_time_or_past_the_rate_stop_the_connection():
    async def run(frames: int, allowed: bool) -> ProtocolError:
        inbox = Inbox(lambda: allowed)
        closed: asyncio.Future[None] = asyncio.get_running_loop().create_future()
        for _ in range(frames):
            inbox.take(text("x"))
        with pytest.raises(ProtocolError) as stopped:
            while True:
                await inbox.next(0.05, closed)
        return stopped.value

    assert asyncio.run(run(EARLY + 1, True)).reason == "bad-message"
    assert asyncio.run(run(0, True)).reason == "timeout"
    assert asyncio.run(run(1, False)).reason == "rate-limit"


def test_a_closed_connection_ends_the_wait_with_nothing():
    async def run() -> object:
        inbox = Inbox(lambda: True)
        closed: asyncio.Future[None] = asyncio.get_running_loop().create_future()
        asyncio.get_running_loop().call_later(0.01, closed.set_result, None)
        return await inbox.next(5.0, closed)

    assert asyncio.run(run()) is None
