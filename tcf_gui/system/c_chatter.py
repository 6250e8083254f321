"""Lines a C library writes straight to the terminal: SDL's ALSA backend, finding no sound
device, writes eight ``ALSA lib ...`` lines to file descriptor 2 from C, where Python cannot
catch them. ``chatter_held_back`` catches what is written there for a moment and lets through
every line but those."""
from __future__ import annotations

import os
import sys
import tempfile
from contextlib import contextmanager
from typing import Iterator

#: The beginnings of the lines held back.
CHATTER = (b"ALSA lib ",)
#: The most that is read back of what was written meanwhile (the rest is dropped).
MOST_BYTES = 1 << 16


@contextmanager
def chatter_held_back(stream: int = 2) -> Iterator[None]:
    """While the block runs, what is written to ``stream`` (a file descriptor) goes to a
    temporary file; afterwards its lines, but the chatter, are written to ``stream``. Where
    ``stream`` cannot be duplicated (closed), the block runs as it is."""
    sys.stderr.flush()
    try:
        saved = os.dup(stream)
    except OSError:
        yield
        return
    with tempfile.TemporaryFile() as caught:
        os.dup2(caught.fileno(), stream)
        try:
            yield
        finally:
            sys.stderr.flush()
            os.dup2(saved, stream)
            os.close(saved)
            caught.seek(0)
            kept = [line for line in caught.read(MOST_BYTES).splitlines(keepends=True)
                    if not line.startswith(CHATTER)]
            if kept:
                os.write(stream, b"".join(kept))
