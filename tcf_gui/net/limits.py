"""What one table server holds and how it treats strangers: light to import (no websockets),
so that ``tcf-gui server --help`` shows the defaults even where the server cannot run."""
from __future__ import annotations

from dataclasses import dataclass

from tcf_gui.net.seat import HOLD_S

#: The rate limit: a burst of RATE_BURST messages, then RATE_PER_S a second (a person
#: sends two a turn, its commitment and its move, and two for a deal; a whole game is at
#: most 50 messages).
RATE_BURST = 80
RATE_PER_S = 20.0
#: Seconds the first wrong code past the free tries waits (doubling for each one after).
SLOW_S = 0.5
#: Seconds a connection refused for cause (a rate, a block, a full server, a broken
#: message) is held before it is told and closed: a stranger who retries at once gains one
#: try each REFUSAL_HOLD_S a connection instead of as many as the server's CPU allows.
REFUSAL_HOLD_S = 2.0
#: Seconds a table may go with no player's message before it is closed (a host waiting for a
#: friend who never comes, a table nobody plays at).
IDLE_S = 900.0


@dataclass
class Limits:
    """What one server holds and how it treats strangers (the defaults suit a public one)."""

    max_tables: int = 2000
    max_connections: int = 5000
    per_address: int = 64
    """Connections from one address at once (a household shares one behind its router),
    counted from the accept; an IPv6 address counts by its /64."""
    tables_per_address: int = 16
    """Tables opened from one address (or /64) at once."""
    idle_s: float = IDLE_S
    hold_s: float = HOLD_S
    slow_s: float = SLOW_S
    refusal_hold_s: float = REFUSAL_HOLD_S
    rate_per_s: float = RATE_PER_S
    burst: int = RATE_BURST
    behind_proxy: bool = False
    """Take a client's address from X-Forwarded-For (set by a reverse proxy on this machine)."""
    local_tables: bool = False
    """Open tables for clients on this machine only: a server of one's own, where the friend
    joins but strangers open no tables of their own."""
