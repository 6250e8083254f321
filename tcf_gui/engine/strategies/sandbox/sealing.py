"""The seed of a sandboxed strategy's random generator: sealed, so that it gives no handle on
the deck.

A run hands each player a generator derived from the run's seed (tcf_gui.engine.match). A
strategy of ours uses it as it is; a strategy from a file gets instead a generator seeded
with HMAC-SHA256(key, 256 bits drawn from it), where the key is a secret of this
installation (``strategy.key`` in the data folder, made once from the operating system's
entropy). The strategy never sees the key, so its generator's state leads back neither to
the run's seed nor to the decks, even for a seed it could guess; and since the key stays the
same, a run with ``--seed`` still gives such a strategy the same numbers every time, on this
installation (a cluster run sends the key with its tasks, so its workers do the same).
"""
from __future__ import annotations

import hashlib
import hmac
import os
import random
import secrets

KEY_NAME = "strategy.key"
KEY_BYTES = 32

_key: bytes | None = None


def sealed_seed(rng: random.Random) -> int:
    """A seed for a file strategy's generator, from ``rng`` (which it advances)."""
    drawn = rng.getrandbits(256).to_bytes(32, "big")
    return int.from_bytes(hmac.new(key(), drawn, hashlib.sha256).digest(), "big")


def key() -> bytes:
    """This installation's key: read from the data folder, made there the first time; a key
    for this process alone when the folder cannot keep one (read-only, full disk)."""
    global _key
    if _key is None:
        try:
            _key = _stored_key()
        except OSError:
            _key = secrets.token_bytes(KEY_BYTES)
    return _key


def set_key(value: bytes) -> None:
    """Use ``value`` as the key (a cluster worker gets the key of the run's machine)."""
    global _key
    _key = bytes(value)


def _stored_key() -> bytes:
    """The key in the data folder; a new one is written beside it and linked in place, so
    that two processes starting at once agree on one key."""
    import tempfile

    from tcf_gui.system.folders import data_dir

    path = data_dir() / KEY_NAME
    if not path.exists():
        path.parent.mkdir(parents=True, exist_ok=True)
        fd, draft = tempfile.mkstemp(prefix=".strategy-key-", dir=path.parent)  # mode 0600
        try:
            with os.fdopen(fd, "wb") as new:
                new.write(secrets.token_bytes(KEY_BYTES))
            try:
                os.link(draft, path)
            except FileExistsError:
                pass  # another process was first: its key holds
        finally:
            os.unlink(draft)
    fd = os.open(path, os.O_RDONLY | os.O_NOFOLLOW)
    with os.fdopen(fd, "rb") as stored:
        value = stored.read(KEY_BYTES + 1)
    if len(value) != KEY_BYTES:
        raise OSError(f"{path} does not hold a key")
    return value
