"""Headless test setup: no real screen, no sound card, no writes to the user's folders, and
every test starts from the same SDL state whatever ran before it (the suite runs in random
order)."""
import io
import os
import sys
import tempfile

import pytest
from slow_tests import SLOW_TESTS

# Python keeps the modules it compiles (__pycache__, its default) even where the environment
# says not to (PYTHONDONTWRITEBYTECODE, set on some CI machines, this one among them): the
# tests start Python hundreds of times (the commands, the pytest workers), and without it each
# start compiles the package again and each worker rewrites every test module's asserts.
os.environ.pop("PYTHONDONTWRITEBYTECODE", None)
sys.dont_write_bytecode = False
os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
# The tests read English whatever the machine's language (a test that wants another language
# chooses it); LANGUAGE is read first and touches nothing but the messages.
os.environ["LANGUAGE"] = "en"


def pytest_xdist_auto_num_workers(config):
    """``-n auto``: one worker per core and one more. A fifth of the tests' time is neither
    their own CPU nor their waited-for children's (82 of 349 s in a run on 2 cores: waiting
    for the sandboxes, servers and commands they start), and the extra worker uses the cores
    meanwhile: .ci/run took 208 and 216 s with it, 229-244 s with one worker a core."""
    return (os.cpu_count() or 1) + 1


def pytest_collection_modifyitems(items):
    """Mark ``slow`` every test of the functions in tests/slow_tests.py, and run them first
    (a stable sort: each part keeps pytest-randomly's order): pytest-xdist hands tests out in
    this order, so the quick ones come last and the workers end together, instead of one
    waiting while the other finishes a long test drawn last."""
    for item in items:
        if item.nodeid.split("[", 1)[0].split("@", 1)[0] in SLOW_TESTS:
            item.add_marker(pytest.mark.slow)
    items.sort(key=lambda item: item.get_closest_marker("slow") is None)


@pytest.fixture(scope="session")
def _private_parent(tmp_path_factory) -> str:
    """The folder of every test's private folders (one mktemp: pytest's numbered folders
    list the whole base folder each, a cost that grows with every folder made there)."""
    return str(tmp_path_factory.mktemp("private"))


@pytest.fixture(autouse=True)
def _private_folders(_private_parent, monkeypatch):
    """Settings and game history written by any test land in new empty temporary folders,
    never in the user's config or data folder."""
    monkeypatch.setenv("TCF_GUI_CONFIG_DIR", tempfile.mkdtemp(prefix="config", dir=_private_parent))
    monkeypatch.setenv("TCF_GUI_DATA_DIR", tempfile.mkdtemp(prefix="data", dir=_private_parent))


@pytest.fixture(autouse=True)
def _no_installed_card_decks(monkeypatch):
    """The card decks of other games are those a test writes, never the machine's."""
    monkeypatch.setattr("tcf_gui.config.decks.standard_folders", lambda: [])
    monkeypatch.setattr("tcf_gui.config.decks._folders", ())
    sys.modules["tcf_gui.config.decks"].known_decks.cache_clear()
    yield
    sys.modules["tcf_gui.config.decks"].known_decks.cache_clear()


@pytest.fixture(autouse=True)
def _english_after_each_test():
    """Every test starts in English: a test that chose another language (``main(["--lang",
    "fr", ...])`` chooses it for the process) leaves it for no other test."""
    yield
    i18n = sys.modules.get("tcf_gui.i18n")
    if i18n is not None and i18n.language() != "en":
        i18n.use_language("en")


@pytest.fixture(autouse=True)
def _the_loopback_only(monkeypatch):
    """No test reaches past the loopback: a table server of one's own listens there, and
    nothing is announced or looked for on the local network (zeroconf counts as absent)."""
    monkeypatch.setattr("tcf_gui.net.start.OWN_SERVER_HOST", "127.0.0.1")
    monkeypatch.setattr("tcf_gui.net.discovery.lan_available", lambda: False)


@pytest.fixture(autouse=True)
def _no_mixer_left_running():
    """No test leaves the mixer running for the next (its audio thread and SDL's signal
    handlers would be inherited by worker processes that a later test forks)."""
    yield
    pygame = sys.modules.get("pygame")
    if pygame is not None and pygame.mixer.get_init():
        pygame.mixer.quit()


@pytest.fixture
def history():
    """The person's game history, in the temporary data folder above; closed afterwards."""
    from tcf_gui.history import open_history

    history = open_history()
    yield history
    history.close()


def pytest_terminal_summary(terminalreporter, exitstatus, config):
    """The random order's seed at the end of every run, -q included (pytest-randomly's own
    header line is hidden by -q): the README promises that an order can be repeated."""
    seed = getattr(config.option, "randomly_seed", None)
    if isinstance(seed, int) and config.pluginmanager.hasplugin("randomly"):
        terminalreporter.write_line(f"random order: --randomly-seed={seed} repeats it")
@pytest.fixture
def catalogs(tmp_path, monkeypatch):
    """A locale folder holding one German catalog: a plain message, a plural, the rank
    letters of a German deck (Bube, Dame), argparse's heading, the Language option, a
    rank's and a card's name."""
    from babel.messages.catalog import Catalog
    from babel.messages.mofile import write_mo

    from tcf_gui import i18n

    catalog = Catalog(locale="de", domain=i18n.DOMAIN)
    catalog.add("You win", "Du gewinnst")
    catalog.add(("{n} card left", "{n} cards left"), ("{n} Karte übrig", "{n} Karten übrig"))
    catalog.add("J", "B", context="card rank")
    catalog.add("Q", "D", context="card rank")
    catalog.add("usage: ", "Aufruf: ")
    catalog.add("Language", "Sprache")
    catalog.add("Queen", "Dame", context="rank")
    catalog.add("{rank} of hearts", "{rank} Herz", context="card")
    folder = tmp_path / "de" / "LC_MESSAGES"
    folder.mkdir(parents=True)
    buffer = io.BytesIO()
    write_mo(buffer, catalog)
    (folder / f"{i18n.DOMAIN}.mo").write_bytes(buffer.getvalue())
    monkeypatch.setattr(i18n, "LOCALE_DIR", tmp_path)
    return tmp_path
