"""The sandbox process (see tcf_gui.engine.strategies.sandbox): it confines itself, builds a
user's strategy and answers Views with slots, and holds nothing else of the game.

Requests come on stdin (framed pickles, protocol.py); replies go out on the original stdout
as bytes, and what the strategy prints goes to stderr, a pipe the engine reads and cleans
(output.py): the process has no terminal, and its stdin is /dev/null once the requests'
pipe is put aside:
``("confine", level, readable, language)`` -> READY (confine.py); ``("make", spec, seed,
language)`` -> READY (its lines of failure in the engine's language, which it recognises);
``("one", view)`` -> a slot; ``("many", batch_view)`` -> a slot per game, sent as they are
decided (at least every FLUSH_SECONDS); ``("drop",)`` forgets the strategy (no reply). Any
failure replies ERROR with one line. End of input ends the process.
"""
from __future__ import annotations

import os
import random
import signal
import sys
import time
from typing import Any, Callable

from tcf_gui.i18n import _, use_language
from tcf_gui.engine.batch_view import batch_views
from tcf_gui.engine.view import View
from tcf_gui.engine.strategies import registry, user_file
from tcf_gui.engine.strategies.errors import RAISED, checked_slot
from tcf_gui.engine.strategies.sandbox import protocol
from tcf_gui.engine.strategies.sandbox.confine import confine

#: A busy sandbox sends the slots decided so far at least this often.
FLUSH_SECONDS = 0.1


def _flush_prints() -> None:
    try:
        sys.stderr.flush()
    except (OSError, ValueError):  # stderr closed, or by the strategy
        pass


class EngineGone(Exception):
    """The reply pipe is closed: the engine has gone, and so does this process, quietly."""


class Replies:
    """The reply pipe, written in full (or EngineGone)."""

    def __init__(self, fd: int) -> None:
        self.fd = fd

    def send(self, data: bytes) -> None:
        """Write ``data`` in full, after what the strategy printed (the engine may end this
        process as soon as it has its answer)."""
        _flush_prints()
        view = memoryview(data)
        while view:
            try:
                view = view[os.write(self.fd, view):]
            except OSError:
                raise EngineGone from None


def _decide_many(label: str, strategy: Callable[[View], Any], batch: Any,
                 replies: Replies) -> None:
    """Every game's slot in a BatchView, sent as decided (a few at a time)."""
    function, args = strategy, ()  # type: tuple[Callable[..., Any], tuple]
    if isinstance(strategy, user_file.FileStrategy):  # the same checks, one call less
        label, function, args = strategy.name, strategy.function, strategy.args
    decided = bytearray()
    last = time.monotonic()
    for view in batch_views(batch):
        answer = function(view, *args)
        if answer.__class__ is not int or not 0 <= answer <= 2:
            answer = checked_slot(label, view, answer)
        decided.append(answer)
        if time.monotonic() - last >= FLUSH_SECONDS:
            replies.send(bytes(decided))
            decided.clear()
            last = time.monotonic()
    replies.send(bytes(decided))


def _error_line(label: str, error: BaseException) -> str:
    if isinstance(error, registry.StrategyError):
        return str(error)
    return _(RAISED).format(label=label, error=user_file.first_line(error))


def serve(requests: int, replies: Replies) -> None:
    registry.load_files_here()
    strategy: Callable[[View], Any] | None = None
    label = "?"
    confined = False
    while True:
        message = protocol.read_request(requests)
        if message is None:
            return
        kind = message[0]
        if kind == "drop":
            strategy = None
            continue
        try:
            if kind in ("confine", "make"):
                use_language(message[3])
            if kind == "confine":
                try:
                    confine(message[1], message[2])
                except OSError as error:
                    raise registry.StrategyError(
                        _("the sandbox could not confine itself at the {level} level: {error}")
                        .format(level=message[1], error=error)) from None
                confined = True
                replies.send(bytes((protocol.READY,)))
            elif not confined:
                raise registry.StrategyError(_("the sandbox was not confined first"))
            elif kind == "make":
                label = message[1]
                strategy = registry.make_strategy(message[1], random.Random(message[2]))
                replies.send(bytes((protocol.READY,)))
            elif strategy is None:
                raise registry.StrategyError(_("the sandbox has no strategy"))
            elif kind == "one":
                replies.send(bytes((checked_slot(label, message[1], strategy(message[1])),)))
            else:
                _decide_many(label, strategy, message[1], replies)
        except EngineGone:
            return
        except BaseException as error:  # the user's code may raise anything at all
            replies.send(protocol.error_reply(_error_line(label, error)))


def main() -> None:
    """Serve the engine on stdin and the original stdout."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)  # Ctrl-C is for the engine, which ends us
    signal.signal(signal.SIGTERM, signal.SIG_DFL)
    requests, replies = os.dup(0), os.dup(1)
    null = os.open(os.devnull, os.O_RDONLY)
    os.dup2(null, 0)  # the strategy reads no requests by accident
    os.dup2(2, 1)  # what a strategy prints goes to stderr; the replies have their own pipe
    os.close(null)
    sys.stdout = sys.stderr  # one buffer, flushed before every reply
    serve(requests, Replies(replies))


if __name__ == "__main__":
    main()
