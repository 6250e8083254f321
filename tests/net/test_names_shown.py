"""A name a server sends is cleaned before the client keeps or shows it (what a name may
hold: tcf_gui.words.names)."""
from __future__ import annotations

from tcf_gui.net.mirror import FriendTable
from tcf_gui.words.names import UNKNOWN


def seated(names: list[str | None]) -> dict:
    return {"type": "seated", "code": "7KQ-M4X-PDR", "seat": 2, "token": "t" * 22, "timer": 0,
            "spectators": False, "open": False, "names": names}


def test_the_names_a_server_tells_are_cleaned():
    table = FriendTable()
    table.take(seated(["y\u00f3u", None]))  # "you" with an accent: passes for this side
    assert table.player_names() == (UNKNOWN, "?")
    table.take({"type": "friend", "name": "Ann\u0301\u0302\u0303\u0304", "present": True,
                "left": False})
    assert table.friend_name == "An\u0144\u0302\u0303"  # n and its accent join; 2 marks more
