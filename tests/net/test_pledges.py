"""A player's pledges (tcf_gui.net.pledges): a turn asked again keeps its commitment."""
from __future__ import annotations

import pytest

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


def test_a_commitment_told_again_must_be_the_one_told_before():
    """After a reconnect the server tells the rounds again; a friend's commitment it changed
    then (once it had this player's seed, say) was taken as the new one."""
    pledges = Pledges(game=1)
    pledges.committed(0, "a" * 64)
    pledges.committed(0, "a" * 64)  # the same, told again: fine
    pledges.told_again(0, "a" * 64)
    with pytest.raises(ValueError, match="seed changed"):
        pledges.committed(0, "b" * 64)
    with pytest.raises(ValueError, match="seed changed"):
        pledges.told_again(0, "b" * 64)
    pledges.committed(3, None)  # the timer played for them
    pledges.told_again(3, None)
    with pytest.raises(ValueError, match="turn 3 changed"):
        pledges.told_again(3, "c" * 64)
    pledges.told_again(4, "d" * 64)  # a turn not told before (a fresh client): nothing to hold
