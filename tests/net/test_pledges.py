"""A player's pledges (tcf_gui.net.pledges): a turn asked again keeps its commitment."""
from __future__ import annotations

from tcf_gui.net.pledges import Pledges
from tcf_gui.net.proof import commitment


def test_a_turn_asked_twice_keeps_its_first_commitment_and_opens_it():
    """After a reconnect the terminal asks the turn again; the answer typed then must not
    replace the commitment the server already holds (the opening would not match it, and
    the turn stalled: seen in test_play_text_friend's rejoin, now and then)."""
    pledges = Pledges(game=1)
    pledges.choose(2, 2)
    pledges.choose(2, 0)  # the same turn, asked again
    first, again = pledges.outbox
    assert first == again
    pledges.outbox.clear()
    pledges.committed(2, "c" * 64)
    [move] = pledges.outbox
    assert move["slot"] == 2
    assert first["commitment"] == commitment(1, 2, "2", move["nonce"])


def test_a_new_turn_gets_a_new_commitment():
    pledges = Pledges(game=1)
    pledges.choose(1, 2)
    pledges.choose(2, 0)
    first, second = pledges.outbox
    assert first["commitment"] != second["commitment"] and pledges.slot == 0
