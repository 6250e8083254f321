"""The seats kept on disk (tcf_gui.net.kept_seats): private, atomic, bounded, and a file that
is none of ours counts as empty."""
from __future__ import annotations

import json
import stat

import pytest

from tcf_gui.net.kept_seats import KEEP_S, MOST_ENTRIES, KeptSeat

TOKEN = "A" * 32


class Clock:
    now = 1_000_000.0

    def __call__(self) -> float:
        return self.now


def test_a_token_kept_is_found_again_for_that_table_only_and_is_private(tmp_path):
    path, clock = tmp_path / "seats.json", Clock()
    KeptSeat("ws://a:1", "7KQ-M4X-PDR", path, clock).keep(TOKEN)
    assert KeptSeat("ws://a:1", "7KQ-M4X-PDR", path, clock).token == TOKEN
    assert KeptSeat("ws://a:1", "000-000-000", path, clock).token is None
    assert KeptSeat("ws://b:1", "7KQ-M4X-PDR", path, clock).token is None
    assert stat.S_IMODE(path.stat().st_mode) == 0o600
    assert [p.name for p in tmp_path.iterdir()] == ["seats.json"]  # no temporary file left


def test_a_token_is_forgotten_when_left_or_old(tmp_path):
    path, clock = tmp_path / "seats.json", Clock()
    seat = KeptSeat("ws://a:1", "7KQ-M4X-PDR", path, clock)
    seat.keep(TOKEN)
    seat.forget()
    assert KeptSeat("ws://a:1", "7KQ-M4X-PDR", path, clock).token is None
    seat.keep(TOKEN)
    clock.now += KEEP_S
    assert KeptSeat("ws://a:1", "7KQ-M4X-PDR", path, clock).token is None


def test_the_file_keeps_the_newest_few(tmp_path):
    path, clock = tmp_path / "seats.json", Clock()
    for number in range(MOST_ENTRIES + 10):
        clock.now += 1
        KeptSeat("ws://a:1", f"code{number}", path, clock).keep(TOKEN)
    assert len(json.loads(path.read_text())) == MOST_ENTRIES
    assert KeptSeat("ws://a:1", f"code{MOST_ENTRIES + 9}", path, clock).token == TOKEN


def test_a_seat_written_while_it_is_read_is_found(tmp_path):
    """Another thread (the window's table keeping its secrets) writes the entry again between
    the reader's look at the clock and its look at the file: the entry is not taken for one
    written in the future (it was, once in a CI run)."""
    path, clock = tmp_path / "seats.json", Clock()
    writer = KeptSeat("ws://a:1", "C", path, clock)
    writer.keep(TOKEN)

    def clock_while_written() -> float:
        now = clock.now
        clock.now += 1
        writer.keep_secrets(SECRETS)  # written at a later time than the reader's "now"
        return now

    assert KeptSeat("ws://a:1", "C", path, clock_while_written).token == TOKEN


@pytest.mark.parametrize("text", ["", "not json", "[1, 2]", '{"ws://a:1 C": 5}',
                                  '{"ws://a:1 C": {"token": "\\u00e9", "at": 1000000}}',
                                  '{"ws://a:1 C": {"token": "AAAAAAAAAAAAAAAAAAAA", "at": true}}',
                                  "[" * 100_000, '{"x": "' + "y" * 70_000 + '"}'])
def test_a_file_that_is_none_of_ours_counts_as_empty(tmp_path, text):
    path = tmp_path / "seats.json"
    path.write_text(text)
    seat = KeptSeat("ws://a:1", "C", path, Clock())
    assert seat.token is None
    seat.keep(TOKEN)  # and is written over
    assert KeptSeat("ws://a:1", "C", path, Clock()).token == TOKEN


def test_a_seat_kept_that_the_server_no_longer_holds_is_a_plain_join(tmp_path):
    """A token kept for this table that the server refuses (the table closed and opened
    again, a seat given up): the client joins as asked, in the same go."""
    from netplay import Player, host_place, start_server

    thread, url = start_server(seed=4)
    try:
        host = Player(url, "Ann", host_place())
        code = host.until_type("seated")["code"]
        path = tmp_path / "seats.json"
        KeptSeat(url, code, path).keep(TOKEN)  # no seat has it
        kept = KeptSeat(url, code, path)
        friend = Player(url, "Bob", {"type": "join", "code": code}, kept=kept)
        seated = friend.until_type("seated", "refused")
        assert seated["type"] == "seated" and seated["seat"] == 2
        assert kept.token == seated["token"] != TOKEN  # and the new one is kept
        assert KeptSeat(url, code, path).token == seated["token"]
        friend.client.send({"type": "leave"})
        assert KeptSeat(url, code, path).token is None  # a seat left is not asked for again
        host.close()
        friend.close()
    finally:
        thread.stop()


SECRETS = {"game": 2, "server": "c" * 64, "seed": "5" * 64, "turn": 3, "slot": 1,
           "nonce": "a" * 32}


def test_a_players_secrets_are_kept_with_the_token_until_the_game_is_over(tmp_path):
    path, clock = tmp_path / "seats.json", Clock()
    seat = KeptSeat("ws://a:1", "C", path, clock)
    seat.keep(TOKEN)
    seat.keep_secrets(SECRETS)
    again = KeptSeat("ws://a:1", "C", path, clock)
    assert (again.token, again.secrets) == (TOKEN, SECRETS)
    assert stat.S_IMODE(path.stat().st_mode) == 0o600
    again.keep_secrets(None)
    assert KeptSeat("ws://a:1", "C", path, clock).secrets is None
    seat.forget()
    assert KeptSeat("ws://a:1", "C", path, clock).secrets is None


@pytest.mark.parametrize("change", [{"seed": "5" * 63}, {"seed": "G" * 64}, {"slot": 3},
                                    {"slot": True}, {"game": 0}, {"turn": "3"}, {"nonce": ""},
                                    {"slot": None}, {"server": None}, {"extra": 1}])
def test_secrets_that_are_not_what_this_module_writes_count_as_empty(tmp_path, change):
    path = tmp_path / "seats.json"
    entry = {"token": TOKEN, "at": Clock.now, "secrets": {**SECRETS, **change}}
    path.write_text(json.dumps({"ws://a:1 C": entry}))
    seat = KeptSeat("ws://a:1", "C", path, Clock())
    assert seat.token is None and seat.secrets is None
