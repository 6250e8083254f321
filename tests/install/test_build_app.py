"""The standalone app's build description (tools/build_app.py, tools/app_entry.py); the build
itself is run by tools/check_app.sh, which takes minutes."""
from __future__ import annotations

import importlib.util
import os
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]


def _tool(name: str):
    spec = importlib.util.spec_from_file_location(f"tools_{name}", ROOT / "tools" / f"{name}.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


build_app = _tool("build_app")


def test_every_module_of_the_package_is_carried():
    """The commands and strategies are imported by name, which PyInstaller cannot see."""
    carried = set(build_app.hidden_imports())
    for path in (ROOT / "tcf_gui").rglob("*.py"):
        parts = path.relative_to(ROOT).with_suffix("").parts
        assert ".".join(parts[:-1] if parts[-1] == "__init__" else parts) in carried
    assert {"math", "random", "statistics"} <= carried  # for users' strategy files


def test_nothing_the_game_imports_is_left_out():
    imported = set()
    for path in (ROOT / "tcf_gui").rglob("*.py"):
        for line in path.read_text(encoding="utf-8").splitlines():
            words = line.split()
            if words[:1] in (["import"], ["from"]) and len(words) > 1 and not words[1].startswith("."):
                imported.add(words[1].rstrip(","))
    left_out = {name for name in imported
                if any(name == gone or name.startswith(gone + ".") for gone in build_app.EXCLUDES)}
    # the extras are imported only behind a check that they are installed
    assert {name.split(".")[0] for name in left_out} <= {"matplotlib", "distributed", "dask"}


def test_the_assets_and_the_compiled_catalogs_are_carried(tmp_path, monkeypatch):
    assert (ROOT / "assets", "tcf_gui/assets") in build_app.data_pairs()
    for code in ("de", "pt_BR"):
        locale = tmp_path / "tcf_gui" / "locale" / code / "LC_MESSAGES"
        locale.mkdir(parents=True)
        (locale / "tcf-gui.mo").write_bytes(b"")
        (locale / "tcf-gui.po").write_bytes(b"")
    monkeypatch.setattr(build_app, "ROOT", tmp_path)
    assert build_app.data_pairs()[1:] == [
        (tmp_path / "tcf_gui/locale/de/LC_MESSAGES/tcf-gui.mo", "tcf_gui/locale/de/LC_MESSAGES"),
        (tmp_path / "tcf_gui/locale/pt_BR/LC_MESSAGES/tcf-gui.mo",
         "tcf_gui/locale/pt_BR/LC_MESSAGES")]
    # Babel's formats of those languages only, and root, which they inherit
    kept = [name for name in ("root.dat", "de.dat", "de_AT.dat", "pt.dat", "pt_PT.dat", "en.dat",
                              "fr.dat", "ja.dat") if build_app.carried(f"babel/locale-data/{name}")]
    assert kept == ["root.dat", "de.dat", "de_AT.dat", "pt.dat", "pt_PT.dat", "en.dat"]
    assert build_app.carried("babel/global.dat") and build_app.carried("pygame/freesansbold.ttf")


@pytest.mark.parametrize("platform, kept", [("linux", set()), ("win32", {"pyi_rth_multiprocessing"}),
                                           ("darwin", {"pyi_rth_multiprocessing"})])
def test_the_multiprocessing_hook_stays_where_workers_are_spawned(platform, kept, monkeypatch):
    monkeypatch.setattr(build_app.sys, "platform", platform)
    dropped = build_app.dropped_runtime_hooks()
    assert "pyi_rth_inspect" in dropped and not kept & dropped


def _entry(*args: str, stdin: str = "") -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, str(ROOT / "tools" / "app_entry.py"), *args],
                          input=stdin, capture_output=True, text=True, timeout=60,
                          env=os.environ | {"PYTHONPATH": str(ROOT)})


def test_the_app_runs_the_sandbox_as_its_own_child():
    done = _entry("-m", "tcf_gui.engine.strategies.sandbox.server")
    assert done.returncode == 0 and "Traceback" not in done.stderr  # its input closed: it ends


def test_the_app_runs_no_other_module():
    for args in (["-m", "http.server"], ["-c", "import os"]):
        done = _entry(*args)
        assert done.returncode == 2 and done.stderr.startswith("tcf-gui: error: ")


def test_the_app_answers_the_sandbox_probe():
    """The sandbox checks that bubblewrap works by starting ``python -c pass`` in it."""
    done = _entry("-c", "pass")
    assert done.returncode == 0 and not done.stdout and not done.stderr


def test_the_app_is_the_command_line():
    done = _entry("demo", "flush-p")
    assert done.returncode == 0 and "flush-p" in done.stdout.lower()
