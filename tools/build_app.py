"""Build the standalone app with PyInstaller: a folder that runs with no Python installed.

    pip install ".[app]"            # PyInstaller (and Pillow for the icon on Windows/macOS)
    python tools/build_app.py [--dist DIR] [--no-archive]

Linux:   DIR/tcf-gui/tcf-gui, and DIR/tcf-gui-VERSION-linux-ARCH.tar.gz of that folder.
Windows: DIR/tcf-gui/tcf-gui.exe (a console program, so the commands print), and a .zip.
macOS:   DIR/Three Card Flush.app (the window; ``Contents/MacOS/tcf-gui`` takes the commands
         too), and a .zip of it.

The app carries the game's assets (sounds, font, icons, desktop files), the compiled
translations under tcf_gui/locale (and Babel's number and date formats for their languages
only), everything the commands import (they are loaded by name at run time, so PyInstaller
is told about each), and the net and lan extras (websockets, zeroconf: the ``app`` extra
installs them), so that Play a friend works in it. It leaves out what the game never imports
in the app: the plot and cluster extras, Tk, the test tools, and numpy's build and test
helpers. The app is its own helper interpreter: the sandbox of user
strategy files starts it again as ``tcf-gui -m tcf_gui.engine.strategies.sandbox.server``
(tools/app_entry.py), so strategy files work there too, importing what the app carries.
PyInstaller's own options are documented at https://pyinstaller.org/en/stable/usage.html.
"""
from __future__ import annotations

import argparse
import platform
import shutil
import subprocess
import sys
import tarfile
import zipfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
NAME = "tcf-gui"
MAC_NAME = "Three Card Flush"
BUNDLE_ID = "io.github.threecardflush.ThreeCardFlush"

#: Imported by nothing the app runs (checked by tools/check_app.sh, which runs each part).
EXCLUDES = (
    # the optional extras: plotting and the Dask cluster, and what they pull in
    "matplotlib", "distributed", "dask", "scipy", "pandas", "PIL", "bokeh", "tornado",
    # the test and build tools that may share the build's environment
    "pytest", "_pytest", "hypothesis", "mypy", "setuptools", "pkg_resources", "pip",
    "babel.messages", "IPython", "jedi", "pygments", "docutils",
    # no Tk window, no console debugger
    "tkinter", "_tkinter", "turtle", "pydoc", "pdb", "doctest", "unittest",
    # numpy's helpers for building, testing and typing, and the YAML its show_config may use
    "yaml",
    "numpy.f2py", "numpy.distutils", "numpy.testing", "numpy._pyinstaller", "numpy.typing",
    "numpy.polynomial", "numpy.ma", "numpy.matrixlib.tests",
    # pygame-ce's parts the game never uses
    "pygame.examples", "pygame.tests", "pygame.docs", "pygame.camera", "pygame._camera_vidcapture",
    "pygame._sdl2.video", "pygame.midi", "pygame.pypm", "pygame.sndarray", "pygame.surfarray",
    "pygame.freetype", "pygame._freetype",
)
#: The optional packages the app carries (the ``app`` extra installs them): Play a friend.
#: Their metadata goes in too (tools/tcf-gui.spec), so that ``doctor`` tells their versions.
CARRIED_EXTRAS = ("websockets", "zeroconf")
#: Modules that compiled bindings import from C, out of PyInstaller's sight: PyNaCl's
#: libsodium binding (the sealed deck) is a cffi module, which needs cffi's backend.
BINDING_MODULES = ("_cffi_backend",)
#: Standard modules a user's strategy file may well import (the game itself may not), so
#: they are in the app for the sandbox: the arithmetic, random, collections and so on.
STRATEGY_MODULES = (
    "math", "cmath", "random", "statistics", "itertools", "functools", "collections",
    "dataclasses", "enum", "typing", "fractions", "decimal", "operator", "bisect", "heapq",
    "copy", "re", "json", "string", "time",
)


def platform_tag() -> str:
    system = {"linux": "linux", "darwin": "macos", "win32": "windows"}.get(sys.platform, sys.platform)
    return f"{system}-{platform.machine().lower() or 'unknown'}"


def version() -> str:
    sys.path.insert(0, str(ROOT))
    from tcf_gui import __version__

    return __version__


def data_pairs() -> list[tuple[Path, str]]:
    """(source, folder inside the app) for every data folder the app carries."""
    pairs = [(ROOT / "assets", "tcf_gui/assets")]
    for mo in sorted((ROOT / "tcf_gui" / "locale").glob("*/LC_MESSAGES/*.mo")):
        pairs.append((mo, mo.parent.relative_to(ROOT).as_posix()))
    return pairs


def spoken_languages() -> set[str]:
    """The languages of the catalogs the app carries, English the source, without region."""
    return {"en"} | {mo.parts[-3].split("_")[0]
                     for mo in (ROOT / "tcf_gui" / "locale").glob("*/LC_MESSAGES/*.mo")}


def carried(destination: str) -> bool:
    """Whether a data file PyInstaller collected goes into the app: of Babel's locale data
    (30 MB for every language CLDR knows) only the languages the game speaks, and root,
    which they all inherit."""
    parts = Path(destination).parts
    if parts[:2] != ("babel", "locale-data"):
        return True
    return Path(destination).stem.split("_")[0] in spoken_languages() | {"root"}


def hidden_imports() -> list[str]:
    """Every module of the package: the commands and strategies are imported by name."""
    modules = []
    for path in sorted((ROOT / "tcf_gui").rglob("*.py")):
        parts = path.relative_to(ROOT).with_suffix("").parts
        modules.append(".".join(parts[:-1] if parts[-1] == "__init__" else parts))
    return modules + list(STRATEGY_MODULES) + list(BINDING_MODULES)


def dropped_runtime_hooks() -> set[str]:
    """PyInstaller's runtime hooks the app does without: the one for inspect serves source
    lookups (the app ships no sources) and the one for pkgutil module listings (the game lists
    none); the one for multiprocessing serves its spawn start, which Windows and macOS use,
    while on Linux the engine forks its workers."""
    dropped = {"pyi_rth_inspect", "pyi_rth_pkgutil"}
    if sys.platform == "linux":
        dropped.add("pyi_rth_multiprocessing")
    return dropped


def icon() -> str | None:
    """The icon for Windows' .exe and the macOS bundle (made from the PNG with Pillow)."""
    return None if sys.platform == "linux" else str(ROOT / "assets" / "icons" / "256.png")


def strip_python(folder: Path) -> None:
    """Strip the debugging symbols from the Python library and the standard extension
    modules (a Python built from source keeps them: libpython alone then weighs 22 MB);
    the libraries that came inside wheels are left as they are (see tools/tcf-gui.spec)."""
    strip = shutil.which("strip")
    if strip is None or sys.platform != "linux":
        return
    internal = folder / "_internal"
    targets = [*internal.glob("libpython3*.so*"), *internal.glob("python3*/lib-dynload/*.so")]
    for path in targets:
        if path.is_file() and not path.is_symlink():
            subprocess.run([strip, "--strip-debug", str(path)], check=True)


def archive(dist: Path) -> Path:
    """The built folder (or .app) packed for download: .tar.gz on Linux, .zip elsewhere."""
    base = dist / f"{NAME}-{version()}-{platform_tag()}"
    if sys.platform == "linux":
        target = base.with_name(base.name + ".tar.gz")
        with tarfile.open(target, "w:gz", compresslevel=9) as tar:
            tar.add(dist / NAME, arcname=NAME)
        return target
    target = base.with_name(base.name + ".zip")
    folder = dist / (f"{MAC_NAME}.app" if sys.platform == "darwin" else NAME)
    with zipfile.ZipFile(target, "w", zipfile.ZIP_DEFLATED, compresslevel=9) as pack:
        for path in sorted(folder.rglob("*")):
            pack.write(path, path.relative_to(folder.parent))
    return target


def executable(dist: Path) -> Path:
    if sys.platform == "darwin":
        return dist / f"{MAC_NAME}.app" / "Contents" / "MacOS" / NAME
    return dist / NAME / (f"{NAME}.exe" if sys.platform == "win32" else NAME)


def build(dist: Path, work: Path, pack: bool) -> int:
    try:
        import PyInstaller.__main__
    except ImportError:
        print('build_app: PyInstaller is not installed: pip install ".[app]"', file=sys.stderr)
        return 2
    for stale in (dist / NAME, dist / f"{MAC_NAME}.app"):
        shutil.rmtree(stale, ignore_errors=True)
    PyInstaller.__main__.run([str(ROOT / "tools" / "tcf-gui.spec"), "--noconfirm", "--clean",
                              "--log-level", "WARN", "--distpath", str(dist),
                              "--workpath", str(work)])
    strip_python(dist / NAME)
    print(f"built {executable(dist)}")
    if pack:
        packed = archive(dist)
        print(f"packed {packed} ({packed.stat().st_size / 2**20:.1f} MiB)")
    return 0


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python tools/build_app.py",
                                     description="Build the standalone app with PyInstaller.")
    parser.add_argument("--dist", type=Path, default=ROOT / "dist",
                        help="folder for the app and its archive (default: %(default)s)")
    parser.add_argument("--work", type=Path, default=ROOT / "build" / "app",
                        help="PyInstaller's working folder (default: %(default)s)")
    parser.add_argument("--no-archive", dest="pack", action="store_false",
                        help="build the folder only, not the .tar.gz / .zip")
    args = parser.parse_args(argv)
    return build(args.dist.resolve(), args.work.resolve(), args.pack)


if __name__ == "__main__":
    sys.exit(main())
