"""``tcf-gui doctor``: what is installed and what works, to paste into a bug report.

It changes none of the player's files: the history is opened read-only, the settings file
only read, and the sandbox tried with a throw-away strategy file in a temporary folder (which
makes the sandbox's installation key, as any first strategy file does).
"""
from __future__ import annotations

import argparse
import contextlib
import os
import sqlite3
import sys
import tempfile
import time
from importlib import metadata
from importlib.util import find_spec
from pathlib import Path
from typing import Callable, Iterator

from tcf_gui.words.formats import decimal, integer
from tcf_gui.i18n import N_, _, ngettext, pgettext
from tcf_gui.system.installation import extra_hint

#: The optional extras' parts: (extra, import name, distribution name as pip knows it). An
#: extra with two parts (net: websockets, and PyNaCl for the sealed deck) has a line each.
EXTRAS = (("plot", "matplotlib", "matplotlib"), ("cluster", "distributed", "dask[distributed]"),
          ("net", "websockets", "websockets"), ("net", "nacl", "PyNaCl"),
          ("lan", "zeroconf", "zeroconf"))
#: A strategy file the sandbox check plays: always the first slot.
PROBE_STRATEGY = "def choose(view):\n    return 0\n"
PROBE_GAMES = 3


def add_arguments(parser: argparse.ArgumentParser) -> None:
    """The description and options of ``tcf-gui doctor``."""
    parser.description = _(
        "Print what is installed and whether it works: the versions, the optional extras, "
        "the video and audio drivers, the sandbox for strategy files, the settings, the "
        "game history's health and the desktop entry. It changes nothing; paste its output "
        "into a bug report.")
    parser.set_defaults(func=run)


def run(args: argparse.Namespace) -> int:
    from tcf_gui.commands.about import version_lines

    lines = version_lines()
    for label, check in SECTIONS:
        try:
            found = check()
        except Exception as error:  # a check that breaks is itself a finding, never a crash
            found = [_("the check failed: {error}").format(error=f"{type(error).__name__}: {error}")]
        lines.append(f"{_(label)}: {found[0]}")
        lines += [f"  {line}" for line in found[1:]]
    print("\n".join(lines))
    return 0


def _version(distribution: str) -> str | None:
    try:
        return metadata.version(distribution.split("[")[0])
    except metadata.PackageNotFoundError:
        return None


def extras() -> list[str]:
    """The installed extras on the first line, then each extra and the translations."""
    from tcf_gui.i18n import available_languages

    missing, lines = set(), []
    for extra, module, distribution in EXTRAS:
        if find_spec(module) is None:
            missing.add(extra)
            lines.append(_("{extra} ({module}): not installed; get it with: {hint}").format(
                extra=extra, module=module, hint=extra_hint(extra, distribution)))
        else:
            lines.append(_("{extra} ({module} {version}): installed").format(
                extra=extra, module=module,
                version=_version(module) or _version(distribution) or "?"))
    lines.append(_("translations: {languages}").format(languages=", ".join(available_languages())))
    installed = [extra for extra in dict.fromkeys(extra for extra, _m, _d in EXTRAS)
                 if extra not in missing]
    return [", ".join(installed) or pgettext("list of extras", "none"), *lines]


@contextlib.contextmanager
def _quiet_stderr() -> Iterator[None]:
    """Silence what C libraries print on stderr (ALSA's complaints without a sound card)."""
    try:
        saved = os.dup(2)
    except OSError:
        yield
        return
    try:
        with open(os.devnull, "w") as sink:
            os.dup2(sink.fileno(), 2)
            yield
    finally:
        os.dup2(saved, 2)
        os.close(saved)


def video() -> list[str]:
    os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
    import pygame

    shown = [f"{name}={os.environ[name]}" for name in
             ("SDL_VIDEODRIVER", "DISPLAY", "WAYLAND_DISPLAY") if os.environ.get(name)]
    where = f" ({', '.join(shown)})" if shown else ""
    try:
        with _quiet_stderr():
            pygame.display.init()
        driver = pygame.display.get_driver()
    except pygame.error as error:
        return [_("cannot start: {error}").format(error=error) + where]
    finally:
        pygame.display.quit()
    if driver in ("offscreen", "dummy") and "SDL_VIDEODRIVER" not in os.environ:
        return [_("no display found: the window cannot open (is DISPLAY or WAYLAND_DISPLAY "
                  "set?)") + where]
    return [driver + where]


def audio() -> list[str]:
    os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
    import pygame

    try:
        with _quiet_stderr():
            pygame.mixer.init(frequency=44100, size=-16, channels=2, buffer=512)
        started = pygame.mixer.get_init()
        driver = pygame.mixer.get_driver()
    except (pygame.error, NotImplementedError) as error:
        return [_("none: {error} (the game plays in silence)").format(error=error)]
    finally:
        pygame.mixer.quit()
    if started is None:
        return [_("none: the mixer did not start (the game plays in silence)")]
    return [_("{driver}, {frequency} Hz").format(driver=driver, frequency=started[0])]


def sandbox() -> list[str]:
    """Play a few games with a strategy file, through the sandbox as any file plays."""
    from tcf_gui.lab.runner import run_statistics
    from tcf_gui.engine.strategies.registry import StrategyError
    from tcf_gui.engine.strategies.sandbox import isolation

    try:
        level = isolation().line()
    except StrategyError as error:  # TCF_GUI_SANDBOX names a level this machine lacks
        return [_("does not work: {error}").format(error=error)]
    with tempfile.TemporaryDirectory(prefix="tcf-doctor-") as folder:
        probe = Path(folder) / "probe.py"
        probe.write_text(PROBE_STRATEGY, encoding="utf-8")
        start = time.perf_counter()
        try:
            run_statistics(f"{probe}:choose", "random", PROBE_GAMES, 1)
        except StrategyError as error:
            return [_("does not work: {error}").format(error=error)]
        seconds = time.perf_counter() - start
    return [ngettext("works: a strategy file played {n} game in {seconds} s",
                     "works: a strategy file played {n} games in {seconds} s",
                     PROBE_GAMES).format(n=integer(PROBE_GAMES), seconds=decimal(seconds, 2)), level]


def settings() -> list[str]:
    """What the game will make of the settings file, as it reads it (a FIFO is not opened)."""
    from tcf_gui.config.settings import settings_path, settings_problem

    path = settings_path()
    if not os.path.lexists(path):
        return [_("none saved yet (the defaults) at {path}").format(path=path)]
    problem = settings_problem(path)
    return [problem if problem else _("ok, {path}").format(path=path)]


def history() -> list[str]:
    """The history's health, read-only: SQLite's quick check and the number of games."""
    from tcf_gui.history.store import history_path

    path = history_path()
    if not path.exists():
        return [_("no games yet; it will be {path}").format(path=path)]
    # Without a WAL file beside it (the game not running) nothing is pending: read it as
    # immutable, so that not even SQLite's shared-memory file is made.
    live = path.with_name(path.name + "-wal").exists()
    try:
        db = sqlite3.connect(f"{path.as_uri()}?mode=ro{'' if live else '&immutable=1'}",
                             uri=True, timeout=2)
        try:
            check = db.execute("PRAGMA quick_check").fetchone()[0]
            # schema 1 (before the window migrates it) names a game's kind its mode
            column = "mode" if db.execute("PRAGMA user_version").fetchone()[0] < 2 else "kind"
            counts = dict(db.execute(f"SELECT {column}, COUNT(*) FROM games GROUP BY {column}"))
        finally:
            db.close()
    except sqlite3.Error as error:
        return [_("{path} cannot be read: {error} (the window moves a damaged history aside and "
                  "starts a new one)").format(path=path, error=error)]
    if check != "ok":
        return [_("{path} is damaged: {check}").format(path=path, check=check)]
    watched = counts.get("watched", 0) + counts.get("spectated", 0)
    played = sum(counts.values()) - watched
    counted = ngettext("{n} game played", "{n} games played", played).format(n=played)
    # TRANSLATORS: games watched (as a spectator), after "{n} games played and".
    seen = ngettext("{n} watched", "{n} watched", watched).format(n=watched)
    return [_("ok, {counted} and {watched} ({size} KiB) at {path}").format(
        counted=counted, watched=seen, size=path.stat().st_size // 1024, path=path)]


def desktop() -> list[str]:
    from tcf_gui.system.desktop import APP_ID, Manifest, manifest_path

    if sys.platform != "linux":
        return [_("not used on this system")]
    try:
        manifest = Manifest.load(manifest_path())
    except ValueError as error:
        return [str(error)]
    if manifest is None:
        return [_("not installed (tcf-gui install-desktop puts the game in the application menu)")]
    entries = [Path(name) for name in manifest.files if name.endswith(f"{APP_ID}.desktop")]
    present = [path for path in entries if path.is_file()]
    if not present:
        return [_("listed in {path} but the entry is gone").format(path=manifest_path())]
    exec_line = next((line for line in present[0].read_text(encoding="utf-8").splitlines()
                      if line.startswith("Exec=")), "")
    return [_("installed: {path}").format(path=present[0]), exec_line]


#: The report's sections after the version lines, in order: (label, check). A check returns
#: its finding as the first line, and any more lines to indent below it.
SECTIONS: tuple[tuple[str, Callable[[], list[str]]], ...] = (
    (N_("Extras"), extras),
    (N_("Video"), video),
    (N_("Audio"), audio),
    (N_("Sandbox"), sandbox),
    (N_("Settings"), settings),
    (N_("History"), history),
    (N_("Desktop entry"), desktop),
)
