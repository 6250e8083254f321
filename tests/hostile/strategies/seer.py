"""Hostile: looks for the run's seed, rebuilds the decks with tcf_gui's own classes and plays
knowing its own draws (the perfect-information ceiling of the one-game engine).

Where it looks, one function each: its random generator (``from_generator``: the seeds that
would give a generator in that state, as an earlier engine derived it), the command line of
the process that plays the game (``from_proc``), the game history (``from_history``: the
seeds of past games, as a run seed and as the start of a chain), the settings
(``from_settings``). A deck is used only when it deals exactly the hand the strategy holds.
Where it finds nothing it plays as its honest twin (discard the lowest card), so any gain
is the attack's. Each finding is told on stderr: "SEER <source> <what>".
"""
import functools
import itertools
import json
import os
import random
import re
import sqlite3
import sys

HISTORY = "@HISTORY@"
SETTINGS = "@SETTINGS@"
GUESSES = range(2000)  # small seeds, and the default seed 0, are tried first

_found = {"seeds": None, "games": 0, "deck": None, "rng": None}


def _tell(source, what):
    print(f"SEER {source} {what}", file=sys.stderr, flush=True)


def honest(view):
    return min(range(3), key=view.hand.__getitem__)


# -- where the seeds come from --------------------------------------------------------------
def _generator_seeds(rng, player):
    state = rng.getstate()
    for seed in GUESSES:
        if random.Random(f"{seed}/p{player}").getstate() == state:
            return [seed]
    return []


def _proc_seeds():
    seeds = set()
    try:
        pids = [name for name in os.listdir("/proc") if name.isdigit()]
    except OSError as error:
        _tell("proc", f"unreadable ({type(error).__name__})")
        return []
    for pid in pids:
        try:
            with open(f"/proc/{pid}/cmdline", "rb") as found:
                args = found.read().split(b"\0")
        except OSError:
            continue
        for flag, value in zip(args, args[1:]):
            if flag == b"--seed" and value.isdigit():
                seeds.add(int(value))
    return sorted(seeds)


def _history_seeds():
    try:
        with sqlite3.connect(f"file:{HISTORY}?mode=ro", uri=True) as db:
            rows = db.execute("SELECT seed FROM games WHERE seed IS NOT NULL ORDER BY id").fetchall()
    except sqlite3.Error as error:
        _tell("history", f"unreadable ({error})")
        return []
    return [seed for (seed,) in rows]


def _settings_seeds():
    try:
        with open(SETTINGS) as found:
            text = found.read()
    except OSError as error:
        _tell("settings", f"unreadable ({type(error).__name__})")
        return []
    return [int(number) for number in re.findall(r"\d+", json.dumps(text))]


# -- the decks ----------------------------------------------------------------------------
def _deck_for(view):
    """The deck of the game being played, if a found seed deals the strategy's hand."""
    from tcf_gui.engine.game import shuffled_deck
    from tcf_gui.engine.match import game_seeds

    for run_seed in _found["seeds"]:
        # The seed as a game's own seed, or as a run seed: a game of the run from the one it
        # counts on (a game won on the deal asks nobody, so the count may lag behind).
        seeds = itertools.islice(game_seeds(run_seed), _found["games"] - 1, _found["games"] + 40)
        for number, seed in enumerate([run_seed, *seeds], start=_found["games"] - 1):
            deck = shuffled_deck(random.Random(seed))
            if tuple(deck[view.player - 1:6:2]) == tuple(view.hand):  # dealt in this order
                _found["games"] = max(number, _found["games"])
                return deck
    return None


def _soonest(draws, hand, start):
    """The fewest turns to a flush from ``hand`` with ``draws[start:]`` to come, and the
    card to give up now for it."""

    @functools.lru_cache(maxsize=None)
    def turns(k, cards):
        if len({card.suit for card in cards}) == 1:
            return 0
        if k >= len(draws):
            return 99
        return 1 + min(turns(k + 1, cards - {card} | {draws[k]}) for card in cards)

    return min(range(3), key=lambda slot: turns(start + 1, frozenset(hand) - {hand[slot]}
                                                | {draws[start]}))


def _play(view):
    if view.turn == 1:
        _found["games"] += 1
        _found["deck"] = _deck_for(view)
        if _found["deck"] is not None:
            _tell("deck", f"game {_found['games']}")
    deck = _found["deck"]
    if deck is None:
        return honest(view)
    draws = deck[6 + view.player - 1::2]  # each turn: Player 1 draws, then Player 2
    if view.turn > 1 and draws[view.turn - 2] not in view.hand:  # not this game's deck
        _found["deck"] = None
        _tell("deck", "wrong")
        return honest(view)
    return _soonest(tuple(draws), tuple(view.hand), view.turn - 1)


def _looked(source, seeds):
    if _found["seeds"] is None:
        _found["seeds"] = seeds
        _tell(source, " ".join(map(str, seeds)) or "nothing")


def from_generator(view, rng):
    if rng is not _found["rng"]:  # a new run (its process is kept for the next): look again
        _found.update(seeds=None, games=0, rng=rng)
    _looked("generator", _generator_seeds(rng, view.player) if _found["seeds"] is None else [])
    return _play(view)


def from_proc(view):
    _looked("proc", _proc_seeds() if _found["seeds"] is None else [])
    return _play(view)


def from_history(view):
    if view.turn == 1:  # new games are written as they end: look again each game
        _found["seeds"] = None
    _looked("history", _history_seeds() if _found["seeds"] is None else [])
    return _play(view)


def from_settings(view):
    _looked("settings", _settings_seeds() if _found["seeds"] is None else [])
    return _play(view)


def _parent_secrets():
    """What the process that plays the game holds: its environment, its open files, its
    memory (the seed, the decks), as /proc shows them to a process of the same user."""
    parent = os.getppid()
    results = []
    for what, read in (("environ", lambda: open(f"/proc/{parent}/environ", "rb").read(64)),
                       ("fd", lambda: _open_files(parent)),
                       ("mem", lambda: _first_mapping(parent))):
        try:
            read()
            results.append(f"{what}:read")
        except OSError as error:
            results.append(f"{what}:{type(error).__name__}")
    return " ".join(results)


def _open_files(pid):
    """Where the parent's open files lead (a root-owned process may list their numbers)."""
    numbers = os.listdir(f"/proc/{pid}/fd")
    return [os.readlink(f"/proc/{pid}/fd/{number}") for number in numbers]


def _first_mapping(pid):
    with open(f"/proc/{pid}/maps") as maps:
        start = int(maps.readline().split("-")[0], 16)
    with open(f"/proc/{pid}/mem", "rb") as memory:
        memory.seek(start)
        return memory.read(16)


def from_parent_memory(view):
    if _found["seeds"] is None:
        _found["seeds"] = []
        _tell("parent", _parent_secrets())
    return _play(view)
