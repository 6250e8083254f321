"""The sandbox process (see tcf_gui.engine.strategies.sandbox): it builds a user's strategy
and answers Views with slots, and holds nothing else of the game.

Messages on stdin, answers on the original stdout (the user's prints go to stderr):
``("make", spec, rng)`` -> ``("ok", None)``; ``("one", view)`` -> ``("slot", slot)``;
``("many", batch_view)`` -> ``("tick", None)``... then ``("slots", array)``; ``("drop",)``
forgets the strategy. Any failure answers ``("error", one line)``. End of input ends it.
"""
from __future__ import annotations

import os
import signal
import time
from multiprocessing.connection import Connection
from typing import Any, Callable

import numpy as np

from ..batch.hybrid import batch_views
from ..view import View
from . import registry, user_file
from .errors import checked_slot
from .sandbox import TICK_SECONDS


def _decide_many(label: str, strategy: Callable[[View], Any], batch: Any,
                 reply: Connection) -> Any:
    """Every game's slot in a BatchView, with a tick on ``reply`` now and then."""
    function, args = strategy, ()  # type: tuple[Callable[..., Any], tuple]
    if isinstance(strategy, user_file.FileStrategy):  # the same checks, one call less
        label, function, args = strategy.name, strategy.function, strategy.args
    slots = []
    last = time.monotonic()
    for count, view in enumerate(batch_views(batch), start=1):
        answer = function(view, *args)
        if answer.__class__ is not int or not 0 <= answer <= 2:
            answer = checked_slot(label, view, answer)
        slots.append(answer)
        if count % 64 == 0 and time.monotonic() - last > TICK_SECONDS:
            reply.send(("tick", None))  # an OSError here ends the process quietly too
            last = time.monotonic()
    return np.array(slots, dtype=np.intp)


def _error_line(label: str, error: BaseException) -> str:
    if isinstance(error, registry.StrategyError):
        return str(error)
    return f"strategy {label} raised {user_file.first_line(error)}"


def serve(requests: Connection, reply: Connection) -> None:
    registry.load_files_here()
    strategy: Callable[[View], Any] | None = None
    label = "?"
    while True:
        try:
            message = requests.recv()
        except (EOFError, OSError):
            return
        kind = message[0]
        if kind == "drop":
            strategy = None
            continue
        try:
            if kind == "make":
                label = message[1]
                strategy = registry.make_strategy(message[1], message[2])
                answer: tuple = ("ok", None)
            elif strategy is None:
                answer = ("error", "the sandbox has no strategy")
            elif kind == "one":
                answer = ("slot", checked_slot(label, message[1], strategy(message[1])))
            else:
                answer = ("slots", _decide_many(label, strategy, message[1], reply))
        except BaseException as error:  # the user's code may raise anything at all
            answer = ("error", _error_line(label, error))
        try:
            reply.send(answer)
        except OSError:  # the parent has gone (or stopped listening): nothing more to do
            return


def main() -> None:
    """Serve the parent on stdin and the original stdout."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)  # Ctrl-C is for the parent, which ends us
    signal.signal(signal.SIGTERM, signal.SIG_DFL)
    reply_fd = os.dup(1)
    os.dup2(2, 1)  # print() in a strategy goes to stderr; stdout carries the answers
    serve(Connection(os.dup(0), writable=False), Connection(reply_fd, readable=False))


if __name__ == "__main__":
    main()
